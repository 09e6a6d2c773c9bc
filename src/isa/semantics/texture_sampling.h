// Texture sampling as the H100's texture unit does it: coordinates to texels
// (normalized and unnormalized coordinates, wrap/clamp/mirror/border), the
// filter weights, the filter's arithmetic, and texel formats. Pure functions:
// the engine gathers texels from memory and calls these.
//
// Established against tests/conformance/golden/h100/textures.out and the
// raw per-sample dumps beside it (every sample of all 79 cases matches):
// - a normalized coordinate is cut to 21 fractional bits (rounding towards
//   -inf) before it is scaled by the texture's size; unnormalized coordinates
//   are used exactly;
// - linear filtering rounds the position minus half a texel to 1/256 of a
//   texel, half up (CUDA's "9-bit fixed point with 8 fractional bits"); in
//   clamp mode a position outside the first/last texel centres has weight 0;
// - the corner weights are integers in 1/256 that sum to 256, split
//   hierarchically: z into two slices exactly, each slice along x (the x1
//   share rounded half up), each x column along y (the diagonal share, y0 of
//   x0 and y1 of x1, rounded half up);
// - float texels are filtered in fixed point per z slice after block
//   normalization: each magnitude is aligned to the slice's largest exponent
//   keeping four guard bits (the bits shifted out are dropped), the weighted
//   sums are exact, and their total is rounded to f32 with ties away from
//   zero.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

namespace smsim::isa::sem {

enum class TexAddress : std::uint8_t { wrap, clamp, mirror, border };
enum class TexFilter : std::uint8_t { point, linear };

// Filter weights are integers in units of 1/256.
inline constexpr std::int32_t kTexWeightOne = 256;
// A normalized coordinate keeps this many fractional bits.
inline constexpr int kTexNormalizedBits = 21;

// A texel index after addressing; `border` when it lies outside the texture
// in border mode (the texel is then the border color).
struct TexIndex {
  std::int32_t index = 0;
  bool border = false;
};

TexIndex address_texel(std::int64_t index, std::int32_t size, TexAddress mode);

// What one coordinate selects along one axis: one texel (point) or two
// neighbours with the second one's weight (linear; 0..255).
struct TexAxis {
  TexIndex texel[2];
  std::int32_t weight = 0;
};

// Unnormalized coordinates support only clamp and border: wrap and mirror act
// as clamp there, as the CUDA programming guide says.
TexAxis texture_axis(float coordinate, std::int32_t size, bool normalized, TexFilter filter,
                     TexAddress mode);

// The corner weights of a linear footprint over `axes` (1..3) axes. Corner
// bit k selects texel[1] along axis k. They sum to kTexWeightOne.
std::array<std::int32_t, 8> corner_weights(const std::int32_t* axis_weights, int axes);

// One z slice's share of the weight split over its four corners (x, y
// weights alpha and beta), in corner order; the four sum to `slice`.
std::array<std::int32_t, 4> slice_weights(std::int32_t slice, std::int32_t alpha,
                                          std::int32_t beta);

// The most texels one filter combines: two mipmap levels of a 3D footprint.
inline constexpr int kMaxFilterTexels = 16;

// The filter's weighted sum of f32 texels (see the header comment): each
// run of four (one z slice, in corner order) is one block.
float filter_f32(const float* values, const std::int32_t* weights, int count);

// How texels are stored: channels of equal width, as CUDA channel
// descriptors describe them.
enum class TexelKind : std::uint8_t { unsigned_int, signed_int, float_ };
struct TexelFormat {
  std::uint8_t channels = 1;       // 1, 2 or 4
  std::uint8_t channel_bytes = 4;  // 1, 2 or 4
  TexelKind kind = TexelKind::float_;
  std::uint32_t texel_bytes() const { return std::uint32_t{channels} * channel_bytes; }
};

// Whether a texture of this format returns floats: float texels, or 8/16-bit
// integers read as normalized floats.
bool texel_returns_float(TexelFormat format, bool normalized_read);

// A texel's stored channels, widened to 32 bits: integers sign- or
// zero-extended, f16 widened to f32, f32 as is. Channels the format lacks
// are 0.
using TexelChannels = std::array<std::uint32_t, 4>;
TexelChannels load_texel(const std::uint8_t* texel, TexelFormat format);

// What a point sample returns for a texel: the channels as loaded, or for
// normalized reads of integers the nearest f32 to v / (2^n - 1) (unsigned) or
// max(v / (2^(n-1) - 1), -1) (signed). Channels the format lacks read as 0,
// and the fourth as 1 (1.0f for float results).
TexelChannels texel_result(const TexelChannels& loaded, TexelFormat format, bool normalized_read);

// Linear filtering of one channel of `count` texels with the corner weights.
// Float results of integer texels are filtered in 16-bit fixed point (8-bit
// values widened by bit replication, v * 257), rounded half up to an integer
// X and returned as the nearest f32 to X / 65535 (measured for unsigned
// 8-bit channels; signed channels are filtered as their f32 values, not
// measured).
std::uint32_t filter_channel(const std::uint32_t* loaded, const std::int32_t* weights, int count,
                             TexelFormat format, bool normalized_read);

// The border color (CUDA's four floats) as a texel of `format`: f32 bits for
// float formats; for integer formats the color scaled by the largest value
// when read normalized, rounded to the nearest integer and saturated (not
// measured on the H100).
TexelChannels border_texel(const float* color, TexelFormat format, bool normalized_read);

// Everything a sample depends on besides the texels themselves.
struct TexSampler {
  int axes = 1;                      // 1, 2 or 3 coordinates
  std::int32_t size[3] = {1, 1, 1};  // texels along each axis
  TexAddress address[3] = {TexAddress::clamp, TexAddress::clamp, TexAddress::clamp};
  TexFilter filter = TexFilter::point;
  bool normalized = false;  // normalized coordinates
  TexelFormat format;
  bool normalized_read = false;  // integers read as normalized floats
  // The border color as loaded texel channels (f32 bits for float formats,
  // integers for integer formats; see border_texel).
  TexelChannels border{};
};

// Samples at `coordinates`; `fetch(x, y, z)` returns a texel's channels as
// load_texel gives them. Linear filtering of integer results is refused by
// the runtime (as CUDA does); here it acts as point sampling.
template <typename Fetch>
std::array<std::uint32_t, 4> sample_texture(const TexSampler& s, const float* coordinates,
                                            Fetch&& fetch) {
  TexAxis axis[3];
  std::int32_t axis_weight[3] = {0, 0, 0};
  for (int k = 0; k < s.axes; ++k) {
    axis[k] = texture_axis(coordinates[k], s.size[k], s.normalized, s.filter, s.address[k]);
    axis_weight[k] = axis[k].weight;
  }
  const auto texel = [&](unsigned corner) {
    TexIndex at[3];
    for (int k = 0; k < s.axes; ++k) {
      at[k] = axis[k].texel[(corner >> k) & 1];
      if (at[k].border) return s.border;
    }
    return fetch(at[0].index, s.axes > 1 ? at[1].index : 0, s.axes > 2 ? at[2].index : 0);
  };
  if (s.filter == TexFilter::point || !texel_returns_float(s.format, s.normalized_read)) {
    return texel_result(texel(0), s.format, s.normalized_read);
  }
  const auto weights = corner_weights(axis_weight, s.axes);
  const unsigned corners = 1u << s.axes;
  std::array<TexelChannels, 8> texels{};
  for (unsigned c = 0; c < corners; ++c) texels[c] = weights[c] == 0 ? texels[c] : texel(c);
  TexelChannels filtered{};
  for (int channel = 0; channel < s.format.channels; ++channel) {
    std::uint32_t values[8];
    for (unsigned c = 0; c < corners; ++c) values[c] = texels[c][channel];
    filtered[channel] = filter_channel(values, weights.data(), static_cast<int>(corners), s.format,
                                       s.normalized_read);
  }
  // Already results: only the missing channels are filled in.
  return texel_result(
      filtered,
      TexelFormat{.channels = s.format.channels, .channel_bytes = 4, .kind = TexelKind::float_},
      false);
}

// Linear filtering between two mipmap levels (s0, s1: the levels'
// samplers; `level_weight` in 1/256 for the second) as one filter over both
// footprints, the way 3D filtering treats two z slices: the levels split the
// whole exactly, each level's share is split over its own footprint (one
// texel for point filtering) as slice_weights does (a 3D level first along
// z, its z1 share rounded half up: not measured), and the texels of all
// corners are filtered at once (f32: one block per level and z slice).
// `fetch(level, x, y, z)` returns a texel's channels. Integer results are
// refused by the runtime; here they read the first level.
template <typename Fetch>
std::array<std::uint32_t, 4> sample_between_levels(const TexSampler& s0, const TexSampler& s1,
                                                   const float* coordinates,
                                                   std::int32_t level_weight, Fetch&& fetch) {
  if (!texel_returns_float(s0.format, s0.normalized_read)) {
    return sample_texture(s0, coordinates, [&](std::int32_t x, std::int32_t y, std::int32_t z) {
      return fetch(0, x, y, z);
    });
  }
  const TexSampler* level_sampler[2] = {&s0, &s1};
  const int axes = s0.axes;
  const int corners = 1 << axes;
  const int per_level = std::max(corners, 4);
  std::array<TexelChannels, kMaxFilterTexels> texels{};
  std::array<std::int32_t, kMaxFilterTexels> weights{};
  for (int level = 0; level < 2; ++level) {
    const TexSampler& s = *level_sampler[level];
    TexAxis axis[3];
    std::int32_t w[3] = {0, 0, 0};
    for (int k = 0; k < axes; ++k) {
      axis[k] = texture_axis(coordinates[k], s.size[k], s.normalized, s.filter, s.address[k]);
      w[k] = s.filter == TexFilter::linear ? axis[k].weight : 0;
    }
    const std::int32_t share = level == 0 ? kTexWeightOne - level_weight : level_weight;
    const std::int32_t z1 =
        axes > 2 ? static_cast<std::int32_t>((std::int64_t{share} * w[2] + 128) >> 8) : 0;
    const std::int32_t slice[2] = {share - z1, z1};
    for (int z = 0; z < (axes > 2 ? 2 : 1); ++z) {
      const auto quarter = slice_weights(slice[z], w[0], axes > 1 ? w[1] : 0);
      for (int c = 0; c < 4; ++c) weights[level * per_level + 4 * z + c] = quarter[c];
    }
    for (int corner = 0; corner < corners; ++corner) {
      const int at = level * per_level + corner;
      if (weights[at] == 0) continue;
      TexIndex index[3];
      bool border = false;
      for (int k = 0; k < axes; ++k) {
        index[k] = axis[k].texel[(corner >> k) & 1];
        border = border || index[k].border;
      }
      texels[at] = border ? s.border
                          : fetch(level, index[0].index, axes > 1 ? index[1].index : 0,
                                  axes > 2 ? index[2].index : 0);
    }
  }
  TexelChannels filtered{};
  const int count = 2 * per_level;
  for (int channel = 0; channel < s0.format.channels; ++channel) {
    std::uint32_t values[kMaxFilterTexels];
    for (int i = 0; i < count; ++i) values[i] = texels[i][channel];
    filtered[channel] =
        filter_channel(values, weights.data(), count, s0.format, s0.normalized_read);
  }
  return texel_result(
      filtered,
      TexelFormat{.channels = s0.format.channels, .channel_bytes = 4, .kind = TexelKind::float_},
      false);
}

// tld4: one channel of the four texels of the linear footprint at (x, y), in
// the order CUDA's tex2Dgather returns them: (i, j+1), (i+1, j+1), (i+1, j),
// (i, j).
template <typename Fetch>
std::array<std::uint32_t, 4> gather_texture(const TexSampler& s, const float* coordinates,
                                            int channel, Fetch&& fetch) {
  const TexAxis x =
      texture_axis(coordinates[0], s.size[0], s.normalized, TexFilter::linear, s.address[0]);
  const TexAxis y =
      texture_axis(coordinates[1], s.size[1], s.normalized, TexFilter::linear, s.address[1]);
  const auto one = [&](const TexIndex& i, const TexIndex& j) {
    const TexelChannels loaded = i.border || j.border ? s.border : fetch(i.index, j.index, 0);
    return texel_result(loaded, s.format, s.normalized_read)[channel];
  };
  return {one(x.texel[0], y.texel[1]), one(x.texel[1], y.texel[1]), one(x.texel[1], y.texel[0]),
          one(x.texel[0], y.texel[0])};
}

}  // namespace smsim::isa::sem
