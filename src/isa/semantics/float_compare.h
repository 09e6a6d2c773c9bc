// setp/set comparisons and testp classification of f32 and f64.
#pragma once

#include <cstdint>

#include "isa/semantics/float_format.h"

namespace smsim::isa::sem {

// PTX comparison operators on floating point. The plain ones are false when
// either operand is NaN; the *u ("unordered") ones are true then; num and
// nan test for the absence or presence of a NaN.
enum class FloatCompare : uint8_t {
  eq,
  ne,
  lt,
  le,
  gt,
  ge,
  equ,
  neu,
  ltu,
  leu,
  gtu,
  geu,
  num,
  nan,
};

template <class Float>
constexpr bool compare_float(FloatCompare op, Float a, Float b) {
  const bool unordered = a != a || b != b;
  switch (op) {
    case FloatCompare::eq:
      return !unordered && a == b;
    case FloatCompare::ne:
      return !unordered && a != b;
    case FloatCompare::lt:
      return !unordered && a < b;
    case FloatCompare::le:
      return !unordered && a <= b;
    case FloatCompare::gt:
      return !unordered && a > b;
    case FloatCompare::ge:
      return !unordered && a >= b;
    case FloatCompare::equ:
      return unordered || a == b;
    case FloatCompare::neu:
      return unordered || a != b;
    case FloatCompare::ltu:
      return unordered || a < b;
    case FloatCompare::leu:
      return unordered || a <= b;
    case FloatCompare::gtu:
      return unordered || a > b;
    case FloatCompare::geu:
      return unordered || a >= b;
    case FloatCompare::num:
      return !unordered;
    case FloatCompare::nan:
      return unordered;
  }
  return false;
}

inline bool compare_f32(FloatCompare op, uint32_t a, uint32_t b, bool ftz) {
  if (ftz) {
    a = flush_subnormal_f32(a);
    b = flush_subnormal_f32(b);
  }
  return compare_float(op, f32_from_bits(a), f32_from_bits(b));
}

inline bool compare_f64(FloatCompare op, uint64_t a, uint64_t b) {
  return compare_float(op, f64_from_bits(a), f64_from_bits(b));
}

// `none`: testp with no test named, which ptxas accepts. Measured on an
// H100 (form sweep, tests/func/forms): testp.f32 is false for every input,
// testp.f64 true exactly for NaNs.
enum class FloatTest : uint8_t { none, finite, infinite, number, notanumber, normal, subnormal };

constexpr bool test_float(FloatFormat format, FloatTest test, uint64_t bits) {
  const bool nan = format.is_nan(bits);
  const bool infinite = format.is_infinity(bits);
  switch (test) {
    case FloatTest::none:
      return format.exponent_bits == kF64.exponent_bits && nan;
    case FloatTest::finite:
      return !nan && !infinite;
    case FloatTest::infinite:
      return infinite;
    case FloatTest::number:
      return !nan;
    case FloatTest::notanumber:
      return nan;
    // Measured on an H100: zero counts as normal (only NaN, infinity and
    // subnormals fail the test).
    case FloatTest::normal:
      return !nan && !infinite && !format.is_subnormal(bits);
    case FloatTest::subnormal:
      return format.is_subnormal(bits);
  }
  return false;
}

}  // namespace smsim::isa::sem
