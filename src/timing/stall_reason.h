#pragma once
// Why a resident warp did not issue in a cycle, in Nsight Compute's
// categories (smsp__pcsamp_warps_issue_stalled_*), and the per-launch
// statistics of the cycle model.

#include <array>
#include <cstdint>
#include <string_view>

namespace smsim::timing {

enum class Stall : std::uint8_t {
  selected,            // issued this cycle
  not_selected,        // ready, another warp of its scheduler issued
  wait,                // a fixed-latency dependency (ALU, FMA, FP64 ...)
  short_scoreboard,    // a result from shared memory, the SFU or a shuffle
  long_scoreboard,     // a result from global or local memory
  math_pipe_throttle,  // its execution pipe is busy
  lg_throttle,         // the global/local memory queue is busy
  mio_throttle,        // the shared-memory / MIO queue is busy
  barrier,             // waiting at a CTA barrier
  sleeping,            // in nanosleep
  membar,              // waiting for its membar or fence to complete
  branch_resolving,    // after a taken branch, until the target's instructions come
  count,
};

inline constexpr std::array<std::string_view, static_cast<std::size_t>(Stall::count)> kStallNames =
    {"selected",        "not_selected",       "wait",        "short_scoreboard",
     "long_scoreboard", "math_pipe_throttle", "lg_throttle", "mio_throttle",
     "barrier",         "sleeping",           "membar",      "branch_resolving"};

struct TimingStats {
  std::uint64_t cycles = 0;  // gpc__cycles_elapsed.max: launch overhead plus the grid's span
  std::uint64_t issued = 0;  // warp-instructions
  double sm_active_cycles_avg = 0.0;   // sm__cycles_active.avg
  double warps_active_pct = 0.0;       // sm__warps_active.avg.pct_of_peak_sustained_active
  std::uint64_t dram_read_bytes = 0;   // dram__bytes_read.sum
  std::uint64_t dram_write_bytes = 0;  // dram__bytes_write.sum
  std::uint64_t l2_sectors = 0;        // lts__t_sectors.sum
  std::uint64_t dram_transactions = 0;  // GPUs without L2 (1.x): the CC's coalesced transactions
  std::uint64_t dram_activations = 0;   // DRAM rows opened (src/timing/dram.h)
  std::uint64_t translation_walks = 0;  // regions first translated (src/timing/address_translation.h)
  std::uint64_t l1_hit_sectors = 0;
  std::uint64_t l1_miss_sectors = 0;
  std::uint64_t l2_hit_sectors = 0;
  std::uint64_t l2_miss_sectors = 0;
  std::array<std::uint64_t, static_cast<std::size_t>(Stall::count)> warp_cycles{};  // per Stall
};

}  // namespace smsim::timing
