#include "func/texture/texture_header.h"

#include <algorithm>

namespace smsim::func {

std::uint64_t create_texture_header(DeviceMemory& memory, const TextureHeader& header) {
  const std::uint64_t handle =
      memory.allocate(sizeof(TextureHeader), AllocationKind::constant_bank);
  if (handle == 0) return 0;
  if (memory.write(handle, &header, sizeof header)) {
    memory.free(handle);
    return 0;
  }
  return handle;
}

std::optional<TextureHeader> read_texture_header(const DeviceMemory& memory, std::uint64_t handle) {
  const auto allocation = memory.find(handle);
  if (!allocation || allocation->begin != handle || allocation->size != sizeof(TextureHeader)) {
    return std::nullopt;
  }
  TextureHeader header;
  if (memory.read(&header, handle, sizeof header) || header.magic != TextureHeader::kMagic) {
    return std::nullopt;
  }
  return header;
}

TextureHeader level_header(const TextureHeader& h, std::int32_t level) {
  if (level <= 0) return h;
  TextureHeader out = h;
  const auto shrink = [&](std::int32_t extent) { return std::max(extent >> level, 1); };
  out.base = h.level_base[level];
  out.width = shrink(h.width);
  if (h.dimensions >= 2) out.height = shrink(h.height);
  if (h.dimensions == 3) out.depth = shrink(h.depth);
  out.row_pitch = static_cast<std::uint64_t>(out.width) * h.format.texel_bytes();
  out.slice_pitch = out.row_pitch * static_cast<std::uint64_t>(out.height);
  return out;
}

bool destroy_texture_header(DeviceMemory& memory, std::uint64_t handle) {
  if (!read_texture_header(memory, handle)) return false;
  return memory.free(handle);
}

}  // namespace smsim::func
