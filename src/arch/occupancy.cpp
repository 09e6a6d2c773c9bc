#include "arch/occupancy.h"

#include <algorithm>
#include <array>

#include "arch/occupancy_limits.h"

namespace smsim::arch {

namespace {

// Partitioned global caching only exists where the SM supports it.
PartitionedCaching effective_caching(const GpuModel& gpu, PartitionedCaching requested) {
  return gpu.sm.partitioned_global_caching ? requested : PartitionedCaching::kOff;
}

// Far above any GPU's limits (a block has at most 1024 threads and 255 registers per
// thread): larger values are answered with an error instead of overflowing the arithmetic.
constexpr int kMaxThreadsPerBlock = 1 << 16;
constexpr int kMaxRegsPerThread = 1 << 12;
constexpr std::int64_t kMaxSmemPerBlock = std::int64_t{1} << 40;

std::optional<OccupancyError> check_input(const OccupancyInput& input) {
  if (input.threads_per_block <= 0 || input.threads_per_block > kMaxThreadsPerBlock) {
    return OccupancyError{"threads per block must be from 1 to " +
                          std::to_string(kMaxThreadsPerBlock) + ", got " +
                          std::to_string(input.threads_per_block)};
  }
  if (input.regs_per_thread < 0 || input.regs_per_thread > kMaxRegsPerThread) {
    return OccupancyError{"registers per thread must be from 0 to " +
                          std::to_string(kMaxRegsPerThread) + ", got " +
                          std::to_string(input.regs_per_thread)};
  }
  for (const std::int64_t bytes : {input.static_smem_per_block, input.dynamic_smem_per_block,
                                   input.max_dynamic_smem_per_block}) {
    if (bytes < 0 || bytes > kMaxSmemPerBlock) {
      return OccupancyError{"shared memory sizes must be from 0 to " +
                            std::to_string(kMaxSmemPerBlock) + " bytes, got " +
                            std::to_string(bytes)};
    }
  }
  return std::nullopt;
}

int barrier_limit(const GpuModel& gpu, const OccupancyInput& input) {
  if (!gpu.limits.barriers_limit_occupancy || input.block_barriers <= 0) return kUnlimitedBlocks;
  return gpu.limits.block_barriers_per_sm / input.block_barriers;
}

int virtual_resource_limit(const GpuModel& gpu, const OccupancyInput& input) {
  if (gpu.limits.virtual_resources_per_sm <= 0 || input.virtual_resources <= 0) {
    return kUnlimitedBlocks;
  }
  return gpu.limits.virtual_resources_per_sm / input.virtual_resources;
}

unsigned factor_bit(LimitingFactor factor) {
  return static_cast<unsigned>(factor);
}

constexpr std::array kFactorOrder{LimitingFactor::kWarps,        LimitingFactor::kRegisters,
                                  LimitingFactor::kSharedMemory, LimitingFactor::kBlocks,
                                  LimitingFactor::kBarriers,     LimitingFactor::kVirtualResources};

}  // namespace

OccupancyOutcome occupancy(const GpuModel& gpu, const OccupancyInput& input) {
  if (const auto error = check_input(input)) return *error;

  OccupancyResult result;
  const auto registers =
      detail::register_limit(gpu, input, effective_caching(gpu, input.partitioned_caching));
  result.partitioned_caching = registers.partitioned_caching;
  result.registers_per_block = registers.registers_per_block;

  const auto smem = detail::shared_memory_limit(gpu, input);
  if (const auto* error = std::get_if<OccupancyError>(&smem)) return *error;
  const auto& smem_limit = std::get<detail::SharedMemoryBlockLimit>(smem);
  result.smem_per_block = smem_limit.smem_per_block;
  result.smem_per_sm = smem_limit.smem_per_sm;

  auto& limits = result.limits;
  limits.registers = registers.blocks;
  limits.warps = detail::warp_limit(gpu, input.threads_per_block, registers.partitioned_caching);
  limits.blocks = gpu.limits.max_blocks_per_sm;
  limits.shared_memory = smem_limit.blocks;
  limits.virtual_resources = virtual_resource_limit(gpu, input);
  limits.barriers = barrier_limit(gpu, input);

  const int blocks = std::min({limits.registers, limits.shared_memory, limits.warps, limits.blocks,
                               limits.virtual_resources, limits.barriers});
  const std::array factor_limits{limits.warps,  limits.registers, limits.shared_memory,
                                 limits.blocks, limits.barriers,  limits.virtual_resources};
  for (std::size_t i = 0; i < kFactorOrder.size(); ++i) {
    if (factor_limits[i] != blocks) continue;
    if (result.limiting_factors == 0) result.limited_by = kFactorOrder[i];
    result.limiting_factors |= factor_bit(kFactorOrder[i]);
  }

  result.warps_per_block = detail::divide_round_up(input.threads_per_block, gpu.limits.warp_size);
  result.active_blocks_per_sm = blocks;
  result.active_warps_per_sm = blocks * result.warps_per_block;
  result.active_threads_per_sm = blocks * input.threads_per_block;
  result.max_warps_per_sm = gpu.limits.max_threads_per_sm / gpu.limits.warp_size;
  result.occupancy = static_cast<double>(result.active_warps_per_sm) /
                     static_cast<double>(result.max_warps_per_sm);
  return result;
}

std::string_view limiting_factor_name(LimitingFactor factor) {
  switch (factor) {
    case LimitingFactor::kWarps:
      return "warps";
    case LimitingFactor::kRegisters:
      return "registers";
    case LimitingFactor::kSharedMemory:
      return "shared_memory";
    case LimitingFactor::kBlocks:
      return "blocks";
    case LimitingFactor::kBarriers:
      return "barriers";
    case LimitingFactor::kVirtualResources:
      return "virtual_resources";
  }
  return "unknown";
}

}  // namespace smsim::arch
