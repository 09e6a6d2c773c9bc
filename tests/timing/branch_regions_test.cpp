// The region a warp is in, for where ptxas may compute a branch's
// predicate: a loop body from its latest iteration's start, the code after
// a forward branch's reconvergence point from where the code before it
// started, the code between a conditional forward branch and that point
// from the branch.
#include "timing/branch_regions.h"

#include <gtest/gtest.h>

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
  r.branch(20, 10, 21, true, 100);  // back-edge at 20 to 10, taken
  EXPECT_EQ(r.entry(), 100u);
  r.branch(20, 10, 21, true, 150);
  EXPECT_EQ(r.entry(), 150u);
  EXPECT_EQ(r.depth(), 1u);         // one loop, not one frame per iteration
  r.branch(20, 21, 21, true, 190);  // falls out of the loop
  EXPECT_EQ(r.entry(), 0u);
  EXPECT_EQ(r.depth(), 0u);
}

TEST(BranchRegions, TheCodeAfterAReconvergencePointGoesOnFromBeforeTheBranch) {
  BranchRegions r;
  r.reset(5);
  // if/else: the branch at 10 to the else side at 14, both sides meeting at 18.
  r.branch(10, 14, 18, true, 40);
  EXPECT_EQ(r.entry(), 40u);  // the else side runs only on some paths
  r.at(15);
  EXPECT_EQ(r.entry(), 40u);
  r.at(18);
  EXPECT_EQ(r.entry(), 5u);
  // if-then taken: over the body straight to the reconvergence point.
  r.branch(20, 26, 26, true, 60);
  EXPECT_EQ(r.entry(), 5u);
  EXPECT_EQ(r.depth(), 0u);
  // ... and not taken: the body is a region of its own.
  r.branch(30, 31, 36, true, 70);
  EXPECT_EQ(r.entry(), 70u);
  r.at(36);
  EXPECT_EQ(r.entry(), 5u);
}

TEST(BranchRegions, AnUnconditionalForwardBranchStartsNoRegion) {
  BranchRegions r;
  r.reset(5);
  r.branch(10, 11, 16, true, 40);   // then side, not taken
  r.branch(13, 16, 16, false, 55);  // its jump over the else side to the join
  EXPECT_EQ(r.entry(), 5u);
  r.branch(20, 30, 30, false, 80);
  EXPECT_EQ(r.entry(), 5u);
  EXPECT_EQ(r.depth(), 0u);
}

TEST(BranchRegions, NestingDeeperThanItKeepsForgetsTheOutermost) {
  BranchRegions r;
  r.reset(1);
  for (std::uint32_t i = 0; i < BranchRegions::kDepth + 2; ++i) {
    r.branch(10 * i, 10 * i + 1, 1000 - i, true, 100 + i);  // nested ifs, not taken
  }
  EXPECT_EQ(r.depth(), BranchRegions::kDepth);
  EXPECT_EQ(r.entry(), 100u + BranchRegions::kDepth + 1);
  for (std::uint32_t i = BranchRegions::kDepth + 2; i-- > 2;) r.at(1000 - i);
  EXPECT_EQ(r.depth(), 0u);
  EXPECT_EQ(r.entry(), 101u);  // the outermost two were forgotten: the third's outer region
}

// at() runs at every issue, also of a warp that exited (its pc then no pc,
// UINT32_MAX): outside every region that leaves nothing (an earlier version
// took it for the innermost join and read below its frames).
TEST(BranchRegions, AnExitedWarpOutsideEveryRegionLeavesNone) {
  BranchRegions r;
  r.reset(3);
  r.at(UINT32_MAX);
  EXPECT_EQ(r.entry(), 3u);
  EXPECT_EQ(r.depth(), 0u);
  r.branch(10, 4, 11, true, 20);  // a loop from 4 to 10
  r.at(UINT32_MAX);
  EXPECT_EQ(r.depth(), 1u);
  EXPECT_EQ(r.entry(), 20u);
  r.at(11);  // falls out of the loop
  EXPECT_EQ(r.depth(), 0u);
  EXPECT_EQ(r.entry(), 3u);
  r.at(UINT32_MAX);
  EXPECT_EQ(r.depth(), 0u);
}

}  // namespace
}  // namespace smsim::timing
