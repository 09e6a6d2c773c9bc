#pragma once
// What the texture and surface executors share: the coordinate layout of each
// geometry, the handle → header lookup (with a per-instruction cache, since a
// warp almost always uses one handle), and reading texels from memory.

#include <cstdint>

#include "func/exec/exec_context.h"
#include "func/ops/memory_access.h"
#include "func/texture/texture_header.h"

namespace smsim::func {

struct Geometry {
  int axes = 0;  // coordinates besides the layer; 0: not implemented
  bool layered = false;
  // Sources holding coordinates: 3D and a2d pad theirs to four.
  unsigned sources() const {
    const unsigned n = static_cast<unsigned>(axes) + (layered ? 1 : 0);
    return n == 3 ? 4 : n;
  }
};

inline Geometry geometry_of(isa::Modifier m) {
  switch (m) {
    case isa::Modifier::Dim1d:
      return {1, false};
    case isa::Modifier::Dim2d:
      return {2, false};
    case isa::Modifier::Dim3d:
      return {3, false};
    case isa::Modifier::A1d:
      return {1, true};
    case isa::Modifier::A2d:
      return {2, true};
    default:
      return {};
  }
}

inline isa::Modifier geometry_modifier(const InstructionSpec& spec) {
  for (isa::Modifier m : {isa::Modifier::Dim1d, isa::Modifier::Dim2d, isa::Modifier::Dim3d,
                          isa::Modifier::A1d, isa::Modifier::A2d}) {
    if (spec.has(m)) return m;
  }
  return isa::Modifier::Count;
}

// A layer index outside the array reads the last layer (an index of -1
// included: the H100 compares it unsigned; textures.out, layered*).
inline std::uint32_t clamp_layer(const TextureHeader& h, std::uint32_t layer) {
  const auto layers = static_cast<std::uint32_t>(h.layers);
  return layer >= layers ? layers - 1 : layer;
}

inline std::uint64_t texel_address(const TextureHeader& h, std::int64_t x, std::int64_t y,
                                   std::int64_t z, std::uint32_t layer) {
  return h.base + (static_cast<std::uint64_t>(z) + layer) * h.slice_pitch +
         static_cast<std::uint64_t>(y) * h.row_pitch +
         static_cast<std::uint64_t>(x) * h.format.texel_bytes();
}

// One texel's channels; zeros if its memory is gone (an array freed while a
// texture object still names it).
inline isa::sem::TexelChannels load_texel(const ExecContext& c, const TextureHeader& h,
                                          std::int64_t x, std::int64_t y, std::int64_t z,
                                          std::uint32_t layer) {
  std::uint8_t bytes[16] = {};
  if (c.launch.memory.read(bytes, texel_address(h, x, y, z, layer), h.format.texel_bytes())) {
    return {};
  }
  return isa::sem::load_texel(bytes, h.format);
}

// The header behind each lane's handle; a handle that is not a live object of
// the expected kind is an illegal address at the handle.
class HeaderCache {
 public:
  const TextureHeader* get(ExecContext& c, const DecodedInstruction& in, unsigned lane,
                           bool surface) {
    const std::uint64_t handle = lane_address(c, in, lane);
    if (valid_ && handle == handle_) return &header_;
    const auto header = read_texture_header(c.launch.memory, handle);
    if (!header || header->surface != surface) {
      report_fault(c,
                   MemoryFault{.kind = FaultKind::out_of_bounds,
                               .space = MemorySpace::global,
                               .access = AccessKind::read,
                               .address = handle,
                               .size = sizeof(TextureHeader)},
                   lane);
      return nullptr;
    }
    header_ = *header;
    handle_ = handle;
    valid_ = true;
    return &header_;
  }

 private:
  TextureHeader header_;
  std::uint64_t handle_ = 0;
  bool valid_ = false;
};

}  // namespace smsim::func
