// What a taken branch costs its warp: nothing when it falls through, the
// back-edge's, the unconditional one's, or a conditional forward one's by
// how far it jumps; nothing without facts (the CCs that measured none).
#include "timing/branch_cost.h"

#include <gtest/gtest.h>

#include <string>

#include "timing_test_models.h"

namespace smsim::timing {
namespace {

arch::BranchFacts facts() {
  return {.predicate_cycles = 13,
          .taken_backward_cycles = 12,
          .unconditional_cycles = 10,
          .forward_instructions = {8, 10, 24},
          .forward_cycles = {11, 17, 21}};
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
  EXPECT_EQ(taken_branch_cycles(facts(), 40, 43, true), 11u);  // over 2: the first point's
  EXPECT_EQ(taken_branch_cycles(facts(), 40, 49, true), 11u);  // over 8
  EXPECT_EQ(taken_branch_cycles(facts(), 40, 50, true), 14u);  // over 9: between 11 and 17
  EXPECT_EQ(taken_branch_cycles(facts(), 40, 51, true), 17u);  // over 10
  EXPECT_EQ(taken_branch_cycles(facts(), 40, 58, true), 19u);  // over 17: between 17 and 21
  EXPECT_EQ(taken_branch_cycles(facts(), 40, 65, true), 21u);  // over 24
  EXPECT_EQ(taken_branch_cycles(facts(), 40, 90, true), 21u);  // beyond: the last point's
}

// The H100's taken-distance probe (tools/probes/results/h100-2026-11-23-taken-distance):
// 10 cycles over the chain at 8 FFMAs, 15.6 at 10, 19-19.6 at 24; one near and
// one far cost gave 12 up to 8 and 22 beyond.
TEST(BranchCost, TheH100ModelFollowsTheMeasuredDistances) {
  const arch::BranchFacts& h100 = test_models::gpu("h100").timing.branch;
  EXPECT_EQ(taken_branch_cycles(h100, 40, 49, true), 12u);  // over 8
  EXPECT_EQ(taken_branch_cycles(h100, 40, 51, true), 17u);  // over 10
  EXPECT_EQ(taken_branch_cycles(h100, 40, 65, true), 21u);  // over 24
}

TEST(BranchCost, FactsCheckTheirForwardCurve) {
  EXPECT_FALSE(branch_facts_error({}));
  EXPECT_FALSE(branch_facts_error(facts()));
  arch::BranchFacts f = facts();
  f.forward_cycles.pop_back();
  ASSERT_TRUE(branch_facts_error(f));
  EXPECT_NE(branch_facts_error(f)->find("timing.branch.forward_instructions and forward_cycles "
                                        "differ in length (3 and 2)"),
            std::string::npos);
  f = facts();
  f.forward_instructions = {8, 8, 24};
  ASSERT_TRUE(branch_facts_error(f));
}

// op_timing decides from this whether branches cost anything: each cost
// alone counts, the forward curve included.
TEST(BranchCost, AnyCostSaysWhetherOneIsSet) {
  EXPECT_FALSE(arch::BranchFacts{}.any_cost());
  EXPECT_TRUE(arch::BranchFacts{.predicate_cycles = 13}.any_cost());
  EXPECT_TRUE(arch::BranchFacts{.taken_backward_cycles = 12}.any_cost());
  EXPECT_TRUE(arch::BranchFacts{.unconditional_cycles = 10}.any_cost());
  const arch::BranchFacts forward{.forward_instructions = {8}, .forward_cycles = {12}};
  EXPECT_TRUE(forward.any_cost());
}

TEST(BranchCost, NoFactsCostNothing) {
  EXPECT_EQ(taken_branch_cycles({}, 40, 30, true), 0u);
  EXPECT_EQ(taken_branch_cycles({}, 40, 70, true), 0u);
  EXPECT_EQ(taken_branch_cycles({}, 40, 70, false), 0u);
}

}  // namespace
}  // namespace smsim::timing
