// add/mul/fma of finite-or-zero operands in any format and rounding mode,
// through ExactValue: one exact result, rounded once.
#pragma once

#include <cstdint>

#include "isa/semantics/exact_value.h"

namespace smsim::isa::sem {

// Rounds an exact sum, applying IEEE 754's signed-zero rules when it is zero:
// `all_terms_zero` selects the rule for a sum of zeros (sign of the terms)
// over the rule for cancellation (+0, or -0 when rounding down).
constexpr uint64_t round_sum(FloatFormat format, const ExactValue& sum, const ExactValue& x,
                             const ExactValue& y, Rounding mode, Overflow overflow) {
  if (sum.kind != ValueClass::zero) return round_to_format(format, sum, mode, overflow);
  const bool all_terms_zero = x.kind == ValueClass::zero && y.kind == ValueClass::zero;
  const bool negative = all_terms_zero ? zero_sum_is_negative(x.negative, y.negative, mode)
                                       : cancellation_is_negative(mode);
  return negative ? format.sign_mask() : 0;
}

// Operands must be finite or zero.
constexpr uint64_t exact_add_bits(FloatFormat format, uint64_t a, uint64_t b, Rounding mode,
                                  Overflow overflow = Overflow::ieee) {
  const ExactValue x = unpack(format, a);
  const ExactValue y = unpack(format, b);
  return round_sum(format, exact_add(x, y), x, y, mode, overflow);
}

constexpr uint64_t exact_mul_bits(FloatFormat format, uint64_t a, uint64_t b, Rounding mode,
                                  Overflow overflow = Overflow::ieee) {
  const ExactValue p = exact_multiply(unpack(format, a), unpack(format, b));
  if (p.kind == ValueClass::zero) return p.negative ? format.sign_mask() : 0;
  return round_to_format(format, p, mode, overflow);
}

constexpr uint64_t exact_fma_bits(FloatFormat format, uint64_t a, uint64_t b, uint64_t c,
                                  Rounding mode, Overflow overflow = Overflow::ieee) {
  const ExactValue p = exact_multiply(unpack(format, a), unpack(format, b));
  const ExactValue z = unpack(format, c);
  return round_sum(format, exact_add(p, z), p, z, mode, overflow);
}

// Sign of the exact a*b + c (-1, 0, +1): the residual test behind directed
// division and square root.
constexpr int exact_fma_sign(FloatFormat format, uint64_t a, uint64_t b, uint64_t c) {
  const ExactValue s =
      exact_add(exact_multiply(unpack(format, a), unpack(format, b)), unpack(format, c));
  if (s.kind == ValueClass::zero) return 0;
  return s.negative ? -1 : 1;
}

}  // namespace smsim::isa::sem
