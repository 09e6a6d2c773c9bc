#include "timing/timed_launch.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <optional>
#include <string>

#include "func/exec/barriers.h"
#include "func/exec/block_setup.h"
#include "func/exec/exec_context.h"
#include "func/exec/warp_loop.h"
#include "timing/issue_rules.h"
#include "timing/memory_system.h"
#include "timing/op_timing.h"
#include "timing/sm_state.h"
#include "timing/warp_access.h"

namespace smsim::timing {
namespace {

constexpr std::uint64_t kNever = std::numeric_limits<std::uint64_t>::max();

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

class GridRun {
 public:
  GridRun(const func::LaunchState& launch, const TimingParams& p, std::uint32_t blocks_per_sm)
      : launch_(launch),
        p_(p),
        ops_(op_timings(launch.kernel, p)),
        memory_(p),
        blocks_per_sm_(std::max<std::uint32_t>(1, blocks_per_sm)),
        warps_per_block_(static_cast<std::uint32_t>((launch.config.block.count() + 31) / 32)),
        total_blocks_(launch.config.grid.count()) {
    sms_.resize(p.sm_count);
    for (SmState& sm : sms_) {
      sm.blocks.resize(blocks_per_sm_);
      sm.warps.resize(std::size_t{blocks_per_sm_} * warps_per_block_);
      sm.partitions.resize(p.schedulers);
    }
  }

  TimedLaunchResult run();

 private:
  void dispatch_blocks();
  void start_block(std::uint32_t sm_index, std::uint64_t linear);
  void retire_block(SmState& sm, std::uint32_t slot);
  // The cycle from which the warp could issue (`now` if it can now); sets its stall.
  std::uint64_t blocked_until(std::uint32_t sm_index, WarpSlot& w);
  bool issue(std::uint32_t sm_index, SubPartition& sp, std::uint32_t slot);
  // One scheduler's cycle: picks up to issue_width ready warps by the policy.
  // False when an instruction failed (error_ is set).
  bool schedule(std::uint32_t sm_index, SubPartition& sp);
  // Issues, ahead of the stalled instruction at the warp's PC, a younger
  // independent instruction of the same basic block that is ready.
  bool hoist(std::uint32_t sm_index, SubPartition& sp, std::uint32_t slot);
  // The timing effects of an issued instruction: its pipe, its result's
  // ready cycle, its memory access.
  void complete(std::uint32_t sm_index, SubPartition& sp, WarpSlot& w, const OpTiming& op,
                const WarpAccess& access, std::uint32_t mask);
  // The cycle from which the instruction at `pc` could issue for this warp
  // (its sources ready, its pipe and memory queue free), and why not before.
  std::uint64_t ready_at(std::uint32_t sm_index, const WarpSlot& w, std::uint32_t pc,
                         Stall* why = nullptr) const;
  // Passes the PC over instructions already issued ahead of order.
  static void skip_early(WarpSlot& w, func::WarpState& ws);
  void release_barriers(SmState& sm, ResidentBlock& block, std::uint32_t block_slot);
  void account(std::uint64_t cycles);
  std::optional<func::LaunchError> deadlock() const;

  const func::LaunchState& launch_;
  const TimingParams& p_;
  std::vector<OpTiming> ops_;
  MemorySystem memory_;
  std::uint32_t blocks_per_sm_;
  std::uint32_t warps_per_block_;
  std::uint64_t total_blocks_;
  std::vector<SmState> sms_;
  std::uint64_t now_ = 0;
  std::uint64_t next_block_ = 0;
  double next_dispatch_ = 0.0;
  std::uint64_t age_ = 0;
  std::uint64_t live_blocks_ = 0;
  std::uint64_t next_event_ = kNever;
  std::optional<func::LaunchError> error_;
  func::WarpCounters counters_;
  TimingStats stats_;
  std::map<std::uint64_t, std::string> printf_;
  std::vector<std::uint32_t> order_;  // schedule()'s candidates, reused
};

void GridRun::start_block(std::uint32_t sm_index, std::uint64_t linear) {
  SmState& sm = sms_[sm_index];
  std::uint32_t slot = 0;
  while (sm.blocks[slot].live) ++slot;
  ResidentBlock& block = sm.blocks[slot];
  func::init_block(launch_, linear, block.state);
  block.live = true;
  block.warps_left = static_cast<std::uint32_t>(block.state.warps.size());
  block.last_arrival = 0.0;
  ++sm.resident_blocks;
  ++live_blocks_;
  const std::uint32_t regs = launch_.kernel.register_count;
  for (std::uint32_t w = 0; w < block.warps_left; ++w) {
    const std::uint32_t index = slot * warps_per_block_ + w;
    WarpSlot& warp = sm.warps[index];
    warp.block_slot = slot;
    warp.warp = w;
    warp.age = age_++;
    warp.ready_at = now_;
    warp.waits_at_barrier = false;
    warp.live = true;
    warp.reg_ready.assign(regs, 0);
    warp.reg_stall.assign(regs, Stall::wait);
    warp.early.clear();
    warp.hoist_retry = 0;
    sm.partitions[index % sm.partitions.size()].warps.push_back(index);
    ++sm.resident_warps;
  }
}

void GridRun::retire_block(SmState& sm, std::uint32_t slot) {
  ResidentBlock& block = sm.blocks[slot];
  if (!block.state.printf_output.empty()) {
    printf_[block.state.linear_id] = std::move(block.state.printf_output);
    block.state.printf_output.clear();
  }
  block.live = false;
  --sm.resident_blocks;
  --live_blocks_;
  for (SubPartition& sp : sm.partitions) {
    std::erase_if(sp.warps, [&](std::uint32_t w) { return sm.warps[w].block_slot == slot; });
    sp.last_issued = kNoWarp;
    sp.next_round_robin = 0;
  }
}

// Blocks go, one per dispatch interval, to the SM with the fewest resident
// blocks that has a free slot (the lowest index among equals).
void GridRun::dispatch_blocks() {
  while (next_block_ < total_blocks_ && next_dispatch_ <= static_cast<double>(now_)) {
    std::uint32_t best = UINT32_MAX;
    for (std::uint32_t s = 0; s < sms_.size(); ++s) {
      if (sms_[s].resident_blocks >= blocks_per_sm_) continue;
      if (best == UINT32_MAX || sms_[s].resident_blocks < sms_[best].resident_blocks) best = s;
    }
    if (best == UINT32_MAX) return;
    start_block(best, next_block_++);
    next_dispatch_ += p_.facts.block_dispatch_cycles;
  }
}

std::uint64_t GridRun::blocked_until(std::uint32_t sm_index, WarpSlot& w) {
  func::WarpState& ws = sms_[sm_index].blocks[w.block_slot].state.warps[w.warp];
  if (ws.control.mask() == 0) {
    w.stall = Stall::barrier;
    return kNever;  // released by another warp's issue
  }
  if (w.ready_at > now_) {
    w.stall = Stall::barrier;
    return w.ready_at;
  }
  const std::uint32_t pc = ws.control.pc();
  if (pc >= ops_.size()) return now_;  // runs off the end: exits
  return ready_at(sm_index, w, pc, &w.stall);
}

void GridRun::complete(std::uint32_t sm_index, SubPartition& sp, WarpSlot& w, const OpTiming& op,
                       const WarpAccess& access, std::uint32_t mask) {
  w.stall = Stall::selected;
  w.hoist_retry = 0;
  if (op.pipe != Pipe::none) {
    double& free = sp.pipe_free[static_cast<std::size_t>(op.pipe)];
    free = std::max(free, static_cast<double>(now_)) + op.interval;
    if (stops_other_schedulers(op, p_)) {
      SmState& sm = sms_[sm_index];
      sm.others_stopped_until = pipe_accepts_at(free, 1);
      sm.stopping_partition = static_cast<std::uint32_t>(&sp - sm.partitions.data());
    }
  }
  std::uint64_t ready = now_ + op.latency;
  Stall dependency = op.dependency;
  if (op.mem != MemOp::none && mask != 0) {
    const MemoryResult r = memory_.access(sm_index, now_, op, access);
    ready = std::max(r.ready, now_ + 1);
    dependency = r.dependency;
  }
  for (std::uint8_t i = 0; i < op.dest_count; ++i) {
    w.reg_ready[op.dests[i]] = ready;
    w.reg_stall[op.dests[i]] = dependency;
  }
}

constexpr std::uint32_t kHoistWindow = 32;
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

std::uint64_t GridRun::ready_at(std::uint32_t sm_index, const WarpSlot& w, std::uint32_t pc,
                                Stall* why) const {
  const OpTiming& op = ops_[pc];
  std::uint64_t at = now_;
  Stall reason = Stall::wait;
  for (std::uint8_t i = 0; i < op.source_count; ++i) {
    if (w.reg_ready[op.sources[i]] > at) {
      at = w.reg_ready[op.sources[i]];
      reason = w.reg_stall[op.sources[i]];
    }
  }
  const SmState& sm = sms_[sm_index];
  if (at == now_ && op.pipe != Pipe::none) {
    const std::size_t partition =
        (w.block_slot * warps_per_block_ + w.warp) % sm.partitions.size();
    const std::uint64_t free =
        pipe_accepts_at(sm.partitions[partition].pipe_free[static_cast<std::size_t>(op.pipe)],
                        p_.facts.issue.issue_cycles);
    if (free > now_) {
      at = free;
      reason = Stall::math_pipe_throttle;
    }
    // An instruction that stops the other schedulers waits for a cycle in
    // which none of them has issued.
    for (std::size_t other = 0; at == now_ && stops_other_schedulers(op, p_) &&
                                other < sm.partitions.size();
         ++other) {
      if (other != partition && sm.partitions[other].last_issued_at == now_) {
        at = now_ + 1;
        reason = Stall::math_pipe_throttle;
      }
    }
  }
  if (at == now_ && op.mem != MemOp::none) {
    const bool shared = launch_.kernel.code[pc].space == func::MemorySpace::shared;
    if (shared ? memory_.mio_busy(sm_index, now_) : memory_.lsu_busy(sm_index, now_)) {
      at = now_ + 1;
      reason = shared ? Stall::mio_throttle : Stall::lg_throttle;
    }
  }
  if (why != nullptr && at > now_) *why = reason;
  return at;
}

bool GridRun::hoist(std::uint32_t sm_index, SubPartition& sp, std::uint32_t slot) {
  SmState& sm = sms_[sm_index];
  WarpSlot& w = sm.warps[slot];
  ResidentBlock& block = sm.blocks[w.block_slot];
  func::WarpState& ws = block.state.warps[w.warp];
  const std::uint32_t pc = ws.control.pc();
  const auto size = static_cast<std::uint32_t>(ops_.size());
  w.hoist_retry = kNever;
  if (pc >= size || ops_[pc].ends_window) return false;
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
    if (op.mem != MemOp::none)
      describe_access(c, in, mask, op.access_bytes, access);
    if (mask != 0) in.execute(c, in, mask);
    if (c.error) {
      error_ = std::move(*c.error);
      return false;
    }
    ++counters_.per_opcode[static_cast<std::size_t>(in.opcode)];
    counters_.thread_instructions += static_cast<std::uint64_t>(__builtin_popcount(mask));
    ++stats_.issued;
    w.early.push_back(j);
    w.hoist_retry = 0;
    complete(sm_index, sp, w, op, access, mask);
    return true;
  }
  if (w.hoist_retry != kNever) next_event_ = std::min(next_event_, w.hoist_retry);
  return false;
}

void GridRun::release_barriers(SmState& sm, ResidentBlock& block, std::uint32_t block_slot) {
  bool released = false;
  for (std::uint32_t w = 0; w < block.state.warps.size(); ++w) {
    WarpSlot& slot = sm.warps[block_slot * warps_per_block_ + w];
    if (!slot.waits_at_barrier || block.state.warps[w].control.mask() == 0) continue;
    slot.waits_at_barrier = false;
    slot.ready_at = static_cast<std::uint64_t>(std::ceil(block.last_arrival)) +
                    static_cast<std::uint64_t>(p_.facts.latency.barrier);
    next_event_ = std::min(next_event_, slot.ready_at);
    released = true;
  }
  if (released) block.last_arrival = 0.0;
}

bool GridRun::issue(std::uint32_t sm_index, SubPartition& sp, std::uint32_t slot) {
  SmState& sm = sms_[sm_index];
  WarpSlot& w = sm.warps[slot];
  ResidentBlock& block = sm.blocks[w.block_slot];
  func::WarpState& ws = block.state.warps[w.warp];
  const std::uint32_t pc = ws.control.pc();
  func::ExecContext c{.launch = launch_, .block = block.state, .warp = ws, .regs = ws.regs.data()};
  ws.timed_clock = now_;
  const bool in_code = pc < ops_.size();
  const OpTiming op = in_code ? ops_[pc] : OpTiming{};
  WarpAccess access;
  std::uint32_t mask = 0;
  if (in_code && op.mem != MemOp::none) {
    const func::DecodedInstruction& in = launch_.kernel.code[pc];
    mask = guarded_mask(c, in, ws.control.mask());
    describe_access(c, in, mask, op.access_bytes, access);
  }
  func::run_warp(c, 1, counters_);
  ++stats_.issued;
  if (c.error) {
    error_ = std::move(*c.error);
    return false;
  }
  if (stats_.issued > launch_.options.instruction_budget) {
    error_ = func::LaunchError{
        .code = func::CudaError::launch_timeout,
        .message = fmt::format("kernel {}: watchdog: more than {} warp-instructions executed; the "
                               "kernel may never finish",
                               launch_.kernel.name, launch_.options.instruction_budget)};
    return false;
  }
  sp.last_issued = slot;
  if (in_code) {
    complete(sm_index, sp, w, op, access, mask);
    if (op.barrier) {
      // Arrivals pass an SM-wide barrier unit one warp at a time.
      const double slot_start = std::max(static_cast<double>(now_), sm.barrier_free);
      sm.barrier_free = slot_start + p_.facts.barrier_arrival_cycles;
      block.last_arrival = std::max(block.last_arrival, sm.barrier_free);
      w.waits_at_barrier = true;
    }
  }
  const func::Control control = in_code ? launch_.kernel.code[pc].control : func::Control::exit;
  if (control == func::Control::barrier || control == func::Control::exit) {
    release_barriers(sm, block, w.block_slot);
  }
  if (ws.control.finished() && w.live) {
    w.live = false;
    --sm.resident_warps;
    if (--block.warps_left == 0) retire_block(sm, w.block_slot);
  }
  return true;
}

bool GridRun::schedule(std::uint32_t sm_index, SubPartition& sp) {
  SmState& sm = sms_[sm_index];
  if (sm.others_stopped_until > now_ &&
      &sp - sm.partitions.data() != static_cast<std::ptrdiff_t>(sm.stopping_partition)) {
    for (std::uint32_t index : sp.warps) sm.warps[index].stall = Stall::math_pipe_throttle;
    next_event_ = std::min(next_event_, sm.others_stopped_until);
    return true;
  }
  if (sp.busy_until > now_) {
    // The scheduler is still dispatching its last issue: the warp it issued
    // counts as selected once, then waits.
    for (std::uint32_t index : sp.warps) {
      if (sm.warps[index].stall == Stall::selected) sm.warps[index].stall = Stall::wait;
    }
    next_event_ = std::min(next_event_, sp.busy_until);
    return true;
  }
  // Greedy then oldest: the warp that issued last, then the others oldest
  // first; loose round robin: from the warp after the one that issued last.
  const bool greedy = p_.policy == WarpPolicy::greedy_then_oldest;
  order_.clear();
  if (greedy && sp.last_issued != kNoWarp && sm.warps[sp.last_issued].live) {
    order_.push_back(sp.last_issued);
  }
  const std::size_t n = sp.warps.size();
  const std::size_t start = greedy || n == 0 ? 0 : sp.next_round_robin % n;
  for (std::size_t k = 0; k < n; ++k) {
    const std::uint32_t index = sp.warps[(start + k) % n];
    if (greedy && !order_.empty() && index == order_.front()) continue;
    order_.push_back(index);
  }
  std::uint32_t issued = 0;
  for (std::size_t k = 0; k < order_.size(); ++k) {
    WarpSlot& w = sm.warps[order_[k]];
    if (!w.live) continue;
    skip_early(w, sm.blocks[w.block_slot].state.warps[w.warp]);
    const std::uint64_t until = blocked_until(sm_index, w);
    if (until > now_) {
      // Look ahead only past results of memory or the SFU (what ptxas
      // schedules around), and not again before a candidate can be ready.
      const bool scoreboard =
          w.stall == Stall::short_scoreboard || w.stall == Stall::long_scoreboard;
      if (issued < p_.issue_width && scoreboard && now_ >= w.hoist_retry &&
          hoist(sm_index, sp, order_[k])) {
        ++issued;
        sp.last_issued = order_[k];
        sp.last_issued_at = now_;
        continue;
      }
      if (error_) return false;
      next_event_ = std::min(next_event_, until);
      continue;
    }
    if (issued >= p_.issue_width) {
      w.stall = Stall::not_selected;
      continue;
    }
    const std::size_t before = sp.warps.size();
    func::WarpState& ws = sm.blocks[w.block_slot].state.warps[w.warp];
    std::uint32_t last = ws.control.pc();
    if (!issue(sm_index, sp, order_[k])) return false;
    ++issued;
    sp.last_issued_at = now_;
    if (p_.facts.issue.dual_issue && sp.warps.size() == before) {
      // Dual issue: the warp's next instructions in the same cycle, while
      // they are independent and their pipes free; no other warp this cycle.
      while (w.live && !w.waits_at_barrier && last < ops_.size() &&
             may_pair_after(ops_[last], issued, p_)) {
        skip_early(w, ws);
        if (blocked_until(sm_index, w) > now_) break;
        last = ws.control.pc();
        if (!issue(sm_index, sp, order_[k])) return false;
        ++issued;
        if (sp.warps.size() != before) break;
      }
      w.stall = Stall::selected;
      issued = p_.issue_width;
    }
    if (!greedy) sp.next_round_robin = static_cast<std::uint32_t>(start + k + 1);
    if (sp.warps.size() != before) break;  // a block retired: the list changed
  }
  if (issued > 0) {
    next_event_ = std::min(next_event_, now_ + 1);
    sp.busy_until = now_ + static_cast<std::uint64_t>(std::max(1, p_.facts.issue.issue_cycles));
  }
  return true;
}

void GridRun::account(std::uint64_t cycles) {
  for (SmState& sm : sms_) {
    if (sm.resident_warps == 0) continue;
    sm.active_cycles += cycles;
    sm.warp_cycles += cycles * sm.resident_warps;
    for (const SubPartition& sp : sm.partitions) {
      for (std::uint32_t index : sp.warps) {
        const WarpSlot& w = sm.warps[index];
        if (!w.live) continue;
        // A warp that issued spends the rest of a skipped span waiting.
        const Stall s = w.stall;
        stats_.warp_cycles[static_cast<std::size_t>(s)] += s == Stall::selected ? 1 : cycles;
        if (s == Stall::selected && cycles > 1) {
          stats_.warp_cycles[static_cast<std::size_t>(Stall::wait)] += cycles - 1;
        }
      }
    }
  }
}

std::optional<func::LaunchError> GridRun::deadlock() const {
  for (const SmState& sm : sms_) {
    for (const ResidentBlock& block : sm.blocks) {
      if (!block.live) continue;
      return func::LaunchError{.code = func::CudaError::launch_timeout,
                               .message = func::describe_barrier_deadlock(launch_, block.state)};
    }
  }
  return std::nullopt;
}

TimedLaunchResult GridRun::run() {
  for (;;) {
    dispatch_blocks();
    if (live_blocks_ == 0 && next_block_ >= total_blocks_) break;
    next_event_ = kNever;
    bool issued_any = false;
    for (std::uint32_t s = 0; s < sms_.size() && !error_; ++s) {
      SmState& sm = sms_[s];
      if (sm.resident_warps == 0) continue;
      for (SubPartition& sp : sm.partitions) {
        if (!schedule(s, sp)) break;
        issued_any = issued_any || sp.last_issued_at == now_;
      }
    }
    if (error_) break;
    std::uint64_t next = issued_any ? now_ + 1 : next_event_;
    if (next_block_ < total_blocks_) {
      next =
          std::min(next, std::max(now_ + 1, static_cast<std::uint64_t>(std::ceil(next_dispatch_))));
    }
    if (next == kNever) {
      error_ = deadlock();
      break;
    }
    next = std::max(next, now_ + 1);
    account(next - now_);
    now_ = next;
  }
  TimedLaunchResult result;
  if (error_) result.launch.error = std::move(*error_);
  func::LaunchStats& ls = result.launch.stats;
  ls.thread_instructions = counters_.thread_instructions;
  ls.per_opcode = counters_.per_opcode;
  for (std::uint64_t n : counters_.per_opcode) ls.warp_instructions += n;
  for (auto& [index, text] : printf_) result.launch.printf_output += text;
  stats_.cycles =
      static_cast<std::uint64_t>(p_.facts.launch_cycles) + std::max(now_, memory_.writes_done());
  double active = 0.0;
  double warps = 0.0;
  for (const SmState& sm : sms_) {
    active += static_cast<double>(sm.active_cycles);
    warps += static_cast<double>(sm.warp_cycles);
  }
  stats_.sm_active_cycles_avg = active / static_cast<double>(std::max<std::size_t>(1, sms_.size()));
  const double slots = static_cast<double>(launch_.options.warp_slots_per_sm);
  stats_.warps_active_pct = active > 0.0 && slots > 0.0 ? 100.0 * warps / (active * slots) : 0.0;
  memory_.add_stats(stats_);
  result.timing = stats_;
  return result;
}

}  // namespace

TimedLaunchResult launch_timed(const func::DecodedKernel& kernel, const func::LaunchConfig& config,
                               const func::LaunchOptions& options, func::DeviceMemory& memory,
                               std::span<const std::byte> params, const TimingParams& timing,
                               std::uint32_t blocks_per_sm, const func::LaunchLimits& limits) {
  TimedLaunchResult result;
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
                           .params = func::ByteWindow(func::MemorySpace::param, params.size())};
  if (!params.empty()) std::memcpy(launch.params.data(), params.data(), params.size());
  GridRun grid(launch, timing, blocks_per_sm);
  return grid.run();
}

}  // namespace smsim::timing
