// What a taken branch costs its warp: nothing when it falls through, the
// back-edge's, the unconditional one's, or a conditional forward one's by
// how far it jumps; nothing without facts (the CCs that measured none).
#include "timing/branch_cost.h"

#include <gtest/gtest.h>

namespace smsim::timing {
namespace {

arch::BranchFacts facts() {
  return {.predicate_cycles = 13,
          .taken_backward_cycles = 12,
          .unconditional_cycles = 10,
          .near_instructions = 8,
          .taken_near_cycles = 11,
          .taken_forward_cycles = 22};
}

TEST(BranchCost, FallingThroughCostsNothingMore) {
  EXPECT_EQ(taken_branch_cycles(facts(), 40, 41, true), 0u);
  EXPECT_EQ(taken_branch_cycles(facts(), 40, 41, false), 0u);
}

TEST(BranchCost, ABackEdgeCostsItsOwn) {
  EXPECT_EQ(taken_branch_cycles(facts(), 40, 30, true), 12u);
  EXPECT_EQ(taken_branch_cycles(facts(), 40, 40, true), 12u);  // a loop of the branch alone
}

TEST(BranchCost, AnUnconditionalBranchCostsItsOwnEitherWay) {
  EXPECT_EQ(taken_branch_cycles(facts(), 40, 70, false), 10u);
  EXPECT_EQ(taken_branch_cycles(facts(), 40, 30, false), 10u);
}

TEST(BranchCost, AConditionalForwardBranchCostsByTheInstructionsItSkips) {
  EXPECT_EQ(taken_branch_cycles(facts(), 40, 43, true), 11u);  // over 2
  EXPECT_EQ(taken_branch_cycles(facts(), 40, 49, true), 11u);  // over 8: still near
  EXPECT_EQ(taken_branch_cycles(facts(), 40, 50, true), 22u);  // over 9
  EXPECT_EQ(taken_branch_cycles(facts(), 40, 65, true), 22u);
}

TEST(BranchCost, NoFactsCostNothing) {
  EXPECT_EQ(taken_branch_cycles({}, 40, 30, true), 0u);
  EXPECT_EQ(taken_branch_cycles({}, 40, 70, true), 0u);
  EXPECT_EQ(taken_branch_cycles({}, 40, 70, false), 0u);
}

}  // namespace
}  // namespace smsim::timing
