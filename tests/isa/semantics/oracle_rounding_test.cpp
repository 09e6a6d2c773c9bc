// Directed rounding checked against an independent oracle: the host FPU
// switched with fesetround (and glibc's fma and sqrt, which honour it).
#include <gtest/gtest.h>

#include <cfenv>
#include <cmath>
#include <cstdint>
#include <random>

#include "isa/semantics/float_arith_f32.h"
#include "isa/semantics/float_arith_f64.h"
#include "isa/semantics/float_div_sqrt.h"

namespace smsim::isa::sem {
namespace {

struct ModePair {
  Rounding mode;
  int fenv;
};
constexpr ModePair kModes[] = {{Rounding::nearest_even, FE_TONEAREST},
                               {Rounding::toward_zero, FE_TOWARDZERO},
                               {Rounding::toward_negative, FE_DOWNWARD},
                               {Rounding::toward_positive, FE_UPWARD}};

// Restores round-to-nearest even when an assertion leaves the test early.
struct ScopedRounding {
  explicit ScopedRounding(int mode) { std::fesetround(mode); }
  ~ScopedRounding() { std::fesetround(FE_TONEAREST); }
};

// Random finite operands with exponents close enough to interact, plus
// subnormal and huge ones for underflow and overflow.
uint32_t random_f32(std::mt19937_64& rng) {
  const uint64_t r = rng();
  const uint32_t sign = static_cast<uint32_t>(r >> 63) << 31;
  const uint32_t fraction = static_cast<uint32_t>(r) & 0x7fffff;
  uint32_t exponent = 0;
  switch ((r >> 32) & 3) {
    case 0:
      exponent = (r >> 40) % 4;
      break;
    case 1:
      exponent = 250 + (r >> 40) % 5;
      break;
    default:
      exponent = 100 + (r >> 40) % 56;
      break;
  }
  return sign | (exponent << 23) | fraction;
}

uint64_t random_f64(std::mt19937_64& rng) {
  const uint64_t r = rng();
  const uint64_t sign = (r >> 63) << 63;
  const uint64_t fraction = rng() & 0xfffffffffffffull;
  uint64_t exponent = 0;
  switch ((r >> 32) & 3) {
    case 0:
      exponent = (r >> 40) % 4;
      break;
    case 1:
      exponent = 2042 + (r >> 40) % 5;
      break;
    default:
      exponent = 960 + (r >> 40) % 128;
      break;
  }
  return sign | (exponent << 52) | fraction;
}

constexpr int kSamples = 200000;

TEST(DirectedRoundingOracle, F32AddMulFmaDivSqrtMatchHostFpu) {
  std::mt19937_64 rng(7);
  for (int i = 0; i < kSamples; ++i) {
    const uint32_t a = random_f32(rng);
    uint32_t b = random_f32(rng);
    if (i % 5 == 0) b = (a ^ 0x80000000u) + static_cast<uint32_t>(rng() % 9) - 4;  // cancellation
    const uint32_t c = random_f32(rng);
    for (const auto& m : kModes) {
      volatile float va = f32_from_bits(a), vb = f32_from_bits(b), vc = f32_from_bits(c);
      float sum = 0, product = 0, fused = 0, quotient = 0, root = 0;
      {
        ScopedRounding scope(m.fenv);
        sum = va + vb;
        product = va * vb;
        fused = std::fma(static_cast<float>(va), static_cast<float>(vb), static_cast<float>(vc));
        quotient = va / vb;
        root = std::sqrt(std::fabs(static_cast<float>(va)));
      }
      ASSERT_EQ(add_f32(a, b, m.mode, false, false), bits_of(sum)) << std::hex << a << " " << b;
      ASSERT_EQ(mul_f32(a, b, m.mode, false, false), bits_of(product)) << std::hex << a << " " << b;
      ASSERT_EQ(fma_f32(a, b, c, m.mode, false, false), bits_of(fused))
          << std::hex << a << " " << b << " " << c;
      ASSERT_EQ(div_f32(a, b, m.mode, false), bits_of(quotient)) << std::hex << a << " " << b;
      ASSERT_EQ(sqrt_f32(a & 0x7fffffffu, m.mode, false), bits_of(root)) << std::hex << a;
    }
  }
}

TEST(DirectedRoundingOracle, F64AddMulFmaDivSqrtMatchHostFpu) {
  std::mt19937_64 rng(11);
  for (int i = 0; i < kSamples; ++i) {
    const uint64_t a = random_f64(rng);
    uint64_t b = random_f64(rng);
    if (i % 5 == 0) b = (a ^ kSignF64) + rng() % 9 - 4;
    uint64_t c = random_f64(rng);
    // fma cancellation: c close to -a*b.
    if (i % 7 == 0) c = bits_of(-(f64_from_bits(a) * f64_from_bits(b))) + rng() % 5 - 2;
    for (const auto& m : kModes) {
      volatile double va = f64_from_bits(a), vb = f64_from_bits(b), vc = f64_from_bits(c);
      double sum = 0, product = 0, fused = 0, quotient = 0, root = 0;
      {
        ScopedRounding scope(m.fenv);
        sum = va + vb;
        product = va * vb;
        fused = std::fma(static_cast<double>(va), static_cast<double>(vb), static_cast<double>(vc));
        quotient = va / vb;
        root = std::sqrt(std::fabs(static_cast<double>(va)));
      }
      if (std::isnan(fused)) continue;  // c became NaN through the cancellation offset
      ASSERT_EQ(add_f64(a, b, m.mode), bits_of(sum)) << std::hex << a << " " << b;
      ASSERT_EQ(mul_f64(a, b, m.mode), bits_of(product)) << std::hex << a << " " << b;
      ASSERT_EQ(fma_f64(a, b, c, m.mode), bits_of(fused)) << std::hex << a << " " << b << " " << c;
      ASSERT_EQ(div_f64(a, b, m.mode), bits_of(quotient)) << std::hex << a << " " << b;
      ASSERT_EQ(sqrt_f64(a & ~kSignF64, m.mode), bits_of(root)) << std::hex << a;
    }
  }
}

// Hand-computed corner cases of the exact engine.
TEST(DirectedRounding, HandComputedCorners) {
  constexpr uint32_t kMaxF32 = 0x7f7fffff, kInfF32 = 0x7f800000;
  // MAX + MAX overflows: infinity except toward zero / away from the sign.
  EXPECT_EQ(add_f32(kMaxF32, kMaxF32, Rounding::toward_zero, false, false), kMaxF32);
  EXPECT_EQ(add_f32(kMaxF32, kMaxF32, Rounding::toward_negative, false, false), kMaxF32);
  EXPECT_EQ(add_f32(kMaxF32, kMaxF32, Rounding::toward_positive, false, false), kInfF32);
  // 1 + 2^-30: toward +inf gives the next float above 1.
  EXPECT_EQ(add_f32(kOneF32, 0x30800000, Rounding::toward_positive, false, false), 0x3f800001u);
  EXPECT_EQ(add_f32(kOneF32, 0x30800000, Rounding::toward_zero, false, false), kOneF32);
  // x - x is +0, or -0 when rounding down.
  EXPECT_EQ(sub_f32(kOneF32, kOneF32, Rounding::toward_negative, false, false), 0x80000000u);
  EXPECT_EQ(sub_f32(kOneF32, kOneF32, Rounding::toward_positive, false, false), 0u);
  // Smallest subnormal squared: 0, or the smallest subnormal rounding up.
  EXPECT_EQ(mul_f32(1, 1, Rounding::toward_positive, false, false), 1u);
  EXPECT_EQ(mul_f32(1, 1, Rounding::toward_zero, false, false), 0u);
  // fma(1, 1, -2^-149): the tiny addend decides the direction.
  EXPECT_EQ(fma_f32(kOneF32, kOneF32, 0x80000001, Rounding::toward_zero, false, false),
            0x3f7fffffu);
  EXPECT_EQ(fma_f32(kOneF32, kOneF32, 0x80000001, Rounding::nearest_even, false, false), kOneF32);
  // 1/3 in f64: nearest is below the exact value, so toward +inf steps up.
  const uint64_t third = bits_of(1.0 / 3.0);
  EXPECT_EQ(div_f64(bits_of(1.0), bits_of(3.0), Rounding::toward_positive), third + 1);
  EXPECT_EQ(div_f64(bits_of(1.0), bits_of(3.0), Rounding::toward_zero), third);
}

}  // namespace
}  // namespace smsim::isa::sem
