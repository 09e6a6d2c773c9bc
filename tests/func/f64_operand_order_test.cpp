// ptxas's order of f64 sources (func/load/f64_operand_order.h), visible in
// which NaN an operation with two NaN sources returns: the NaN of the source
// ptxas puts second, which is the later-written one.

#include <gtest/gtest.h>

#include "ptxas_rewrite_harness.h"

namespace smsim::func {
namespace {

using isa::Opcode;
using testing::PtxasRewriteHarness;

constexpr std::uint64_t kNanA = 0x7ff8000000000001, kNanB = 0x7ff8000000000002;
constexpr std::uint64_t kOne = 0x3ff0000000000000;

// %r5 = out[0] is loaded before %r6 = out[1].
constexpr const char* kLoads =
    "ld.global.f64 %r5, [%rd2];\n"
    "ld.global.f64 %r6, [%rd2+8];\n";

std::vector<std::uint64_t> run_on(PtxasRewriteHarness& h, std::vector<std::uint64_t> out,
                                  std::uint64_t c = 0) {
  return h.run<std::uint64_t>(0, 0, c, 0, 0, std::move(out));
}

TEST(F64OperandOrder, TheLaterWrittenNaNWinsWhateverThePtxOrder) {
  PtxasRewriteHarness h("f64", std::string(kLoads) +
                                   "add.f64 %r7, %r5, %r6;\n"
                                   "add.f64 %r8, %r6, %r5;\n"
                                   "mul.f64 %r9, %r5, %r6;\n"
                                   "mul.f64 %r10, %r6, %r5;\n"
                                   "st.global.f64 [%rd2], %r7;\n"
                                   "st.global.f64 [%rd2+8], %r8;\n"
                                   "st.global.f64 [%rd2+16], %r9;\n"
                                   "st.global.f64 [%rd2+24], %r10;");
  for (std::uint64_t v : run_on(h, {kNanA, kNanB})) EXPECT_EQ(v, kNanB);
}

TEST(F64OperandOrder, MinAndMaxFollowTheSameOrder) {
  PtxasRewriteHarness h("f64", std::string(kLoads) +
                                   "min.f64 %r7, %r5, %r6;\n"
                                   "max.f64 %r8, %r6, %r5;\n"
                                   "st.global.f64 [%rd2], %r7;\n"
                                   "st.global.f64 [%rd2+8], %r8;");
  const auto v = run_on(h, {kNanA, kNanB});
  EXPECT_EQ(v[0], kNanB);
  EXPECT_EQ(v[1], kNanB);
}

TEST(F64OperandOrder, SubtractingTheLaterValueBecomesAnAddOfItsNegation) {
  PtxasRewriteHarness h("f64", std::string(kLoads) +
                                   "sub.f64 %r7, %r5, %r6;\n"
                                   "st.global.f64 [%rd2], %r7;");
  EXPECT_EQ(h.count(Opcode::Sub), 0U);
  EXPECT_TRUE(h.first(Opcode::Add).has(kNegSrc0));
  // The negation leaves a NaN's sign alone; numbers subtract as written.
  EXPECT_EQ(run_on(h, {kNanA, kNanB})[0], kNanB);
  EXPECT_EQ(run_on(h, {kNanA | 0x8000000000000000, kNanB | 0x8000000000000000})[0],
            kNanB | 0x8000000000000000);
  EXPECT_EQ(run_on(h, {0x4008000000000000, kOne})[0], 0x4000000000000000U);
}

TEST(F64OperandOrder, SubtractingTheEarlierValueStaysASub) {
  PtxasRewriteHarness h("f64", std::string(kLoads) +
                                   "sub.f64 %r7, %r6, %r5;\n"
                                   "st.global.f64 [%rd2], %r7;");
  EXPECT_EQ(h.count(Opcode::Sub), 1U);
  EXPECT_EQ(run_on(h, {kNanA, kNanB})[0], kNanB);
}

TEST(F64OperandOrder, FmaChecksTheLaterMultiplicandThenTheAddend) {
  PtxasRewriteHarness h("f64", std::string(kLoads) +
                                   "fma.rn.f64 %r7, %r5, %r6, %r3;\n"
                                   "st.global.f64 [%rd2], %r7;");
  EXPECT_EQ(run_on(h, {kNanA, kNanB}, kOne)[0], kNanB);
  EXPECT_EQ(run_on(h, {kNanA, kOne}, kNanB)[0], kNanB);
  EXPECT_EQ(run_on(h, {kNanA, kOne}, kOne)[0], kNanA);
}

TEST(F64OperandOrder, NegAndAbsRankAsTheirSource) {
  // ptxas folds neg/abs into the reading instruction as operand modifiers
  // (-R, |R| in the SASS of erf), so -%r5 ranks where %r5 was loaded, before
  // %r6, although the neg itself comes later: the add returns %r6's NaN.
  // erf(NaN) in the math_f64 golden depends on this.
  PtxasRewriteHarness h("f64", std::string(kLoads) +
                                   "neg.f64 %r7, %r5;\n"
                                   "abs.f64 %r8, %r5;\n"
                                   "add.f64 %r9, %r7, %r6;\n"
                                   "fma.rn.f64 %r10, %r8, %r6, %r3;\n"
                                   "st.global.f64 [%rd2], %r9;\n"
                                   "st.global.f64 [%rd2+8], %r10;");
  const auto v = run_on(h, {kNanA, kNanB}, kOne);
  EXPECT_EQ(v[0], kNanB);
  EXPECT_EQ(v[1], kNanB);
}

TEST(F64OperandOrder, APhiWrittenOnlyAfterTheOtherSourceRanksAfterIt) {
  // j0's last mul.f64 reads a phi of values written after its other source
  // in every branch; ptxas puts the phi second (DMUL R2, R6, R2 in its SASS)
  // and the H100 returns the phi's NaN (math_f64 golden, j0(NaN)).
  PtxasRewriteHarness h("f64", std::string(kLoads) +
                                   "mul.f64 %r7, %r6, %r6;\n"
                                   "@%p1 bra SKIP;\n"
                                   "add.f64 %r7, %r6, %r4;\n"
                                   "SKIP:\n"
                                   "mul.f64 %r8, %r5, %r7;\n"
                                   "st.global.f64 [%rd2], %r8;");
  EXPECT_EQ(h.run<std::uint64_t>(0, 0, 0, kOne, 0, {kNanA, kNanB})[0], kNanB);
  EXPECT_EQ(h.run<std::uint64_t>(0, 0, 0, kOne, 1, {kNanA, kNanB})[0], kNanB);
}

TEST(F64OperandOrder, APhiRanksAfterASourceWrittenLater) {
  // j1's last mul.f64 multiplies a value written after a phi by that phi;
  // ptxas still puts the phi second (DMUL R4, R6, R22) and the H100 returns
  // the phi's NaN (math_f64 golden, j1(NaN)): phis rank after the values
  // of single writes, whatever the writes' places.
  PtxasRewriteHarness h("f64",
                        "ld.global.f64 %r7, [%rd2];\n"
                        "@%p1 bra SKIP;\n"
                        "add.f64 %r7, %r7, %r4;\n"
                        "SKIP:\n"
                        "ld.global.f64 %r5, [%rd2+8];\n"
                        "mul.f64 %r8, %r5, %r7;\n"
                        "mul.f64 %r9, %r7, %r5;\n"
                        "st.global.f64 [%rd2], %r8;\n"
                        "st.global.f64 [%rd2+8], %r9;");
  for (std::uint32_t skip : {0U, 1U}) {
    const auto v = h.run<std::uint64_t>(0, 0, 0, kOne, skip, {kNanA, kNanB});
    EXPECT_EQ(v[0], kNanA) << skip;
    EXPECT_EQ(v[1], kNanA) << skip;
  }
}

TEST(F64OperandOrder, KernelParametersComeAfterRegisters) {
  // %r1 is read from the parameter bank, which ptxas puts second.
  PtxasRewriteHarness h("f64",
                        "ld.global.f64 %r5, [%rd2];\n"
                        "add.f64 %r7, %r1, %r5;\n"
                        "add.f64 %r8, %r5, %r1;\n"
                        "st.global.f64 [%rd2], %r7;\n"
                        "st.global.f64 [%rd2+8], %r8;");
  const auto v = h.run<std::uint64_t>(kNanA, 0, 0, 0, 0, {kNanB});
  EXPECT_EQ(v[0], kNanA);
  EXPECT_EQ(v[1], kNanA);
}

TEST(F64OperandOrder, AContractedProductTakesItsMultiplicandsInTheSameOrder) {
  PtxasRewriteHarness h("f64", std::string(kLoads) +
                                   "mul.f64 %r7, %r6, %r5;\n"
                                   "add.f64 %r8, %r7, %r3;\n"
                                   "st.global.f64 [%rd2], %r8;");
  ASSERT_EQ(h.count(Opcode::Fma), 1U);
  EXPECT_EQ(run_on(h, {kNanA, kNanB}, kOne)[0], kNanB);
}

}  // namespace
}  // namespace smsim::func
