// The engine's f32/f64 executors compute what isa/semantics defines
// (measured on an H100), not what the host FPU happens to give: the cases
// where the two differ, found through the conformance goldens.

#include <gtest/gtest.h>

#include <string>

#include "ptxas_rewrite_harness.h"

namespace smsim::func {
namespace {

using testing::PtxasRewriteHarness;

std::uint32_t run_f32(const std::string& instruction, std::uint32_t a, std::uint32_t b = 0) {
  PtxasRewriteHarness h("f32", instruction + " %r5, %r1" + (b != 0 ? ", %r2;" : ";") +
                                   "\nst.global.f32 [%rd2], %r5;");
  return h.run<std::uint32_t>(a, b, 0, 0)[0];
}

TEST(FloatSemantics, SaturatingANegativeZeroGivesPlusZero) {
  // -0 * 1 rounded up is -0; .sat clamps it to +0 (ptx_float_modifiers).
  EXPECT_EQ(run_f32("mul.rp.sat.f32", 0x80000000, 0x3f800000), 0U);
  EXPECT_EQ(run_f32("add.rz.ftz.sat.f32", 0x80000000, 0x80000000), 0U);
}

TEST(FloatSemantics, FtzFlushesResultsTinyBeforeRounding) {
  // (1 - 2^-24) * 2^-126 rounds to 2^-126 but is tiny: .ftz flushes it.
  EXPECT_EQ(run_f32("mul.rn.ftz.f32", 0x3f7fffff, 0x00800000), 0U);
  EXPECT_EQ(run_f32("mul.rn.f32", 0x3f7fffff, 0x00800000), 0x00800000U);
}

TEST(FloatSemantics, TestpNormalHoldsForZero) {
  PtxasRewriteHarness h("f32",
                        "testp.normal.f32 %p2, %r1;\n"
                        "selp.u32 %u2, 1, 0, %p2;\n"
                        "st.global.u32 [%rd2], %u2;");
  EXPECT_EQ(h.run<std::uint32_t>(0, 0, 0, 0)[0], 1U);
  EXPECT_EQ(h.run<std::uint32_t>(0x00000001, 0, 0, 0)[0], 0U);
}

// ptxas takes `testp.f32`/`testp.f64` with no test named; the H100 answers
// false for every f32 input (form sweep: zeros, subnormals, infinities, NaNs,
// normals) and true for f64 NaNs only.
TEST(FloatSemantics, TestpWithoutATestIsFalse) {
  PtxasRewriteHarness h("f32",
                        "testp.f32 %p2, %r1;\n"
                        "selp.u32 %u2, 1, 0, %p2;\n"
                        "st.global.u32 [%rd2], %u2;");
  for (std::uint32_t x : {0x00000000u, 0x3f800000u, 0x7f800000u, 0x7fc00000u, 0x00000001u}) {
    EXPECT_EQ(h.run<std::uint32_t>(x, 0, 0, 0)[0], 0U) << std::hex << x;
  }
  // testp.f64 without a test is true for NaNs only.
  PtxasRewriteHarness h64("f64",
                          "testp.f64 %p2, %r1;\n"
                          "selp.u32 %u2, 1, 0, %p2;\n"
                          "st.global.u32 [%rd2], %u2;");
  EXPECT_EQ(h64.run<std::uint64_t>(0x7ff0000000000001ull, 0, 0, 0)[0], 1U);
  EXPECT_EQ(h64.run<std::uint64_t>(0x7ff0000000000000ull, 0, 0, 0)[0], 0U);
  EXPECT_EQ(h64.run<std::uint64_t>(0x3ff0000000000000ull, 0, 0, 0)[0], 0U);
}

TEST(FloatSemantics, F64MinOfTwoNaNsKeepsAPayload) {
  // The host's fmin would give its default NaN.
  PtxasRewriteHarness h("f64",
                        "min.f64 %r5, %r1, %r2;\n"
                        "st.global.f64 [%rd2], %r5;");
  const std::uint64_t nan_a = 0x7ff0000000000001, nan_b = 0x7ff8000000000002;
  EXPECT_EQ(h.run<std::uint64_t>(nan_a, nan_b, 0, 0)[0] & 0x000fffffffffffff,
            0x0008000000000001U);
}

TEST(FloatSemantics, ApproximationsWithoutTablesFlushAndCanonicalise) {
  // ex2.approx.ftz of a subnormal is ex2(0) = 1; a NaN gives f32's canonical
  // NaN (the host's exp2 would keep the payload).
  EXPECT_EQ(run_f32("ex2.approx.ftz.f32", 0x00000001), 0x3f800000U);
  EXPECT_EQ(run_f32("lg2.approx.f32", 0x7fc00001), 0x7fffffffU);
  EXPECT_EQ(run_f32("sqrt.approx.f32", 0x40800000), 0x40000000U);
}

}  // namespace
}  // namespace smsim::func
