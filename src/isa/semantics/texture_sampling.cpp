#include "isa/semantics/texture_sampling.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>

#include "isa/semantics/convert_float.h"

namespace smsim::isa::sem {
namespace {

constexpr int kPositionBits = kTexNormalizedBits;  // fractional bits of a texel position
constexpr double kPositionLimit = 0x1p40;          // far outside any texture, still exact

// A coordinate as a texel position with kPositionBits fractional bits.
std::int64_t texel_position(float coordinate, std::int32_t size, bool normalized) {
  // NaN coordinates are not measured; they address texel 0.
  if (std::isnan(coordinate)) return 0;
  const double scaled =
      std::clamp(std::floor(std::ldexp(static_cast<double>(coordinate), kPositionBits)),
                 -kPositionLimit, kPositionLimit);
  const auto fixed = static_cast<std::int64_t>(scaled);
  return normalized ? fixed * size : fixed;
}

std::int64_t round_half_up_shift(std::int64_t value, int shift) {
  return (value + (std::int64_t{1} << (shift - 1))) >> shift;
}

// Block normalization: magnitudes of 24 bits plus these guard bits.
constexpr int kGuardBits = 4;
constexpr int kMantissaBits = 24;
// The filter sums the texels of one z slice (up to four) as one block.
constexpr int kBlockTexels = 4;

__extension__ using Int128 = __int128;
__extension__ using UInt128 = unsigned __int128;

// An exact value: sum · 2^scale.
struct FixedSum {
  Int128 sum = 0;
  int scale = 0;
};

// One block's weighted sum: every magnitude aligned to the block's largest
// exponent keeping kGuardBits guard bits (the bits shifted out are dropped),
// then summed exactly.
FixedSum block_sum(const float* values, const std::int32_t* weights, int count) {
  int top = INT32_MIN;
  for (int i = 0; i < count; ++i) {
    if (weights[i] == 0 || values[i] == 0.0f) continue;
    int exponent = 0;
    std::frexp(values[i], &exponent);
    top = std::max(top, exponent);
  }
  if (top == INT32_MIN) return {};
  // At most 4 terms of 9 + 28 bits: 64 bits hold the sum exactly.
  std::int64_t sum = 0;
  for (int i = 0; i < count; ++i) {
    if (weights[i] == 0 || values[i] == 0.0f) continue;
    int exponent = 0;
    const double fraction = std::frexp(std::fabs(static_cast<double>(values[i])), &exponent);
    const auto magnitude = static_cast<std::int64_t>(std::ldexp(fraction, kMantissaBits));
    const int shift = top - exponent;
    const std::int64_t aligned = shift >= 62 ? 0 : (magnitude << kGuardBits) >> shift;
    sum += std::int64_t{weights[i]} * (values[i] < 0.0f ? -aligned : aligned);
  }
  return {sum, top - kMantissaBits - kGuardBits - 8};
}

int bit_length(Int128 v) {
  auto m = static_cast<UInt128>(v < 0 ? -v : v);
  int n = 0;
  while (m != 0) {
    m >>= 1;
    ++n;
  }
  return n;
}

// a + b, exact where it can matter: a partial more than 64 bits below the
// other (at most 40 bits long) lies below its last bit and only breaks ties,
// so it is kept as a sticky ±1 two bits further down.
FixedSum add_exact(FixedSum a, FixedSum b) {
  if (b.sum == 0) return a;
  if (a.sum == 0) return b;
  if (a.scale + bit_length(a.sum) < b.scale + bit_length(b.sum)) std::swap(a, b);
  if (b.scale >= a.scale) return {a.sum + (b.sum << (b.scale - a.scale)), a.scale};
  const int shift = a.scale - b.scale;
  if (shift <= 80) return {(a.sum << shift) + b.sum, b.scale};
  return {a.sum * 4 + (b.sum < 0 ? -1 : 1), a.scale - 2};
}

// Rounds to f32, 24 significant bits with ties away from zero.
float round_ties_away(FixedSum value) {
  if (value.sum == 0) return 0.0f;
  const bool negative = value.sum < 0;
  auto magnitude = static_cast<UInt128>(negative ? -value.sum : value.sum);
  int scale = value.scale;
  int drop = 0;
  while ((magnitude >> drop) >= (static_cast<UInt128>(1) << kMantissaBits)) ++drop;
  if (drop > 0) {
    magnitude = (magnitude + (static_cast<UInt128>(1) << (drop - 1))) >> drop;
    scale += drop;
  }
  const float result = static_cast<float>(
      std::ldexp(static_cast<double>(static_cast<std::uint64_t>(magnitude)), scale));
  return negative ? -result : result;
}

}  // namespace

TexIndex address_texel(std::int64_t index, std::int32_t size, TexAddress mode) {
  const std::int64_t n = size;
  switch (mode) {
    case TexAddress::clamp:
      return {static_cast<std::int32_t>(std::clamp<std::int64_t>(index, 0, n - 1)), false};
    case TexAddress::border:
      if (index < 0 || index >= n) return {0, true};
      return {static_cast<std::int32_t>(index), false};
    case TexAddress::wrap: {
      const std::int64_t r = index % n;
      return {static_cast<std::int32_t>(r < 0 ? r + n : r), false};
    }
    case TexAddress::mirror: {
      std::int64_t r = index % (2 * n);
      if (r < 0) r += 2 * n;
      return {static_cast<std::int32_t>(r < n ? r : 2 * n - 1 - r), false};
    }
  }
  return {0, false};
}

TexAxis texture_axis(float coordinate, std::int32_t size, bool normalized, TexFilter filter,
                     TexAddress mode) {
  if (!normalized && (mode == TexAddress::wrap || mode == TexAddress::mirror)) {
    mode = TexAddress::clamp;
  }
  const std::int64_t position = texel_position(coordinate, size, normalized);
  TexAxis axis;
  if (filter == TexFilter::point) {
    axis.texel[0] = address_texel(position >> kPositionBits, size, mode);
    axis.texel[1] = axis.texel[0];
    return axis;
  }
  // Half a texel back, then to 1/256 of a texel, half up.
  const std::int64_t half_texel = std::int64_t{1} << (kPositionBits - 1);
  const std::int64_t steps = round_half_up_shift(position - half_texel, kPositionBits - 8);
  const std::int64_t first = steps >> 8;
  axis.texel[0] = address_texel(first, size, mode);
  axis.texel[1] = address_texel(first + 1, size, mode);
  axis.weight = static_cast<std::int32_t>(steps & 255);
  // Past the first or the last texel's centre, clamp filters that edge texel
  // alone (weight 0) rather than as two copies of itself: the same value in
  // 1D/2D, not in 3D, whose weights are split slice by slice
  // (array3d/linear_clamp_* in textures.out). The footprint stays as it is
  // (tld4 returns both copies).
  if (mode == TexAddress::clamp && (steps < 0 || first >= size - 1)) axis.weight = 0;
  return axis;
}

std::array<std::int32_t, 4> slice_weights(std::int32_t slice, std::int32_t alpha,
                                          std::int32_t beta) {
  // Along x, rounding the x1 share half up; each x column then along y,
  // rounding the share on the diagonal (y0 of x0, y1 of x1) half up. For a
  // whole slice this is inclusion-exclusion of the rounded product α·β.
  const std::int64_t x1 = round_half_up_shift(std::int64_t{slice} * alpha, 8);
  const std::int64_t x0 = slice - x1;
  const std::int64_t x0y0 = round_half_up_shift(x0 * (kTexWeightOne - beta), 8);
  const std::int64_t x1y1 = round_half_up_shift(x1 * beta, 8);
  return {static_cast<std::int32_t>(x0y0), static_cast<std::int32_t>(x1 - x1y1),
          static_cast<std::int32_t>(x0 - x0y0), static_cast<std::int32_t>(x1y1)};
}

std::array<std::int32_t, 8> corner_weights(const std::int32_t* axis_weights, int axes) {
  // z splits the whole into two slices exactly; each slice splits along x
  // and y as slice_weights does.
  const std::int32_t alpha = axis_weights[0];
  const std::int32_t beta = axes > 1 ? axis_weights[1] : 0;
  const std::int32_t gamma = axes > 2 ? axis_weights[2] : 0;
  const std::int32_t slice[2] = {kTexWeightOne - gamma, gamma};
  std::array<std::int32_t, 8> weights{};
  for (int z = 0; z < 2; ++z) {
    const auto corner = slice_weights(slice[z], alpha, beta);
    for (int c = 0; c < 4; ++c) weights[4 * z + c] = corner[c];
  }
  return weights;
}

float filter_f32(const float* values, const std::int32_t* weights, int count) {
  for (int i = 0; i < count; ++i) {
    if (weights[i] != 0 && !std::isfinite(values[i])) {
      // Infinities and NaNs are not measured: plain float arithmetic.
      float sum = 0.0f;
      for (int k = 0; k < count; ++k) {
        if (weights[k] != 0) sum += values[k] * static_cast<float>(weights[k]) / kTexWeightOne;
      }
      return sum;
    }
  }
  // Each z slice is one block; the slices' sums add exactly and the total is
  // rounded once (array3d/linear_mirror_normalized in textures.out).
  FixedSum total;
  for (int first = 0; first < count; first += kBlockTexels) {
    total = add_exact(
        total, block_sum(values + first, weights + first, std::min(kBlockTexels, count - first)));
  }
  return round_ties_away(total);
}

bool texel_returns_float(TexelFormat format, bool normalized_read) {
  return format.kind == TexelKind::float_ || (normalized_read && format.channel_bytes <= 2);
}

TexelChannels load_texel(const std::uint8_t* texel, TexelFormat format) {
  TexelChannels out{};
  for (int c = 0; c < format.channels && c < 4; ++c) {
    std::uint32_t raw = 0;
    std::memcpy(&raw, texel + c * format.channel_bytes, format.channel_bytes);
    const int bits = 8 * format.channel_bytes;
    if (format.kind == TexelKind::float_) {
      out[c] = bits == 16 ? cvt_f32_from_f16(static_cast<std::uint16_t>(raw), false) : raw;
    } else if (format.kind == TexelKind::signed_int && bits < 32 && ((raw >> (bits - 1)) & 1)) {
      out[c] = raw | ~((std::uint32_t{1} << bits) - 1);
    } else {
      out[c] = raw;
    }
  }
  return out;
}

TexelChannels texel_result(const TexelChannels& loaded, TexelFormat format, bool normalized_read) {
  const bool as_float = texel_returns_float(format, normalized_read);
  TexelChannels out{0, 0, 0, as_float ? std::bit_cast<std::uint32_t>(1.0f) : 1u};
  const bool scale = as_float && format.kind != TexelKind::float_;
  const int bits = 8 * format.channel_bytes;
  for (int c = 0; c < format.channels && c < 4; ++c) {
    if (!scale) {
      out[c] = loaded[c];
      continue;
    }
    const bool is_signed = format.kind == TexelKind::signed_int;
    const double value = is_signed ? static_cast<double>(static_cast<std::int32_t>(loaded[c]))
                                   : static_cast<double>(loaded[c]);
    const double largest = is_signed ? std::ldexp(1.0, bits - 1) - 1 : std::ldexp(1.0, bits) - 1;
    out[c] = std::bit_cast<std::uint32_t>(std::max(static_cast<float>(value / largest), -1.0f));
  }
  return out;
}

TexelChannels border_texel(const float* color, TexelFormat format, bool normalized_read) {
  TexelChannels out{};
  const int bits = 8 * format.channel_bytes;
  const bool is_signed = format.kind == TexelKind::signed_int;
  const double low = is_signed ? -std::ldexp(1.0, bits - 1) : 0.0;
  const double high = is_signed ? std::ldexp(1.0, bits - 1) - 1 : std::ldexp(1.0, bits) - 1;
  for (int c = 0; c < 4; ++c) {
    if (format.kind == TexelKind::float_) {
      out[c] = std::bit_cast<std::uint32_t>(color[c]);
      continue;
    }
    double v = static_cast<double>(color[c]);
    if (normalized_read && bits <= 16) v *= is_signed ? high : high;
    v = std::isnan(v) ? 0.0 : std::clamp(std::nearbyint(v), low, high);
    out[c] = static_cast<std::uint32_t>(static_cast<std::int64_t>(v));
  }
  return out;
}

std::uint32_t filter_channel(const std::uint32_t* loaded, const std::int32_t* weights, int count,
                             TexelFormat format, bool normalized_read) {
  const bool unorm =
      normalized_read && format.kind == TexelKind::unsigned_int && format.channel_bytes <= 2;
  if (unorm) {
    std::int64_t sum = 0;
    for (int i = 0; i < count; ++i) {
      const std::int64_t wide = format.channel_bytes == 1 ? loaded[i] * 257 : loaded[i];
      sum += weights[i] * wide;
    }
    const std::int64_t x = (sum + kTexWeightOne / 2) / kTexWeightOne;
    return std::bit_cast<std::uint32_t>(static_cast<float>(static_cast<double>(x) / 65535.0));
  }
  float values[kMaxFilterTexels];
  const TexelFormat one_channel{
      .channels = 1, .channel_bytes = format.channel_bytes, .kind = format.kind};
  for (int i = 0; i < count && i < kMaxFilterTexels; ++i) {
    const TexelChannels single{loaded[i], 0, 0, 0};
    values[i] = std::bit_cast<float>(texel_result(single, one_channel, normalized_read)[0]);
  }
  return std::bit_cast<std::uint32_t>(filter_f32(values, weights, count));
}

}  // namespace smsim::isa::sem
