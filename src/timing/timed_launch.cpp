#include "timing/timed_launch.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "func/exec/barriers.h"
#include "func/decode/descriptor_query.h"
#include "func/exec/block_setup.h"
#include "func/exec/cluster_barrier.h"
#include "func/exec/exec_context.h"
#include "func/exec/warp_loop.h"
#include "timing/cluster_release.h"
#include "timing/issue_rules.h"
#include "timing/launch_diagnostics.h"
#include "timing/memory_system.h"
#include "timing/nanosleep.h"
#include "timing/op_timing.h"
#include "timing/sm_local_code.h"
#include "timing/sm_state.h"
#include "timing/sm_workers.h"
#include "timing/warp_access.h"

namespace smsim::timing {
namespace {

constexpr std::uint64_t kNever = std::numeric_limits<std::uint64_t>::max();
// The look-ahead window: instructions past a stalled one that may issue first.
constexpr std::uint32_t kHoistWindow = 32;
// The most cycles an SM is stepped ahead of the loop ("Stepping an SM ahead").
constexpr std::uint64_t kAheadCycles = 256;

// One further machine instruction of an expanded PTX instruction: an issue
// of the scheduler that waits on nothing (the expansion's dependences are in
// the PTX instruction's latency).
const OpTiming kExtraIssue = [] {
  OpTiming t;
  t.pipe = Pipe::none;
  return t;
}();

std::uint32_t guarded_mask(const func::ExecContext& c, const func::DecodedInstruction& in,
                           std::uint32_t mask) {
  if (in.guard_reg == func::kNoReg) return mask;
  const std::uint64_t* row = c.regs + std::size_t{in.guard_reg} * func::kWarpSize;
  std::uint32_t result = 0;
  for (std::uint32_t m = mask; m != 0; m &= m - 1) {
    const auto lane = static_cast<unsigned>(__builtin_ctz(m));
    if ((row[lane] != 0) != in.guard_negated) result |= std::uint32_t{1} << lane;
  }
  return result;
}

// Whether the instruction writes global memory (a store, an atomic, another
// memory instruction that resolves to global memory, a surface write): such
// instructions are executed at the end of the cycle, SM by SM, so that what
// another SM reads in the cycle never depends on which host thread ran first.
bool writes_global_later(const func::DecodedInstruction& in, const OpTiming& op,
                         const WarpAccess& access) {
  if (in.control != func::Control::none || in.builtin != func::Builtin::none) return false;
  if (in.opcode == isa::Opcode::Sust || in.opcode == isa::Opcode::Sured) return true;
  if (op.mem == MemOp::none || op.mem == MemOp::load) return false;
  switch (access.space) {
    case func::MemorySpace::shared:
    case func::MemorySpace::local:
    case func::MemorySpace::param:
    case func::MemorySpace::constant:
      return false;
    default:
      return true;
  }
}

// A warp's scheduler must look at it again: something outside its scan
// changed what it waits on (SubPartition::quiet_until).
void disturb(SmState& sm, const WarpSlot& w) {
  sm.partitions[w.partition].quiet_until = 0;
}

// Sets a live warp's stall state and keeps its SM's count per state.
void set_stall(SmState& sm, WarpSlot& w, Stall s) {
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
        memory_(p, launch.memory.base(), translation),
        blocks_per_sm_(std::max<std::uint32_t>(1, blocks_per_sm)),
        warps_per_block_(static_cast<std::uint32_t>((launch.config.block.count() + 31) / 32)),
        total_blocks_(launch.config.grid.count()),
        cluster_size_(static_cast<std::uint32_t>(launch.cluster_dims.count())),
        cluster_release_(cluster_release_cycles(p.facts.cluster_release, cluster_size_,
                                                warps_per_block_)) {
    sms_.resize(p.sm_count);
    single_block_clusters_ =
        cluster_size_ == 1 &&
        std::any_of(launch.kernel.code.begin(), launch.kernel.code.end(),
                    [](const func::DecodedInstruction& in) {
                      return in.opcode == isa::Opcode::BarrierCluster;
                    });
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
  // Reads what blocked_until() needs of the warp's next instruction.
  void look_at(WarpSlot& w, func::WarpState& ws) const;
  // Passes the PC over instructions already issued ahead of order.
  static void skip_early(WarpSlot& w, func::WarpState& ws);
  void release_barriers(SmState& sm, ResidentBlock& block, std::uint32_t block_slot);
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
  MemorySystem memory_;
  std::uint32_t blocks_per_sm_;
  std::uint32_t warps_per_block_;
  std::uint64_t total_blocks_;
  std::uint32_t cluster_size_;                 // blocks per cluster; 1: no clusters
  std::uint64_t cluster_release_;              // a releasing barrier.cluster.arrive's fence
  // No clusters, but the kernel uses barrier.cluster: clusters of one block.
  bool single_block_clusters_ = false;
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

std::uint32_t GridRun::start_block(std::uint32_t sm_index, std::uint64_t linear) {
  SmState& sm = sms_[sm_index];
  std::uint32_t slot = 0;
  while (sm.blocks[slot].live) ++slot;
  ResidentBlock& block = sm.blocks[slot];
  account(sm);  // the cycles before with the warps it had
  func::init_block(launch_, linear, block.state);
  block.cluster = nullptr;
  block.live = true;
  block.warps_left = static_cast<std::uint32_t>(block.state.warps.size());
  block.last_arrival = 0.0;
  ++sm.resident_blocks;
  ++live_blocks_;
  sm.next_event = now_;  // its new warps are looked at this cycle
  const std::uint32_t regs = launch_.kernel.register_count;
  for (std::uint32_t w = 0; w < block.warps_left; ++w) {
    const std::uint32_t index = slot * warps_per_block_ + w;
    WarpSlot& warp = sm.warps[index];
    warp.block_slot = slot;
    warp.warp = w;
    warp.age = age_++;
    warp.ready_at = now_;
    warp.sleep_until = 0;
    warp.shared_writes_done = 0;
    warp.waits_at_barrier = false;
    warp.live = true;
    warp.reg_ready.assign(regs, 0);
    warp.reg_stall.assign(regs, Stall::wait);
    warp.early.clear();
    warp.extra_issues = 0;
    warp.ghost_pc = 0;
    warp.ghost_end = 0;
    warp.hoist_retry = 0;
    warp.known = false;
    disturb(sm, warp);
    ++sm.stall_count[static_cast<std::size_t>(warp.stall)];
    sm.partitions[index % sm.partitions.size()].warps.push_back(index);
    ++sm.resident_warps;
  }
  return slot;
}

void GridRun::retire_block(SmState& sm, std::uint32_t slot) {
  ResidentBlock& block = sm.blocks[slot];
  if (!block.state.printf_output.empty()) {
    sm.printf_output[block.state.linear_id] = std::move(block.state.printf_output);
    block.state.printf_output.clear();
  }
  block.live = false;
  if (block.cluster != nullptr) --block.cluster->blocks_left;
  --sm.resident_blocks;
  ++sm.retired_now;
  for (SubPartition& sp : sm.partitions) {
    std::erase_if(sp.warps, [&](std::uint32_t w) { return sm.warps[w].block_slot == slot; });
    sp.last_issued = kNoWarp;
    sp.next_round_robin = 0;
    sp.quiet_until = 0;
  }
}

// Blocks go, one per dispatch interval, to the SM with the fewest resident
// blocks that has a free slot (the lowest index among equals).
void GridRun::dispatch_blocks() {
  if (cluster_size_ > 1) {
    dispatch_clusters();
    return;
  }
  while (next_block_ < total_blocks_ && next_dispatch_ <= static_cast<double>(now_)) {
    std::uint32_t best = UINT32_MAX;
    for (std::uint32_t s = 0; s < sms_.size(); ++s) {
      if (sms_[s].resident_blocks >= blocks_per_sm_) continue;
      if (best == UINT32_MAX || sms_[s].resident_blocks < sms_[best].resident_blocks) best = s;
    }
    if (best == UINT32_MAX) return;
    const std::uint64_t linear = next_block_++;
    const std::uint32_t slot = start_block(best, linear);
    if (single_block_clusters_) {
      // barrier.cluster in a launch without clusters: each block is a
      // cluster of one, as in the functional engine.
      ClusterRun& run = take_cluster(linear);
      ResidentBlock& block = sms_[best].blocks[slot];
      func::add_cluster_block(run.state, block.state);
      block.cluster = &run;
      run.places.emplace_back(best, slot);
    }
    next_dispatch_ += p_.facts.block_dispatch_cycles;
  }
}

void GridRun::dispatch_clusters() {
  while (next_block_ < total_blocks_ && next_dispatch_ <= static_cast<double>(now_)) {
    std::vector<std::uint32_t> free(gpc_of_sm_.back() + 1, 0);
    for (std::uint32_t s = 0; s < sms_.size(); ++s) {
      free[gpc_of_sm_[s]] += blocks_per_sm_ - sms_[s].resident_blocks;
    }
    std::uint32_t gpc = UINT32_MAX;
    for (std::uint32_t g = 0; g < free.size(); ++g) {
      if (free[g] >= cluster_size_ && (gpc == UINT32_MAX || free[g] > free[gpc])) gpc = g;
    }
    if (gpc == UINT32_MAX) return;  // waits for blocks to retire
    ClusterRun* run = &take_cluster(next_block_ / cluster_size_);
    for (std::uint32_t rank = 0; rank < cluster_size_; ++rank) {
      std::uint32_t best = UINT32_MAX;
      for (std::uint32_t s = 0; s < sms_.size(); ++s) {
        if (gpc_of_sm_[s] != gpc || sms_[s].resident_blocks >= blocks_per_sm_) continue;
        if (best == UINT32_MAX || sms_[s].resident_blocks < sms_[best].resident_blocks) best = s;
      }
      const std::uint32_t slot =
          start_block(best, func::cluster_block_linear(launch_, run->state, rank));
      ResidentBlock& block = sms_[best].blocks[slot];
      func::add_cluster_block(run->state, block.state);
      block.cluster = run;
      run->places.emplace_back(best, slot);
      ++next_block_;
      next_dispatch_ += p_.facts.block_dispatch_cycles;
    }
  }
}

ClusterRun& GridRun::take_cluster(std::uint64_t index) {
  ClusterRun* run = nullptr;
  for (const auto& c : clusters_) {
    if (c->blocks_left == 0) run = c.get();
  }
  if (run == nullptr) run = clusters_.emplace_back(std::make_unique<ClusterRun>()).get();
  func::init_cluster_state(launch_, index, run->state);
  run->places.clear();
  run->blocks_left = static_cast<std::uint32_t>(launch_.cluster_dims.count());
  run->phase_seen = 0;
  return *run;
}

std::optional<func::LaunchError> GridRun::clusters_unfit() const {
  if (cluster_size_ <= 1) return std::nullopt;
  if (p_.gpc_count == 0 || p_.facts.latency.cluster_barrier <= 0 || p_.facts.latency.dsmem <= 0 ||
      p_.facts.cluster_release.blocks.empty()) {
    return func::LaunchError{
        .code = func::CudaError::launch_failure,
        .message = fmt::format("kernel {}: this GPU model has no timing facts for thread-block "
                               "clusters (chip.gpc_count, timing.latency.cluster_barrier, "
                               "timing.latency.dsmem and timing.cluster_release in configs/)",
                               launch_.kernel.name)};
  }
  std::vector<std::uint64_t> slots(gpc_of_sm_.back() + 1, 0);
  for (std::uint32_t gpc : gpc_of_sm_) slots[gpc] += blocks_per_sm_;
  const std::uint64_t most = *std::max_element(slots.begin(), slots.end());
  if (cluster_size_ <= most) return std::nullopt;
  return func::LaunchError{
      .code = func::CudaError::invalid_configuration,
      .message = fmt::format("kernel {}: a cluster of {} blocks does not fit in one GPC ({} block "
                             "slots at {} blocks per SM)",
                             launch_.kernel.name, cluster_size_, most, blocks_per_sm_)};
}

void GridRun::wake_cluster(ClusterRun& run, std::uint64_t fence) {
  if (run.state.phase == run.phase_seen) return;
  run.phase_seen = run.state.phase;
  const std::uint64_t at =
      now_ + fence + static_cast<std::uint64_t>(p_.facts.latency.cluster_barrier);
  run.released_at = at;
  for (const auto& [s, b] : run.places) {
    SmState& sm = sms_[s];
    ResidentBlock& block = sm.blocks[b];
    if (!block.live || block.cluster != &run) continue;
    for (std::uint32_t w = 0; w < block.state.warps.size(); ++w) {
      WarpSlot& slot = sm.warps[b * warps_per_block_ + w];
      slot.known = false;  // its lanes may go on now
      disturb(sm, slot);
      if (!slot.waits_at_barrier || block.state.warps[w].control.mask() == 0) continue;
      slot.waits_at_barrier = false;
      slot.ready_at = std::max(slot.ready_at, at);
    }
    sm.next_event = std::min(sm.next_event, at);
  }
  woken_at_ = std::min(woken_at_, at);
}

void GridRun::look_at(WarpSlot& w, func::WarpState& ws) const {
  skip_early(w, ws);
  w.known = true;
  w.no_lanes = ws.control.mask() == 0 && !w.owes_issues();
  if (w.extra_issues != 0) {
    w.next_op = &kExtraIssue;
    w.shared_access = false;
    w.sources_at = 0;
    w.sources_why = Stall::wait;
    return;
  }
  const std::uint32_t pc = w.ghost_pc < w.ghost_end ? w.ghost_pc : ws.control.pc();
  w.next_op = pc < ops_.size() ? &ops_[pc] : nullptr;
  if (w.next_op == nullptr) return;
  w.shared_access = launch_.kernel.code[pc].space == func::MemorySpace::shared;
  // The latest source, the first of equals (its stall names the wait).
  w.sources_at = 0;
  w.sources_why = Stall::wait;
  const auto wait_for = [&w](std::uint32_t reg) {
    if (w.reg_ready[reg] > w.sources_at) {
      w.sources_at = w.reg_ready[reg];
      w.sources_why = w.reg_stall[reg];
    }
  };
  for (std::uint8_t i = 0; i < w.next_op->source_count; ++i) wait_for(w.next_op->sources[i]);
  for_each_list_register(launch_.kernel, *w.next_op, true, wait_for);
}

std::uint64_t GridRun::blocked_until(std::uint32_t sm_index, WarpSlot& w) {
  SmState& sm = sms_[sm_index];
  if (!w.known) look_at(w, sm.blocks[w.block_slot].state.warps[w.warp]);
  if (w.no_lanes) {
    set_stall(sm, w, Stall::barrier);
    return kNever;  // released by another warp's issue
  }
  if (w.ready_at > now_) {
    set_stall(sm, w, Stall::barrier);
    return w.ready_at;
  }
  if (w.sleep_until > now_) {
    set_stall(sm, w, Stall::sleeping);
    return w.sleep_until;
  }
  if (w.next_op == nullptr) return now_;  // runs off the end: exits
  if (w.sources_at > now_) {
    // What resources_at() answers while a source is not ready.
    set_stall(sm, w, w.sources_why);
    return w.sources_at;
  }
  Stall why = Stall::wait;
  const std::uint64_t at =
      resources_at(sm_index, w, *w.next_op, w.shared_access, w.sources_at, w.sources_why, &why);
  if (at > now_) set_stall(sm, w, why);
  return at;
}

void GridRun::complete(std::uint32_t sm_index, SubPartition& sp, std::uint32_t slot,
                       std::uint32_t pc, const WarpAccess& access, std::uint32_t mask,
                       bool write_later) {
  SmState& sm = sms_[sm_index];
  WarpSlot& w = sm.warps[slot];
  const OpTiming& op = ops_[pc];
  set_stall(sm, w, Stall::selected);
  w.hoist_retry = 0;
  w.known = false;
  w.wake = 0;  // looked at again next cycle
  if (op.pipe != Pipe::none) {
    double& free = sp.pipe_free[static_cast<std::size_t>(op.pipe)];
    free = std::max(free, static_cast<double>(now_)) + op.interval;
    if (op.stops_others) {
      sm.others_stopped_until = pipe_accepts_at(free, 1);
      sm.stopping_partition = static_cast<std::uint32_t>(&sp - sm.partitions.data());
    }
  }
  std::uint64_t ready = now_ + op.latency;
  Stall dependency = op.dependency;
  DeferredAccess* later = nullptr;
  if (write_later && mask != 0) {
    later = &sm.deferred.emplace_back();
    later->execute = true;
  }
  w.extra_issues = op.issues - 1u;
  // A shared load or store whose lanes are all predicated off still passes
  // the MIO once: ncu counts a wavefront for each (reduce_sequential: 218.6
  // per block of 8 warps, which issue 201 shared accesses in SASS, 45 of
  // them with a lane on).
  const bool no_lane_pass = access.space == func::MemorySpace::shared &&
                            (op.mem == MemOp::load || op.mem == MemOp::store);
  if (op.mem != MemOp::none && (mask != 0 || no_lane_pass)) {
    double start = 0.0;
    if (const std::optional<MemoryResult> r = memory_.issue(sm_index, now_, op, access, &start)) {
      ready = std::max(r->ready, now_ + 1);
      if (access.remote_shared) {
        // Another block's shared memory, over the SM-to-SM network.
        ready = std::max(ready, now_ + static_cast<std::uint64_t>(p_.facts.latency.dsmem));
      }
      dependency = r->dependency;
      if (access.space == func::MemorySpace::shared && op.mem != MemOp::load) {
        w.shared_writes_done = std::max(w.shared_writes_done, ready);
      }
    } else {
      // Behind the LSU at the end of the cycle; until then no reader can
      // issue (a warp issues once a cycle), so a bound stands in.
      if (later == nullptr) later = &sm.deferred.emplace_back();
      later->timed = true;
      later->start = start;
      later->access = access;
      ready = now_ + 1;
      dependency = Stall::long_scoreboard;
    }
  }
  if (later != nullptr) {
    later->slot = slot;
    later->pc = pc;
    later->mask = mask;
  }
  const auto written = [&](std::uint32_t reg) {
    w.reg_ready[reg] = ready;
    w.reg_stall[reg] = dependency;
  };
  for (std::uint8_t i = 0; i < op.dest_count; ++i) written(op.dests[i]);
  for_each_list_register(launch_.kernel, op, false, written);
}

constexpr std::size_t kMaxPendingRegs = kHoistWindow * kMaxSources;

// Registers read and written by the instructions a candidate would pass.
struct PendingRegs {
  std::uint32_t reads[kMaxPendingRegs];
  std::uint32_t writes[kMaxPendingRegs];
  std::size_t read_count = 0;
  std::size_t write_count = 0;
  bool any_memory = false;  // a pending load, store or atomic
  bool ordered = false;     // a pending store, atomic or barrier

  void add(const OpTiming& op) {
    for (std::uint8_t i = 0; i < op.source_count && read_count < kMaxPendingRegs; ++i) {
      reads[read_count++] = op.sources[i];
    }
    for (std::uint8_t i = 0; i < op.dest_count && write_count < kMaxPendingRegs; ++i) {
      writes[write_count++] = op.dests[i];
    }
    any_memory = any_memory || op.mem != MemOp::none;
    ordered = ordered || op.orders_memory;
  }
  static bool contains(const std::uint32_t* set, std::size_t n, std::uint32_t reg) {
    return std::find(set, set + n, reg) != set + n;
  }
  // Whether `op` may pass them: no register dependence either way, and
  // memory order kept (loads pass loads only; stores and atomics pass nothing).
  bool allows(const OpTiming& op) const {
    if (read_count == kMaxPendingRegs || write_count == kMaxPendingRegs) return false;
    if (op.mem == MemOp::load && ordered) return false;
    if ((op.mem == MemOp::store || op.mem == MemOp::atomic || op.mem == MemOp::other) &&
        any_memory) {
      return false;
    }
    for (std::uint8_t i = 0; i < op.source_count; ++i) {
      if (contains(writes, write_count, op.sources[i])) return false;
    }
    for (std::uint8_t i = 0; i < op.dest_count; ++i) {
      if (contains(writes, write_count, op.dests[i]) || contains(reads, read_count, op.dests[i])) {
        return false;
      }
    }
    return true;
  }
};

void GridRun::skip_early(WarpSlot& w, func::WarpState& ws) {
  while (!w.early.empty() && ws.control.mask() != 0) {
    const auto it = std::find(w.early.begin(), w.early.end(), ws.control.pc());
    if (it == w.early.end()) return;
    w.early.erase(it);
    ws.control.advance();
  }
}

std::uint64_t GridRun::ready_at(std::uint32_t sm_index, const WarpSlot& w, std::uint32_t pc) const {
  const OpTiming& op = ops_[pc];
  std::uint64_t sources_at = 0;
  Stall sources_why = Stall::wait;
  const auto wait_for = [&](std::uint32_t reg) {
    if (w.reg_ready[reg] > sources_at) {
      sources_at = w.reg_ready[reg];
      sources_why = w.reg_stall[reg];
    }
  };
  for (std::uint8_t i = 0; i < op.source_count; ++i) wait_for(op.sources[i]);
  for_each_list_register(launch_.kernel, op, true, wait_for);
  return resources_at(sm_index, w, op, launch_.kernel.code[pc].space == func::MemorySpace::shared,
                      sources_at, sources_why, nullptr);
}

std::uint64_t GridRun::resources_at(std::uint32_t sm_index, const WarpSlot& w, const OpTiming& op,
                                    bool shared, std::uint64_t sources_at, Stall sources_why,
                                    Stall* why) const {
  std::uint64_t at = now_;
  Stall reason = Stall::wait;
  if (sources_at > at) {
    at = sources_at;
    reason = sources_why;
  }
  const SmState& sm = sms_[sm_index];
  if (at == now_ && op.pipe != Pipe::none) {
    const std::size_t partition = w.partition;
    const std::uint64_t free =
        pipe_accepts_at(sm.partitions[partition].pipe_free[static_cast<std::size_t>(op.pipe)],
                        p_.facts.issue.issue_cycles);
    if (free > now_) {
      at = free;
      reason = Stall::math_pipe_throttle;
    }
    // An instruction that stops the other schedulers waits for a cycle in
    // which none of them has issued.
    for (std::size_t other = 0;
         at == now_ && op.stops_others && other < sm.partitions.size(); ++other) {
      if (other != partition && sm.partitions[other].last_issued_at == now_) {
        at = now_ + 1;
        reason = Stall::math_pipe_throttle;
      }
    }
  }
  if (at == now_ && op.mem != MemOp::none) {
    const std::uint64_t free =
        shared ? memory_.mio_accepts_at(sm_index, now_) : memory_.lsu_accepts_at(sm_index, now_);
    if (free > now_) {
      // Its stall holds until the queue drains: only this SM's issues move
      // the queue, and only later, so it need not be looked at before then.
      at = free;
      reason = shared ? Stall::mio_throttle : Stall::lg_throttle;
    }
  }
  if (why != nullptr && at > now_) *why = reason;
  return at;
}

void GridRun::defer_write(SmState& sm, func::WarpState& ws, const func::DecodedInstruction& in,
                          std::uint32_t mask) const {
  // What run_warp() does for a plain instruction, less executing it.
  ++sm.counters.per_opcode[static_cast<std::size_t>(in.opcode)];
  sm.counters.thread_instructions += static_cast<std::uint64_t>(__builtin_popcount(mask));
  ++ws.executed;
  ws.control.advance();
}

bool GridRun::hoist(std::uint32_t sm_index, SubPartition& sp, std::uint32_t slot) {
  SmState& sm = sms_[sm_index];
  WarpSlot& w = sm.warps[slot];
  ResidentBlock& block = sm.blocks[w.block_slot];
  func::WarpState& ws = block.state.warps[w.warp];
  const std::uint32_t pc = ws.control.pc();
  const auto size = static_cast<std::uint32_t>(ops_.size());
  w.hoist_retry = kNever;
  if (w.owes_issues() || pc >= size || ops_[pc].ends_window) return false;
  const auto is_early = [&w](std::uint32_t at) {
    return std::find(w.early.begin(), w.early.end(), at) != w.early.end();
  };
  PendingRegs pending;
  pending.add(ops_[pc]);
  for (std::uint32_t j = pc + 1; j < size && j <= pc + kHoistWindow; ++j) {
    const OpTiming& op = ops_[j];
    if (op.block_start || op.ends_window) break;
    if (is_early(j)) continue;
    if (!op.hoistable || !pending.allows(op)) {
      pending.add(op);
      continue;
    }
    const std::uint64_t at = ready_at(sm_index, w, j);
    if (at > now_) {
      w.hoist_retry = std::min(w.hoist_retry, at);
      pending.add(op);
      continue;
    }
    const func::DecodedInstruction& in = launch_.kernel.code[j];
    func::ExecContext c{
        .launch = launch_, .block = block.state, .warp = ws, .regs = ws.regs.data()};
    c.pc = j;
    ws.timed_clock = now_;
    const std::uint32_t mask = guarded_mask(c, in, ws.control.mask());
    WarpAccess access;
    if (op.mem != MemOp::none) describe_access(c, in, mask, op.access_bytes, access);
    const bool later = writes_global_later(in, op, access);
    if (mask != 0 && !later) in.execute(c, in, mask);
    if (c.error) {
      sm.error = std::move(*c.error);
      return false;
    }
    ++sm.counters.per_opcode[static_cast<std::size_t>(in.opcode)];
    sm.counters.thread_instructions += static_cast<std::uint64_t>(__builtin_popcount(mask));
    log_issue(sm, in.opcode, static_cast<std::uint64_t>(__builtin_popcount(mask)));
    ++sm.issued;
    w.early.push_back(j);
    w.hoist_retry = 0;
    complete(sm_index, sp, slot, j, access, mask, later);
    look_at(w, ws);
    return true;
  }
  if (w.hoist_retry != kNever) sm.next_event = std::min(sm.next_event, w.hoist_retry);
  return false;
}

void GridRun::release_barriers(SmState& sm, ResidentBlock& block, std::uint32_t block_slot) {
  bool released = false;
  for (std::uint32_t w = 0; w < block.state.warps.size(); ++w) {
    WarpSlot& slot = sm.warps[block_slot * warps_per_block_ + w];
    // The barrier or exit may have let the warp's lanes go on.
    slot.known = false;
    disturb(sm, slot);
    if (!slot.waits_at_barrier || block.state.warps[w].control.mask() == 0) continue;
    slot.waits_at_barrier = false;
    slot.ready_at = static_cast<std::uint64_t>(std::ceil(block.last_arrival)) +
                    static_cast<std::uint64_t>(p_.facts.latency.barrier);
    sm.next_event = std::min(sm.next_event, slot.ready_at);
    released = true;
  }
  if (released) block.last_arrival = 0.0;
}

void GridRun::issue_owed(std::uint32_t sm_index, SubPartition& sp, std::uint32_t slot) {
  SmState& sm = sms_[sm_index];
  WarpSlot& w = sm.warps[slot];
  ++sm.issued;
  sp.last_issued = slot;
  if (w.extra_issues != 0) {
    --w.extra_issues;
    set_stall(sm, w, Stall::selected);
    w.known = false;
    w.wake = 0;
    return;
  }
  const std::uint32_t pc = w.ghost_pc++;
  const func::DecodedInstruction& in = launch_.kernel.code[pc];
  WarpAccess access;
  if (ops_[pc].mem != MemOp::none) {
    func::WarpState& ws = sm.blocks[w.block_slot].state.warps[w.warp];
    func::ExecContext c{.launch = launch_,
                        .block = sm.blocks[w.block_slot].state,
                        .warp = ws,
                        .regs = ws.regs.data()};
    describe_access(c, in, 0, ops_[pc].access_bytes, access);
  }
  complete(sm_index, sp, slot, pc, access, 0, false);
}

bool GridRun::issue(std::uint32_t sm_index, SubPartition& sp, std::uint32_t slot) {
  SmState& sm = sms_[sm_index];
  WarpSlot& w = sm.warps[slot];
  if (w.owes_issues()) {
    issue_owed(sm_index, sp, slot);
    return true;
  }
  ResidentBlock& block = sm.blocks[w.block_slot];
  func::WarpState& ws = block.state.warps[w.warp];
  const std::uint32_t pc = ws.control.pc();
  const std::uint32_t mask_before = ws.control.mask();
  func::ExecContext c{.launch = launch_, .block = block.state, .warp = ws, .regs = ws.regs.data()};
  ws.timed_clock = now_;
  const bool in_code = pc < ops_.size();
  WarpAccess access;
  std::uint32_t mask = 0;
  bool later = false;
  std::uint64_t sleep = 0;
  if (in_code) {
    const OpTiming& op = ops_[pc];
    const func::DecodedInstruction& in = launch_.kernel.code[pc];
    if (in.control == func::Control::sleep) {
      sleep = sleep_cycles(c, in, guarded_mask(c, in, ws.control.mask()), p_.sm_clock_mhz);
    }
    if (op.mem != MemOp::none) {
      mask = guarded_mask(c, in, ws.control.mask());
      describe_access(c, in, mask, op.access_bytes, access);
    }
    later = writes_global_later(in, op, access);
    if (later && op.mem == MemOp::none) mask = guarded_mask(c, in, ws.control.mask());
  }
  if (later) {
    defer_write(sm, ws, launch_.kernel.code[pc], mask);
  } else {
    const std::uint64_t threads = sm.counters.thread_instructions;
    func::run_warp(c, 1, sm.counters);
    if (in_code) {
      log_issue(sm, launch_.kernel.code[pc].opcode, sm.counters.thread_instructions - threads);
    }
  }
  ++sm.issued;
  if (c.error) {
    sm.error = std::move(*c.error);
    return false;
  }
  sp.last_issued = slot;
  if (sleep != 0) w.sleep_until = now_ + sleep;
  if (in_code) {
    complete(sm_index, sp, slot, pc, access, mask, later);
    const std::uint32_t body_end = ops_[pc].converted_end;
    if (body_end != func::kNoPc && ws.control.pc() == body_end &&
        ws.control.mask() == mask_before) {
      // Every lane skipped a body that the machine code predicates: the
      // warp issues it still, no lane active, before going on.
      w.ghost_pc = pc + 1;
      w.ghost_end = body_end;
    }
    if (ops_[pc].barrier) {
      // Arrivals pass an SM-wide barrier unit one warp at a time; where the
      // barrier orders shared memory in hardware, a warp arrives once its
      // shared stores and atomics are done.
      double slot_start = std::max(static_cast<double>(now_), sm.barrier_free);
      if (p_.facts.barrier_waits_for_shared_writes) {
        slot_start = std::max(slot_start, static_cast<double>(w.shared_writes_done));
      }
      sm.barrier_free = slot_start + p_.facts.barrier_arrival_cycles;
      block.last_arrival = std::max(block.last_arrival, sm.barrier_free);
      w.waits_at_barrier = true;
    }
  }
  const func::Control control = in_code ? launch_.kernel.code[pc].control : func::Control::exit;
  // A releasing barrier.cluster.arrive fences before it arrives (the H100
  // runs MEMBAR.ALL.GPU, then UCGABAR_ARV): the warp waits for the fence,
  // and so does the phase this arrival completes. A wait that comes after
  // its phase was released passes at once, as on the H100 (19 cycles for
  // the wait of a warp that arrived 100 to 4000 cycles after the others).
  const std::uint64_t fence =
      in_code && ops_[pc].cluster_release && block.cluster != nullptr ? cluster_release_ : 0;
  if (block.cluster != nullptr) {
    // Exited threads count as arrived at barrier.cluster. Woken first, so
    // that the warps it released pay the cluster barrier's latency, not the
    // block barrier's.
    if (ws.control.finished()) func::release_completed_cluster_phase(launch_, block.cluster->state);
    wake_cluster(*block.cluster, fence);
  }
  if (control == func::Control::barrier || control == func::Control::exit) {
    release_barriers(sm, block, w.block_slot);
  }
  if (fence != 0) w.ready_at = std::max(w.ready_at, now_ + fence);
  if (in_code && ops_[pc].cluster_wait && block.cluster != nullptr && ws.control.mask() != 0) {
    // The wait found its phase complete: it passes once the release is here.
    w.ready_at = std::max(w.ready_at, block.cluster->released_at);
  }
  if (ws.control.finished() && w.live) {
    w.live = false;
    --sm.stall_count[static_cast<std::size_t>(w.stall)];
    --sm.resident_warps;
    if (--block.warps_left == 0) retire_block(sm, w.block_slot);
    return true;
  }
  // Its state is in the host's cache now; a barrier release or exit later
  // drops what is read here.
  look_at(w, ws);
  return true;
}

// A stalled warp's pending look-ahead is tried at the first step of its SM
// from hoist_retry on, whenever that step comes (it is not an event that
// makes the loop stop at that cycle): the SM is stepped in every cycle the
// loop visits from then.
void note_hoist_retry(SmState& sm, const WarpSlot& w) {
  if (w.hoist_retry == kNever) return;
  if (w.stall != Stall::short_scoreboard && w.stall != Stall::long_scoreboard) return;
  sm.hoist_at = std::min(sm.hoist_at, w.hoist_retry);
}

bool GridRun::schedule(std::uint32_t sm_index, SubPartition& sp) {
  SmState& sm = sms_[sm_index];
  if (sm.others_stopped_until > now_ &&
      &sp - sm.partitions.data() != static_cast<std::ptrdiff_t>(sm.stopping_partition)) {
    for (std::uint32_t index : sp.warps) {
      WarpSlot& w = sm.warps[index];
      if (!w.live) continue;
      set_stall(sm, w, Stall::math_pipe_throttle);
      w.wake = 0;  // its own stall is read again once the scheduler runs
    }
    sm.next_event = std::min(sm.next_event, sm.others_stopped_until);
    sp.quiet_until = 0;
    return true;
  }
  if (sp.busy_until > now_) {
    // The scheduler is still dispatching its last issue: the warp it issued
    // counts as selected once, then waits.
    for (std::uint32_t index : sp.warps) {
      WarpSlot& w = sm.warps[index];
      if (w.live && w.stall == Stall::selected) set_stall(sm, w, Stall::wait);
    }
    sm.next_event = std::min(sm.next_event, sp.busy_until);
    return true;
  }
  if (now_ < sp.quiet_until) {
    sm.next_event = std::min(sm.next_event, sp.quiet_event);
    sm.hoist_at = std::min(sm.hoist_at, sp.quiet_hoist);
    return true;
  }
  // Greedy then oldest: the warp that issued last, then the others oldest
  // first; loose round robin: from the warp after the one that issued last.
  // The k-th candidate is taken from sp.warps as the loop goes; the list
  // changes only when a block retires, after which the loop stops.
  const bool greedy = p_.policy == WarpPolicy::greedy_then_oldest;
  const std::uint32_t lead =
      greedy && sp.last_issued != kNoWarp && sm.warps[sp.last_issued].live ? sp.last_issued
                                                                           : kNoWarp;
  const std::size_t n = sp.warps.size();
  const std::size_t start = greedy || n == 0 ? 0 : sp.next_round_robin % n;
  const std::size_t lead_count = lead == kNoWarp ? 0 : 1;
  std::uint32_t issued = 0;
  // What this scan adds to the SM's next_event and hoist_at while no warp issues.
  std::uint64_t quiet_event = kNever;
  std::uint64_t quiet_hoist = kNever;
  const auto pass_over = [&](const WarpSlot& w) {
    quiet_event = std::min(quiet_event, w.wake);
    if (w.hoist_retry != kNever &&
        (w.stall == Stall::short_scoreboard || w.stall == Stall::long_scoreboard)) {
      quiet_hoist = std::min(quiet_hoist, w.hoist_retry);
    }
  };
  for (std::size_t k = 0; k < n + lead_count; ++k) {
    std::uint32_t slot = lead;
    if (k >= lead_count) {
      const std::size_t at = start + k - lead_count;
      slot = sp.warps[at < n ? at : at - n];
      if (slot == lead) continue;
    }
    WarpSlot& w = sm.warps[slot];
    if (!w.live) continue;
    if (w.known && w.wake > now_ &&
        !(issued < p_.issue_width && now_ >= w.hoist_retry &&
          (w.stall == Stall::short_scoreboard || w.stall == Stall::long_scoreboard))) {
      // Blocked, and nothing it waits on has changed since it was looked
      // at: blocked_until() would answer the same, and no look-ahead is due.
      sm.next_event = std::min(sm.next_event, w.wake);
      note_hoist_retry(sm, w);
      pass_over(w);
      continue;
    }
    const std::uint64_t until = blocked_until(sm_index, w);
    w.wake = until;
    if (until > now_) {
      // Look ahead only past results of memory or the SFU (what ptxas
      // schedules around), and not again before a candidate can be ready.
      const bool scoreboard =
          w.stall == Stall::short_scoreboard || w.stall == Stall::long_scoreboard;
      if (issued < p_.issue_width && scoreboard && now_ >= w.hoist_retry &&
          hoist(sm_index, sp, slot)) {
        ++issued;
        sp.last_issued = slot;
        sp.last_issued_at = now_;
        continue;
      }
      if (sm.error) return false;
      sm.next_event = std::min(sm.next_event, until);
      note_hoist_retry(sm, w);
      pass_over(w);
      continue;
    }
    if (issued >= p_.issue_width) {
      set_stall(sm, w, Stall::not_selected);
      continue;
    }
    const std::size_t before = sp.warps.size();
    func::WarpState& ws = sm.blocks[w.block_slot].state.warps[w.warp];
    std::uint32_t last = ws.control.pc();
    if (!issue(sm_index, sp, slot)) return false;
    ++issued;
    sp.last_issued_at = now_;
    if (p_.facts.issue.dual_issue && sp.warps.size() == before) {
      // Dual issue: the warp's next instructions in the same cycle, while
      // they are independent and their pipes free; no other warp this cycle.
      while (w.live && !w.waits_at_barrier && !w.owes_issues() && last < ops_.size() &&
             may_pair_after(ops_[last], issued, p_)) {
        skip_early(w, ws);
        if (blocked_until(sm_index, w) > now_) break;
        last = ws.control.pc();
        if (!issue(sm_index, sp, slot)) return false;
        ++issued;
        if (sp.warps.size() != before) break;
      }
      if (w.live) set_stall(sm, w, Stall::selected);
      issued = p_.issue_width;
    }
    if (!greedy) sp.next_round_robin = static_cast<std::uint32_t>(start + k + 1);
    if (sp.warps.size() != before) break;  // a block retired: the list changed
  }
  if (issued > 0) {
    sm.next_event = std::min(sm.next_event, now_ + 1);
    sp.busy_until = now_ + static_cast<std::uint64_t>(std::max(1, p_.facts.issue.issue_cycles));
    sp.quiet_until = 0;
    return true;
  }
  // Every live warp was passed over, blocked past now (a look-ahead that
  // was due has been tried): a scan before the first wake or due
  // look-ahead would find each as it is.
  sp.quiet_until = std::min(quiet_event, quiet_hoist);
  sp.quiet_event = quiet_event;
  sp.quiet_hoist = quiet_hoist;
  return true;
}

void GridRun::step(std::uint32_t sm_index) {
  SmState& sm = sms_[sm_index];
  account(sm);
  sm.next_event = kNever;
  sm.hoist_at = kNever;
  sm.issued_now = false;
  sm.retired_now = 0;
  for (SubPartition& sp : sm.partitions) {
    if (!schedule(sm_index, sp)) break;
    sm.issued_now = sm.issued_now || sp.last_issued_at == now_;
  }
}

void GridRun::settle(std::uint32_t sm_index) {
  SmState& sm = sms_[sm_index];
  for (DeferredAccess& d : sm.deferred) {
    WarpSlot& w = sm.warps[d.slot];
    func::WarpState& ws = sm.blocks[w.block_slot].state.warps[w.warp];
    if (d.execute && !sm.error) {
      const func::DecodedInstruction& in = launch_.kernel.code[d.pc];
      func::ExecContext c{.launch = launch_,
                          .block = sm.blocks[w.block_slot].state,
                          .warp = ws,
                          .regs = ws.regs.data()};
      c.pc = d.pc;
      ws.timed_clock = now_;
      in.execute(c, in, d.mask);
      if (c.error) sm.error = std::move(*c.error);
    }
    if (d.timed) {
      const OpTiming& op = ops_[d.pc];
      const MemoryResult r = memory_.beyond_lsu(sm_index, d.start, op, d.access);
      const std::uint64_t ready = std::max(r.ready, now_ + 1);
      for (std::uint8_t i = 0; i < op.dest_count; ++i) {
        w.reg_ready[op.dests[i]] = ready;
        w.reg_stall[op.dests[i]] = r.dependency;
      }
      w.known = false;  // it may have read the stand-in
      disturb(sm, w);
    }
  }
  sm.deferred.clear();
}

// The cycles since the SM was last accounted, in the states its latest
// step left. A warp that issued counts as selected for one cycle: the SM is
// stepped again the next cycle (its next_event), so the rest of a longer
// span only follows a step in which it did not issue (then none is left
// selected: each scan reads every warp it does not skip, and a skipped warp
// has not just issued).
void GridRun::account(SmState& sm) const {
  constexpr auto kSelected = static_cast<std::size_t>(Stall::selected);
  const std::uint64_t cycles = now_ - sm.accounted_to;
  sm.accounted_to = now_;
  if (cycles == 0 || sm.resident_warps == 0) return;
  sm.active_cycles += cycles;
  sm.warp_cycles += cycles * sm.resident_warps;
  for (std::size_t s = 0; s < sm.stall_count.size(); ++s) {
    sm.stall_cycles[s] += std::uint64_t{sm.stall_count[s]} * (s == kSelected ? 1 : cycles);
  }
  sm.stall_cycles[static_cast<std::size_t>(Stall::wait)] +=
      std::uint64_t{sm.stall_count[kSelected]} * (cycles - 1);
}

bool GridRun::runs_alone(const SmState& sm) const {
  const auto size = static_cast<std::uint32_t>(ops_.size());
  for (const WarpSlot& w : sm.warps) {
    if (!w.live || w.owes_issues()) continue;  // owed issues execute nothing
    std::uint32_t pc = size;
    if (w.known) {
      if (w.no_lanes) continue;
      if (w.next_op != nullptr) pc = static_cast<std::uint32_t>(w.next_op - ops_.data());
    } else {
      // Its instructions issued ahead are passed over when it is next
      // looked at, which is not done here.
      if (!w.early.empty()) return false;
      const func::WarpControl& control = sm.blocks[w.block_slot].state.warps[w.warp].control;
      if (control.mask() == 0) continue;  // only another warp's barrier or exit lets it go on
      pc = control.pc();
    }
    if (pc >= size || !local_code_[pc]) return false;
  }
  return true;
}

void GridRun::step_ahead(std::uint32_t sm_index, std::uint64_t limit) {
  SmState& sm = sms_[sm_index];
  const std::uint64_t at = now_;
  // A due look-ahead is tried at the first cycle the loop visits, which
  // depends on every SM: such an SM goes back to lock-step.
  AheadLog& log = sm.ahead_log;
  while (sm.hoist_at == kNever) {
    const std::uint64_t cycle = std::max(now_ + 1, sm.next_event);
    if (cycle >= limit || !runs_alone(sm)) break;
    if (!log.on) {
      log.on = true;
      log.accounted_to = sm.accounted_to;
      log.stall_cycles = sm.stall_cycles;
      log.active_cycles = sm.active_cycles;
      log.warp_cycles = sm.warp_cycles;
      log.stall_count = sm.stall_count;
      log.steps.clear();
      log.issues.clear();
    }
    now_ = cycle;
    step(sm_index);
    log.steps.push_back({.cycle = cycle, .issued = sm.issued, .stall_count = sm.stall_count});
    sm.ahead_to = cycle + 1;
    ahead_steps_[cycle % ahead_steps_.size()] = 1;
    ahead_end_ = std::max(ahead_end_, cycle + 1);
    issued_ += sm.issued;
    sm.issued = 0;
    if (sm.error) break;  // not expected: SM-local code has no executor that fails
  }
  log.on = false;
  now_ = at;
}

void GridRun::log_issue(SmState& sm, isa::Opcode opcode, std::uint64_t threads) const {
  if (!sm.ahead_log.on) return;
  sm.ahead_log.issues.push_back(
      {.cycle = now_, .opcode = opcode, .threads = static_cast<std::uint32_t>(threads)});
}

void GridRun::undo_steps_after_now(SmState& sm) {
  AheadLog& log = sm.ahead_log;
  if (sm.ahead_to <= now_ + 1 || log.steps.empty()) return;
  for (const AheadLog::Issue& i : log.issues) {
    if (i.cycle <= now_) continue;
    --sm.counters.per_opcode[static_cast<std::size_t>(i.opcode)];
    sm.counters.thread_instructions -= i.threads;
  }
  // The statistics as the run began, then accounted again step by step up
  // to now_ (each step's span with the counts the step before it left).
  const std::uint64_t at = now_;
  sm.accounted_to = log.accounted_to;
  sm.stall_cycles = log.stall_cycles;
  sm.active_cycles = log.active_cycles;
  sm.warp_cycles = log.warp_cycles;
  sm.stall_count = log.stall_count;
  for (const AheadLog::Step& step : log.steps) {
    if (step.cycle > at) {
      issued_ -= step.issued;
      continue;
    }
    now_ = step.cycle;
    account(sm);
    sm.stall_count = step.stall_count;
  }
  now_ = at;
}

std::uint64_t GridRun::next_ahead_step(std::uint64_t before) const {
  const std::uint64_t end = std::min(before, ahead_end_);
  for (std::uint64_t cycle = now_ + 1; cycle < end; ++cycle) {
    if (ahead_steps_[cycle % ahead_steps_.size()] != 0) return cycle;
  }
  return kNever;
}

TimedLaunchResult GridRun::run() {
  if (auto unfit = clusters_unfit()) {
    TimedLaunchResult result;
    result.launch.error = std::move(*unfit);
    return result;
  }
  // The blocks of a cluster read and write each other's shared memory and
  // barrier across SMs: such grids step their SMs on one host thread.
  SmWorkers workers(cluster_size_ > 1
                        ? 1
                        : std::clamp<std::uint32_t>(launch_.options.host_threads, 1, p_.sm_count));
  auto step_one = [this](std::uint32_t i) { step(active_[i]); };
  // The wall-clock watchdog (LaunchOptions::time_budget_ms), read every 1024
  // simulated cycles so the clock costs nothing measurable.
  const auto deadline = std::chrono::steady_clock::now() +
                        std::chrono::milliseconds(launch_.options.time_budget_ms);
  std::uint32_t cycles_since_clock_read = 0;
  // Stepping an SM ahead: an SM whose warps all run code that touches only
  // its own state (sm_local_code.h) is stepped on by itself, cycle after
  // cycle, up to kAheadCycles ahead (while blocks wait for room, only a
  // full SM), instead of once per loop cycle between the other SMs' steps. Its steps are the ones
  // lock-step gives (it is stepped at its next_event, and nothing outside it
  // can change what it waits on meanwhile), its statistics are accounted
  // per SM, and the loop still visits the cycles of its steps. Where the
  // SMs are stepped on several host threads, or share state (clusters), or
  // a scheduler issues several instructions of a warp at once (dual issue),
  // all SMs stay in lock-step.
  const bool ahead = workers.threads() == 1 && cluster_size_ == 1 && !single_block_clusters_ &&
                     !p_.facts.issue.dual_issue;
  ahead_steps_.assign(ahead ? 2 * kAheadCycles : 1, 0);
  // The most issues all SMs can make in a cycle: a run ahead to `limit`
  // must leave the watchdog's count where lock-step would have it.
  const std::uint64_t issues_per_cycle = std::uint64_t{p_.sm_count} * p_.schedulers *
                                         std::max<std::uint32_t>(1, p_.issue_width);
  for (;;) {
    ahead_steps_[now_ % ahead_steps_.size()] = 0;
    dispatch_blocks();
    if (live_blocks_ == 0 && next_block_ >= total_blocks_) break;
    // Only SMs whose earliest possible change has come are stepped: an SM's
    // step before its next_event and its hoist_at finds every warp as it
    // left it and changes nothing (no issue, no stall state), so skipping it
    // saves host time only. Nothing outside an SM's step changes what it
    // waits on, except a block dispatched to it (start_block: stepped at
    // once).
    active_.clear();
    std::uint64_t next_event = kNever;
    for (std::uint32_t s = 0; s < sms_.size(); ++s) {
      const SmState& sm = sms_[s];
      if (sm.resident_warps == 0) continue;
      // An SM stepped ahead has had its steps up to ahead_to (its next_event
      // is at or after it, its due look-ahead too).
      if (sm.ahead_to <= now_ && (sm.next_event <= now_ || sm.hoist_at <= now_)) {
        active_.push_back(s);
      } else {
        next_event = std::min(next_event, sm.next_event);
      }
    }
    workers.for_each(static_cast<std::uint32_t>(active_.size()), step_one);
    // The end of the cycle in SM order: what reaches shared state, then what
    // the SMs' steps found.
    bool issued_any = false;
    for (std::uint32_t s : active_) {
      SmState& sm = sms_[s];
      settle(s);
      if (sm.error && !error_) error_ = std::move(*sm.error);
      issued_ += sm.issued;
      sm.issued = 0;
      live_blocks_ -= sm.retired_now;
      issued_any = issued_any || sm.issued_now;
    }
    const std::uint64_t limit = now_ + kAheadCycles;
    const bool may_step_ahead =
        ahead && !error_ &&
        launch_.options.instruction_budget - std::min(issued_, launch_.options.instruction_budget) >=
            issues_per_cycle * kAheadCycles;
    for (std::uint32_t s : active_) {
      // Blocks go only to SMs with room, and an SM stepped ahead retires
      // none: a full one misses no dispatch.
      if (may_step_ahead &&
          (next_block_ >= total_blocks_ || sms_[s].resident_blocks >= blocks_per_sm_)) {
        step_ahead(s, limit);
      }
      next_event = std::min(next_event, sms_[s].next_event);
    }
    next_event = std::min(next_event, woken_at_);
    woken_at_ = kNever;
    if (error_) break;
    if (issued_ > launch_.options.instruction_budget) {
      error_ = watchdog_error(launch_, sms_,
                              fmt::format("more than {} warp-instructions executed",
                                          launch_.options.instruction_budget),
                              now_);
      break;
    }
    if (launch_.options.time_budget_ms != 0 && ++cycles_since_clock_read == 1024) {
      cycles_since_clock_read = 0;
      if (std::chrono::steady_clock::now() > deadline) {
        error_ = watchdog_error(
            launch_, sms_,
            fmt::format("running for more than {} ms", launch_.options.time_budget_ms), now_);
        break;
      }
    }
    std::uint64_t next = issued_any ? now_ + 1 : next_ahead_step(next_event);
    next = std::min(next, next_event);
    if (next_block_ < total_blocks_) {
      next =
          std::min(next, std::max(now_ + 1, static_cast<std::uint64_t>(std::ceil(next_dispatch_))));
    }
    if (next == kNever) {
      error_ = deadlock_error(launch_, sms_);
      break;
    }
    next = std::max(next, now_ + 1);
    now_ = next;
  }
  std::array<std::uint64_t, static_cast<std::size_t>(Stall::count)> stall_cycles{};
  std::uint64_t active_cycles = 0;
  std::uint64_t warp_cycles = 0;
  for (SmState& sm : sms_) {
    if (error_) undo_steps_after_now(sm);
    account(sm);
    for (std::size_t s = 0; s < stall_cycles.size(); ++s) stall_cycles[s] += sm.stall_cycles[s];
    active_cycles += sm.active_cycles;
    warp_cycles += sm.warp_cycles;
  }
  stats_.warp_cycles = stall_cycles;
  TimedLaunchResult result;
  if (error_) result.launch.error = std::move(*error_);
  func::LaunchStats& ls = result.launch.stats;
  TimingStats& stats = stats_;
  std::map<std::uint64_t, std::string> printf_output;
  for (SmState& sm : sms_) {
    ls.thread_instructions += sm.counters.thread_instructions;
    for (std::size_t i = 0; i < ls.per_opcode.size(); ++i)
      ls.per_opcode[i] += sm.counters.per_opcode[i];
    printf_output.merge(sm.printf_output);
  }
  const auto active = static_cast<double>(active_cycles);
  const auto warps = static_cast<double>(warp_cycles);
  for (std::uint64_t n : ls.per_opcode) ls.warp_instructions += n;
  for (auto& [index, text] : printf_output) result.launch.printf_output += text;
  stats.issued = issued_;
  stats.cycles =
      static_cast<std::uint64_t>(p_.facts.launch_cycles) + std::max(now_, memory_.writes_done());
  stats.sm_active_cycles_avg = active / static_cast<double>(std::max<std::size_t>(1, sms_.size()));
  const double slots = static_cast<double>(launch_.options.warp_slots_per_sm);
  stats.warps_active_pct = active > 0.0 && slots > 0.0 ? 100.0 * warps / (active * slots) : 0.0;
  memory_.add_stats(stats);
  result.timing = stats;
  return result;
}

}  // namespace

TimedLaunchResult launch_timed(const func::DecodedKernel& kernel, const func::LaunchConfig& config,
                               const func::LaunchOptions& options, func::DeviceMemory& memory,
                               std::span<const std::byte> params, const TimingParams& timing,
                               std::uint32_t blocks_per_sm, const func::LaunchLimits& limits,
                               func::DeviceHeap* heap, AddressTranslation* translation) {
  TimedLaunchResult result;
  if (kernel.descriptor_query) {
    result.launch.error = func::descriptor_query_error(kernel.name, *kernel.descriptor_query);
    return result;
  }
  if (auto problem = func::validate(kernel, config, params, limits)) {
    result.launch.error = func::LaunchError{
        .code = func::CudaError::invalid_configuration,
        .message = fmt::format("kernel {}: invalid launch: {}", kernel.name, *problem)};
    return result;
  }
  func::LaunchOptions timed = options;
  timed.timed_clock = true;
  func::LaunchState launch{.kernel = kernel,
                           .config = config,
                           .options = timed,
                           .memory = memory,
                           .params = func::ByteWindow(func::MemorySpace::param, params.size()),
                           .heap = heap,
                           .cluster_dims = func::cluster_dims(kernel, config),
                           .explicit_cluster = func::explicit_cluster(kernel, config)};
  if (!params.empty()) std::memcpy(launch.params.data(), params.data(), params.size());
  // cudaLaunchCooperativeKernel promises that every block is resident at
  // once (its grid.sync() spins until all have arrived).
  const std::uint64_t resident = std::uint64_t{std::max<std::uint32_t>(1, blocks_per_sm)} *
                                 timing.sm_count;
  if (config.cooperative && config.grid.count() > resident) {
    result.launch.error = func::LaunchError{
        .code = func::CudaError::invalid_configuration,
        .message = fmt::format("kernel {}: a cooperative grid of {} blocks exceeds the {} that "
                               "can be resident at once",
                               kernel.name, config.grid.count(), resident)};
    return result;
  }
  if (auto error = func::reserve_grid_workspace(launch)) {
    result.launch.error = std::move(*error);
    return result;
  }
  if (translation != nullptr) translation->begin_launch(memory.base(), memory.reserved_bytes());
  GridRun grid(launch, timing, blocks_per_sm, translation);
  result = grid.run();
  func::release_grid_workspace(launch);
  return result;
}

}  // namespace smsim::timing
