// Exhaustive sweeps of every 16-bit encoding through the f16/bf16 unary forms
// and conversions that oracle_half_test.cpp does not sweep, each against a
// reference written from the PTX definition with libm and GCC's _Float16,
// never through the engine's own rounding code:
// - cvt.{rni,rzi,rmi,rpi}.<every int>.{f16,bf16}: libm rounding of the exact
//   value, clamped to the destination range (PTX: float-to-integer
//   conversions saturate);
// - cvt.{rn,rz,rm,rp}.f16.{u16,s16}: GCC's round-to-nearest conversion,
//   moved one encoding when a directed mode needs the other neighbour;
// - neg/abs.bf16 (with and without .ftz) and cvt.f32.bf16.
// NaN inputs follow the GPU's encodings, which the device goldens check.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

#include "isa/semantics/convert_float.h"
#include "isa/semantics/convert_int.h"
#include "isa/semantics/half_arith.h"

namespace smsim::isa::sem {
namespace {

constexpr uint32_t kAllHalves = 1u << 16;

float f16_value(uint16_t h) {
  return static_cast<float>(std::bit_cast<_Float16>(h));
}
float bf16_value(uint16_t h) {
  return std::bit_cast<float>(uint32_t{h} << 16);
}

struct Mode {
  Rounding rounding;
  double (*round)(double);
};
const Mode kIntegerModes[] = {{Rounding::nearest_even, [](double x) { return std::nearbyint(x); }},
                              {Rounding::toward_zero, [](double x) { return std::trunc(x); }},
                              {Rounding::toward_negative, [](double x) { return std::floor(x); }},
                              {Rounding::toward_positive, [](double x) { return std::ceil(x); }}};

struct Range {
  IntType type;
  double min, max;  // as doubles: every bound is exact or the next power of two
  int bits;
};
const Range kRanges[] = {
    {IntType::s8, -128, 127, 8},
    {IntType::u8, 0, 255, 8},
    {IntType::s16, -32768, 32767, 16},
    {IntType::u16, 0, 65535, 16},
    {IntType::s32, -2147483648.0, 2147483647.0, 32},
    {IntType::u32, 0, 4294967295.0, 32},
    {IntType::s64, -0x1p63, 0x1p63, 64},  // max stands for 2^63 - 1
    {IntType::u64, 0, 0x1p64, 64},        // max stands for 2^64 - 1
};

// The clamped integer's bits in the destination width.
uint64_t reference_int(const Range& r, double rounded) {
  const uint64_t mask = r.bits == 64 ? ~uint64_t{0} : (uint64_t{1} << r.bits) - 1;
  if (rounded <= r.min) {
    return static_cast<uint64_t>(static_cast<int64_t>(r.min)) & mask;
  }
  if (rounded >= r.max) {
    if (r.type == IntType::s64) return uint64_t{0x7FFF'FFFF'FFFF'FFFF};
    if (r.type == IntType::u64) return ~uint64_t{0};
    return static_cast<uint64_t>(static_cast<int64_t>(r.max)) & mask;
  }
  // Unsigned values from 2^63 up do not fit int64_t.
  if (rounded >= 0) return static_cast<uint64_t>(rounded) & mask;
  return static_cast<uint64_t>(static_cast<int64_t>(rounded)) & mask;
}

void sweep_to_integers(FloatFormat format, float (*value)(uint16_t), const char* name) {
  for (uint32_t i = 0; i < kAllHalves; ++i) {
    const auto h = static_cast<uint16_t>(i);
    const double x = value(h);
    if (std::isnan(x)) continue;
    for (const Mode& m : kIntegerModes) {
      const double rounded = std::isinf(x) ? x : m.round(x);
      for (const Range& r : kRanges) {
        const uint64_t mask = r.bits == 64 ? ~uint64_t{0} : (uint64_t{1} << r.bits) - 1;
        ASSERT_EQ(cvt_int_from_float(r.type, format, h, m.rounding, false) & mask,
                  reference_int(r, rounded))
            << name << " 0x" << std::hex << i << " to int type " << static_cast<int>(r.type)
            << " mode " << static_cast<int>(m.rounding);
      }
    }
  }
}

TEST(HalfSweep, EveryF16ToEveryIntegerTypeAndRoundingSaturates) {
  sweep_to_integers(kF16, f16_value, "f16");
}

TEST(HalfSweep, EveryBf16ToEveryIntegerTypeAndRoundingSaturates) {
  sweep_to_integers(kBF16, bf16_value, "bf16");
}

// The f16 encoding one step away from zero (+1) or toward zero (-1) in
// magnitude; finite f16 encodings of one sign are ordered like integers.
uint16_t step_magnitude(uint16_t h, int direction) {
  return static_cast<uint16_t>((h & 0x8000) | ((h & 0x7FFF) + direction));
}

// Directed rounding of the exact integer n from the correctly rounded nearest.
uint16_t reference_f16_from_int(int64_t n, Rounding mode) {
  uint16_t h = std::bit_cast<uint16_t>(static_cast<_Float16>(static_cast<float>(n)));
  const double v = f16_value(h);
  const double exact = static_cast<double>(n);
  switch (mode) {
    case Rounding::toward_zero:
      if (std::fabs(v) > std::fabs(exact)) h = step_magnitude(h, -1);
      break;
    case Rounding::toward_negative:
      if (v > exact) h = step_magnitude(h, v > 0 ? -1 : +1);
      break;
    case Rounding::toward_positive:
      if (v < exact) h = step_magnitude(h, v >= 0 ? +1 : -1);
      break;
    default:
      break;
  }
  return h;
}

TEST(HalfSweep, EverySixteenBitIntegerToF16InEveryRounding) {
  for (uint32_t i = 0; i < kAllHalves; ++i) {
    for (const Mode& m : kIntegerModes) {
      ASSERT_EQ(cvt_float_from_int(kF16, IntType::u16, i, m.rounding),
                reference_f16_from_int(i, m.rounding))
          << "u16 " << i << " mode " << static_cast<int>(m.rounding);
      const auto s = static_cast<int16_t>(i);
      ASSERT_EQ(cvt_float_from_int(kF16, IntType::s16, i, m.rounding),
                reference_f16_from_int(s, m.rounding))
          << "s16 " << s << " mode " << static_cast<int>(m.rounding);
    }
  }
  // Spot checks of the reference itself: 65535 overflows to +inf only when
  // rounding up or to nearest; 2049 is a tie between 2048 and 2050.
  EXPECT_EQ(reference_f16_from_int(65535, Rounding::toward_zero), 0x7BFF);
  EXPECT_EQ(reference_f16_from_int(65535, Rounding::nearest_even), 0x7C00);
  EXPECT_EQ(reference_f16_from_int(65505, Rounding::toward_positive), 0x7C00);
  EXPECT_EQ(reference_f16_from_int(2049, Rounding::nearest_even), 0x6800);  // 2048
  EXPECT_EQ(reference_f16_from_int(2049, Rounding::toward_positive), 0x6801);  // 2050
  EXPECT_EQ(reference_f16_from_int(-2049, Rounding::toward_negative), 0xE801);  // -2050
}

TEST(HalfSweep, EveryBf16NegAbsAndWidening) {
  for (uint32_t i = 0; i < kAllHalves; ++i) {
    const auto h = static_cast<uint16_t>(i);
    const float x = bf16_value(h);
    if (std::isnan(x)) continue;
    const auto bits_of = [](float f) { return static_cast<uint16_t>(std::bit_cast<uint32_t>(f) >> 16); };
    ASSERT_EQ(neg_half(HalfType::bf16, h, false), bits_of(-x)) << i;
    ASSERT_EQ(abs_half(HalfType::bf16, h, false), bits_of(std::fabs(x))) << i;
    // .ftz: a subnormal becomes a zero of its sign first.
    const float flushed = std::fpclassify(x) == FP_SUBNORMAL ? std::copysign(0.0f, x) : x;
    ASSERT_EQ(neg_half(HalfType::bf16, h, true), bits_of(-flushed)) << i;
    ASSERT_EQ(abs_half(HalfType::bf16, h, true), bits_of(std::fabs(flushed))) << i;
    ASSERT_EQ(cvt_f32_from_bf16(h), std::bit_cast<uint32_t>(x)) << i;
  }
}

}  // namespace
}  // namespace smsim::isa::sem
