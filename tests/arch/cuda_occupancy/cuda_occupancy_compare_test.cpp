// smsim's occupancy calculator against the toolkit's cuda_occupancy.h, which the CUDA
// runtime's cudaOccupancy* functions follow. The header takes the device's properties
// from smsim's own GPU models, so this checks both the rules and the per-CC constants
// the header keeps in code (granularities, block slots, sub-partitions, carveouts).

#include <cuda_occupancy.h>
#include <gtest/gtest.h>

#include <climits>
#include <map>
#include <sstream>

#include "arch/occupancy.h"
#include "occupancy_sampler.h"
#include "test_database.h"

namespace smsim::arch {
namespace {

constexpr int kPointsPerComputeCapability = 10000;
constexpr int kQueryPointsPerComputeCapability = 300;
constexpr int kRequiredPoints = 100000;
constexpr std::uint64_t kSeed = 0x5eed0cc0ULL;
constexpr int kFirstHeaderMajor = 3;  // the header knows nothing older
constexpr int kShownDifferences = 20;

cudaOccDeviceProp device_properties(const GpuModel& gpu) {
  cudaOccDeviceProp prop;
  prop.computeMajor = gpu.cc.major;
  prop.computeMinor = gpu.cc.minor;
  prop.maxThreadsPerBlock = gpu.limits.max_threads_per_block;
  prop.maxThreadsPerMultiprocessor = gpu.limits.max_threads_per_sm;
  prop.regsPerBlock = gpu.registers.max_per_block;
  prop.regsPerMultiprocessor = gpu.registers.per_sm;
  prop.warpSize = gpu.limits.warp_size;
  prop.sharedMemPerBlock = static_cast<size_t>(gpu.shared_memory.max_per_block);
  prop.sharedMemPerMultiprocessor = static_cast<size_t>(gpu.shared_memory.per_sm);
  prop.numSms = std::max(1, gpu.sm_count);
  prop.sharedMemPerBlockOptin = static_cast<size_t>(gpu.shared_memory.max_per_block_optin);
  prop.reservedSharedMemPerBlock = static_cast<size_t>(gpu.shared_memory.reserved_per_block);
  return prop;
}

cudaOccFuncAttributes function_attributes(const OccupancyInput& input) {
  cudaOccFuncAttributes attributes;
  attributes.maxThreadsPerBlock = INT_MAX;
  attributes.numRegs = input.regs_per_thread;
  attributes.sharedSizeBytes = static_cast<size_t>(input.static_smem_per_block);
  attributes.partitionedGCConfig =
      static_cast<cudaOccPartitionedGCConfig>(input.partitioned_caching);
  attributes.shmemLimitConfig = input.smem_limit == SharedMemoryLimit::kOptIn
                                    ? FUNC_SHMEM_LIMIT_OPTIN
                                    : FUNC_SHMEM_LIMIT_DEFAULT;
  attributes.maxDynamicSharedSizeBytes = static_cast<size_t>(input.max_dynamic_smem_per_block);
  attributes.numBlockBarriers = input.block_barriers;
  attributes.virtualResourceCount = input.virtual_resources;
  return attributes;
}

cudaOccDeviceState device_state(const OccupancyInput& input) {
  cudaOccDeviceState state;
  state.cacheConfig = static_cast<cudaOccCacheConfig>(input.cache_config);
  state.carveoutConfig = input.carveout_percent;
  return state;
}

std::string describe(const GpuModel& gpu, const OccupancyInput& in) {
  std::ostringstream text;
  text << "CC " << gpu.cc.to_string() << " threads=" << in.threads_per_block
       << " regs=" << in.regs_per_thread << " static=" << in.static_smem_per_block
       << " dynamic=" << in.dynamic_smem_per_block << " carveout=" << in.carveout_percent
       << " cache=" << static_cast<int>(in.cache_config)
       << " optin=" << static_cast<int>(in.smem_limit)
       << " maxdyn=" << in.max_dynamic_smem_per_block
       << " gc=" << static_cast<int>(in.partitioned_caching) << " barriers=" << in.block_barriers
       << " virtual=" << in.virtual_resources;
  return text.str();
}

// The header ORs in the barrier bit after computing the other factors, so when named
// barriers bind alone it still reports the factors that bound before; smsim reports
// only the binding ones. Everything else must match bit for bit.
unsigned header_style_factors(const OccupancyResult& ours) {
  const auto& l = ours.limits;
  const int before_barriers =
      std::min({l.registers, l.shared_memory, l.warps, l.blocks, l.virtual_resources});
  unsigned bits = 0;
  if (l.warps == before_barriers) bits |= OCC_LIMIT_WARPS;
  if (l.registers == before_barriers) bits |= OCC_LIMIT_REGISTERS;
  if (l.shared_memory == before_barriers) bits |= OCC_LIMIT_SHARED_MEMORY;
  if (l.blocks == before_barriers) bits |= OCC_LIMIT_BLOCKS;
  if (l.virtual_resources == before_barriers) bits |= OCC_LIMIT_VIRTUAL_RESOURCES;
  if (l.barriers != kUnlimitedBlocks && ours.active_blocks_per_sm == l.barriers) {
    bits |= OCC_LIMIT_BARRIERS;
  }
  return bits;
}

std::string compare_point(const GpuModel& gpu, const OccupancyInput& input) {
  const cudaOccDeviceProp prop = device_properties(gpu);
  const cudaOccFuncAttributes attributes = function_attributes(input);
  const cudaOccDeviceState state = device_state(input);
  cudaOccResult expected{};
  const cudaOccError status = cudaOccMaxActiveBlocksPerMultiprocessor(
      &expected, &prop, &attributes, &state, input.threads_per_block,
      static_cast<size_t>(input.dynamic_smem_per_block));
  const OccupancyOutcome outcome = occupancy(gpu, input);
  const auto* ours = std::get_if<OccupancyResult>(&outcome);
  if ((status == CUDA_OCC_SUCCESS) != (ours != nullptr)) {
    return "header status " + std::to_string(status) + ", smsim " +
           (ours != nullptr ? std::string("ok") : std::get<OccupancyError>(outcome).message);
  }
  if (ours == nullptr) return {};
  std::ostringstream diff;
  const auto check = [&diff](const char* what, long long header, long long smsim) {
    if (header != smsim) diff << what << ": header " << header << ", smsim " << smsim << "; ";
  };
  check("active blocks", expected.activeBlocksPerMultiprocessor, ours->active_blocks_per_sm);
  check("register limit", expected.blockLimitRegs, ours->limits.registers);
  check("shared memory limit", expected.blockLimitSharedMem, ours->limits.shared_memory);
  check("warp limit", expected.blockLimitWarps, ours->limits.warps);
  check("block limit", expected.blockLimitBlocks, ours->limits.blocks);
  check("barrier limit", expected.blockLimitBarriers, ours->limits.barriers);
  check("virtual limit", expected.blockLimitVirtual, ours->limits.virtual_resources);
  check("registers allocated", expected.allocatedRegistersPerBlock, ours->registers_per_block);
  check("shared memory allocated", static_cast<long long>(expected.allocatedSharedMemPerBlock),
        ours->smem_per_block);
  check("partitioned caching", expected.partitionedGCConfig,
        static_cast<int>(ours->partitioned_caching));
  check("limiting factors", expected.limitingFactors, header_style_factors(*ours));
  return diff.str();
}

std::vector<const GpuModel*> header_compute_capabilities() {
  std::vector<const GpuModel*> models;
  for (const auto& sm : testing::repository_database().compute_capabilities()) {
    if (sm.cc.major >= kFirstHeaderMajor) models.push_back(&sm);
  }
  return models;
}

TEST(CudaOccupancyHeader, ActiveBlocksAndLimitsMatchOnSampledPoints) {
  testing::SplitMix64 random(kSeed);
  int points = 0;
  int differences = 0;
  std::map<std::string, int> binding;  // how often each resource binds: coverage evidence
  for (const GpuModel* gpu : header_compute_capabilities()) {
    for (const auto& input :
         testing::sample_occupancy_inputs(*gpu, random, kPointsPerComputeCapability)) {
      ++points;
      const OccupancyOutcome outcome = occupancy(*gpu, input);
      if (const auto* result = std::get_if<OccupancyResult>(&outcome)) {
        const bool launches = result->active_blocks_per_sm > 0;
        ++binding[std::string(limiting_factor_name(result->limited_by)) +
                  (launches ? "" : " (0 blocks)")];
      }
      const std::string diff = compare_point(*gpu, input);
      if (diff.empty()) continue;
      if (++differences <= kShownDifferences) {
        ADD_FAILURE() << describe(*gpu, input) << "\n  " << diff;
      }
    }
  }
  EXPECT_GE(points, kRequiredPoints);
  EXPECT_EQ(differences, 0) << "of " << points << " points";
  std::cout << "compared " << points << " points over " << header_compute_capabilities().size()
            << " compute capabilities, " << differences << " differences\n";
  for (const auto& [factor, count] : binding)
    std::cout << "  limited by " << factor << ": " << count << "\n";
}

// The header rejects carveouts outside -1..100; so must smsim.
TEST(CudaOccupancyHeader, CarveoutOutOfRangeIsAnErrorInBoth) {
  for (const GpuModel* gpu : header_compute_capabilities()) {
    for (const int carveout : {-2, 101}) {
      OccupancyInput input{.threads_per_block = 128, .regs_per_thread = 32};
      input.carveout_percent = carveout;
      EXPECT_EQ(compare_point(*gpu, input), "") << describe(*gpu, input);
    }
  }
}

TEST(CudaOccupancyHeader, AvailableDynamicSharedMemoryMatches) {
  testing::SplitMix64 random(kSeed + 1);
  int compared = 0;
  for (const GpuModel* gpu : header_compute_capabilities()) {
    const cudaOccDeviceProp prop = device_properties(*gpu);
    for (auto input :
         testing::sample_occupancy_inputs(*gpu, random, kQueryPointsPerComputeCapability)) {
      input.static_smem_per_block = std::min<std::int64_t>(input.static_smem_per_block, 4096);
      const int num_blocks = static_cast<int>(random.between(1, 8));
      const cudaOccFuncAttributes attributes = function_attributes(input);
      const cudaOccDeviceState state = device_state(input);
      size_t expected = 0;
      const cudaOccError status = cudaOccAvailableDynamicSMemPerBlock(
          &expected, &prop, &attributes, &state, num_blocks, input.threads_per_block);
      const auto ours = available_dynamic_smem_per_block(*gpu, input, num_blocks);
      ASSERT_EQ(status == CUDA_OCC_SUCCESS, std::holds_alternative<std::int64_t>(ours))
          << describe(*gpu, input) << " blocks=" << num_blocks;
      if (status != CUDA_OCC_SUCCESS) continue;
      // Where the static part exceeds the share, the header's unsigned subtraction wraps
      // (then it returns the attribute cap); smsim answers 0. Compare the rest.
      const std::int64_t value = std::get<std::int64_t>(ours);
      if (value == 0 && expected == static_cast<size_t>(input.max_dynamic_smem_per_block)) continue;
      ++compared;
      EXPECT_EQ(static_cast<std::int64_t>(expected), value)
          << describe(*gpu, input) << " blocks=" << num_blocks;
    }
  }
  EXPECT_GT(compared, 0);
}

TEST(CudaOccupancyHeader, MaxPotentialBlockSizeMatches) {
  testing::SplitMix64 random(kSeed + 2);
  for (const GpuModel* gpu : header_compute_capabilities()) {
    const cudaOccDeviceProp prop = device_properties(*gpu);
    for (const auto& input :
         testing::sample_occupancy_inputs(*gpu, random, kQueryPointsPerComputeCapability)) {
      const cudaOccFuncAttributes attributes = function_attributes(input);
      const cudaOccDeviceState state = device_state(input);
      int min_grid = 0;
      int block = 0;
      const cudaOccError status = cudaOccMaxPotentialOccupancyBlockSize(
          &min_grid, &block, &prop, &attributes, &state, nullptr,
          static_cast<size_t>(input.dynamic_smem_per_block));
      const auto ours = max_potential_block_size(*gpu, input, 0);
      ASSERT_EQ(status == CUDA_OCC_SUCCESS, std::holds_alternative<PotentialBlockSize>(ours))
          << describe(*gpu, input);
      if (status != CUDA_OCC_SUCCESS) continue;
      const auto best = std::get<PotentialBlockSize>(ours);
      EXPECT_EQ(block, best.block_size) << describe(*gpu, input);
      EXPECT_EQ(min_grid, best.min_grid_size) << describe(*gpu, input);
    }
  }
}

}  // namespace
}  // namespace smsim::arch
