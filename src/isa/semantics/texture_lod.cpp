#include "isa/semantics/texture_lod.h"

#include <algorithm>
#include <cmath>

namespace smsim::isa::sem {

namespace {

// A LOD, bias or clamp in the texture unit's fixed point: 1/256 of a level,
// cut towards zero.
std::int32_t fixed_lod(float v) {
  const float steps = v * static_cast<float>(kTexWeightOne);
  if (std::isnan(steps)) return 0;
  constexpr float kLimit = 1 << 20;
  return static_cast<std::int32_t>(std::trunc(std::clamp(steps, -kLimit, kLimit)));
}

}  // namespace

MipLevels select_mip_levels(const MipSampler& s, float lod) {
  // A NaN LOD (not measured) reads as 0.
  std::int32_t l = fixed_lod(lod) + fixed_lod(s.bias);
  l = std::min(std::max(l, fixed_lod(s.min_clamp)), fixed_lod(s.max_clamp));
  l = std::clamp(l, 0, (s.levels - 1) * kTexWeightOne);
  MipLevels out;
  if (s.filter == TexFilter::point) {
    out.level[0] = std::min((l + kTexWeightOne / 2) / kTexWeightOne, s.levels - 1);
    out.level[1] = out.level[0];
    return out;
  }
  out.level[0] = l / kTexWeightOne;
  out.level[1] = std::min(out.level[0] + 1, s.levels - 1);
  out.weight = out.level[1] == out.level[0] ? 0 : l % kTexWeightOne;
  return out;
}

namespace {

// 256 · log2(1 + k/256) as the H100's texture unit reads it from the top
// eight fraction bits of a length (the lower bits are dropped): measured for
// every k (tools/probes/texture_grad_probe.cu, results/h100-2026-11-22-grad).
// It is not a rounding of the exact logarithm (k = 2 gives 4, not 3).
constexpr std::uint8_t kLog2Fraction[256] = {
    0,   2,   4,   5,   6,   8,   9,   11,  12,  13,  15,  16,  18,  19,  20,  22,  23,  24,  26,
    27,  28,  30,  31,  32,  34,  35,  36,  38,  39,  40,  42,  43,  44,  45,  47,  48,  49,  50,
    52,  53,  54,  55,  57,  58,  59,  60,  62,  63,  64,  65,  66,  68,  69,  70,  71,  72,  74,
    75,  76,  77,  78,  79,  81,  82,  83,  84,  85,  86,  88,  89,  90,  91,  92,  93,  94,  95,
    97,  98,  99,  100, 101, 102, 103, 104, 105, 106, 107, 109, 110, 111, 112, 113, 114, 115, 116,
    117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129, 130, 131, 132, 133, 135, 136,
    137, 137, 138, 139, 140, 141, 142, 143, 144, 145, 146, 147, 148, 149, 150, 151, 152, 153, 154,
    155, 156, 157, 158, 159, 160, 161, 162, 162, 163, 164, 165, 166, 167, 168, 169, 170, 171, 172,
    173, 173, 174, 175, 176, 177, 178, 179, 180, 181, 181, 182, 183, 184, 185, 186, 187, 188, 188,
    189, 190, 191, 192, 193, 194, 195, 195, 196, 197, 198, 199, 200, 200, 201, 202, 203, 204, 205,
    205, 206, 207, 208, 209, 210, 210, 211, 212, 213, 214, 214, 215, 216, 217, 218, 218, 219, 220,
    221, 222, 222, 223, 224, 225, 226, 226, 227, 228, 229, 229, 230, 231, 232, 233, 233, 234, 235,
    236, 236, 237, 238, 239, 239, 240, 241, 242, 242, 243, 244, 245, 245, 246, 247, 248, 248, 249,
    250, 251, 251, 252, 253, 253, 254, 255, 255};

// A gradient component as the LOD computation takes it: 10 significant
// bits, the rest dropped.
double gradient_component(float v) {
  if (v == 0.0f || !std::isfinite(v)) return v;
  int exponent = 0;
  const double fraction = std::frexp(static_cast<double>(v), &exponent);
  return std::ldexp(std::trunc(fraction * 1024.0) / 1024.0, exponent);
}

// The length of (x, y) as the texture unit estimates it: the longer
// component plus 11/32 of the shorter.
double approximate_length(double x, double y) {
  const double a = std::fabs(x), b = std::fabs(y);
  return std::max(a, b) + 11.0 / 32.0 * std::min(a, b);
}

}  // namespace

float log2_lod(double length) {
  if (std::isnan(length)) return NAN;
  if (!(length > 0.0)) return -INFINITY;
  if (std::isinf(length)) return INFINITY;
  int exponent = 0;
  const double fraction = std::frexp(length, &exponent);  // length = fraction · 2^exponent
  const auto k = static_cast<int>((2.0 * fraction - 1.0) * 256.0);
  const int steps = (exponent - 1) * kTexWeightOne + kLog2Fraction[k];
  return static_cast<float>(steps) / kTexWeightOne;
}

float gradient_lod(const float* ddx, const float* ddy, int axes) {
  const double x[2] = {gradient_component(ddx[0]), axes > 1 ? gradient_component(ddx[1]) : 0.0};
  const double y[2] = {gradient_component(ddy[0]), axes > 1 ? gradient_component(ddy[1]) : 0.0};
  // The footprint's extent: the longer gradient, or 11/16 of the longer of
  // the parallelogram's diagonals (which makes nearly parallel gradients
  // and the 45-degree rotated square longer than either gradient).
  const double diagonal = std::max(approximate_length(x[0] + y[0], x[1] + y[1]),
                                   approximate_length(x[0] - y[0], x[1] - y[1]));
  const double extent = std::max(
      {approximate_length(x[0], x[1]), approximate_length(y[0], y[1]), 11.0 / 16.0 * diagonal});
  return log2_lod(extent);
}

CubeFace cube_face(float x, float y, float z) {
  const float ax = std::fabs(x), ay = std::fabs(y), az = std::fabs(z);
  float major = 0.0f, sc = 0.0f, tc = 0.0f;
  CubeFace out;
  // The largest magnitude picks the face; ties go to z, then y.
  if (az >= ax && az >= ay) {
    major = az;
    out.face = z < 0.0f ? 5 : 4;
    sc = z < 0.0f ? -x : x;
    tc = -y;
  } else if (ay >= ax) {
    major = ay;
    out.face = y < 0.0f ? 3 : 2;
    sc = x;
    tc = y < 0.0f ? -z : z;
  } else {
    major = ax;
    out.face = x < 0.0f ? 1 : 0;
    sc = x < 0.0f ? z : -z;
    tc = -y;
  }
  out.s = (sc / major + 1.0f) * 0.5f;
  out.t = (tc / major + 1.0f) * 0.5f;
  return out;
}

}  // namespace smsim::isa::sem
