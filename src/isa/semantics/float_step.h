// Neighbouring representable values, and the correction that turns a
// round-to-nearest result into a directed one once the sign of the exact
// error is known.
#pragma once

#include <cstdint>

#include "isa/semantics/float_format.h"
#include "isa/semantics/rounding.h"

namespace smsim::isa::sem {

// Next value toward +infinity (for finite x and -infinity).
constexpr uint64_t next_up(FloatFormat format, uint64_t bits) {
  if (format.is_zero(bits)) return 1;  // smallest positive subnormal, from either zero
  return format.is_negative(bits) ? bits - 1 : bits + 1;
}

constexpr uint64_t next_down(FloatFormat format, uint64_t bits) {
  if (format.is_zero(bits)) return format.sign_mask() | 1;
  return format.is_negative(bits) ? bits + 1 : bits - 1;
}

// `nearest` is the correctly rounded (nearest-even) result and
// `exact_minus_nearest` the sign (-1, 0, +1) of exact - nearest. Nearest is
// within half an ulp of the exact value, so the directed result is nearest or
// its neighbour on the exact value's side.
constexpr uint64_t redirect_rounding(FloatFormat format, uint64_t nearest, int exact_minus_nearest,
                                     Rounding mode) {
  if (exact_minus_nearest == 0) return nearest;
  const bool negative = format.is_negative(nearest);
  switch (mode) {
    case Rounding::nearest_even:
    case Rounding::nearest_away:
      return nearest;
    case Rounding::toward_positive:
      return exact_minus_nearest > 0 ? next_up(format, nearest) : nearest;
    case Rounding::toward_negative:
      return exact_minus_nearest < 0 ? next_down(format, nearest) : nearest;
    case Rounding::toward_zero:
      if (!negative && exact_minus_nearest < 0) return next_down(format, nearest);
      if (negative && exact_minus_nearest > 0) return next_up(format, nearest);
      return nearest;
  }
  return nearest;
}

}  // namespace smsim::isa::sem
