// Stepping an SM ahead of the loop while its warps touch only its own
// state, and taking back the steps after a failing cycle.

#include <algorithm>

#include "timing/grid_run.h"

namespace smsim::timing {

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

}  // namespace smsim::timing
