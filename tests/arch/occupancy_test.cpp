#include <gtest/gtest.h>

#include <limits>

#include "occupancy_test_support.h"
#include "test_database.h"

namespace smsim::arch {
namespace {

using testing::gpu;
using testing::kernel;
using testing::occupancy_of;

TEST(Occupancy, FullH100WithSmallKernel) {
  const auto result = occupancy_of(gpu("h100"), kernel(256, 32, 0));
  EXPECT_EQ(result.active_blocks_per_sm, 8);
  EXPECT_EQ(result.active_warps_per_sm, 64);
  EXPECT_DOUBLE_EQ(result.occupancy, 1.0);
  EXPECT_EQ(result.registers_per_block, 8192);
  // The driver reserves 1 KB per block from 8.0 on.
  EXPECT_EQ(result.smem_per_block, 1024);
  EXPECT_EQ(result.limits.warps, 8);
  EXPECT_EQ(result.limits.registers, 8);
  EXPECT_EQ(result.limits.shared_memory, 228);
}

TEST(Occupancy, RegistersBindOnH100) {
  const auto result = occupancy_of(gpu("h100"), kernel(256, 128, 0));
  EXPECT_EQ(result.limits.registers, 2);
  EXPECT_EQ(result.active_blocks_per_sm, 2);
  EXPECT_EQ(result.limited_by, LimitingFactor::kRegisters);
  EXPECT_DOUBLE_EQ(result.occupancy, 0.25);
}

TEST(Occupancy, SharedMemoryBindsAndCarveoutRoundsUp) {
  OccupancyInput input = kernel(128, 32, 0);
  input.dynamic_smem_per_block = 40000;
  const auto result = occupancy_of(gpu("h100"), input);
  // 40000 + 1024 reserved, rounded to 128 B units = 41088; 228 KB / 41088 = 5.
  EXPECT_EQ(result.smem_per_block, 41088);
  EXPECT_EQ(result.limits.shared_memory, 5);
  EXPECT_EQ(result.limited_by, LimitingFactor::kSharedMemory);

  input.carveout_percent = 50;  // 114 KB -> the 132 KB carveout
  const auto half = occupancy_of(gpu("h100"), input);
  EXPECT_EQ(half.smem_per_sm, 132 * 1024);
  EXPECT_EQ(half.limits.shared_memory, 3);
}

TEST(Occupancy, SmallBlocksHitTheBlockSlots) {
  const auto result = occupancy_of(gpu("h100"), kernel(32, 16, 0));
  EXPECT_EQ(result.active_blocks_per_sm, 32);
  EXPECT_EQ(result.limited_by, LimitingFactor::kBlocks);
  EXPECT_DOUBLE_EQ(result.occupancy, 0.5);
}

TEST(Occupancy, PartialWarpsCountAsWholeWarps) {
  const auto result = occupancy_of(gpu("rtx3090"), kernel(33, 16, 0));
  EXPECT_EQ(result.warps_per_block, 2);
  EXPECT_EQ(result.limits.warps, 24);
  EXPECT_EQ(result.active_blocks_per_sm, 16);
}

TEST(Occupancy, TooManyRegistersPerBlockMeansZeroBlocks) {
  const auto result = occupancy_of(gpu("h100"), kernel(1024, 255, 0));
  EXPECT_EQ(result.active_blocks_per_sm, 0);
  EXPECT_EQ(result.limited_by, LimitingFactor::kRegisters);
  EXPECT_DOUBLE_EQ(result.occupancy, 0.0);
}

TEST(Occupancy, SharedMemoryAboveDefaultLimitNeedsOptIn) {
  OccupancyInput input = kernel(128, 32, 0);
  input.dynamic_smem_per_block = 100 * 1024;
  EXPECT_EQ(occupancy_of(gpu("h100"), input).limits.shared_memory, 0);
  input.smem_limit = SharedMemoryLimit::kOptIn;
  input.max_dynamic_smem_per_block = 100 * 1024;
  EXPECT_EQ(occupancy_of(gpu("h100"), input).limits.shared_memory, 2);
}

TEST(Occupancy, UnusedResourcesDoNotLimit) {
  const auto result = occupancy_of(gpu("gtx980"), kernel(32, 0, 0));
  EXPECT_EQ(result.limits.registers, kUnlimitedBlocks);
  EXPECT_EQ(result.limits.shared_memory, kUnlimitedBlocks);
  EXPECT_EQ(result.limited_by, LimitingFactor::kBlocks);
}

TEST(Occupancy, KeplerCachePreferenceLimitsSharedMemory) {
  OccupancyInput input = kernel(128, 16, 12 * 1024);
  EXPECT_EQ(occupancy_of(gpu("gtx680"), input).limits.shared_memory, 4);
  input.cache_config = CacheConfig::kPreferEqual;
  EXPECT_EQ(occupancy_of(gpu("gtx680"), input).limits.shared_memory, 2);
  input.cache_config = CacheConfig::kPreferL1;
  EXPECT_EQ(occupancy_of(gpu("gtx680"), input).limits.shared_memory, 1);
}

TEST(Occupancy, InvalidInputIsAnError) {
  EXPECT_TRUE(std::holds_alternative<OccupancyError>(occupancy(gpu("h100"), kernel(0, 32, 0))));
  EXPECT_TRUE(std::holds_alternative<OccupancyError>(occupancy(gpu("h100"), kernel(64, -1, 0))));
  OccupancyInput input = kernel(64, 32, 0);
  input.carveout_percent = 101;
  EXPECT_TRUE(std::holds_alternative<OccupancyError>(occupancy(gpu("h100"), input)));
  // Absurd sizes are errors, not arithmetic overflows.
  for (const auto& absurd : {kernel(std::numeric_limits<int>::max(), 32, 0),
                             kernel(64, std::numeric_limits<int>::max(), 0),
                             kernel(64, 32, std::numeric_limits<std::int64_t>::max())}) {
    EXPECT_TRUE(std::holds_alternative<OccupancyError>(occupancy(gpu("h100"), absurd)));
  }
  input = kernel(64, 32, 0);
  input.max_dynamic_smem_per_block = -1;
  EXPECT_TRUE(std::holds_alternative<OccupancyError>(occupancy(gpu("h100"), input)));
}

TEST(OccupancyQueries, AvailableDynamicSharedMemory) {
  OccupancyInput input = kernel(256, 32, 0);
  input.max_dynamic_smem_per_block = 1 << 20;
  // Without opt-in one block may use 48 KB plus the reserved 1 KB.
  const auto default_limit = available_dynamic_smem_per_block(gpu("h100"), input, 2);
  ASSERT_TRUE(std::holds_alternative<std::int64_t>(default_limit));
  EXPECT_EQ(std::get<std::int64_t>(default_limit), 49 * 1024);
  input.smem_limit = SharedMemoryLimit::kOptIn;
  const auto two = available_dynamic_smem_per_block(gpu("h100"), input, 2);
  ASSERT_TRUE(std::holds_alternative<std::int64_t>(two));
  EXPECT_EQ(std::get<std::int64_t>(two), 233472 / 2);
  const auto too_many = available_dynamic_smem_per_block(gpu("h100"), input, 9);
  EXPECT_TRUE(std::holds_alternative<OccupancyError>(too_many));
}

TEST(OccupancyQueries, MaxPotentialBlockSize) {
  const auto outcome = max_potential_block_size(gpu("h100"), kernel(0, 32, 0), 0);
  ASSERT_TRUE(std::holds_alternative<PotentialBlockSize>(outcome));
  const auto best = std::get<PotentialBlockSize>(outcome);
  EXPECT_EQ(best.block_size, 1024);
  EXPECT_EQ(best.min_grid_size, 2 * 132);
}

}  // namespace
}  // namespace smsim::arch
