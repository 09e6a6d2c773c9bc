// add/sub/mul/fma/mad.f32 with .rn/.rz/.rm/.rp, .ftz and .sat, bit-exact to
// an H100.
//
// .ftz flushes subnormal inputs and subnormal results (after rounding) to a
// zero of the same sign. .sat clamps to [+0, 1] and turns NaN into +0. NaN
// results are the canonical 0x7fffffff. Round-to-nearest uses the host's
// IEEE arithmetic (the default environment: nearest, no flush); the other
// modes round the exact result through exact_ops.h.
#pragma once

#include <cmath>
#include <cstdint>

#include "isa/semantics/exact_ops.h"
#include "isa/semantics/float_format.h"
#include "isa/semantics/gpu_nan.h"

namespace smsim::isa::sem {

inline constexpr uint32_t kOneF32 = 0x3f800000;
inline constexpr uint32_t kSignF32 = 0x80000000;

constexpr uint32_t saturate_f32(uint32_t bits) {
  if (is_nan_f32(bits) || (bits & kSignF32) != 0) return 0;
  return bits > kOneF32 ? kOneF32 : bits;
}

// Result post-processing shared by the f32 arithmetic instructions.
constexpr uint32_t finish_f32(uint32_t result, bool ftz, bool sat) {
  if (is_nan_f32(result)) result = kCanonicalNanF32;
  if (ftz) result = flush_subnormal_f32(result);
  if (sat) result = saturate_f32(result);
  return result;
}

inline bool is_finite_f32(uint32_t bits) { return (bits & 0x7f800000u) != 0x7f800000u; }

inline uint32_t add_f32(uint32_t a, uint32_t b, Rounding mode, bool ftz, bool sat) {
  if (ftz) {
    a = flush_subnormal_f32(a);
    b = flush_subnormal_f32(b);
  }
  uint32_t result = 0;
  if (mode == Rounding::nearest_even || !is_finite_f32(a) || !is_finite_f32(b)) {
    result = bits_of(f32_from_bits(a) + f32_from_bits(b));
  } else {
    result = static_cast<uint32_t>(exact_add_bits(kF32, a, b, mode));
  }
  return finish_f32(result, ftz, sat);
}

inline uint32_t sub_f32(uint32_t a, uint32_t b, Rounding mode, bool ftz, bool sat) {
  return add_f32(a, b ^ kSignF32, mode, ftz, sat);
}

inline uint32_t mul_f32(uint32_t a, uint32_t b, Rounding mode, bool ftz, bool sat) {
  if (ftz) {
    a = flush_subnormal_f32(a);
    b = flush_subnormal_f32(b);
  }
  uint32_t result = 0;
  if (mode == Rounding::nearest_even || !is_finite_f32(a) || !is_finite_f32(b)) {
    result = bits_of(f32_from_bits(a) * f32_from_bits(b));
  } else {
    result = static_cast<uint32_t>(exact_mul_bits(kF32, a, b, mode));
  }
  return finish_f32(result, ftz, sat);
}

// fma.f32 and mad.f32 (mad with a rounding modifier, and plain mad on sm_20+,
// is fma: one rounding).
inline uint32_t fma_f32(uint32_t a, uint32_t b, uint32_t c, Rounding mode, bool ftz, bool sat) {
  if (ftz) {
    a = flush_subnormal_f32(a);
    b = flush_subnormal_f32(b);
    c = flush_subnormal_f32(c);
  }
  uint32_t result = 0;
  if (!is_finite_f32(a) || !is_finite_f32(b) || !is_finite_f32(c)) {
    // Infinities and NaNs: the result class does not depend on rounding.
    result = bits_of(std::fma(f32_from_bits(a), f32_from_bits(b), f32_from_bits(c)));
  } else if (mode == Rounding::nearest_even) {
    result = bits_of(std::fma(f32_from_bits(a), f32_from_bits(b), f32_from_bits(c)));
  } else {
    result = static_cast<uint32_t>(exact_fma_bits(kF32, a, b, c, mode));
  }
  return finish_f32(result, ftz, sat);
}

}  // namespace smsim::isa::sem
