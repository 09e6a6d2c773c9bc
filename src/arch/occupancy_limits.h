#pragma once
// The per-resource block limits the occupancy calculator combines (occupancy.cpp).

#include <cstdint>
#include <variant>

#include "arch/occupancy.h"

namespace smsim::arch::detail {

inline int divide_round_up(int value, int divisor) {
  return (value + divisor - 1) / divisor;
}
inline int round_up(int value, int multiple) {
  return multiple * divide_round_up(value, multiple);
}
inline std::int64_t round_up(std::int64_t value, std::int64_t multiple) {
  return multiple * ((value + multiple - 1) / multiple);
}

struct RegisterLimit {
  int blocks = 0;
  int registers_per_block = 0;
  PartitionedCaching partitioned_caching = PartitionedCaching::kOff;  // possibly turned off
};

// Blocks the register file allows; may turn partitioned caching off when a block does
// not fit half an SM (unless it is kOnStrict).
RegisterLimit register_limit(const GpuModel& gpu, const OccupancyInput& input,
                             PartitionedCaching caching);

int warp_limit(const GpuModel& gpu, int threads_per_block, PartitionedCaching caching);

struct SharedMemoryBlockLimit {
  int blocks = 0;
  std::int64_t smem_per_block = 0;  // allocated
  std::int64_t smem_per_sm = 0;     // configured
};

std::variant<SharedMemoryBlockLimit, OccupancyError> shared_memory_limit(
    const GpuModel& gpu, const OccupancyInput& input);

}  // namespace smsim::arch::detail
