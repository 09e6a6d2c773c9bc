#pragma once
// The cycle loop of one timed launch (timed_launch.h): the grid's SMs, their
// schedulers and the launch's memory system, stepped cycle by cycle. Its
// parts are in the grid_run_*.cpp files, one responsibility each: block
// dispatch, the schedulers' scans, what a warp waits on, the issue, the
// look-ahead, barrier releases, the end of a cycle, stepping an SM ahead,
// and the loop itself (grid_run.cpp).

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <vector>

#include "func/exec/exec_context.h"
#include "func/exec/launch_types.h"
#include "timing/address_translation.h"
#include "timing/cluster_release.h"
#include "timing/fence_cost.h"
#include "timing/memory_system.h"
#include "timing/op_timing.h"
#include "timing/sm_local_code.h"
#include "timing/sm_state.h"
#include "timing/timed_launch.h"
#include "timing/timing_params.h"
#include "timing/warp_access.h"

namespace smsim::timing {

constexpr std::uint64_t kNever = std::numeric_limits<std::uint64_t>::max();

// The look-ahead window: instructions past a stalled one that may issue first.
// 64: ptxas keeps up to `loads_in_flight` (17) loads of a thread ahead, and
// `sum += in[i]` is three PTX instructions a load.
constexpr std::uint32_t kHoistWindow = 64;

// The most cycles an SM is stepped ahead of the loop ("Stepping an SM ahead").
constexpr std::uint64_t kAheadCycles = 256;

// The lanes of `mask` whose guard predicate lets them run.
std::uint32_t guarded_mask(const func::ExecContext& c, const func::DecodedInstruction& in,
                           std::uint32_t mask);

// Whether the instruction writes global memory (a store, an atomic, another
// memory instruction that resolves to global memory, a surface write): such
// instructions are executed at the end of the cycle, SM by SM, so that what
// another SM reads in the cycle never depends on which host thread ran first.
bool writes_global_later(const func::DecodedInstruction& in, const OpTiming& op,
                         const WarpAccess& access);

// A warp's scheduler must look at it again: something outside its scan
// changed what it waits on (SubPartition::quiet_until).
inline void disturb(SmState& sm, const WarpSlot& w) {
  SubPartition& sp = sm.partitions[w.partition];
  sp.quiet_until = 0;
  sp.asleep.remove(w.position);
}

// The warp at `slot` issued last in its scheduler (the next scan's first
// candidate under GTO): kept with where its state lies (SubPartition::last_state).
inline void set_last_issued(SmState& sm, SubPartition& sp, std::uint32_t slot) {
  const WarpSlot& w = sm.warps[slot];
  sp.last_issued = slot;
  sp.last_state = &sm.blocks[w.block_slot].state.warps[w.warp];
  sp.last_rows = w.reg_ready.data();
}

// Sets a live warp's stall state and keeps its SM's count per state.
inline void set_stall(SmState& sm, WarpSlot& w, Stall s) {
  --sm.stall_count[static_cast<std::size_t>(w.stall)];
  ++sm.stall_count[static_cast<std::size_t>(s)];
  w.stall = s;
}

class GridRun {
 public:
  GridRun(const func::LaunchState& launch, const TimingParams& p, std::uint32_t blocks_per_sm,
          AddressTranslation* translation)
      : launch_(launch),
        p_(p),
        ops_(op_timings(launch.kernel, p)),
        local_code_(sm_local_code(launch.kernel, ops_, kHoistWindow, launch.params.size())),
        memory_(p, &launch.memory, translation),
        blocks_per_sm_(std::max<std::uint32_t>(1, blocks_per_sm)),
        warps_per_block_(static_cast<std::uint32_t>((launch.config.block.count() + 31) / 32)),
        total_blocks_(launch.config.grid.count()),
        cluster_size_(static_cast<std::uint32_t>(launch.cluster_dims.count())),
        cluster_release_(cluster_release_cycles(p.facts.cluster_release, cluster_size_,
                                                warps_per_block_)) {
    sms_.resize(p.sm_count);
    branch_costs_ = p.facts.branch.predicate_cycles > 0;
    for (const FenceScope scope : {FenceScope::cta, FenceScope::gpu, FenceScope::sys}) {
      fence_cycles_[static_cast<std::size_t>(scope)] =
          fence_cycles(p.facts.fence, scope, warps_per_block_);
    }
    single_block_clusters_ =
        cluster_size_ == 1 &&
        std::any_of(launch.kernel.code.begin(), launch.kernel.code.end(),
                    [](const func::DecodedInstruction& in) {
                      return in.opcode == isa::Opcode::BarrierCluster;
                    });
    has_barriers_ = std::any_of(
        launch.kernel.code.begin(), launch.kernel.code.end(),
        [](const func::DecodedInstruction& in) { return in.control == func::Control::barrier; });
    // SMs fill the GPCs in index order, as evenly as their count allows.
    const std::uint32_t gpcs = std::max<std::uint32_t>(1, p.gpc_count);
    gpc_of_sm_.resize(p.sm_count);
    for (std::uint32_t s = 0; s < p.sm_count; ++s) {
      gpc_of_sm_[s] = static_cast<std::uint32_t>(std::uint64_t{s} * gpcs / p.sm_count);
    }
    for (SmState& sm : sms_) {
      sm.blocks.resize(blocks_per_sm_);
      sm.warps.resize(std::size_t{blocks_per_sm_} * warps_per_block_);
      sm.partitions.resize(p.schedulers);
      for (std::size_t i = 0; i < sm.warps.size(); ++i) {
        sm.warps[i].partition = static_cast<std::uint8_t>(i % sm.partitions.size());
      }
    }
  }

  TimedLaunchResult run();

 private:
  void dispatch_blocks();
  // Clusters go whole to the SMs of one GPC (sm_90): the GPC with the most
  // free block slots, each block to its SM with the fewest resident blocks.
  void dispatch_clusters();
  // A free cluster record (or a new one) set up as cluster `index`.
  ClusterRun& take_cluster(std::uint64_t index);
  // Why the launch's clusters can never run, or nothing.
  std::optional<func::LaunchError> clusters_unfit() const;
  // Returns the block slot.
  std::uint32_t start_block(std::uint32_t sm_index, std::uint64_t linear);
  // A barrier.cluster phase completed since the last look (an arrival or an
  // exit did it): the warps that waited, on whichever SMs, run on
  // `latency.cluster_barrier` cycles after the arrival took effect, which
  // is `fence` cycles from now for an arrival that fences first.
  void wake_cluster(ClusterRun& run, std::uint64_t fence);
  void retire_block(SmState& sm, std::uint32_t slot);
  // One SM's part of a cycle: each of its schedulers picks and issues. Reads
  // and writes only the SM's own state (and global memory through loads), so
  // SMs are stepped on any host threads.
  void step(std::uint32_t sm_index);
  // The end of an SM's cycle, SM by SM in index order: its deferred global
  // writes and accesses behind the LSU (they touch what all SMs share).
  void settle(std::uint32_t sm_index);
  // The cycle from which the warp could issue (`now` if it can now); sets its stall.
  std::uint64_t blocked_until(std::uint32_t sm_index, WarpSlot& w);
  bool issue(std::uint32_t sm_index, SubPartition& sp, std::uint32_t slot);
  // One scheduler's cycle: picks up to issue_width ready warps by the policy.
  // False when an instruction failed (the SM's error is set).
  bool schedule(std::uint32_t sm_index, SubPartition& sp);
  // Issues what the warp owes before its PC (WarpSlot::owes_issues): no
  // functional effect, only the issue, its pipe, scoreboard and, for a
  // shared-memory access with no active lane, its pass through the MIO.
  void issue_owed(std::uint32_t sm_index, SubPartition& sp, std::uint32_t slot);
  // Issues, ahead of the stalled instruction at the warp's PC, a younger
  // independent instruction of the same basic block that is ready.
  bool hoist(std::uint32_t sm_index, SubPartition& sp, std::uint32_t slot);
  // Whether the load at `pc` may not go ahead: the warp holds as many
  // unread load results as ptxas's registers do (`loads_in_flight`).
  bool holds_no_more_loads(const WarpSlot& w, std::uint32_t pc) const;
  // Passes an instruction that writes global memory without running it:
  // settle() does, with the lanes of `mask`.
  void defer_write(SmState& sm, func::WarpState& ws, const func::DecodedInstruction& in,
                   std::uint32_t mask) const;
  // The timing effects of an issued instruction: its pipe, its result's
  // ready cycle, its memory access; `write_later`: its global write is
  // deferred to settle().
  void complete(std::uint32_t sm_index, SubPartition& sp, std::uint32_t slot, std::uint32_t pc,
                const WarpAccess& access, std::uint32_t mask, bool write_later);
  // The cycle from which the instruction at `pc` could issue for this warp
  // (its sources ready, its pipe and memory queue free).
  std::uint64_t ready_at(std::uint32_t sm_index, const WarpSlot& w, std::uint32_t pc) const;
  // The same from when its sources are ready (and what the latest waits
  // on), and why not before.
  std::uint64_t resources_at(std::uint32_t sm_index, const WarpSlot& w, const OpTiming& op,
                             bool shared, std::uint64_t sources_at, Stall sources_why,
                             Stall* why) const;
  // The branch cost model's wait on a kept branch's predicate (branch_cost.h):
  // the cycle from which `op` may issue for it (0: no wait).
  std::uint64_t predicate_wait(const WarpSlot& w, const OpTiming& op) const {
    if (!branch_costs_ || op.branch_guard == UINT32_MAX) return 0;
    return w.reg_early[op.branch_guard] +
           static_cast<std::uint64_t>(p_.facts.branch.predicate_cycles);
  }
  // After a kept branch's issue: the cost of a taken one and the warp's regions.
  void after_branch(WarpSlot& w, std::uint32_t pc, std::uint32_t next_pc);
  // Reads what blocked_until() needs of the warp's next instruction.
  void look_at(WarpSlot& w, func::WarpState& ws) const;
  // When `op`'s sources (and a kept branch's predicate) are ready for `w`,
  // and what the latest of them waits on: what look_at() keeps and
  // ready_at() starts from.
  struct SourcesWait {
    std::uint64_t at = 0;
    Stall why = Stall::wait;
  };
  SourcesWait sources_wait(const WarpSlot& w, const OpTiming& op) const;
  // Passes the PC over instructions already issued ahead of order.
  static void skip_early(WarpSlot& w, func::WarpState& ws);
  void release_barriers(SmState& sm, ResidentBlock& block, std::uint32_t block_slot);
  // Whether an exit in the block may let its other warps on: only by
  // completing a barrier that some of them wait at (func::exit_lanes), or a
  // cluster's phase. Read before the exit executes.
  bool exit_may_release(const ResidentBlock& block) const;
  // Adds the SM's statistics of the cycles since it was last accounted.
  void account(SmState& sm) const;
  // Whether the SM's next step can touch nothing but its own state
  // (sm_local_code.h): every warp that could issue is at such code.
  bool runs_alone(const SmState& sm) const;
  // Steps the SM on its own from the next cycle up to `limit` (exclusive)
  // while it runs alone ("Stepping an SM ahead", below).
  void step_ahead(std::uint32_t sm_index, std::uint64_t limit);
  // The first cycle after now_ at which an SM stepped ahead had a step, if
  // before `before`.
  std::uint64_t next_ahead_step(std::uint64_t before) const;
  // The launch failed in cycle now_: takes back from the SM's statistics
  // and counters its steps ahead after it.
  void undo_steps_after_now(SmState& sm);
  // Keeps an instruction issued while the SM is stepped ahead (AheadLog).
  void log_issue(SmState& sm, isa::Opcode opcode, std::uint64_t threads) const;

  const func::LaunchState& launch_;
  const TimingParams& p_;
  std::vector<OpTiming> ops_;
  std::vector<bool> local_code_;  // per pc (sm_local_code.h)
  // Branches wait for their predicates as ptxas computes them (branch_cost.h):
  // each warp keeps WarpSlot::reg_early.
  bool branch_costs_ = false;
  MemorySystem memory_;
  std::uint32_t blocks_per_sm_;
  std::uint32_t warps_per_block_;
  std::uint64_t total_blocks_;
  std::uint32_t cluster_size_;                 // blocks per cluster; 1: no clusters
  std::uint64_t cluster_release_;              // a releasing barrier.cluster.arrive's fence
  std::array<std::uint64_t, 4> fence_cycles_{};  // a membar or fence, per FenceScope
  // No clusters, but the kernel uses barrier.cluster: clusters of one block.
  bool single_block_clusters_ = false;
  bool has_barriers_ = false;  // the kernel has a barrier instruction
  std::vector<std::uint32_t> gpc_of_sm_;
  std::vector<std::unique_ptr<ClusterRun>> clusters_;  // in flight or free (blocks_left 0)
  // The earliest cycle at which a warp woken on another SM than the one
  // stepped may issue (wake_cluster), for the loop's next cycle.
  std::uint64_t woken_at_ = std::numeric_limits<std::uint64_t>::max();
  std::vector<SmState> sms_;
  std::vector<std::uint32_t> active_;  // this cycle's SMs with resident warps
  // The cycles after now_ in which an SM stepped ahead had a step, by cycle
  // modulo its size (a ring over twice the longest run ahead): the loop
  // visits them, as lock-step would have, so that the other SMs' due
  // look-aheads are tried in the same cycles.
  std::vector<std::uint8_t> ahead_steps_;
  std::uint64_t ahead_end_ = 0;  // after the latest marked cycle
  std::uint64_t now_ = 0;
  std::uint64_t next_block_ = 0;
  double next_dispatch_ = 0.0;
  std::uint64_t age_ = 0;
  std::uint64_t live_blocks_ = 0;
  std::uint64_t issued_ = 0;
  std::optional<func::LaunchError> error_;
  TimingStats stats_;
};

}  // namespace smsim::timing
