#include "func/decode/post_dominators.h"

#include <gtest/gtest.h>

namespace smsim::func {
namespace {

constexpr std::uint32_t kExit = UINT32_MAX;

TEST(PostDominators, StraightLine) {
  const auto ipdom = immediate_post_dominators({{1}, {2}, {}});
  EXPECT_EQ(ipdom, (std::vector<std::uint32_t>{1, 2, kExit}));
}

TEST(PostDominators, IfElseMeetsAtTheJoin) {
  // 0: branch to 3 or 1;  1: 2;  2: jump 4;  3: 4;  4: exit
  const auto ipdom = immediate_post_dominators({{3, 1}, {2}, {4}, {4}, {}});
  EXPECT_EQ(ipdom[0], 4u);
  EXPECT_EQ(ipdom[1], 2u);
  EXPECT_EQ(ipdom[3], 4u);
}

TEST(PostDominators, EarlyExitBranchReconvergesOnlyAtExit) {
  // 0: branch to 2 (exit) or 1;  1: 2;  2: exit.
  auto ipdom = immediate_post_dominators({{2, 1}, {2}, {}});
  EXPECT_EQ(ipdom[0], 2u);
  // 0: branch to 2 or 1;  1: exit;  2: exit: two exits, meet only at the end.
  ipdom = immediate_post_dominators({{2, 1}, {}, {}});
  EXPECT_EQ(ipdom[0], kExit);
}

TEST(PostDominators, LoopWithBreak) {
  // 0: body; 1: break to 4 or 2; 2: body; 3: back to 0; 4: after; 5: exit
  const auto ipdom = immediate_post_dominators({{1}, {4, 2}, {3}, {0}, {5}, {}});
  EXPECT_EQ(ipdom[1], 4u);
  EXPECT_EQ(ipdom[3], 0u);
}

TEST(PostDominators, InfiniteLoopHasNone) {
  // 0: branch to 1 or 2; 1: jump 1 (spins forever); 2: exit.
  const auto ipdom = immediate_post_dominators({{1, 2}, {1}, {}});
  EXPECT_EQ(ipdom[1], kExit);
  EXPECT_EQ(ipdom[0], 2u);
}

}  // namespace
}  // namespace smsim::func
