#include "arch/occupancy_limits.h"

namespace smsim::arch::detail {

namespace {

// Registers are granted to a whole block at once: warps are first rounded up to the
// warp allocation granularity, then the block's registers to the allocation unit
// (occupancy calculator spreadsheet, 1.x).
RegisterLimit block_granular_limit(const GpuModel& gpu, const OccupancyInput& input) {
  const auto& file = gpu.registers;
  const int warps = divide_round_up(input.threads_per_block, gpu.limits.warp_size);
  const int allocated_warps = round_up(warps, file.warp_allocation_granularity);
  const int per_block = round_up(allocated_warps * gpu.limits.warp_size * input.regs_per_thread,
                                 file.allocation_unit);
  RegisterLimit limit{.registers_per_block = per_block};
  if (input.regs_per_thread > file.max_per_thread || per_block > file.max_per_block) return limit;
  limit.blocks = per_block > 0 ? file.per_sm / per_block : kUnlimitedBlocks;
  return limit;
}

// Registers are granted per warp from equal sub-partitions of the register file; the
// hardware's per-block check assumes every sub-partition gets the same number of warps
// (cuda_occupancy.h, 2.x and later).
RegisterLimit warp_granular_limit(const GpuModel& gpu, const OccupancyInput& input,
                                  int sub_partitions, PartitionedCaching caching) {
  const auto& file = gpu.registers;
  const int warps = divide_round_up(input.threads_per_block, gpu.limits.warp_size);
  const int per_warp = round_up(input.regs_per_thread * gpu.limits.warp_size, file.allocation_unit);
  const int per_block = per_warp * warps;
  const int assumed_per_block = per_warp * round_up(warps, sub_partitions);
  RegisterLimit limit{.registers_per_block = per_block, .partitioned_caching = caching};
  if (file.max_per_block < assumed_per_block || file.max_per_block < per_block ||
      input.regs_per_thread > file.max_per_thread) {
    return limit;
  }
  if (per_warp == 0) {
    limit.blocks = kUnlimitedBlocks;
    return limit;
  }
  const int warps_per_sub_partition = (file.per_sm / sub_partitions) / per_warp;
  if (caching != PartitionedCaching::kOff) {
    // A block may use only half of the SM (half of its sub-partitions).
    const int half_sm_warps = warps_per_sub_partition * (sub_partitions / 2);
    limit.blocks = (half_sm_warps / warps) * 2;
  }
  if (limit.blocks == 0 && caching != PartitionedCaching::kOnStrict) {
    limit.partitioned_caching = PartitionedCaching::kOff;
    limit.blocks = (warps_per_sub_partition * sub_partitions) / warps;
  }
  return limit;
}

}  // namespace

RegisterLimit register_limit(const GpuModel& gpu, const OccupancyInput& input,
                             PartitionedCaching caching) {
  const auto& file = gpu.registers;
  if (file.allocation_granularity == RegisterGranularity::kBlock) {
    return block_granular_limit(gpu, input);
  }
  RegisterLimit limit = warp_granular_limit(gpu, input, file.sub_partitions, caching);
  // A block that would not fit the family's other sub-partition layout is refused on
  // this one too, so that a launch valid on one member is valid on all (GP100 / GP10x).
  if (limit.blocks > 0 && file.compat_check_sub_partitions > 0) {
    const RegisterLimit other = warp_granular_limit(gpu, input, file.compat_check_sub_partitions,
                                                    limit.partitioned_caching);
    if (other.blocks == 0) limit.blocks = 0;
  }
  return limit;
}

int warp_limit(const GpuModel& gpu, int threads_per_block, PartitionedCaching caching) {
  if (threads_per_block > gpu.limits.max_threads_per_block) return 0;
  const int max_warps = gpu.limits.max_threads_per_sm / gpu.limits.warp_size;
  const int warps = divide_round_up(threads_per_block, gpu.limits.warp_size);
  if (caching != PartitionedCaching::kOff) return ((max_warps / 2) / warps) * 2;
  return max_warps / warps;
}

}  // namespace smsim::arch::detail
