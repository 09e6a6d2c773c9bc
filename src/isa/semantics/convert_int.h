// cvt between integers and floats, and between integer widths.
//
// Float -> integer rounds in the given direction (.rni/.rzi/.rmi/.rpi), then
// saturates to the destination range. Integer -> float rounds once in the
// given mode.
#pragma once

#include <cstdint>

#include "isa/semantics/exact_value.h"
#include "isa/semantics/float_format.h"
#include "isa/semantics/gpu_nan.h"

namespace smsim::isa::sem {

enum class IntType : uint8_t { s8, u8, s16, u16, s32, u32, s64, u64 };

constexpr int width_of(IntType t) {
  switch (t) {
    case IntType::s8:
    case IntType::u8:
      return 8;
    case IntType::s16:
    case IntType::u16:
      return 16;
    case IntType::s32:
    case IntType::u32:
      return 32;
    case IntType::s64:
    case IntType::u64:
      return 64;
  }
  return 64;
}
constexpr bool is_signed(IntType t) {
  return t == IntType::s8 || t == IntType::s16 || t == IntType::s32 || t == IntType::s64;
}
constexpr uint64_t max_magnitude_of(IntType t) {
  const int w = width_of(t) - (is_signed(t) ? 1 : 0);
  return w == 64 ? ~uint64_t{0} : (uint64_t{1} << w) - 1;
}

// Clamps a sign-magnitude integer (magnitude possibly huge) to the type and
// returns its two's-complement bits, truncated to the type's width.
constexpr uint64_t saturate_integer(IntType t, bool negative, uint128_t magnitude) {
  const int w = width_of(t);
  const uint64_t mask = w == 64 ? ~uint64_t{0} : (uint64_t{1} << w) - 1;
  if (negative && magnitude != 0) {
    if (!is_signed(t)) return 0;
    const uint128_t limit = uint128_t{1} << (w - 1);
    const uint128_t m = magnitude > limit ? limit : magnitude;
    return static_cast<uint64_t>(0 - m) & mask;
  }
  const uint64_t limit = max_magnitude_of(t);
  return magnitude > limit ? limit : static_cast<uint64_t>(magnitude);
}

// Rounds a finite value to an integer magnitude in the given direction;
// magnitudes of 2^100 and above come back as 2^100 (every destination
// saturates well below that).
constexpr uint128_t round_to_integer_magnitude(const ExactValue& v, Rounding mode) {
  if (v.kind != ValueClass::finite) return 0;
  constexpr int kCap = 100;
  if (v.exponent >= 0) {
    if (highest_bit(v.significand) + v.exponent >= kCap) return uint128_t{1} << kCap;
    return v.significand << v.exponent;
  }
  const int drop = -v.exponent;
  if (drop > 127) return rounds_up(mode, v.negative, false, 1, uint128_t{1} << 126) ? 1 : 0;
  uint128_t kept = v.significand >> drop;
  const uint128_t rest = v.significand & ((uint128_t{1} << drop) - 1);
  if (rounds_up(mode, v.negative, (kept & 1) != 0, rest, uint128_t{1} << (drop - 1))) ++kept;
  return kept;
}

// NaN -> integer, measured on an H100: 0 when both source and destination
// are at most 32 bits wide (the PTX ISA's rule); from an f64 source or into a
// 64-bit destination the hardware writes the sign-bit pattern 1 << (w - 1),
// for unsigned destinations too.
constexpr uint64_t nan_to_integer(IntType to, FloatFormat from) {
  if (from.total_bits() <= 32 && width_of(to) <= 32) return 0;
  return uint64_t{1} << (width_of(to) - 1);
}

// cvt.{rni,rzi,rmi,rpi}{.ftz}.<int>.<float>: the result bits, truncated to the
// destination width.
constexpr uint64_t cvt_int_from_float(IntType to, FloatFormat from, uint64_t bits, Rounding mode,
                                      bool ftz) {
  if (ftz) bits = flush_subnormal(from, bits);
  const ExactValue v = unpack(from, bits);
  switch (v.kind) {
    case ValueClass::nan:
      return nan_to_integer(to, from);
    case ValueClass::zero:
      return 0;
    case ValueClass::infinity:
      return saturate_integer(to, v.negative, uint128_t{1} << 100);
    case ValueClass::finite:
      break;
  }
  return saturate_integer(to, v.negative, round_to_integer_magnitude(v, mode));
}

// Sign-magnitude view of an integer register value of type `t`.
constexpr ExactValue exact_from_int(IntType t, uint64_t bits) {
  const int w = width_of(t);
  const uint64_t mask = w == 64 ? ~uint64_t{0} : (uint64_t{1} << w) - 1;
  bits &= mask;
  const bool negative = is_signed(t) && ((bits >> (w - 1)) & 1) != 0;
  const uint64_t magnitude = negative ? (0 - bits) & mask : bits;
  return exact_from_integer(negative, magnitude);
}

// cvt.{rn,rz,rm,rp}.<float>.<int>.
constexpr uint64_t cvt_float_from_int(FloatFormat to, IntType from, uint64_t bits, Rounding mode) {
  const ExactValue v = exact_from_int(from, bits);
  if (v.kind == ValueClass::zero) return 0;
  return round_to_format(to, v, mode);
}

// cvt{.sat}.<int>.<int>: without .sat the value is truncated to the
// destination width and then extended by the destination's signedness to
// the register width `register_bits` (32 for 8/16-bit destinations).
constexpr uint64_t cvt_int_from_int(IntType to, IntType from, uint64_t bits, bool sat,
                                    int register_bits) {
  const ExactValue v = exact_from_int(from, bits);
  const int w = width_of(to);
  const uint64_t register_mask =
      register_bits == 64 ? ~uint64_t{0} : (uint64_t{1} << register_bits) - 1;
  uint64_t narrow = sat ? saturate_integer(to, v.negative, v.significand)
                        : (v.negative ? 0 - static_cast<uint64_t>(v.significand)
                                      : static_cast<uint64_t>(v.significand));
  if (w < 64) {
    narrow &= (uint64_t{1} << w) - 1;
    if (is_signed(to) && ((narrow >> (w - 1)) & 1) != 0) narrow |= ~((uint64_t{1} << w) - 1);
  }
  return narrow & register_mask;
}

// cvt.pack.sat: a and b (s32) saturated to `width`-bit fields, b in the
// lowest and a just above it; for widths below 16 the low bits of c fill the
// rest of the word (d = c << 2*width | a' << width | b').
constexpr uint32_t cvt_pack_sat(int width, bool is_signed, uint32_t a, uint32_t b, uint32_t c) {
  const auto field = [width, is_signed](uint32_t x) {
    const int64_t v = static_cast<int32_t>(x);
    const int64_t high = is_signed ? (int64_t{1} << (width - 1)) - 1 : (int64_t{1} << width) - 1;
    const int64_t low = is_signed ? -(int64_t{1} << (width - 1)) : 0;
    const int64_t clamped = v < low ? low : v > high ? high : v;
    return static_cast<uint32_t>(clamped) & ((uint32_t{1} << width) - 1);
  };
  const uint32_t packed = field(a) << width | field(b);
  return 2 * width >= 32 ? packed : c << (2 * width) | packed;
}

// cvt.pack.sat.{s16,u16}.s32 d, a, b: a saturated into the upper half, b into
// the lower.
constexpr uint32_t cvt_pack_sat_16(IntType to, uint32_t a, uint32_t b) {
  return cvt_pack_sat(16, is_signed(to), a, b, 0);
}

// cvt.pack.sat.{s8,u8}.s32.b32 d, a, b, c: a and b saturated to bytes 1 and 0,
// above them the low half of c shifted up by 16.
constexpr uint32_t cvt_pack_sat_8(IntType to, uint32_t a, uint32_t b, uint32_t c) {
  return cvt_pack_sat(8, is_signed(to), a, b, c);
}

// cvt.{rni,rzi,rmi,rpi}{.ftz}.X.X for f16, bf16, f32, f64: round to an
// integral value, staying in the format. Zeros keep the input's sign. A NaN
// becomes the format's canonical NaN (0x7fffffff, 0x7fff), or for f64 the
// input quieted (measured on an H100; f16/bf16 from the fp16_half and bf16
// goldens, whose NaN inputs give 0x7fff).
constexpr uint64_t round_to_integral(FloatFormat format, uint64_t bits, Rounding mode, bool ftz) {
  if (ftz) bits = flush_subnormal(format, bits);
  const ExactValue v = unpack(format, bits);
  if (v.kind == ValueClass::nan) {
    const uint64_t quiet = uint64_t{1} << (format.fraction_bits - 1);
    if (format.total_bits() == 64) return bits | quiet;
    return format.total_bits() == 32 ? uint64_t{kCanonicalNanF32} : uint64_t{kCanonicalNanF16};
  }
  if (v.kind != ValueClass::finite || v.exponent >= 0) return bits;
  const uint128_t magnitude = round_to_integer_magnitude(v, mode);
  if (magnitude == 0) return bits & format.sign_mask();
  return round_to_format(format, exact_from_integer(v.negative, static_cast<uint64_t>(magnitude)),
                         Rounding::nearest_even);
}

}  // namespace smsim::isa::sem
