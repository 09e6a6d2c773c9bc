#include "func/texture/texture_header.h"

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

bool destroy_texture_header(DeviceMemory& memory, std::uint64_t handle) {
  if (!read_texture_header(memory, handle)) return false;
  return memory.free(handle);
}

}  // namespace smsim::func
