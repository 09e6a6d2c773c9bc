#pragma once
// The per-instruction counts the analysis keeps: one row of counters per
// instruction (PC) of a kernel, summed over every warp that issued it.

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace smsim::analysis {

enum class Counter : std::uint8_t {
  executions,    // warp-level issues
  active_lanes,  // lanes whose guard held, summed over issues
  global_load_instructions,
  global_load_requests,
  global_load_sectors,  // transactions: sectors on 3.x+, lines/segments before
  global_load_ideal,    // the fewest transactions the same active lanes could need
  global_store_instructions,
  global_store_requests,
  global_store_sectors,
  global_store_ideal,
  global_atomic_instructions,
  global_atomic_requests,
  global_atomic_sectors,
  local_load_instructions,
  local_load_requests,
  local_load_sectors,
  local_store_instructions,
  local_store_requests,
  local_store_sectors,
  shared_load_instructions,
  shared_load_wavefronts,
  shared_load_conflicts,
  shared_store_instructions,
  shared_store_wavefronts,
  shared_store_conflicts,
  shared_atomic_instructions,
  shared_atomic_wavefronts,
  constant_instructions,
  constant_requests,
  constant_passes,
  branch_executions,
  branch_taken,
  branch_not_taken,
  branch_divergent,
  count
};

inline constexpr std::size_t kCounterCount = static_cast<std::size_t>(Counter::count);

struct InstructionCounters {
  std::array<std::uint64_t, kCounterCount> value{};

  std::uint64_t& operator[](Counter c) { return value[static_cast<std::size_t>(c)]; }
  std::uint64_t operator[](Counter c) const { return value[static_cast<std::size_t>(c)]; }
  InstructionCounters& operator+=(const InstructionCounters& other) {
    for (std::size_t i = 0; i < kCounterCount; ++i) value[i] += other.value[i];
    return *this;
  }
};

// Indexed by PC.
using KernelCounters = std::vector<InstructionCounters>;

}  // namespace smsim::analysis
