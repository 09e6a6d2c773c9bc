#pragma once
// The per-SM state of the cycle model: resident blocks (each with the
// functional engine's block state), warp slots with their scoreboards, and
// the sub-partitions (one warp scheduler each) with their pipes.

#include <array>
#include <cstdint>
#include <vector>

#include "func/exec/block_state.h"
#include "timing/op_timing.h"
#include "timing/stall_reason.h"

namespace smsim::timing {

inline constexpr std::uint32_t kNoWarp = UINT32_MAX;

struct WarpSlot {
  std::uint32_t block_slot = 0;
  std::uint32_t warp = 0;      // index in its block
  std::uint64_t age = 0;       // dispatch order: lower is older
  std::uint64_t ready_at = 0;  // earliest next issue (after a barrier release)
  bool waits_at_barrier = false;
  bool live = false;
  Stall stall = Stall::wait;             // this cycle's state, for the statistics
  std::vector<std::uint64_t> reg_ready;  // per register: the cycle its value is ready
  std::vector<Stall> reg_stall;          // per register: what a reader waits on
  std::vector<std::uint32_t> early;      // instructions of its block issued ahead of order
  std::uint64_t hoist_retry = 0;         // after a failed look-ahead: when a candidate may be ready
};

struct ResidentBlock {
  func::BlockState state;
  bool live = false;
  std::uint32_t warps_left = 0;
  double last_arrival = 0.0;  // the latest barrier arrival's end, since the last release
};

struct SubPartition {
  std::vector<std::uint32_t> warps;  // warp slots, oldest first
  std::array<double, static_cast<std::size_t>(Pipe::count)> pipe_free{};  // issue_rules.h
  std::uint32_t last_issued = kNoWarp;
  std::uint32_t next_round_robin = 0;
  std::uint64_t last_issued_at = UINT64_MAX;  // the cycle of its latest issue
  std::uint64_t busy_until = 0;               // its next issue (issue_rules.h: issue_cycles)
};

struct SmState {
  std::vector<ResidentBlock> blocks;  // one per block slot
  std::vector<WarpSlot> warps;        // block_slot * warps_per_block + warp
  std::vector<SubPartition> partitions;
  std::uint32_t resident_blocks = 0;
  std::uint32_t resident_warps = 0;
  double barrier_free = 0.0;
  // A Fermi DP issue stops the other schedulers until then (issue_rules.h).
  std::uint64_t others_stopped_until = 0;
  std::uint32_t stopping_partition = 0;
  std::uint64_t active_cycles = 0;
  std::uint64_t warp_cycles = 0;  // sum over cycles of resident warps
};

}  // namespace smsim::timing
