#pragma once
// The per-SM state of the cycle model: resident blocks (each with the
// functional engine's block state), warp slots with their scoreboards, and
// the sub-partitions (one warp scheduler each) with their pipes.

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "func/exec/block_state.h"
#include "func/exec/launch_types.h"
#include "func/exec/warp_loop.h"
#include "timing/asleep_warps.h"
#include "timing/branch_regions.h"
#include "timing/load_scoreboards.h"
#include "timing/op_timing.h"
#include "timing/stall_reason.h"
#include "timing/warp_access.h"

namespace smsim::timing {

inline constexpr std::uint32_t kNoWarp = UINT32_MAX;

struct WarpSlot {
  // The fields the scheduler reads every cycle come first (one cache line).
  bool live = false;
  bool waits_at_barrier = false;
  Stall stall = Stall::wait;  // this cycle's state, for the statistics
  // What the scheduler last read of the warp's next instruction, so that a
  // warp that has not issued since is judged without touching its
  // functional state or scoreboard: the instruction, whether it waits with
  // no running lane, and when its source registers are ready (and why not
  // before). Dropped (`known` false) when the warp issues or a barrier or
  // exit of its block may have let its lanes go on.
  bool known = false;
  bool no_lanes = false;
  bool shared_access = false;
  Stall sources_why = Stall::wait;
  std::uint8_t partition = 0;  // its sub-partition (warp slot % schedulers)
  std::uint32_t position = 0;  // its index in the sub-partition's warp list
  std::uint32_t block_slot = 0;
  std::uint32_t warp = 0;  // index in its block
  // The cycle before which the scheduler need not look at it again: its
  // last blocked_until(), valid while `known` (its stall holds until then).
  std::uint64_t wake = 0;
  std::uint64_t hoist_retry = 0;  // after a failed look-ahead: when a candidate may be ready
  std::uint64_t ready_at = 0;     // earliest next issue (after a barrier release)
  std::uint64_t sleep_until = 0;  // earliest next issue after a nanosleep
  std::uint64_t fence_until = 0;  // earliest next issue after a membar or fence
  std::uint64_t redirect_until = 0;      // earliest next issue after a taken branch (branch_cost.h)
  std::uint64_t shared_writes_done = 0;  // when its last shared store or atomic completes
  std::uint64_t sources_at = 0;
  const OpTiming* next_op = nullptr;     // null: the PC ran off the end of the code
  std::uint64_t age = 0;                 // dispatch order: lower is older
  // Per register: the cycle its value is ready, what a reader waits on and
  // the load scoreboard of its unread result, side by side (a look at a
  // source register, and its release from a scoreboard, touch one host
  // cache line). Writers set `at` and `why` only: `board` is the
  // scoreboards' (load_scoreboards.h).
  struct RegisterReady {
    std::uint64_t at = 0;
    Stall why = Stall::wait;
    std::uint8_t board = LoadScoreboards::kNone;
  };
  std::vector<RegisterReady> reg_ready;
  // Per register, with branch costs: the cycle its value would be ready had
  // ptxas computed it as early as its operands allow in its region
  // (branch_regions.h); a branch's predicate counts as ready then.
  std::vector<std::uint64_t> reg_early;
  std::vector<std::uint32_t> early;      // instructions of its block issued ahead of order
  LoadScoreboards loads;                 // its global loads' scoreboards (load_scoreboards.h)
  // Issues owed before the instruction at the PC, which change no value
  // (docs/timing.md, "What ptxas makes of the PTX"): the further machine
  // instructions of the last instruction's expansion, then the rest of an
  // if-converted body that all lanes skipped (ghost_pc up to ghost_end),
  // issued with no active lane.
  std::uint32_t extra_issues = 0;
  std::uint32_t ghost_pc = 0;
  std::uint32_t ghost_end = 0;
  bool owes_issues() const { return extra_issues != 0 || ghost_pc < ghost_end; }
  // Last: its frames are read only when the warp enters or leaves a region,
  // and would otherwise lie between the fields every scan reads.
  BranchRegions regions;
};

// A thread-block cluster in flight (sm_90): the functional engine's cluster
// state its blocks point at, and where they run (blocks of one cluster run
// on SMs of one GPC and reach each other over the SM-to-SM network).
struct ClusterRun {
  func::ClusterState state;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> places;  // (SM, block slot) by rank
  std::uint32_t blocks_left = 0;  // 0: free for the next cluster
  std::uint32_t phase_seen = 0;   // the barrier.cluster phases whose waiters were woken
  // When the latest completed phase reaches the cluster's warps: a wait that
  // finds its phase complete still waits until then.
  std::uint64_t released_at = 0;
};

struct ResidentBlock {
  func::BlockState state;
  ClusterRun* cluster = nullptr;  // null when the launch has no clusters
  bool live = false;
  std::uint32_t warps_left = 0;
  double last_arrival = 0.0;  // the latest barrier arrival's end, since the last release
};

struct SubPartition {
  std::vector<std::uint32_t> warps;  // warp slots, oldest first
  std::array<double, static_cast<std::size_t>(Pipe::count)> pipe_free{};  // issue_rules.h
  std::uint32_t last_issued = kNoWarp;
  // Where that warp's functional state and scoreboard rows lie, read only to
  // ask the host for them before the scan (GridRun::step): under GTO it is
  // the scan's first candidate and often its issuer. Hints, never read
  // through; null with no such warp.
  const void* last_state = nullptr;
  const void* last_rows = nullptr;
  std::uint32_t next_round_robin = 0;
  std::uint64_t last_issued_at = UINT64_MAX;  // the cycle of its latest issue
  std::uint64_t busy_until = 0;               // its next issue (issue_rules.h: issue_cycles)
  // After a scan that issued nothing, every warp is blocked until its
  // `wake` or its due look-ahead; before `quiet_until` (the first of them) a
  // scan would pass over each warp as it left it, adding only `quiet_event`
  // (the first wake) to the SM's next_event and `quiet_hoist` to its
  // hoist_at. A warp of the partition changed from outside its scan (a
  // block dispatched or retired, a barrier released, a result settled)
  // clears `quiet_until`.
  std::uint64_t quiet_until = 0;
  std::uint64_t quiet_event = UINT64_MAX;
  std::uint64_t quiet_hoist = UINT64_MAX;
  // The warps a scan passed over while others issued (asleep_warps.h).
  AsleepWarps asleep;
};

// What an SM's step leaves for the end of the cycle, when the SMs are
// settled one after another in SM order: an instruction that writes global
// memory (its values are written then), and a global access's part behind
// the LSU (L1, L2, DRAM: its result's ready cycle is known then).
struct DeferredAccess {
  // Not value-initialised: a vector's emplace_back() would zero the whole
  // access first (about 800 bytes, a host cost in every global access's
  // issue); a timed access is made in place from the issue's.
  DeferredAccess() {}
  explicit DeferredAccess(const WarpAccess& from) : access(from) {}

  std::uint32_t slot = 0;  // warp slot
  std::uint32_t pc = 0;
  std::uint32_t mask = 0;  // active lanes (guard applied)
  bool execute = false;    // run the instruction (a store, atomic or surface write)
  bool timed = false;      // send it to the L1 and L2 (`start`: it left the LSU then)
  std::uint8_t board = LoadScoreboards::kNone;  // a load's scoreboard
  double start = 0.0;
  WarpAccess access;
};

// An SM's latest run ahead of the cycle loop (grid_run.cpp, "Stepping
// an SM ahead"): its statistics when the run began and what each step
// changed, so that a launch that fails in an earlier cycle reports what
// lock-step would have (nothing else of a step ahead is seen outside the
// SM: it writes no global memory).
struct AheadLog {
  static constexpr std::size_t kStalls = static_cast<std::size_t>(Stall::count);
  struct Step {
    std::uint64_t cycle = 0;
    std::uint64_t issued = 0;
    std::array<std::uint32_t, kStalls> stall_count{};  // after the step
  };
  struct Issue {
    std::uint64_t cycle = 0;
    isa::Opcode opcode{};
    std::uint32_t threads = 0;
  };
  bool on = false;  // a run ahead is being stepped
  std::uint64_t accounted_to = 0;
  std::array<std::uint64_t, kStalls> stall_cycles{};
  std::uint64_t active_cycles = 0;
  std::uint64_t warp_cycles = 0;
  std::array<std::uint32_t, kStalls> stall_count{};
  std::vector<Step> steps;
  std::vector<Issue> issues;
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
  // Live warps per Stall state, kept as their `stall` changes, so that a
  // skipped span is accounted without visiting every warp.
  std::array<std::uint32_t, static_cast<std::size_t>(Stall::count)> stall_count{};
  // Its statistics over cycles, accounted up to `accounted_to` (each step
  // and each block dispatched to it first accounts the cycles since, with
  // the counts its latest step left): warp-cycles per stall state, cycles
  // with resident warps, resident warp-cycles.
  std::uint64_t accounted_to = 0;
  std::array<std::uint64_t, static_cast<std::size_t>(Stall::count)> stall_cycles{};
  std::uint64_t active_cycles = 0;
  std::uint64_t warp_cycles = 0;

  // Written only by the thread stepping this SM, gathered after each cycle
  // (or at the end) in SM order, so that SMs can be stepped in parallel.
  func::WarpCounters counters;
  std::uint64_t issued = 0;  // warp-instructions, look-ahead included
  std::optional<func::LaunchError> error;
  std::map<std::uint64_t, std::string> printf_output;  // by linear block index
  std::uint64_t next_event = 0;      // from its latest step: the earliest cycle something can change
  // ... and the earliest cycle from which a stalled warp's look-ahead is due
  // (tried at the first cycle from then that the loop visits).
  std::uint64_t hoist_at = UINT64_MAX;
  std::uint64_t ahead_to = 0;  // stepped ahead of the loop up to this cycle (exclusive)
  AheadLog ahead_log;
  bool issued_now = false;           // ... whether any scheduler issued
  std::uint32_t retired_now = 0;     // ... blocks that finished
  std::vector<DeferredAccess> deferred;
};

}  // namespace smsim::timing
