// The build must never fuse a * b + c into one fused multiply-add: the
// semantics compute the GPU's separately rounded products and sums in plain
// C++ (CMakeLists.txt passes -ffp-contract=off). A function compiled for an
// FMA-capable target shows whether the compiler would fuse it here.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

namespace smsim::isa::sem {
namespace {

#if defined(__x86_64__) && defined(__GNUC__)
__attribute__((target("fma"), noinline)) float mul_add_on_fma_target(float a, float b, float c) {
  return a * b + c;
}
__attribute__((target("fma"), noinline)) double mul_add_on_fma_target(double a, double b, double c) {
  return a * b + c;
}

TEST(NoContraction, MulThenAddRoundsTwiceOnAnFmaTarget) {
  __builtin_cpu_init();
  if (__builtin_cpu_supports("fma") == 0) GTEST_SKIP() << "the host has no FMA";
  // (1 + 2^-12)^2 - 1: the product's 2^-24 term is lost when it is rounded
  // to f32 before the add, and kept by a fused multiply-add.
  volatile float a = 1.0f + 0x1p-12f, c = -1.0f;
  EXPECT_EQ(mul_add_on_fma_target(a, a, c), 0x1p-11f);
  EXPECT_EQ(std::fma(static_cast<float>(a), static_cast<float>(a), static_cast<float>(c)),
            0x1p-11f + 0x1p-24f);
  volatile double d = 1.0 + 0x1p-30, e = -1.0;
  EXPECT_EQ(mul_add_on_fma_target(d, d, e), 0x1p-29);
}
#endif

}  // namespace
}  // namespace smsim::isa::sem
