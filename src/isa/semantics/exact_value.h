// Exact arithmetic on finite binary floating-point values and one rounding
// routine for every format and mode.
//
// Method: a finite value is held exactly as significand * 2^exponent with a
// 128-bit integer significand. Products of two 53-bit significands are exact
// (106 bits). Sums align the operand with the smaller exponent by a right
// shift that ORs every lost bit into bit 0 ("jamming"): both operands are
// first normalised to bit 124, so the rounding position (at most 53 bits
// below the leading one) stays far above bit 0 and the jammed bit acts only
// as a sticky bit; a shift of 0 or 1 loses nothing because the normalised
// significands have at least 18 trailing zeros. The rounded result is
// therefore the correctly rounded exact result in every mode, with no use of
// the host FP environment.
#pragma once

#include <bit>
#include <cstdint>

#include "isa/semantics/float_format.h"
#include "isa/semantics/rounding.h"

namespace smsim::isa::sem {

__extension__ typedef unsigned __int128 uint128_t;

enum class ValueClass : uint8_t { zero, finite, infinity, nan };

struct ExactValue {
  ValueClass kind = ValueClass::zero;
  bool negative = false;
  int32_t exponent = 0;  // value = significand * 2^exponent
  uint128_t significand = 0;
};

constexpr int highest_bit(uint128_t x) {
  const auto high = static_cast<uint64_t>(x >> 64);
  if (high != 0) return 127 - std::countl_zero(high);
  return 63 - std::countl_zero(static_cast<uint64_t>(x));
}

constexpr ExactValue unpack(FloatFormat format, uint64_t bits) {
  ExactValue v;
  v.negative = format.is_negative(bits);
  const uint64_t field = format.exponent_field(bits);
  const uint64_t fraction = bits & format.fraction_mask();
  if (format.is_nan(bits)) {
    v.kind = ValueClass::nan;
    return v;
  }
  if (format.is_infinity(bits)) {
    v.kind = ValueClass::infinity;
    return v;
  }
  if (field == 0) {
    if (fraction == 0) return v;
    v.kind = ValueClass::finite;
    v.significand = fraction;
    v.exponent = 1 - format.bias() - format.fraction_bits;
    return v;
  }
  v.kind = ValueClass::finite;
  v.significand = fraction | (uint64_t{1} << format.fraction_bits);
  v.exponent = static_cast<int32_t>(field) - format.bias() - format.fraction_bits;
  return v;
}

constexpr ExactValue exact_from_integer(bool negative, uint64_t magnitude) {
  ExactValue v;
  v.negative = negative;
  if (magnitude == 0) return v;
  v.kind = ValueClass::finite;
  v.significand = magnitude;
  return v;
}

// Product of two finite-or-zero values.
constexpr ExactValue exact_multiply(const ExactValue& x, const ExactValue& y) {
  ExactValue v;
  v.negative = x.negative != y.negative;
  if (x.kind == ValueClass::zero || y.kind == ValueClass::zero) return v;
  v.kind = ValueClass::finite;
  v.significand = x.significand * y.significand;
  v.exponent = x.exponent + y.exponent;
  return v;
}

constexpr uint128_t shift_right_jam(uint128_t x, int32_t shift) {
  if (shift <= 0) return x;
  if (shift >= 127) return x != 0 ? 1 : 0;
  const uint128_t lost = x & ((uint128_t{1} << shift) - 1);
  return (x >> shift) | (lost != 0 ? 1 : 0);
}

constexpr int kNormalisedTop = 124;

constexpr ExactValue normalised(ExactValue v) {
  const int shift = kNormalisedTop - highest_bit(v.significand);
  v.significand <<= shift;
  v.exponent -= shift;
  return v;
}

// Sum of two finite-or-zero values (each significand at most 125 bits). An
// exact zero from cancellation comes back as kind zero; its sign is the
// caller's rule (it depends on the rounding mode).
constexpr ExactValue exact_add(const ExactValue& x, const ExactValue& y) {
  if (y.kind == ValueClass::zero) return x;
  if (x.kind == ValueClass::zero) return y;
  ExactValue big = normalised(x);
  ExactValue small = normalised(y);
  if (big.exponent < small.exponent ||
      (big.exponent == small.exponent && big.significand < small.significand)) {
    const ExactValue t = big;
    big = small;
    small = t;
  }
  small.significand = shift_right_jam(small.significand, big.exponent - small.exponent);
  ExactValue v = big;
  if (big.negative == small.negative) {
    v.significand = big.significand + small.significand;
  } else {
    v.significand = big.significand - small.significand;
  }
  if (v.significand == 0) v.kind = ValueClass::zero;
  return v;
}

// What a value too large for the format becomes.
enum class Overflow : uint8_t {
  ieee,      // infinity or the largest finite, by rounding direction
  saturate,  // .satfinite: the largest finite of the same sign
};

constexpr bool rounds_up(Rounding mode, bool negative, bool odd, uint128_t rest, uint128_t half) {
  switch (mode) {
    case Rounding::nearest_even:
      return rest > half || (rest == half && odd);
    case Rounding::nearest_away:
      return rest >= half;
    case Rounding::toward_zero:
      return false;
    case Rounding::toward_negative:
      return negative && rest != 0;
    case Rounding::toward_positive:
      return !negative && rest != 0;
  }
  return false;
}

constexpr uint64_t overflow_result(FloatFormat format, Rounding mode, bool negative,
                                   Overflow overflow) {
  const uint64_t sign = negative ? format.sign_mask() : 0;
  if (overflow == Overflow::saturate) return sign | format.max_finite();
  if (!format.has_infinity) return sign | format.magnitude_mask();  // NaN
  bool to_infinity = true;
  if (mode == Rounding::toward_zero) to_infinity = false;
  if (mode == Rounding::toward_negative) to_infinity = negative;
  if (mode == Rounding::toward_positive) to_infinity = !negative;
  return sign | (to_infinity ? format.infinity() : format.max_finite());
}

// Rounds a finite nonzero exact value to the format. Subnormal results are
// produced (gradual underflow); flushing is the caller's choice.
constexpr uint64_t round_to_format(FloatFormat format, const ExactValue& v, Rounding mode,
                                   Overflow overflow = Overflow::ieee) {
  const uint64_t sign = v.negative ? format.sign_mask() : 0;
  const int msb = highest_bit(v.significand);
  const int32_t unbiased = msb + v.exponent;
  const int32_t min_normal = 1 - format.bias();
  const int32_t quantum = (unbiased < min_normal ? min_normal : unbiased) - format.fraction_bits;
  const int32_t drop = quantum - v.exponent;
  uint128_t kept = 0;
  if (drop <= 0) {
    kept = v.significand << -drop;
  } else if (drop > 127) {
    kept = rounds_up(mode, v.negative, false, 1, uint128_t{1} << 126) ? 1 : 0;
  } else {
    kept = v.significand >> drop;
    const uint128_t rest = v.significand & ((uint128_t{1} << drop) - 1);
    const uint128_t half = uint128_t{1} << (drop - 1);
    if (rounds_up(mode, v.negative, (kept & 1) != 0, rest, half)) ++kept;
  }
  int32_t result_quantum = quantum;
  if (kept == (uint128_t{2} << format.fraction_bits)) {
    kept >>= 1;
    ++result_quantum;
  }
  if (kept == 0) return sign;
  const uint64_t implicit = uint64_t{1} << format.fraction_bits;
  if (kept < implicit) return sign | static_cast<uint64_t>(kept);  // subnormal
  const int64_t field = int64_t{result_quantum} + format.fraction_bits + format.bias();
  const uint64_t magnitude = (static_cast<uint64_t>(field) << format.fraction_bits) |
                             (static_cast<uint64_t>(kept) - implicit);
  if (field > static_cast<int64_t>(format.exponent_field_max()) ||
      magnitude > format.max_finite()) {
    return overflow_result(format, mode, v.negative, overflow);
  }
  return sign | magnitude;
}

// Sign of an exact zero sum of nonzero terms: +0 except when rounding toward
// negative infinity (IEEE 754 6.3).
constexpr bool cancellation_is_negative(Rounding mode) {
  return mode == Rounding::toward_negative;
}

// Sign of x + y when both are zeros.
constexpr bool zero_sum_is_negative(bool x_negative, bool y_negative, Rounding mode) {
  if (x_negative == y_negative) return x_negative;
  return cancellation_is_negative(mode);
}

}  // namespace smsim::isa::sem
