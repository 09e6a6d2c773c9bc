#pragma once
// CUDA arrays as the C API sees them: the cudaArray_t handle is the address
// of the context's ArrayRecord; a channel descriptor becomes the engine's
// texel format.

#include <cuda_runtime_api.h>

#include <cstddef>
#include <optional>

#include "isa/semantics/texture_sampling.h"
#include "runtime/context.h"

namespace smsim::cudart {

// The record behind an array handle, or nullptr.
inline runtime::ArrayRecord* find_array(runtime::Context& context, cudaArray_const_t array) {
  const auto it = context.arrays().find(static_cast<const void*>(array));
  return it == context.arrays().end() ? nullptr : it->second.get();
}

// Channels of equal width (8, 16 or 32 bits; 1, 2 or 4 of them) of a signed,
// unsigned or float kind: what smsim's texture unit reads. Other descriptors
// (packed normalized kinds, odd widths) have none.
inline std::optional<isa::sem::TexelFormat> texel_format(const cudaChannelFormatDesc& d) {
  const int bits[4] = {d.x, d.y, d.z, d.w};
  int channels = 0;
  while (channels < 4 && bits[channels] != 0) ++channels;
  if (channels == 0 || channels == 3) return std::nullopt;
  for (int c = 0; c < 4; ++c) {
    if ((c < channels && bits[c] != bits[0]) || (c >= channels && bits[c] != 0)) {
      return std::nullopt;
    }
  }
  if (bits[0] != 8 && bits[0] != 16 && bits[0] != 32) return std::nullopt;
  isa::sem::TexelFormat f;
  f.channels = static_cast<std::uint8_t>(channels);
  f.channel_bytes = static_cast<std::uint8_t>(bits[0] / 8);
  switch (d.f) {
    case cudaChannelFormatKindSigned:
      f.kind = isa::sem::TexelKind::signed_int;
      return f;
    case cudaChannelFormatKindUnsigned:
      f.kind = isa::sem::TexelKind::unsigned_int;
      return f;
    case cudaChannelFormatKindFloat:
      if (bits[0] == 8) return std::nullopt;
      f.kind = isa::sem::TexelKind::float_;
      return f;
    default:
      return std::nullopt;
  }
}

inline cudaChannelFormatDesc channel_desc(const runtime::ArrayRecord& a) {
  return cudaChannelFormatDesc{.x = a.channel_bits[0],
                               .y = a.channel_bits[1],
                               .z = a.channel_bits[2],
                               .w = a.channel_bits[3],
                               .f = static_cast<cudaChannelFormatKind>(a.channel_kind)};
}

// Allocates a CUDA array of `extent` (the C API's rules: width, a height for
// 3D, a depth for layered, square faces times six for cube maps) and
// registers it with the context.
cudaError_t create_array(runtime::Context& context, const cudaChannelFormatDesc& desc,
                         cudaExtent extent, unsigned flags, runtime::ArrayRecord*& out);
// Frees an array's memory and forgets it.
void destroy_array(runtime::Context& context, runtime::ArrayRecord* array);

// One side of a 3D copy as a base, a row pitch and rows per slice.
struct PitchedSide {
  void* base = nullptr;
  std::size_t pitch = 0;
  std::size_t rows = 0;
  std::size_t element_bytes = 1;
};

inline cudaError_t pitched_side(runtime::Context& context, cudaArray_const_t array,
                                const cudaPitchedPtr& ptr, PitchedSide& out) {
  if (array == nullptr) {
    out = PitchedSide{.base = ptr.ptr, .pitch = ptr.pitch, .rows = ptr.ysize, .element_bytes = 1};
    return cudaSuccess;
  }
  const runtime::ArrayRecord* a = find_array(context, array);
  if (a == nullptr) return cudaErrorInvalidValue;
  out = PitchedSide{.base = func::DeviceMemory::host_pointer(a->address),
                    .pitch = a->row_bytes(),
                    .rows = a->height == 0 ? 1 : a->height,
                    .element_bytes = a->texel_bytes};
  return cudaSuccess;
}

}  // namespace smsim::cudart
