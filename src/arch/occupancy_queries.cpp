#include <algorithm>

#include "arch/occupancy.h"
#include "arch/occupancy_limits.h"

namespace smsim::arch {

std::variant<std::int64_t, OccupancyError> available_dynamic_smem_per_block(
    const GpuModel& gpu, const OccupancyInput& input, int num_blocks) {
  if (num_blocks <= 0) {
    return OccupancyError{"number of blocks must be positive, got " + std::to_string(num_blocks)};
  }
  OccupancyInput without_dynamic = input;
  without_dynamic.dynamic_smem_per_block = 0;
  const auto outcome = occupancy(gpu, without_dynamic);
  if (const auto* error = std::get_if<OccupancyError>(&outcome)) return *error;
  const auto& result = std::get<OccupancyResult>(outcome);
  if (result.active_blocks_per_sm < num_blocks) {
    return OccupancyError{
        std::to_string(num_blocks) + " blocks do not fit on one SM even without " +
        "dynamic shared memory (at most " + std::to_string(result.active_blocks_per_sm) + ")"};
  }

  const auto& smem = gpu.shared_memory;
  const std::int64_t per_block_limit = smem_limit_per_block(gpu, input.smem_limit, smem.per_sm);
  std::int64_t per_sm = per_block_limit;
  if (num_blocks > 1) {
    // A single block may take the whole software limit; several share the configured SM.
    const auto preference = preferred_smem_per_sm(gpu, input);
    per_sm = std::holds_alternative<std::int64_t>(preference) ? std::get<std::int64_t>(preference)
                                                              : smem.per_sm;
    if (per_sm == 0) per_sm = round_up_to_carveout(gpu, 1).value_or(0);
  }
  std::int64_t available = per_sm / num_blocks;
  available -= available % smem.allocation_unit;
  available = std::min(available, per_block_limit);
  // The reserved part is not subtracted here, as in cuda_occupancy.h.
  if (available < input.static_smem_per_block) return std::int64_t{0};
  available -= input.static_smem_per_block;
  return std::min(available, input.max_dynamic_smem_per_block);
}

std::variant<PotentialBlockSize, OccupancyError> max_potential_block_size(
    const GpuModel& gpu, const OccupancyInput& input, int block_size_limit,
    const std::function<std::int64_t(int)>& dynamic_smem_for_block_size) {
  const int warp = gpu.limits.warp_size;
  const int limit = block_size_limit > 0
                        ? std::min(gpu.limits.max_threads_per_block, block_size_limit)
                        : gpu.limits.max_threads_per_block;
  PotentialBlockSize best;
  int best_threads = 0;
  // Largest block sizes first, so that ties keep the larger block.
  for (int aligned = detail::round_up(limit, warp); aligned > 0; aligned -= warp) {
    OccupancyInput candidate = input;
    candidate.threads_per_block = std::min(limit, aligned);
    if (dynamic_smem_for_block_size) {
      candidate.dynamic_smem_per_block = dynamic_smem_for_block_size(candidate.threads_per_block);
    }
    const auto outcome = occupancy(gpu, candidate);
    if (const auto* error = std::get_if<OccupancyError>(&outcome)) return *error;
    const int blocks = std::get<OccupancyResult>(outcome).active_blocks_per_sm;
    const int threads = blocks * candidate.threads_per_block;
    if (threads > best_threads) {
      best_threads = threads;
      best.block_size = candidate.threads_per_block;
      best.min_grid_size = blocks;
    }
    if (best_threads == gpu.limits.max_threads_per_sm) break;
  }
  best.min_grid_size *= std::max(gpu.sm_count, 1);
  return best;
}

}  // namespace smsim::arch
