// The seeds' worked examples of NVIDIA's occupancy calculator (1.x) and the older
// calculator's per-CC limits (1.x, 2.x), which cuda_occupancy.h does not cover.

#include <gtest/gtest.h>

#include "occupancy_test_support.h"
#include "test_database.h"

namespace smsim::arch {
namespace {

using testing::kernel;
using testing::occupancy_of;
using testing::repository_database;

const GpuModel& cc(int major, int minor) {
  const GpuModel* model = repository_database().find(ComputeCapability{major, minor});
  if (model == nullptr) throw std::runtime_error("no model for the CC under test");
  return *model;
}

// optimizing-cuda-slides.txt, "Occupancy Calculator": G80, 192 threads, 20 registers, 68 B.
TEST(OccupancySlides, G80Example) {
  const auto result = occupancy_of(testing::gpu("g80"), kernel(192, 20, 68));
  EXPECT_EQ(result.active_threads_per_sm, 384);
  EXPECT_EQ(result.active_warps_per_sm, 12);
  EXPECT_EQ(result.active_blocks_per_sm, 2);
  EXPECT_DOUBLE_EQ(result.occupancy, 0.5);
  EXPECT_EQ(result.warps_per_block, 6);
  EXPECT_EQ(result.registers_per_block, 3840);
  EXPECT_EQ(result.smem_per_block, 512);
  EXPECT_EQ(result.limits.warps, 4);
  EXPECT_EQ(result.limits.registers, 2);
  EXPECT_EQ(result.limits.shared_memory, 32);
  EXPECT_EQ(result.limited_by, LimitingFactor::kRegisters);
  // "Maximum Simultaneous Blocks per GPU 32" = 2 blocks x 16 SMs.
  EXPECT_EQ(result.active_blocks_per_sm * testing::gpu("g80").sm_count, 32);
}

// cs677-lecture4-performance.txt: CC 1.3, 128 threads, 25 registers, 640 B.
TEST(OccupancySlides, ComputeCapability13Example) {
  const auto result = occupancy_of(cc(1, 3), kernel(128, 25, 640));
  EXPECT_EQ(result.active_threads_per_sm, 512);
  EXPECT_EQ(result.active_warps_per_sm, 16);
  EXPECT_EQ(result.active_blocks_per_sm, 4);
  EXPECT_DOUBLE_EQ(result.occupancy, 0.5);
  EXPECT_EQ(result.limited_by, LimitingFactor::kRegisters);
  EXPECT_EQ(result.warps_per_block, 4);
  EXPECT_EQ(result.registers_per_block, 3584);
  EXPECT_EQ(result.smem_per_block, 1024);
  // "Limited by Max Warps / Blocks per Multiprocessor 8", registers 4, shared memory 16.
  EXPECT_EQ(std::min(result.limits.warps, result.limits.blocks), 8);
  EXPECT_EQ(result.limits.registers, 4);
  EXPECT_EQ(result.limits.shared_memory, 16);
}

// The slides' rule of thumb: 192 threads hide the register latency, which is 25%
// occupancy on 1.0/1.1 and 18.75% on 1.2/1.3.
TEST(OccupancySlides, SixWarpsAreTheQuotedShareOfEachSm) {
  const auto g80 = occupancy_of(cc(1, 0), kernel(192, 1, 0));
  EXPECT_DOUBLE_EQ(6.0 / g80.max_warps_per_sm, 0.25);
  const auto gt200 = occupancy_of(cc(1, 3), kernel(192, 1, 0));
  EXPECT_DOUBLE_EQ(6.0 / gt200.max_warps_per_sm, 0.1875);
}

struct LegacyLimits {
  int major;
  int minor;
  int threads_per_sm;
  int warps_per_sm;
  int blocks_per_sm;
  int registers_per_sm;
  int register_unit;
  RegisterGranularity granularity;
  int smem_per_sm;
  int smem_unit;
  int max_threads_per_block;
  int max_regs_per_thread;
};

// The older calculator's GPU data sheet (1.x from the slides, 2.x from App. G and the
// calculator's data for Fermi).
TEST(OccupancySlides, LegacyPerComputeCapabilityLimits) {
  const LegacyLimits table[] = {
      {1, 0, 768, 24, 8, 8192, 256, RegisterGranularity::kBlock, 16384, 512, 512, 124},
      {1, 1, 768, 24, 8, 8192, 256, RegisterGranularity::kBlock, 16384, 512, 512, 124},
      {1, 2, 1024, 32, 8, 16384, 512, RegisterGranularity::kBlock, 16384, 512, 512, 124},
      {1, 3, 1024, 32, 8, 16384, 512, RegisterGranularity::kBlock, 16384, 512, 512, 124},
      {2, 0, 1536, 48, 8, 32768, 64, RegisterGranularity::kWarp, 49152, 128, 1024, 63},
      {2, 1, 1536, 48, 8, 32768, 64, RegisterGranularity::kWarp, 49152, 128, 1024, 63},
  };
  for (const auto& row : table) {
    const GpuModel& model = cc(row.major, row.minor);
    SCOPED_TRACE(model.cc.to_string());
    EXPECT_EQ(model.limits.max_threads_per_sm, row.threads_per_sm);
    EXPECT_EQ(model.limits.max_warps_per_sm, row.warps_per_sm);
    EXPECT_EQ(model.limits.max_blocks_per_sm, row.blocks_per_sm);
    EXPECT_EQ(model.registers.per_sm, row.registers_per_sm);
    EXPECT_EQ(model.registers.allocation_unit, row.register_unit);
    EXPECT_EQ(model.registers.allocation_granularity, row.granularity);
    EXPECT_EQ(model.shared_memory.per_sm, row.smem_per_sm);
    EXPECT_EQ(model.shared_memory.allocation_unit, row.smem_unit);
    EXPECT_EQ(model.limits.max_threads_per_block, row.max_threads_per_block);
    EXPECT_EQ(model.registers.max_per_thread, row.max_regs_per_thread);
  }
}

// 1.x allocates registers per block after rounding warps up to pairs: 3 warps cost as
// much as 4.
TEST(OccupancySlides, BlockGranularityRoundsWarpsToPairs) {
  const auto three_warps = occupancy_of(cc(1, 3), kernel(96, 16, 0));
  const auto four_warps = occupancy_of(cc(1, 3), kernel(128, 16, 0));
  EXPECT_EQ(three_warps.registers_per_block, 2048);
  EXPECT_EQ(four_warps.registers_per_block, 2048);
  EXPECT_EQ(three_warps.limits.registers, 8);
}

// Fermi allocates 64-register units per warp: 21 registers x 32 threads = 672 -> 704.
TEST(OccupancySlides, FermiAllocatesRegistersPerWarp) {
  const auto result = occupancy_of(cc(2, 0), kernel(256, 21, 0));
  EXPECT_EQ(result.registers_per_block, 704 * 8);
  // 16384 registers per half SM / 704 = 23 warps per half, 46 per SM, 5 blocks of 8 warps.
  EXPECT_EQ(result.limits.registers, 5);
  EXPECT_EQ(result.limits.warps, 6);
  EXPECT_EQ(result.active_blocks_per_sm, 5);
  EXPECT_EQ(result.limited_by, LimitingFactor::kRegisters);
}

// Fermi's 16 KB / 48 KB split follows the cache preference.
TEST(OccupancySlides, FermiCachePreferenceSelectsSharedMemory) {
  OccupancyInput input = kernel(128, 16, 8192);
  input.cache_config = CacheConfig::kPreferL1;
  const auto prefer_l1 = occupancy_of(cc(2, 0), input);
  EXPECT_EQ(prefer_l1.smem_per_sm, 16384);
  EXPECT_EQ(prefer_l1.limits.shared_memory, 2);
  input.cache_config = CacheConfig::kPreferShared;
  EXPECT_EQ(occupancy_of(cc(2, 0), input).limits.shared_memory, 6);
}

}  // namespace
}  // namespace smsim::arch
