// add/sub/mul/fma/mad.f32 with .rn/.rz/.rm/.rp, .ftz and .sat, bit-exact to
// an H100.
//
// .ftz flushes subnormal inputs, and results that are tiny after rounding
// (see flush_if_tiny), to a zero of the same sign. .sat clamps to [+0, 1] and turns NaN into +0.
// NaN results are the canonical 0x7fffffff. Round-to-nearest uses the host's IEEE arithmetic (the
// default environment: nearest, no flush); the other modes round the exact result through
// exact_ops.h.
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

inline bool is_finite_f32(uint32_t bits) {
  return (bits & 0x7f800000u) != 0x7f800000u;
}

inline constexpr uint32_t kMinNormalF32 = 0x00800000;

// f32 precision with f64's exponent range: rounding into it is rounding
// "with unbounded exponent".
inline constexpr FloatFormat kF32WideRange{
    .exponent_bits = 11, .fraction_bits = 23, .has_infinity = true};

// .ftz flushes a result that is tiny after rounding to 24 bits with an
// unbounded exponent (IEEE 754's "tininess after rounding"), measured on an
// H100: (1 - 2^-24) * 2^-126 is flushed although it rounds to 2^-126, while
// (1 - 2^-42) * 2^-126 is not. Only a rounded result of exactly +-2^-126 can
// hide a tiny value, so only that case needs the exact value.
inline uint32_t flush_if_tiny(uint32_t rounded, const ExactValue& exact, Rounding mode) {
  if ((rounded & ~kSignF32) != kMinNormalF32 || exact.kind != ValueClass::finite) return rounded;
  const uint64_t wide = round_to_format(kF32WideRange, exact, mode);
  const int64_t unbiased =
      static_cast<int64_t>(kF32WideRange.exponent_field(wide)) - kF32WideRange.bias();
  return unbiased < -126 ? rounded & kSignF32 : rounded;
}

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
  if (ftz && is_finite_f32(a) && is_finite_f32(b)) {
    result = flush_if_tiny(result, exact_multiply(unpack(kF32, a), unpack(kF32, b)), mode);
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
  if (ftz && is_finite_f32(a) && is_finite_f32(b) && is_finite_f32(c)) {
    const ExactValue product = exact_multiply(unpack(kF32, a), unpack(kF32, b));
    result = flush_if_tiny(result, exact_add(product, unpack(kF32, c)), mode);
  }
  return finish_f32(result, ftz, sat);
}

// mad.f32 on SM 1.x, whose FMAD truncates the intermediate product (Handbook
// Table 8.13 note 1): the exact product is cut to 24 significant bits toward
// zero, keeping its exponent even outside f32's range, and c is added with
// one round to nearest even. SM 1.x has no f32 subnormals, so callers pass
// ftz. Infinities and NaNs give what fma gives.
inline uint32_t fmad_truncated_f32(uint32_t a, uint32_t b, uint32_t c, bool ftz, bool sat) {
  if (ftz) {
    a = flush_subnormal_f32(a);
    b = flush_subnormal_f32(b);
    c = flush_subnormal_f32(c);
  }
  if (!is_finite_f32(a) || !is_finite_f32(b) || !is_finite_f32(c)) {
    return finish_f32(bits_of(std::fma(f32_from_bits(a), f32_from_bits(b), f32_from_bits(c))),
                      ftz, sat);
  }
  ExactValue product = exact_multiply(unpack(kF32, a), unpack(kF32, b));
  if (product.kind != ValueClass::zero) {
    product = unpack(kF32WideRange, round_to_format(kF32WideRange, product, Rounding::toward_zero));
  }
  const ExactValue addend = unpack(kF32, c);
  const auto result = static_cast<uint32_t>(round_sum(
      kF32, exact_add(product, addend), product, addend, Rounding::nearest_even, Overflow::ieee));
  return finish_f32(result, ftz, sat);
}

}  // namespace smsim::isa::sem
