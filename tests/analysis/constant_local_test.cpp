#include <gtest/gtest.h>

#include "access_test_support.h"
#include "analysis/branch_outcome.h"
#include "analysis/constant_serialization.h"
#include "analysis/global_coalescing.h"
#include "analysis/local_layout.h"

namespace smsim::analysis {
namespace {

using testing::model;
using testing::warp;

unsigned constant_lanes(const char* cc) {
  return static_cast<unsigned>(model(cc).access.constant_request_lanes);
}

TEST(ConstantSerialization, UniformAddressIsOnePass) {
  const auto same = warp(4, [](unsigned) { return 0x100ull; });
  EXPECT_EQ(constant_access_cost(same, constant_lanes("sm_90")).passes, 1u);
  // 1.x serves a half-warp at a time.
  EXPECT_EQ(constant_access_cost(same, constant_lanes("sm_10")).passes, 2u);
}

TEST(ConstantSerialization, DistinctAddressesSerialize) {
  const auto by_lane = warp(4, [](unsigned lane) { return 4ull * lane; });
  EXPECT_EQ(constant_access_cost(by_lane, constant_lanes("sm_90")).passes, 32u);
  auto four = warp(4, [](unsigned lane) { return 4ull * (lane % 4); });
  EXPECT_EQ(constant_access_cost(four, constant_lanes("sm_90")).passes, 4u);
  four.mask = 0;
  EXPECT_EQ(constant_access_cost(four, constant_lanes("sm_90")).passes, 0u);
}

TEST(LocalLayout, UniformOffsetCoalesces) {
  // Every lane reads its own copy of local word 5: 128 consecutive bytes.
  const LocalWords words = interleave_local(warp(4, [](unsigned) { return 20ull; }));
  ASSERT_EQ(words.count, 1u);
  const GlobalCost c =
      global_access_cost(words.word[0], model("sm_90").access.global, GlobalPath::load);
  EXPECT_EQ(c.transactions, 4u);
  EXPECT_EQ(words.word[0].address[1] - words.word[0].address[0], 4u);
}

TEST(LocalLayout, WideAccessIsOneSlabPerWord) {
  const LocalWords words = interleave_local(warp(8, [](unsigned) { return 8ull; }));
  ASSERT_EQ(words.count, 2u);
  for (unsigned w = 0; w < words.count; ++w) {
    EXPECT_EQ(global_access_cost(words.word[w], model("sm_90").access.global, GlobalPath::load)
                  .transactions,
              4u);
  }
  EXPECT_EQ(words.word[1].address[0] - words.word[0].address[0], 128u);
}

TEST(LocalLayout, DivergentOffsetsDoNotCoalesce) {
  const LocalWords words = interleave_local(warp(4, [](unsigned lane) { return 32ull * lane; }));
  EXPECT_EQ(global_access_cost(words.word[0], model("sm_90").access.global, GlobalPath::load)
                .transactions,
            32u);
}

TEST(BranchOutcome, TakenNotTakenDivergent) {
  EXPECT_EQ(branch_outcome(0xFF, 0xFF), BranchOutcome::taken);
  EXPECT_EQ(branch_outcome(0xFF, 0x100), BranchOutcome::not_taken);
  EXPECT_EQ(branch_outcome(0xFF, 0x0F), BranchOutcome::divergent);
}

}  // namespace
}  // namespace smsim::analysis
