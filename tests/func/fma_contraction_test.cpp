// ptxas's mul+add contraction reproduced at load time (func/load/
// fma_contraction.h): each test is one rule measured with ptxas 13 on sm_90
// (docs/ptxas-rewrites.md gives the probe and the SASS it produced).

#include <gtest/gtest.h>

#include "ptxas_rewrite_harness.h"

namespace smsim::func {
namespace {

using isa::Opcode;
using testing::PtxasRewriteHarness;

// a = b = 1 + 2^-12 and c = -(1 + 2^-11): a*b + c is 2^-24 when fused and 0
// when the product is rounded first.
constexpr std::uint32_t kA = 0x3f800800, kC = 0xbf801000;
constexpr std::uint32_t kFused = 0x33800000, kUnfused = 0;
constexpr std::uint32_t kOne = 0x3f800000;

TEST(FmaContraction, SingleUseMulAddBecomesOneFmaOnTheAddsLine) {
  PtxasRewriteHarness h("f32",
                        "mul.f32 %r5, %r1, %r2;\n"
                        "add.f32 %r6, %r5, %r3;\n"
                        "st.global.f32 [%rd2], %r6;");
  EXPECT_EQ(h.count(Opcode::Fma), 1U);
  EXPECT_EQ(h.first(Opcode::Fma).ptx_line, PtxasRewriteHarness::kBodyLine + 1);
  EXPECT_EQ(h.run<std::uint32_t>(kA, kA, kC, 0)[0], kFused);
}

TEST(FmaContraction, OffRunsThePtxAsWritten) {
  PtxasRewriteHarness h("f32",
                        "mul.f32 %r5, %r1, %r2;\n"
                        "add.f32 %r6, %r5, %r3;\n"
                        "st.global.f32 [%rd2], %r6;",
                        /*contraction=*/false);
  EXPECT_EQ(h.count(Opcode::Fma), 0U);
  EXPECT_EQ(h.run<std::uint32_t>(kA, kA, kC, 0)[0], kUnfused);
}

TEST(FmaContraction, AddendFirstIsContractedToo) {
  PtxasRewriteHarness h("f32",
                        "mul.f32 %r5, %r1, %r2;\n"
                        "add.f32 %r6, %r3, %r5;\n"
                        "st.global.f32 [%rd2], %r6;");
  EXPECT_EQ(h.run<std::uint32_t>(kA, kA, kC, 0)[0], kFused);
}

TEST(FmaContraction, AProductAlsoStoredIsNotContracted) {
  PtxasRewriteHarness h("f32",
                        "mul.f32 %r5, %r1, %r2;\n"
                        "add.f32 %r6, %r5, %r3;\n"
                        "st.global.f32 [%rd2], %r6;\n"
                        "st.global.f32 [%rd2+4], %r5;");
  EXPECT_EQ(h.count(Opcode::Fma), 0U);
  EXPECT_EQ(h.run<std::uint32_t>(kA, kA, kC, 0)[0], kUnfused);
}

TEST(FmaContraction, AProductAlsoMultipliedIsNotContracted) {
  PtxasRewriteHarness h("f32",
                        "mul.f32 %r5, %r1, %r2;\n"
                        "add.f32 %r6, %r5, %r3;\n"
                        "mul.f32 %r7, %r5, %r4;\n"
                        "st.global.f32 [%rd2], %r6;\n"
                        "st.global.f32 [%rd2+4], %r7;");
  EXPECT_EQ(h.count(Opcode::Fma), 0U);
}

TEST(FmaContraction, AProductReadByTwoAddsIsContractedIntoBoth) {
  PtxasRewriteHarness h("f32",
                        "mul.f32 %r5, %r1, %r2;\n"
                        "add.f32 %r6, %r5, %r3;\n"
                        "add.f32 %r7, %r5, %r4;\n"
                        "st.global.f32 [%rd2], %r6;\n"
                        "st.global.f32 [%rd2+4], %r7;");
  EXPECT_EQ(h.count(Opcode::Fma), 2U);
  const auto v = h.run<std::uint32_t>(kA, kA, kC, kC);
  EXPECT_EQ(v[0], kFused);
  EXPECT_EQ(v[1], kFused);
}

TEST(FmaContraction, ProductPlusItselfIsNotContracted) {
  PtxasRewriteHarness h("f32",
                        "mul.f32 %r5, %r1, %r2;\n"
                        "add.f32 %r7, %r5, %r5;\n"
                        "st.global.f32 [%rd2], %r7;");
  EXPECT_EQ(h.count(Opcode::Fma), 0U);
}

TEST(FmaContraction, SubtractingAProductNegatesTheProduct) {
  PtxasRewriteHarness h("f32",
                        "mul.f32 %r5, %r1, %r2;\n"
                        "sub.f32 %r6, %r3, %r5;\n"
                        "st.global.f32 [%rd2], %r6;");
  ASSERT_EQ(h.count(Opcode::Fma), 1U);
  EXPECT_TRUE(h.first(Opcode::Fma).has(kNegSrc0));
  EXPECT_FALSE(h.first(Opcode::Fma).has(kNegSrc2));
  // -(1+2^-11) - (1+2^-12)(-(1+2^-12)) = 2^-24 fused.
  EXPECT_EQ(h.run<std::uint32_t>(kA, kA ^ 0x80000000, kC, 0)[0], kFused);
}

TEST(FmaContraction, SubtractingFromAProductNegatesTheAddend) {
  PtxasRewriteHarness h("f32",
                        "mul.f32 %r5, %r1, %r2;\n"
                        "sub.f32 %r6, %r5, %r3;\n"
                        "st.global.f32 [%rd2], %r6;");
  ASSERT_EQ(h.count(Opcode::Fma), 1U);
  EXPECT_FALSE(h.first(Opcode::Fma).has(kNegSrc0));
  EXPECT_TRUE(h.first(Opcode::Fma).has(kNegSrc2));
  EXPECT_EQ(h.run<std::uint32_t>(kA, kA, kC ^ 0x80000000, 0)[0], kFused);
}

TEST(FmaContraction, ANegatedProductIsContractedThroughTheNeg) {
  PtxasRewriteHarness h("f32",
                        "mul.f32 %r5, %r1, %r2;\n"
                        "neg.f32 %r7, %r5;\n"
                        "add.f32 %r6, %r7, %r3;\n"
                        "st.global.f32 [%rd2], %r6;");
  ASSERT_EQ(h.count(Opcode::Fma), 1U);
  EXPECT_TRUE(h.first(Opcode::Fma).has(kNegSrc0));
  EXPECT_EQ(h.run<std::uint32_t>(kA, kA ^ 0x80000000, kC, 0)[0], kFused);
}

TEST(FmaContraction, ANegatedProductAlsoStoredIsNotContracted) {
  PtxasRewriteHarness h("f32",
                        "mul.f32 %r5, %r1, %r2;\n"
                        "neg.f32 %r7, %r5;\n"
                        "add.f32 %r6, %r7, %r3;\n"
                        "st.global.f32 [%rd2], %r6;\n"
                        "st.global.f32 [%rd2+4], %r7;");
  EXPECT_EQ(h.count(Opcode::Fma), 0U);
}

TEST(FmaContraction, OfTwoProductsTheFirstOperandsIsContracted) {
  // add(c*d, a*b) contracts c*d, its first operand. c = d = 1 + 2^-12, whose
  // square rounds; a*b = -(1 + 2^-11) is exact.
  PtxasRewriteHarness h("f32",
                        "mul.f32 %r5, %r1, %r2;\n"
                        "mul.f32 %r6, %r3, %r4;\n"
                        "add.f32 %r7, %r6, %r5;\n"
                        "st.global.f32 [%rd2], %r7;");
  ASSERT_EQ(h.count(Opcode::Fma), 1U);
  // fma(c, d, a*b) with a*b = -(1 + 2^-11) exactly: 2^-24.
  EXPECT_EQ(h.run<std::uint32_t>(kC, kOne, kA, kA)[0], kFused);
}

TEST(FmaContraction, TheSecondProductIsTakenWhenTheFirstIsReadElsewhere) {
  PtxasRewriteHarness h("f32",
                        "mul.f32 %r5, %r1, %r2;\n"
                        "mul.f32 %r6, %r3, %r4;\n"
                        "add.f32 %r7, %r5, %r6;\n"
                        "st.global.f32 [%rd2], %r7;\n"
                        "st.global.f32 [%rd2+4], %r5;");
  ASSERT_EQ(h.count(Opcode::Fma), 1U);
  EXPECT_EQ(h.run<std::uint32_t>(kC, kOne, kA, kA)[0], kFused);
}

TEST(FmaContraction, RoundingModifiersAreNeverContracted) {
  for (const char* body : {"mul.rn.f32 %r5, %r1, %r2;\nadd.f32 %r6, %r5, %r3;",
                           "mul.f32 %r5, %r1, %r2;\nadd.rn.f32 %r6, %r5, %r3;",
                           "mul.rz.f32 %r5, %r1, %r2;\nadd.f32 %r6, %r5, %r3;",
                           "mul.f32 %r5, %r1, %r2;\nadd.rz.f32 %r6, %r5, %r3;"}) {
    PtxasRewriteHarness h("f32", std::string(body) + "\nst.global.f32 [%rd2], %r6;");
    EXPECT_EQ(h.count(Opcode::Fma), 0U) << body;
  }
}

TEST(FmaContraction, FtzMustMatch) {
  for (const char* body : {"mul.ftz.f32 %r5, %r1, %r2;\nadd.f32 %r6, %r5, %r3;",
                           "mul.f32 %r5, %r1, %r2;\nadd.ftz.f32 %r6, %r5, %r3;"}) {
    PtxasRewriteHarness h("f32", std::string(body) + "\nst.global.f32 [%rd2], %r6;");
    EXPECT_EQ(h.count(Opcode::Fma), 0U) << body;
  }
  PtxasRewriteHarness both("f32",
                           "mul.ftz.f32 %r5, %r1, %r2;\nadd.ftz.f32 %r6, %r5, %r3;\n"
                           "st.global.f32 [%rd2], %r6;");
  ASSERT_EQ(both.count(Opcode::Fma), 1U);
  EXPECT_TRUE(both.first(Opcode::Fma).has(kFtz));
}

TEST(FmaContraction, SatOnTheAddStaysOnTheFmaSatOnTheMulBlocks) {
  PtxasRewriteHarness add_sat("f32",
                              "mul.f32 %r5, %r1, %r2;\nadd.sat.f32 %r6, %r5, %r3;\n"
                              "st.global.f32 [%rd2], %r6;");
  ASSERT_EQ(add_sat.count(Opcode::Fma), 1U);
  EXPECT_TRUE(add_sat.first(Opcode::Fma).has(kSat));
  PtxasRewriteHarness mul_sat("f32",
                              "mul.sat.f32 %r5, %r1, %r2;\nadd.f32 %r6, %r5, %r3;\n"
                              "st.global.f32 [%rd2], %r6;");
  EXPECT_EQ(mul_sat.count(Opcode::Fma), 0U);
}

TEST(FmaContraction, AGuardedRewriteOfTheProductRegisterBlocks) {
  // Where the guard is false the register keeps the product: a second read.
  PtxasRewriteHarness h("f32",
                        "mul.f32 %r5, %r1, %r2;\n"
                        "@%p1 add.f32 %r5, %r5, %r3;\n"
                        "st.global.f32 [%rd2], %r5;");
  EXPECT_EQ(h.count(Opcode::Fma), 0U);
}

TEST(FmaContraction, AnAddReadingAPhiOfTheProductIsNotContracted) {
  PtxasRewriteHarness h("f32",
                        "mul.f32 %r5, %r1, %r2;\n"
                        "@%p1 bra L1;\n"
                        "mul.f32 %r5, %r3, %r4;\n"
                        "L1: add.f32 %r6, %r5, %r3;\n"
                        "st.global.f32 [%rd2], %r6;");
  EXPECT_EQ(h.count(Opcode::Fma), 0U);
}

TEST(FmaContraction, AcrossBasicBlocks) {
  PtxasRewriteHarness h("f32",
                        "mul.f32 %r5, %r1, %r2;\n"
                        "mov.f32 %r6, %r4;\n"
                        "@!%p1 bra L2;\n"
                        "add.f32 %r6, %r5, %r3;\n"
                        "L2: st.global.f32 [%rd2], %r6;");
  EXPECT_EQ(h.count(Opcode::Fma), 1U);
  EXPECT_EQ(h.run<std::uint32_t>(kA, kA, kC, kOne, 1)[0], kFused);
  EXPECT_EQ(h.run<std::uint32_t>(kA, kA, kC, kOne, 0)[0], kOne);
}

TEST(FmaContraction, AMulSourceRewrittenBeforeTheAddKeepsThePair) {
  // ptxas would copy the old source; the engine reads registers at the add,
  // so this pass leaves such a pair alone rather than compute a wrong value.
  PtxasRewriteHarness h("f32",
                        "mov.f32 %r8, %r1;\n"
                        "@%p1 bra L1;\n"
                        "L1: mul.f32 %r5, %r8, %r2;\n"
                        "mov.f32 %r8, %r4;\n"
                        "add.f32 %r6, %r5, %r3;\n"
                        "st.global.f32 [%rd2], %r6;");
  EXPECT_EQ(h.count(Opcode::Fma), 0U);
  EXPECT_EQ(h.run<std::uint32_t>(kA, kA, kC, kOne)[0], kUnfused);
}

TEST(FmaContraction, AMulSourceRewrittenOnlyAfterTheAddIsContracted) {
  // The register the mul reads is written twice, but the second write comes
  // after the add: the add still sees the value the mul read.
  PtxasRewriteHarness h("f32",
                        "mov.f32 %r8, %r1;\n"
                        "mul.f32 %r5, %r8, %r2;\n"
                        "sub.f32 %r6, %r5, %r3;\n"
                        "mov.f32 %r8, %r6;\n"
                        "st.global.f32 [%rd2], %r8;");
  EXPECT_EQ(h.count(Opcode::Fma), 1U);
  EXPECT_EQ(h.run<std::uint32_t>(kA, kA, kC ^ 0x80000000U, 0)[0], kFused);
}

TEST(FmaContraction, ALoopCarriedRecurrenceIsContracted) {
  // jnf's backward recurrence b' = b * q - prev (math_f32): b and prev are
  // rewritten by movs after the sub, and ptxas fuses it (FFMA R5, R17, R5,
  // -R12 in the SASS). Two iterations from b = a, prev = -c.
  PtxasRewriteHarness h("f32",
                        "mov.f32 %r8, %r1;\n"
                        "neg.f32 %r9, %r3;\n"
                        "mov.u32 %u2, 2;\n"
                        "L1: mul.f32 %r5, %r8, %r2;\n"
                        "sub.f32 %r6, %r5, %r9;\n"
                        "mov.f32 %r9, %r8;\n"
                        "mov.f32 %r8, %r6;\n"
                        "add.s32 %u2, %u2, -1;\n"
                        "setp.ne.s32 %p2, %u2, 0;\n"
                        "@%p2 bra L1;\n"
                        "st.global.f32 [%rd2], %r8;");
  EXPECT_EQ(h.count(Opcode::Fma), 1U);
  // Fused: 2^-24, then 2^-24 * a - a = -(1 + 2^-12) + 2^-24 (1 + 2^-12).
  // Rounded products: 0, then -a.
  EXPECT_EQ(h.run<std::uint32_t>(kA, kA, kC, 0)[0], 0xbf8007ffU);
}

TEST(FmaContraction, F64BecomesDfma) {
  // a = b = 1 + 2^-27, c = -(1 + 2^-26): 2^-54 fused, 0 rounded first.
  PtxasRewriteHarness h("f64",
                        "mul.f64 %r5, %r1, %r2;\n"
                        "add.f64 %r6, %r5, %r3;\n"
                        "st.global.f64 [%rd2], %r6;");
  EXPECT_EQ(h.count(Opcode::Fma), 1U);
  EXPECT_EQ(h.run<std::uint64_t>(0x3ff0000002000000, 0x3ff0000002000000, 0xbff0000004000000, 0)[0],
            0x3c90000000000000U);
}

}  // namespace
}  // namespace smsim::func
