// Issue ahead: a stalled warp's younger, independent instruction of the
// same basic block issues first (a stand-in for what ptxas schedules).

#include <algorithm>

#include "timing/grid_run.h"

namespace smsim::timing {
namespace {

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

}  // namespace

bool GridRun::holds_no_more_loads(const WarpSlot& w, std::uint32_t pc) const {
  const int limit = p_.facts.issue.loads_in_flight;
  if (limit <= 0 || ops_[pc].mem != MemOp::load) return false;
  // Loads of the SM's own memories take no scoreboard of load_scoreboards.h
  // and are not counted; a generic load may go either way and is held.
  const func::MemorySpace space = launch_.kernel.code[pc].space;
  if (space == func::MemorySpace::shared || space == func::MemorySpace::param ||
      space == func::MemorySpace::constant) {
    return false;
  }
  return w.loads.unread() >= static_cast<std::uint32_t>(limit);
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
    if (!op.hoistable || !pending.allows(op) || holds_no_more_loads(w, j)) {
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

}  // namespace smsim::timing
