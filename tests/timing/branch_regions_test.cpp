// The region a warp is in, for where ptxas may compute a branch's
// predicate: a loop body from its latest iteration's start, the code after
// a forward branch's reconvergence point from where the code before it
// started, the code between a conditional forward branch and that point
// from the branch.
#include "timing/branch_regions.h"

#include <gtest/gtest.h>

#include <string>

#include "timing_test_models.h"

namespace smsim::timing {
namespace {

TEST(BranchRegions, AWarpStartsInARegionEnteredWhenItStarted) {
  BranchRegions r;
  r.reset(7);
  EXPECT_EQ(r.entry(), 7u);
  EXPECT_EQ(r.depth(), 0u);
}

TEST(BranchRegions, EachIterationOfALoopStartsItsBodyAgain) {
  BranchRegions r;
  r.reset(0);
  r.branch(20, 10, 21, true, false, 100);  // back-edge at 20 to 10, taken
  EXPECT_EQ(r.entry(), 100u);
  r.branch(20, 10, 21, true, false, 150);
  EXPECT_EQ(r.entry(), 150u);
  EXPECT_EQ(r.depth(), 1u);         // one loop, not one frame per iteration
  r.branch(20, 21, 21, true, false, 190);  // falls out of the loop
  EXPECT_EQ(r.entry(), 0u);
  EXPECT_EQ(r.depth(), 0u);
}

TEST(BranchRegions, TheCodeAfterAReconvergencePointGoesOnFromBeforeTheBranch) {
  BranchRegions r;
  r.reset(5);
  // A branch at 10 forward to 14, which the code from 11 on reaches at 18.
  r.branch(10, 14, 18, true, false, 40);
  EXPECT_EQ(r.entry(), 40u);  // the code from 14 runs only on some paths
  r.at(15, 41);
  EXPECT_EQ(r.entry(), 40u);
  r.at(18, 44);
  EXPECT_EQ(r.entry(), 5u);
  // if-then taken: over the body straight to the reconvergence point.
  r.branch(20, 26, 26, true, false, 60);
  EXPECT_EQ(r.entry(), 5u);
  EXPECT_EQ(r.depth(), 0u);
  // ... and not taken: the body is a region of its own.
  r.branch(30, 31, 36, true, false, 70);
  EXPECT_EQ(r.entry(), 70u);
  r.at(36, 999);
  EXPECT_EQ(r.entry(), 5u);
}

// ptxas starts anew after an if/else's join (golden micro branch_shapes'
// diamonds: each step's ISETP at the top of the join block, right before its
// BRA), so the join is the start of a region, on either side's way there.
TEST(BranchRegions, TheJoinOfAnIfElseStartsARegion) {
  BranchRegions r;
  r.reset(5);
  // The branch at 10 to the else side at 14, the then side's jump at 13, the join at 18.
  r.branch(10, 14, 18, true, true, 40);  // taken: the else side
  EXPECT_EQ(r.entry(), 40u);
  r.at(15, 41);
  EXPECT_EQ(r.entry(), 40u);
  r.at(18, 44);
  EXPECT_EQ(r.entry(), 44u);
  EXPECT_EQ(r.depth(), 0u);
  r.branch(20, 21, 28, true, true, 60);   // not taken: the then side
  EXPECT_EQ(r.entry(), 60u);
  r.branch(23, 28, 28, false, false, 75);  // its jump to the join
  EXPECT_EQ(r.entry(), 75u);
  EXPECT_EQ(r.depth(), 0u);
}

TEST(BranchRegions, AnUnconditionalForwardBranchStartsNoRegion) {
  BranchRegions r;
  r.reset(5);
  r.branch(10, 11, 16, true, false, 40);   // a conditional branch not taken (no if/else)
  r.branch(13, 16, 16, false, false, 55);  // a jump to its join
  EXPECT_EQ(r.entry(), 5u);
  r.branch(20, 30, 30, false, false, 80);
  EXPECT_EQ(r.entry(), 5u);
  EXPECT_EQ(r.depth(), 0u);
}

TEST(BranchRegions, NestingDeeperThanItKeepsForgetsTheOutermost) {
  BranchRegions r;
  r.reset(1);
  for (std::uint32_t i = 0; i < BranchRegions::kDepth + 2; ++i) {
    r.branch(10 * i, 10 * i + 1, 1000 - i, true, false, 100 + i);  // nested ifs, not taken
  }
  EXPECT_EQ(r.depth(), BranchRegions::kDepth);
  EXPECT_EQ(r.entry(), 100u + BranchRegions::kDepth + 1);
  for (std::uint32_t i = BranchRegions::kDepth + 2; i-- > 2;) r.at(1000 - i, 999);
  EXPECT_EQ(r.depth(), 0u);
  EXPECT_EQ(r.entry(), 101u);  // the outermost two were forgotten: the third's outer region
}

// at() runs at every issue, also of a warp that exited (its pc then no pc,
// UINT32_MAX): outside every region that leaves nothing (an earlier version
// took it for the innermost join and read below its frames).
TEST(BranchRegions, AnExitedWarpOutsideEveryRegionLeavesNone) {
  BranchRegions r;
  r.reset(3);
  r.at(UINT32_MAX, 999);
  EXPECT_EQ(r.entry(), 3u);
  EXPECT_EQ(r.depth(), 0u);
  r.branch(10, 4, 11, true, false, 20);  // a loop from 4 to 10
  r.at(UINT32_MAX, 999);
  EXPECT_EQ(r.depth(), 1u);
  EXPECT_EQ(r.entry(), 20u);
  r.at(11, 999);  // falls out of the loop
  EXPECT_EQ(r.depth(), 0u);
  EXPECT_EQ(r.entry(), 3u);
  r.at(UINT32_MAX, 999);
  EXPECT_EQ(r.depth(), 0u);
}


// Whether the first conditional branch of a kernel with `body` (after a
// setp of %p1) opens an if/else whose join starts a region.
bool first_branch_starts_region(const std::string& body) {
  func::Device device(func::LaunchOptions{}, std::uint64_t{1} << 20);
  const std::string ptx =
      ".version 8.0\n.target sm_90\n.address_size 64\n"
      ".visible .entry k(.param .u64 out) {\n"
      "  .reg .b32 %r<8>; .reg .f32 %f<4>; .reg .pred %p<4>;\n"
      "  mov.u32 %r1, %tid.x;\n  mov.u32 %r2, 0;\n  mov.f32 %f1, 0f3F800000;\n"
      "  setp.ge.u32 %p1, %r1, 16;\n" +
      body + "  ret;\n}\n";
  const func::LoadedModule loaded = test_models::load_one_kernel(device, ptx);
  const func::DecodedKernel& kernel = *loaded.kernels.at(0).kernel;
  for (std::uint32_t pc = 0; pc < kernel.code.size(); ++pc) {
    if (kernel.code[pc].control == func::Control::branch) return if_else_join_starts_region(kernel, pc);
  }
  ADD_FAILURE() << "no branch";
  return false;
}

// The branch probe's if/else steps (micro branch_shapes): their joins start
// regions; an if-then's does not, nor an if/else's whose join block ends in
// its loop's back-edge (the micro cluster chain: ptxas moves the counter's
// add and setp to the top of the body).
TEST(BranchRegions, WhichIfElseJoinsStartARegion) {
  EXPECT_TRUE(first_branch_starts_region(
      "  @%p1 bra ELSE;\n  add.f32 %f1, %f1, %f1;\n  bra.uni JOIN;\nELSE:\n"
      "  mul.f32 %f1, %f1, %f1;\nJOIN:\n  setp.eq.f32 %p2, %f1, 0f00000000;\n"
      "  @%p2 bra END;\n  add.f32 %f1, %f1, %f1;\nEND:\n"));
  EXPECT_FALSE(first_branch_starts_region(
      "  @%p1 bra JOIN;\n  add.f32 %f1, %f1, %f1;\nJOIN:\n  mul.f32 %f1, %f1, %f1;\n"));
  EXPECT_FALSE(first_branch_starts_region(
      "TOP:\n  @%p1 bra ELSE;\n  add.f32 %f1, %f1, %f1;\n  bra.uni JOIN;\nELSE:\n"
      "  mul.f32 %f1, %f1, %f1;\nJOIN:\n  add.u32 %r2, %r2, 1;\n  setp.lt.u32 %p2, %r2, 8;\n"
      "  @%p2 bra TOP;\n"));
}

}  // namespace
}  // namespace smsim::timing
