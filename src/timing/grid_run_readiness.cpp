// What a warp waits on: its next instruction's sources, pipe and memory
// queue, and the cycle from which it could issue.

#include <algorithm>

#include "timing/grid_run.h"
#include "timing/issue_rules.h"

namespace smsim::timing {
namespace {

// One further machine instruction of an expanded PTX instruction: an issue
// of the scheduler that waits on nothing (the expansion's dependences are in
// the PTX instruction's latency).
const OpTiming kExtraIssue = [] {
  OpTiming t;
  t.pipe = Pipe::none;
  return t;
}();

}  // namespace

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
  const SourcesWait s = sources_wait(w, *w.next_op);
  w.sources_at = s.at;
  w.sources_why = s.why;
}

GridRun::SourcesWait GridRun::sources_wait(const WarpSlot& w, const OpTiming& op) const {
  // The latest source, the first of equals (its stall names the wait).
  SourcesWait s;
  const auto wait_for = [&](std::uint32_t reg) {
    const WarpSlot::RegisterReady& r = w.reg_ready[reg];
    if (r.at > s.at) {
      s.at = r.at;
      s.why = r.why;
    }
  };
  for (std::uint8_t i = 0; i < op.source_count; ++i) wait_for(op.sources[i]);
  for_each_list_register(launch_.kernel, op, true, wait_for);
  if (const std::uint64_t at = predicate_wait(w, op); at > s.at) {
    s.at = at;
    s.why = Stall::branch_resolving;
  }
  return s;
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
  if (w.fence_until > now_) {
    set_stall(sm, w, Stall::membar);
    return w.fence_until;
  }
  if (w.redirect_until > now_) {
    set_stall(sm, w, Stall::branch_resolving);
    return w.redirect_until;
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
  const SourcesWait s = sources_wait(w, op);
  return resources_at(sm_index, w, op, launch_.kernel.code[pc].space == func::MemorySpace::shared,
                      s.at, s.why, nullptr);
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

}  // namespace smsim::timing
