// f16 conversions and arithmetic against GCC's _Float16 (IEEE binary16,
// computed through float, which rounds correctly for +, -, *: float has
// more than 2*11+2 bits) and exhaustive sweeps of all 2^16 encodings.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <random>

#include "isa/semantics/convert_float.h"
#include "isa/semantics/convert_int.h"
#include "isa/semantics/half_arith.h"

namespace smsim::isa::sem {
namespace {

_Float16 half_from_bits(uint16_t bits) {
  return std::bit_cast<_Float16>(bits);
}
uint16_t bits_of_half(_Float16 h) {
  return std::bit_cast<uint16_t>(h);
}

constexpr uint32_t kAllHalves = 1u << 16;

TEST(HalfOracle, EveryF16ToF32IsExact) {
  for (uint32_t i = 0; i < kAllHalves; ++i) {
    const auto h = static_cast<uint16_t>(i);
    if (kF16.is_nan(h)) continue;  // NaN encodings follow the GPU, tested on device
    EXPECT_EQ(cvt_f32_from_f16(h, false), bits_of(static_cast<float>(half_from_bits(h)))) << i;
  }
}

TEST(HalfOracle, EveryF16RoundTripsThroughF32AndF64) {
  for (uint32_t i = 0; i < kAllHalves; ++i) {
    const auto h = static_cast<uint16_t>(i);
    if (kF16.is_nan(h)) continue;
    for (Rounding r : {Rounding::nearest_even, Rounding::toward_zero, Rounding::toward_negative,
                       Rounding::toward_positive}) {
      ASSERT_EQ(cvt_f16_from_f32(cvt_f32_from_f16(h, false), {.rounding = r}), h) << i;
      ASSERT_EQ(cvt_f16_from_f64(cvt_f64_from_f16(h), {.rounding = r}), h) << i;
    }
  }
}

TEST(HalfOracle, EveryF16NegAbsAndFtz) {
  for (uint32_t i = 0; i < kAllHalves; ++i) {
    const auto h = static_cast<uint16_t>(i);
    if (kF16.is_nan(h)) {
      EXPECT_EQ(neg_half(HalfType::f16, h, false), kHalfCanonicalNan);
      continue;
    }
    EXPECT_EQ(neg_half(HalfType::f16, h, false), bits_of_half(-half_from_bits(h)));
    const uint16_t flushed = kF16.is_subnormal(h) ? h & 0x8000 : h;
    EXPECT_EQ(abs_half(HalfType::f16, h, true), flushed & 0x7fff);
  }
}

TEST(HalfOracle, EveryF16ToIntegerMatchesLibm) {
  for (uint32_t i = 0; i < kAllHalves; ++i) {
    const auto h = static_cast<uint16_t>(i);
    const float x = static_cast<float>(half_from_bits(h));
    if (!std::isfinite(x)) continue;
    // |x| <= 65504 fits s32: no saturation involved.
    EXPECT_EQ(static_cast<int32_t>(
                  cvt_int_from_float(IntType::s32, kF16, h, Rounding::nearest_even, false)),
              static_cast<int32_t>(std::nearbyint(x)))
        << i;
    EXPECT_EQ(static_cast<int32_t>(
                  cvt_int_from_float(IntType::s32, kF16, h, Rounding::toward_negative, false)),
              static_cast<int32_t>(std::floor(x)))
        << i;
    EXPECT_EQ(static_cast<int32_t>(
                  cvt_int_from_float(IntType::s32, kF16, h, Rounding::toward_positive, false)),
              static_cast<int32_t>(std::ceil(x)))
        << i;
    EXPECT_EQ(static_cast<int32_t>(
                  cvt_int_from_float(IntType::s32, kF16, h, Rounding::toward_zero, false)),
              static_cast<int32_t>(std::trunc(x)))
        << i;
  }
}

// cvt.rni/rzi/rmi/rpi.f16.f16 and .bf16.bf16 (h2rint, hfloor, hceil,
// htrunc) on every encoding against libm's rounding of the value widened to
// float; every integral result is exact in the narrow format. NaNs become
// 0x7fff as in the fp16_half and bf16 goldens.
TEST(HalfOracle, EveryF16AndBf16RoundsToIntegralLikeLibm) {
  struct Mode {
    Rounding rounding;
    float (*reference)(float);
  };
  const Mode modes[] = {{Rounding::nearest_even, [](float x) { return std::nearbyint(x); }},
                        {Rounding::toward_zero, [](float x) { return std::trunc(x); }},
                        {Rounding::toward_negative, [](float x) { return std::floor(x); }},
                        {Rounding::toward_positive, [](float x) { return std::ceil(x); }}};
  for (uint32_t i = 0; i < kAllHalves; ++i) {
    const auto h = static_cast<uint16_t>(i);
    for (const Mode& m : modes) {
      const float x = static_cast<float>(half_from_bits(h));
      const uint16_t want =
          std::isnan(x) ? 0x7fff : bits_of_half(static_cast<_Float16>(m.reference(x)));
      ASSERT_EQ(round_to_integral(kF16, h, m.rounding, false), want) << "f16 " << i;
      const float y = std::bit_cast<float>(uint32_t{h} << 16);
      const uint16_t want_bf16 =
          std::isnan(y) ? 0x7fff
                        : static_cast<uint16_t>(std::bit_cast<uint32_t>(m.reference(y)) >> 16);
      ASSERT_EQ(round_to_integral(kBF16, h, m.rounding, false), want_bf16) << "bf16 " << i;
    }
  }
}

TEST(HalfOracle, F32ToF16MatchesFloat16Conversion) {
  std::mt19937_64 rng(3);
  for (int i = 0; i < 2000000; ++i) {
    auto bits = static_cast<uint32_t>(rng());
    if (i % 2 == 0) bits = (bits & 0x80ffffffu) | ((100 + (bits >> 24) % 50) << 23);  // f16 range
    if (is_nan_f32(bits)) continue;
    ASSERT_EQ(cvt_f16_from_f32(bits, {}), bits_of_half(static_cast<_Float16>(f32_from_bits(bits))))
        << std::hex << bits;
  }
}

TEST(HalfOracle, F16ArithmeticMatchesFloat16) {
  std::mt19937_64 rng(5);
  for (int i = 0; i < 2000000; ++i) {
    const auto a = static_cast<uint16_t>(rng());
    const auto b = static_cast<uint16_t>(rng());
    if (kF16.is_nan(a) || kF16.is_nan(b)) continue;
    const _Float16 x = half_from_bits(a), y = half_from_bits(b);
    const auto expect = [](_Float16 v) {
      const uint16_t r = bits_of_half(v);
      return kF16.is_nan(r) ? kHalfCanonicalNan : r;
    };
    ASSERT_EQ(add_half(HalfType::f16, a, b, {}), expect(x + y)) << std::hex << a << " " << b;
    ASSERT_EQ(sub_half(HalfType::f16, a, b, {}), expect(x - y)) << std::hex << a << " " << b;
    ASSERT_EQ(mul_half(HalfType::f16, a, b, {}), expect(x * y)) << std::hex << a << " " << b;
  }
}

TEST(HalfOracle, F16FmaMatchesDoubleEvaluation) {
  // With every operand below 2 in magnitude, a*b + c spans at most 50 bits
  // (down to 2^-48 for a product of subnormals), so the double evaluation is
  // exact and the cast to _Float16 is the only rounding.
  std::mt19937_64 rng(9);
  int checked = 0;
  for (int i = 0; i < 2000000; ++i) {
    const auto a = static_cast<uint16_t>(rng() & 0xbfff);  // exponent field < 16: |x| < 2
    const auto b = static_cast<uint16_t>(rng() & 0xbfff);
    const auto c = static_cast<uint16_t>(rng() & 0xbfff);
    const double exact =
        static_cast<double>(half_from_bits(a)) * static_cast<double>(half_from_bits(b)) +
        static_cast<double>(half_from_bits(c));
    ASSERT_EQ(fma_half(HalfType::f16, a, b, c, {}), bits_of_half(static_cast<_Float16>(exact)))
        << std::hex << a << " " << b << " " << c;
    ++checked;
  }
  EXPECT_GT(checked, 0);
}

}  // namespace
}  // namespace smsim::isa::sem
