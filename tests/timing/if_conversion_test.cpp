// Which forward branches the model treats as ptxas's predicated code.
#include "timing/if_conversion.h"

#include <gtest/gtest.h>

#include <string>

#include "func/exec/warp_control.h"
#include "timing_test_models.h"

namespace smsim::timing {
namespace {

// The converted-branch table of a kernel with `body`, and the pc of its
// first `@%p1 bra` (the branch under test).
struct Branches {
  std::vector<std::uint32_t> end;
  std::uint32_t branch = func::kNoPc;
};

Branches branches_of(const std::string& body, int max_instructions) {
  func::Device device(func::LaunchOptions{}, std::uint64_t{1} << 20);
  const std::string ptx =
      ".version 8.0\n.target sm_90\n.address_size 64\n"
      ".visible .entry k(.param .u64 out) {\n"
      "  .reg .b32 %r<16>; .reg .b64 %rd<8>; .reg .pred %p<4>;\n"
      "  .shared .align 4 .b8 s[1024];\n"
      "  mov.u32 %r1, %tid.x;\n  mov.u32 %r2, s;\n  shl.b32 %r3, %r1, 2;\n"
      "  add.s32 %r4, %r2, %r3;\n  ld.param.u64 %rd1, [out];\n"
      "  setp.ge.u32 %p1, %r1, 16;\n" +
      body + "}\n";
  const func::LoadedModule loaded = test_models::load_one_kernel(device, ptx);
  const func::DecodedKernel& kernel = *loaded.kernels.at(0).kernel;
  Branches b;
  b.end = if_converted_branches(kernel, max_instructions);
  for (std::uint32_t pc = 0; pc < kernel.code.size(); ++pc) {
    if (kernel.code[pc].control == func::Control::branch && b.branch == func::kNoPc) b.branch = pc;
  }
  return b;
}

// The reduction loops' body (golden sass/reduction.sass: @!P1 LDS/LDS/IADD/STS).
const std::string kSharedBody =
    "  @%p1 bra DONE;\n"
    "  shl.b32 %r5, %r1, 2;\n  add.s32 %r6, %r4, %r5;\n"
    "  ld.shared.u32 %r7, [%r4];\n  ld.shared.u32 %r8, [%r6];\n"
    "  add.s32 %r9, %r7, %r8;\n  st.shared.u32 [%r4], %r9;\n"
    "DONE:\n  bar.sync 0;\n  ret;\n";

TEST(IfConversion, ShortBodyOfArithmeticAndSharedAccessesIsPredicated) {
  const Branches b = branches_of(kSharedBody, 9);
  ASSERT_NE(b.branch, func::kNoPc);
  EXPECT_EQ(b.end[b.branch], b.branch + 7);  // the bar.sync after the 6-instruction body
}

TEST(IfConversion, BodyLongerThanTheLimitKeepsItsBranch) {
  EXPECT_EQ(branches_of(kSharedBody, 5).end[branches_of(kSharedBody, 5).branch], func::kNoPc);
  EXPECT_NE(branches_of(kSharedBody, 6).end[branches_of(kSharedBody, 6).branch], func::kNoPc);
}

TEST(IfConversion, ModelWithoutTheFactPredicatesNothing) {
  const Branches b = branches_of(kSharedBody, 0);
  for (std::uint32_t end : b.end) EXPECT_EQ(end, func::kNoPc);
}

TEST(IfConversion, GlobalAccessAtomicOrBarrierInTheBodyKeepsTheBranch) {
  // sass/global_latency.sass: `@!P2 BRA` over a single LDG stays a branch.
  for (const std::string inside :
       {"  ld.global.u32 %r7, [%rd1];\n", "  st.global.u32 [%rd1], %r1;\n",
        "  atom.shared.add.u32 %r7, [%r4], 1;\n", "  bar.sync 0;\n", "  membar.cta;\n",
        "  ld.u32 %r7, [%rd1];\n"}) {
    const Branches b =
        branches_of("  @%p1 bra DONE;\n  add.s32 %r5, %r1, 1;\n" + inside + "DONE:\n  ret;\n", 9);
    EXPECT_EQ(b.end[b.branch], func::kNoPc) << inside;
    const Branches c = branches_of(
        "  @%p1 bra DONE;\n  add.s32 %r5, %r1, 1;\n" + inside + "DONE:\n  bar.sync 0;\n  ret;\n", 9);
    EXPECT_EQ(c.end[c.branch], func::kNoPc) << inside;
  }
}

TEST(IfConversion, BranchOverTheLastStatementBecomesAnExitNotPredication) {
  // `if (tid == 0) s[0] = ...; }` is `@P0 EXIT` in sass/reduction.sass.
  const Branches b = branches_of(
      "  @%p1 bra DONE;\n  st.shared.u32 [%r4], %r1;\nDONE:\n  ret;\n", 9);
  EXPECT_EQ(b.end[b.branch], func::kNoPc);
}

TEST(IfConversion, BodyEnteredByAnotherBranchOrABackwardBranchIsNotConverted) {
  const Branches entered = branches_of(
      "  @%p1 bra DONE;\n  add.s32 %r5, %r1, 1;\nMID:\n  add.s32 %r6, %r5, 1;\n"
      "DONE:\n  setp.eq.u32 %p2, %r6, 3;\n  @%p2 bra MID;\n  bar.sync 0;\n  ret;\n",
      9);
  EXPECT_EQ(entered.end[entered.branch], func::kNoPc);
  const Branches loop = branches_of(
      "TOP:\n  add.s32 %r5, %r5, 1;\n  setp.lt.u32 %p2, %r5, 3;\n  @%p2 bra TOP;\n  ret;\n", 9);
  for (std::uint32_t end : loop.end) EXPECT_EQ(end, func::kNoPc);
}

}  // namespace
}  // namespace smsim::timing
