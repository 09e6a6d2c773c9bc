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

// Weights fitted to ptxas 13 (configs/arch/hopper.toml [sm_90.timing.if_conversion]).
constexpr arch::IfConversionFacts kFacts{.max_weight = 30,
                                         .arithmetic_weight = 5,
                                         .load_weight = 5,
                                         .store_weight = 6,
                                         .shared_base_weight = 14};

arch::IfConversionFacts with_max(int max_weight) {
  arch::IfConversionFacts f = kFacts;
  f.max_weight = max_weight;
  return f;
}

Branches branches_of(const std::string& body, const arch::IfConversionFacts& facts = kFacts) {
  func::Device device(func::LaunchOptions{}, std::uint64_t{1} << 20);
  const std::string ptx =
      ".version 8.0\n.target sm_90\n.address_size 64\n"
      ".visible .entry k(.param .u64 out) {\n"
      "  .reg .b32 %r<24>; .reg .b64 %rd<8>; .reg .pred %p<4>;\n"
      "  .shared .align 4 .b8 s[1024];\n"
      "  mov.u32 %r1, %tid.x;\n  mov.u32 %r2, s;\n  shl.b32 %r3, %r1, 2;\n"
      "  add.s32 %r4, %r2, %r3;\n  ld.param.u64 %rd1, [out];\n"
      "  setp.ge.u32 %p1, %r1, 16;\n" +
      body + "}\n";
  const func::LoadedModule loaded = test_models::load_one_kernel(device, ptx);
  const func::DecodedKernel& kernel = *loaded.kernels.at(0).kernel;
  Branches b;
  b.end = if_converted_branches(kernel, facts);
  for (std::uint32_t pc = 0; pc < kernel.code.size(); ++pc) {
    if (kernel.code[pc].control == func::Control::branch && b.branch == func::kNoPc) b.branch = pc;
  }
  return b;
}

bool converted(const std::string& body, const arch::IfConversionFacts& facts = kFacts) {
  const Branches b = branches_of(body, facts);
  return b.branch != func::kNoPc && b.end[b.branch] != func::kNoPc;
}

// `@%p1 bra` over `count` copies of `line` (`{i}` replaced by the copy's index), then a bar.sync.
std::string body_of(const std::string& line, int count) {
  std::string body = "  @%p1 bra DONE;\n";
  for (int i = 0; i < count; ++i) {
    std::string copy = line;
    for (std::size_t at = copy.find("{i}"); at != std::string::npos; at = copy.find("{i}")) {
      copy.replace(at, 3, std::to_string(i));
    }
    body += "  " + copy + "\n";
  }
  return body + "DONE:\n  bar.sync 0;\n  ret;\n";
}

// The reduction loops' body (golden sass/reduction.sass: @!P1 LDS/LDS/IADD/STS).
const std::string kSharedBody =
    "  @%p1 bra DONE;\n"
    "  shl.b32 %r5, %r1, 2;\n  add.s32 %r6, %r4, %r5;\n"
    "  ld.shared.u32 %r7, [%r4];\n  ld.shared.u32 %r8, [%r6];\n"
    "  add.s32 %r9, %r7, %r8;\n  st.shared.u32 [%r4], %r9;\n"
    "DONE:\n  bar.sync 0;\n  ret;\n";

TEST(IfConversion, ShortBodyOfArithmeticAndSharedAccessesIsPredicated) {
  const Branches b = branches_of(kSharedBody);
  ASSERT_NE(b.branch, func::kNoPc);
  EXPECT_EQ(b.end[b.branch], b.branch + 7);  // the bar.sync after the 6-instruction body
}

TEST(IfConversion, BodyHeavierThanTheLimitKeepsItsBranch) {
  // Two loads, an add and a store: 5 + 5 + 5 + 6; the address arithmetic weighs nothing.
  EXPECT_FALSE(converted(kSharedBody, with_max(20)));
  EXPECT_TRUE(converted(kSharedBody, with_max(21)));
}

TEST(IfConversion, ArithmeticOnlyFeedingAddressesWeighsNothing) {
  // shl and add compute the second load's address alone (ptxas folds them).
  EXPECT_TRUE(converted(kSharedBody, with_max(21)));
  // The same add, its result also stored: it counts.
  const std::string stored =
      "  @%p1 bra DONE;\n  add.s32 %r6, %r4, 4;\n  st.shared.u32 [%r6], %r6;\n"
      "DONE:\n  bar.sync 0;\n  ret;\n";
  EXPECT_FALSE(converted(stored, with_max(10)));
  EXPECT_TRUE(converted(stored, with_max(11)));
  const std::string address_only =
      "  @%p1 bra DONE;\n  add.s32 %r6, %r4, 4;\n  st.shared.u32 [%r6], %r1;\n"
      "DONE:\n  bar.sync 0;\n  ret;\n";
  EXPECT_TRUE(converted(address_only, with_max(6)));
  EXPECT_FALSE(converted(address_only, with_max(5)));
}

// ptxas 13 (tools/probes/results/ptxas13-if-conversion/) predicates up to 6
// dependent FFMAs after one of their chain and keeps 7 (the taken-distance
// probe: 6 predicated, 8 kept), where counting PTX instructions up to 9
// predicated the 8.
TEST(IfConversion, DependentFfmasFollowPtxas) {
  const std::string ffma = "fma.rn.f32 %f1, %f1, %f1, %f2;";
  const auto chain = [&](int n) {
    return "  .reg .f32 %f<4>;\n  mov.f32 %f1, 0f3F800000;\n  mov.f32 %f2, 0f3F800000;\n" +
           body_of(ffma, n);
  };
  EXPECT_TRUE(converted(chain(6)));
  EXPECT_FALSE(converted(chain(7)));
  EXPECT_FALSE(converted(chain(8)));
}

// Through a register, ptxas predicates up to 6 shared loads or 5 stores; of a
// shared variable's own address, after reading the window base (S2R, LEA) in
// the body, 3 loads or 2 stores. Counting PTX instructions up to 9 predicated
// all of these.
TEST(IfConversion, SharedAccessesFollowPtxas) {
  const std::string load = "ld.shared.u32 %r1{i}, [%r2+{i}00];";
  const std::string store = "st.shared.u32 [%r2+{i}00], %r1;";
  EXPECT_TRUE(converted(body_of(load, 6)));
  EXPECT_FALSE(converted(body_of(load, 7)));
  EXPECT_TRUE(converted(body_of(store, 5)));
  EXPECT_FALSE(converted(body_of(store, 6)));
  const std::string load_own = "ld.shared.u32 %r1{i}, [s+{i}00];";
  const std::string store_own = "st.shared.u32 [s+{i}00], %r1;";
  EXPECT_TRUE(converted(body_of(load_own, 3)));
  EXPECT_FALSE(converted(body_of(load_own, 4)));
  EXPECT_TRUE(converted(body_of(store_own, 2)));
  EXPECT_FALSE(converted(body_of(store_own, 3)));
}

TEST(IfConversion, ModelWithoutTheFactPredicatesNothing) {
  const Branches b = branches_of(kSharedBody, with_max(0));
  for (std::uint32_t end : b.end) EXPECT_EQ(end, func::kNoPc);
}

TEST(IfConversion, GlobalAccessAtomicOrBarrierInTheBodyKeepsTheBranch) {
  // sass/global_latency.sass: `@!P2 BRA` over a single LDG stays a branch.
  for (const std::string inside :
       {"  ld.global.u32 %r7, [%rd1];\n", "  st.global.u32 [%rd1], %r1;\n",
        "  atom.shared.add.u32 %r7, [%r4], 1;\n", "  bar.sync 0;\n", "  membar.cta;\n",
        "  ld.u32 %r7, [%rd1];\n"}) {
    const Branches b =
        branches_of("  @%p1 bra DONE;\n  add.s32 %r5, %r1, 1;\n" + inside + "DONE:\n  ret;\n");
    EXPECT_EQ(b.end[b.branch], func::kNoPc) << inside;
    const Branches c = branches_of(
        "  @%p1 bra DONE;\n  add.s32 %r5, %r1, 1;\n" + inside + "DONE:\n  bar.sync 0;\n  ret;\n");
    EXPECT_EQ(c.end[c.branch], func::kNoPc) << inside;
  }
}

TEST(IfConversion, BranchOverTheLastStatementBecomesAnExitNotPredication) {
  // `if (tid == 0) s[0] = ...; }` is `@P0 EXIT` in sass/reduction.sass.
  const Branches b = branches_of(
      "  @%p1 bra DONE;\n  st.shared.u32 [%r4], %r1;\nDONE:\n  ret;\n");
  EXPECT_EQ(b.end[b.branch], func::kNoPc);
}

TEST(IfConversion, BodyEnteredByAnotherBranchOrABackwardBranchIsNotConverted) {
  const Branches entered = branches_of(
      "  @%p1 bra DONE;\n  add.s32 %r5, %r1, 1;\nMID:\n  add.s32 %r6, %r5, 1;\n"
      "DONE:\n  setp.eq.u32 %p2, %r6, 3;\n  @%p2 bra MID;\n  bar.sync 0;\n  ret;\n");
  EXPECT_EQ(entered.end[entered.branch], func::kNoPc);
  const Branches loop = branches_of(
      "TOP:\n  add.s32 %r5, %r5, 1;\n  setp.lt.u32 %p2, %r5, 3;\n  @%p2 bra TOP;\n  ret;\n");
  for (std::uint32_t end : loop.end) EXPECT_EQ(end, func::kNoPc);
}

}  // namespace
}  // namespace smsim::timing
