// The release fence of barrier.cluster.arrive: two piecewise-linear curves
// through measured points, flat beyond them, and malformed facts refused.
#include "timing/cluster_release.h"

#include <gtest/gtest.h>

#include "timing_test_models.h"

namespace smsim::timing {
namespace {

arch::ClusterReleaseFacts facts() {
  return {.blocks = {1, 2, 4}, .blocks_cycles = {600, 620, 700}, .warps = {1, 6, 8}, .warps_cycles = {0, 0, 50}};
}

TEST(ClusterRelease, MeasuredPointsAreTakenAsTheyAre) {
  EXPECT_EQ(cluster_release_cycles(facts(), 1, 1), 600u);
  EXPECT_EQ(cluster_release_cycles(facts(), 2, 6), 620u);
  EXPECT_EQ(cluster_release_cycles(facts(), 4, 8), 750u);
}

TEST(ClusterRelease, BetweenPointsTheCostIsInterpolated) {
  EXPECT_EQ(cluster_release_cycles(facts(), 3, 1), 660u);  // halfway from 620 to 700
  EXPECT_EQ(cluster_release_cycles(facts(), 1, 7), 625u);  // halfway from 0 to 50 warps' part
}

TEST(ClusterRelease, BeyondTheEndPointsTheCurvesAreFlat) {
  EXPECT_EQ(cluster_release_cycles(facts(), 16, 32), 750u);
  EXPECT_EQ(cluster_release_cycles(facts(), 0, 0), 600u);
}

TEST(ClusterRelease, NoFactsCostNothing) {
  EXPECT_EQ(cluster_release_cycles({}, 2, 4), 0u);
  EXPECT_FALSE(cluster_release_error({}));
}

TEST(ClusterRelease, MalformedFactsAreRefusedWithTheReason) {
  arch::ClusterReleaseFacts f = facts();
  f.blocks_cycles.pop_back();
  ASSERT_TRUE(cluster_release_error(f));
  EXPECT_NE(cluster_release_error(f)->find("blocks and blocks_cycles differ in length (3 and 2)"),
            std::string::npos)
      << *cluster_release_error(f);
  f = facts();
  f.warps = {1, 8, 8};
  ASSERT_TRUE(cluster_release_error(f));
  EXPECT_NE(cluster_release_error(f)->find("warps must increase (8 after 8)"), std::string::npos);
}

TEST(ClusterRelease, TheH100sFactsGiveItsMeasuredRounds) {
  // tools/probes/results/h100-2026-11-22-cluster: release less relaxed round,
  // 2 blocks of one warp 673.5, 8 blocks of 32 warps 1250.
  const arch::ClusterReleaseFacts& h100 = test_models::gpu("h100").timing.cluster_release;
  ASSERT_FALSE(cluster_release_error(h100));
  EXPECT_EQ(cluster_release_cycles(h100, 2, 1), 674u);
  EXPECT_EQ(cluster_release_cycles(h100, 8, 32), 1240u);
}

}  // namespace
}  // namespace smsim::timing
