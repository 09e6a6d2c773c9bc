// The cost of a membar or fence: per scope a piecewise-linear curve over the
// block's warps through measured points, flat beyond them; malformed facts
// refused.
#include "timing/fence_cost.h"

#include <gtest/gtest.h>

namespace smsim::timing {
namespace {

arch::FenceFacts facts() {
  return {.warps = {1, 8, 16},
          .cta_cycles = {0, 10, 30},
          .gpu_cycles = {650, 750, 900},
          .sys_cycles = {1300, 1400, 1600}};
}

TEST(FenceCost, EachScopeHasItsOwnCurveOverTheBlocksWarps) {
  EXPECT_EQ(fence_cycles(facts(), FenceScope::cta, 1), 0u);
  EXPECT_EQ(fence_cycles(facts(), FenceScope::gpu, 8), 750u);
  EXPECT_EQ(fence_cycles(facts(), FenceScope::sys, 16), 1600u);
  EXPECT_EQ(fence_cycles(facts(), FenceScope::gpu, 12), 825u);  // halfway from 8 to 16 warps
  EXPECT_EQ(fence_cycles(facts(), FenceScope::gpu, 32), 900u);  // flat past the last point
  EXPECT_EQ(fence_cycles(facts(), FenceScope::none, 8), 0u);
}

TEST(FenceCost, NoFactsCostNothing) {
  EXPECT_EQ(fence_cycles({}, FenceScope::gpu, 4), 0u);
  EXPECT_FALSE(fence_error({}));
}

TEST(FenceCost, MalformedFactsAreRefusedWithTheReason) {
  arch::FenceFacts f = facts();
  f.sys_cycles.pop_back();
  ASSERT_TRUE(fence_error(f));
  EXPECT_NE(fence_error(f)->find("timing.fence.warps and sys_cycles differ in length (3 and 2)"),
            std::string::npos);
  f = facts();
  f.warps = {1, 8, 8};
  ASSERT_TRUE(fence_error(f));
  EXPECT_NE(fence_error(f)->find("timing.fence.warps must increase (8 after 8)"), std::string::npos);
}

}  // namespace
}  // namespace smsim::timing
