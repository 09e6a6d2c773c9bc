// IEEE division, reciprocal and square root (div/rcp/sqrt with .rn/.rz/.rm/.rp)
// for f32 (with .ftz) and f64.
//
// Method: the host's IEEE operation gives the nearest result q; the exact
// residual a - q*b (division) or a - q*q (square root), evaluated exactly by
// exact_ops.h, tells on which side of q the exact result lies, and
// redirect_rounding moves to the neighbour when the mode asks for it. A
// nearest result that overflowed to infinity means the exact result exceeds
// the largest finite value, which fixes the directed result too.
#pragma once

#include <cmath>
#include <cstdint>

#include "isa/semantics/exact_ops.h"
#include "isa/semantics/float_arith_f32.h"
#include "isa/semantics/float_arith_f64.h"
#include "isa/semantics/float_step.h"

namespace smsim::isa::sem {

// Directed quotient from the nearest one; operands finite, b nonzero.
constexpr uint64_t directed_quotient(FloatFormat format, uint64_t a, uint64_t b, uint64_t nearest,
                                     Rounding mode) {
  if (mode == Rounding::nearest_even) return nearest;
  const bool negative = format.is_negative(nearest);
  if (format.is_infinity(nearest)) return overflow_result(format, mode, negative, Overflow::ieee);
  // a/b - q has the sign of (a - q*b) * sign(b).
  int side = exact_fma_sign(format, nearest ^ format.sign_mask(), b, a);
  if (format.is_negative(b)) side = -side;
  return redirect_rounding(format, nearest, side, mode);
}

inline uint32_t div_f32(uint32_t a, uint32_t b, Rounding mode, bool ftz) {
  if (ftz) {
    a = flush_subnormal_f32(a);
    b = flush_subnormal_f32(b);
  }
  uint32_t result = bits_of(f32_from_bits(a) / f32_from_bits(b));
  if (is_finite_f32(a) && is_finite_f32(b) && !kF32.is_zero(b) && !kF32.is_zero(a)) {
    result = static_cast<uint32_t>(directed_quotient(kF32, a, b, result, mode));
  }
  // .ftz flushes a quotient that is tiny after rounding with an unbounded
  // exponent, like add/mul/fma (flush_if_tiny): ptx_float_modifiers' H100
  // golden has (1 - 2^-24) / 2^126 give 0. Only a rounded +-2^-126 can hide
  // one; a * 2^24 / b rounds to the same significand in the normal range.
  constexpr uint32_t kScale = 24u << 23;
  if (ftz && (result & ~kSignF32) == kMinNormalF32 && kF32.exponent_field(a) < 255 - 24) {
    const uint32_t wide = div_f32(a + kScale, b, mode, false);
    if ((wide & ~kSignF32) < kMinNormalF32 + kScale) result &= kSignF32;
  }
  return finish_f32(result, ftz, false);
}

inline uint32_t rcp_f32(uint32_t a, Rounding mode, bool ftz) {
  return div_f32(kOneF32, a, mode, ftz);
}

inline uint64_t div_f64(uint64_t a, uint64_t b, Rounding mode) {
  if (is_nan_f64(a) || is_nan_f64(b)) return propagate_nan_f64(a, b);
  const uint64_t nearest = invalid_or(bits_of(f64_from_bits(a) / f64_from_bits(b)));
  if (!is_finite_f64(a) || !is_finite_f64(b) || kF64.is_zero(a) || kF64.is_zero(b)) {
    return nearest;
  }
  return directed_quotient(kF64, a, b, nearest, mode);
}

inline uint64_t rcp_f64(uint64_t a, Rounding mode) {
  return div_f64(0x3ff0000000000000ull, a, mode);
}

// Directed root from the nearest one; a finite and positive.
constexpr uint64_t directed_root(FloatFormat format, uint64_t a, uint64_t nearest, Rounding mode) {
  if (mode == Rounding::nearest_even) return nearest;
  // sqrt(a) - q has the sign of a - q*q.
  const int side = exact_fma_sign(format, nearest ^ format.sign_mask(), nearest, a);
  return redirect_rounding(format, nearest, side, mode);
}

inline uint32_t sqrt_f32(uint32_t a, Rounding mode, bool ftz) {
  if (ftz) a = flush_subnormal_f32(a);
  uint32_t result = bits_of(std::sqrt(f32_from_bits(a)));
  if (is_finite_f32(a) && !kF32.is_zero(a) && !kF32.is_negative(a)) {
    result = static_cast<uint32_t>(directed_root(kF32, a, result, mode));
  }
  return finish_f32(result, ftz, false);
}

inline uint64_t sqrt_f64(uint64_t a, Rounding mode) {
  if (is_nan_f64(a)) return quiet_f64(a);
  const uint64_t nearest = invalid_or(bits_of(std::sqrt(f64_from_bits(a))));
  if (!is_finite_f64(a) || kF64.is_zero(a) || kF64.is_negative(a)) return nearest;
  return directed_root(kF64, a, nearest, mode);
}

}  // namespace smsim::isa::sem
