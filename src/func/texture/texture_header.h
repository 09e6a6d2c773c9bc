#pragma once
// Texture and surface objects as the engine sees them: a header in device
// memory (like the GPU's texture headers) whose address is the object's
// handle. The runtime fills one in for cudaCreateTextureObject /
// cudaCreateSurfaceObject and registers it with Device::create_texture; the
// tex/tld4/txq/suld/sust/suq executors read it from the handle in their
// operand.

#include <cstdint>
#include <optional>

#include "func/memory/device_memory.h"
#include "isa/semantics/texture_lod.h"
#include "isa/semantics/texture_sampling.h"

namespace smsim::func {

enum class TextureShape : std::uint8_t {
  linear,  // linear memory: tex1Dfetch, integer coordinates, zeros outside
  array,   // CUDA arrays and pitch-linear 2D memory
};

struct TextureHeader {
  static constexpr std::uint32_t kMagic = 0x5845'5453;  // tells a header from other bytes
  // Levels of a mipmapped array: 1 + log2 of the largest extent CUDA allows
  // (65536 texels).
  static constexpr int kMaxLevels = 17;
  std::uint32_t magic = kMagic;
  TextureShape shape = TextureShape::array;
  std::uint8_t dimensions = 1;  // 1, 2 or 3 (a layered texture counts its layer apart)
  bool layered = false;
  bool surface = false;           // a surface object (suld/sust/suq), not a texture object
  std::uint64_t base = 0;         // device address of texel (0, 0, 0) of layer 0
  std::uint64_t row_pitch = 0;    // bytes between rows
  std::uint64_t slice_pitch = 0;  // bytes between depth slices or layers
  std::int32_t width = 1, height = 1, depth = 1;  // texels (1 when the axis is absent)
  std::int32_t layers = 0;                        // layered: the number of layers
  isa::sem::TexelFormat format;
  bool normalized_read = false;    // cudaReadModeNormalizedFloat
  bool normalized_coords = false;  // normalizedCoords
  isa::sem::TexFilter filter = isa::sem::TexFilter::point;
  isa::sem::TexAddress address[3] = {isa::sem::TexAddress::clamp, isa::sem::TexAddress::clamp,
                                     isa::sem::TexAddress::clamp};
  float border[4] = {0, 0, 0, 0};
  // A cube map: six 2D faces (times the cube count when layered) stored as
  // layers; dimensions is 2.
  bool cube = false;
  // Mipmap levels: level L (1 <= L < levels) starts at level_base[L] and has
  // the extent of level 0 halved L times (at least 1; layers stay), its rows
  // and slices packed as in a CUDA array. level_base[0] is base.
  std::int32_t levels = 1;
  std::uint64_t level_base[kMaxLevels] = {};
  isa::sem::MipSampler mip;
};

// The header of one level of a mipmapped texture, as if that level were the
// whole texture (level 0: `h` itself).
TextureHeader level_header(const TextureHeader& h, std::int32_t level);

// Places `header` in device memory (read-only to kernels); the handle is its
// address, 0 when memory is exhausted.
std::uint64_t create_texture_header(DeviceMemory& memory, const TextureHeader& header);
// The header behind a handle, if it is one.
std::optional<TextureHeader> read_texture_header(const DeviceMemory& memory, std::uint64_t handle);
// Frees a handle's header; false if the handle is not one.
bool destroy_texture_header(DeviceMemory& memory, std::uint64_t handle);

}  // namespace smsim::func
