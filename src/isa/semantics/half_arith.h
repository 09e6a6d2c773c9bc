// f16, f16x2, bf16 and bf16x2 arithmetic: add/sub/mul/fma (.rn, .ftz, .sat,
// .relu, .oob), min/max (.ftz, .NaN, .xorsign.abs), neg and abs.
//
// Each result is the exact result rounded once (exact_ops.h), so the host
// needs no half-precision arithmetic. The x2 forms apply the scalar
// operation to each 16-bit half independently.
#pragma once

#include <cstdint>

#include "isa/semantics/exact_ops.h"
#include "isa/semantics/float_format.h"
#include "isa/semantics/float_minmax.h"
#include "isa/semantics/gpu_nan.h"

namespace smsim::isa::sem {

enum class HalfType : uint8_t { f16, bf16 };

constexpr FloatFormat format_of(HalfType t) {
  return t == HalfType::f16 ? kF16 : kBF16;
}

struct HalfOptions {
  bool ftz = false;   // f16 only
  bool sat = false;   // f16 only: clamp to [+0, 1], NaN -> +0
  bool relu = false;  // fma: negative -> +0, NaN stays NaN
  bool oob = false;   // fma: an operand equal to the out-of-bounds NaN gives +0
};

constexpr uint16_t kHalfCanonicalNan = 0x7fff;
// The NaN pattern that .oob treats as "out of bounds" (what out-of-bounds
// tensor loads produce); other NaNs propagate as usual.
constexpr uint16_t kHalfOutOfBoundsNan = 0x7fff;

// When fma.oob writes +0: one multiplicand is the out-of-bounds NaN and the
// other a finite nonzero number. An out-of-bounds addend, or one times zero or
// infinity, gives the canonical NaN as usual. Only f16 (what the PTX ISA
// describes; not measured): on bf16 and bf16x2 the H100's HFMA2.BF16_V2.OOB
// gave what the form without .oob gives for all 1,728 operand triples of 12
// values, 0x7fff among them, of tools/probes/fp_rules_probe.cu.
constexpr bool oob_gives_zero(FloatFormat f, uint16_t a, uint16_t b) {
  const auto finite_nonzero = [f](uint16_t x) {
    return !f.is_nan(x) && !f.is_infinity(x) && !f.is_zero(x);
  };
  return (a == kHalfOutOfBoundsNan && finite_nonzero(b)) ||
         (b == kHalfOutOfBoundsNan && finite_nonzero(a));
}
constexpr uint16_t kHalfSign = 0x8000;

// .ftz flushes a result that is tiny after rounding to the format's
// precision with an unbounded exponent, as f32's flush_if_tiny does
// (float_arith_f32.h); measured on an H100 (form sweep): mul.ftz.f16x2 of
// 2^-14 and 1 - 2^-11 gives +0 although it rounds to 2^-14. Only a rounded
// result of +-2^-14 can hide a tiny value.
constexpr uint64_t flush_tiny_half(FloatFormat f, uint64_t rounded, const ExactValue& exact) {
  const uint64_t min_normal = uint64_t{1} << f.fraction_bits;
  if ((rounded & f.magnitude_mask()) != min_normal || exact.kind != ValueClass::finite) {
    return rounded;
  }
  const FloatFormat wide{.exponent_bits = 11, .fraction_bits = f.fraction_bits, .has_infinity = true};
  const uint64_t r = round_to_format(wide, exact, Rounding::nearest_even);
  const int64_t unbiased = static_cast<int64_t>(wide.exponent_field(r)) - wide.bias();
  return unbiased < 1 - f.bias() ? rounded & f.sign_mask() : rounded;
}

constexpr uint16_t finish_half(HalfType t, uint64_t result, HalfOptions o) {
  const FloatFormat f = format_of(t);
  if (f.is_nan(result)) {
    return o.sat ? 0 : kHalfCanonicalNan;
  }
  if (o.ftz) result = flush_subnormal(f, result);
  if (o.relu && f.is_negative(result)) result = 0;
  if (o.sat) {
    if (f.is_negative(result)) return 0;
    const uint64_t one = uint64_t(f.bias()) << f.fraction_bits;
    if (result > one) result = one;
  }
  return static_cast<uint16_t>(result);
}

// Inputs that are NaN or infinite give a result whose class does not depend
// on rounding; this returns it, or nothing for finite operands.
constexpr bool special_half_sum(FloatFormat f, uint64_t x, bool x_negative, uint64_t y,
                                uint64_t& result) {
  const bool x_inf = f.is_infinity(x);
  const bool y_inf = f.is_infinity(y);
  if (f.is_nan(x) || f.is_nan(y)) {
    result = kHalfCanonicalNan;
    return true;
  }
  if (x_inf && y_inf) {
    result = x_negative == f.is_negative(y) ? x : kHalfCanonicalNan;
    return true;
  }
  if (x_inf || y_inf) {
    result = x_inf ? x : y;
    return true;
  }
  return false;
}

constexpr uint16_t add_half(HalfType t, uint16_t a, uint16_t b, HalfOptions o) {
  const FloatFormat f = format_of(t);
  if (o.ftz) {
    a = static_cast<uint16_t>(flush_subnormal(f, a));
    b = static_cast<uint16_t>(flush_subnormal(f, b));
  }
  uint64_t special = 0;
  if (special_half_sum(f, a, f.is_negative(a), b, special)) return finish_half(t, special, o);
  return finish_half(t, exact_add_bits(f, a, b, Rounding::nearest_even), o);
}

constexpr uint16_t sub_half(HalfType t, uint16_t a, uint16_t b, HalfOptions o) {
  if (format_of(t).is_nan(b)) return finish_half(t, kHalfCanonicalNan, o);
  return add_half(t, a, static_cast<uint16_t>(b ^ kHalfSign), o);
}

constexpr uint16_t mul_half(HalfType t, uint16_t a, uint16_t b, HalfOptions o) {
  const FloatFormat f = format_of(t);
  if (o.ftz) {
    a = static_cast<uint16_t>(flush_subnormal(f, a));
    b = static_cast<uint16_t>(flush_subnormal(f, b));
  }
  const bool negative = f.is_negative(a) != f.is_negative(b);
  if (f.is_nan(a) || f.is_nan(b)) return finish_half(t, kHalfCanonicalNan, o);
  if (f.is_infinity(a) || f.is_infinity(b)) {
    if (f.is_zero(a) || f.is_zero(b)) return finish_half(t, kHalfCanonicalNan, o);
    return finish_half(t, (negative ? f.sign_mask() : 0) | f.infinity(), o);
  }
  uint64_t result = exact_mul_bits(f, a, b, Rounding::nearest_even);
  if (o.ftz) result = flush_tiny_half(f, result, exact_multiply(unpack(f, a), unpack(f, b)));
  return finish_half(t, result, o);
}

constexpr uint16_t fma_half(HalfType t, uint16_t a, uint16_t b, uint16_t c, HalfOptions o) {
  const FloatFormat f = format_of(t);
  if (o.ftz) {
    a = static_cast<uint16_t>(flush_subnormal(f, a));
    b = static_cast<uint16_t>(flush_subnormal(f, b));
    c = static_cast<uint16_t>(flush_subnormal(f, c));
  }
  if (o.oob && t == HalfType::f16 && oob_gives_zero(f, a, b)) return 0;
  if (f.is_nan(a) || f.is_nan(b) || f.is_nan(c)) return finish_half(t, kHalfCanonicalNan, o);
  const bool product_negative = f.is_negative(a) != f.is_negative(b);
  if (f.is_infinity(a) || f.is_infinity(b)) {
    if (f.is_zero(a) || f.is_zero(b)) return finish_half(t, kHalfCanonicalNan, o);
    const uint64_t product = (product_negative ? f.sign_mask() : 0) | f.infinity();
    uint64_t special = 0;
    special_half_sum(f, product, product_negative, c, special);
    return finish_half(t, special, o);
  }
  if (f.is_infinity(c)) return finish_half(t, c, o);
  uint64_t result = exact_fma_bits(f, a, b, c, Rounding::nearest_even);
  if (o.ftz) {
    const ExactValue sum = exact_add(exact_multiply(unpack(f, a), unpack(f, b)), unpack(f, c));
    result = flush_tiny_half(f, result, sum);
  }
  return finish_half(t, result, o);
}

constexpr uint16_t min_max_half(HalfType t, uint16_t a, uint16_t b, bool want_max,
                                MinMaxOptions o) {
  return static_cast<uint16_t>(min_max_bits(format_of(t), a, b, want_max, o, kHalfCanonicalNan));
}

// neg/abs turn any NaN into the canonical NaN (measured on an H100).
constexpr uint16_t neg_half(HalfType t, uint16_t a, bool ftz) {
  const FloatFormat f = format_of(t);
  if (f.is_nan(a)) return kHalfCanonicalNan;
  if (ftz) a = static_cast<uint16_t>(flush_subnormal(f, a));
  return static_cast<uint16_t>(a ^ kHalfSign);
}

constexpr uint16_t abs_half(HalfType t, uint16_t a, bool ftz) {
  const FloatFormat f = format_of(t);
  if (f.is_nan(a)) return kHalfCanonicalNan;
  if (ftz) a = static_cast<uint16_t>(flush_subnormal(f, a));
  return static_cast<uint16_t>(a & ~kHalfSign);
}

// Applies a per-half operation to both halves of packed operands.
template <class Op>
constexpr uint32_t on_halves(uint32_t a, uint32_t b, uint32_t c, Op op) {
  const uint32_t lo =
      op(static_cast<uint16_t>(a), static_cast<uint16_t>(b), static_cast<uint16_t>(c));
  const uint32_t hi = op(static_cast<uint16_t>(a >> 16), static_cast<uint16_t>(b >> 16),
                         static_cast<uint16_t>(c >> 16));
  return (hi << 16) | (lo & 0xffffu);
}

}  // namespace smsim::isa::sem
