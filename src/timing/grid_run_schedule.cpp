// The schedulers' scans: each picks the ready warps it issues this cycle by
// the warp policy, and passes over the blocked ones without reading them
// where nothing they wait on has changed.

#include <algorithm>
#include <array>

#include "timing/grid_run.h"
#include "timing/issue_rules.h"

namespace smsim::timing {
namespace {

// A stalled warp's pending look-ahead is tried at the first step of its SM
// from hoist_retry on, whenever that step comes (it is not an event that
// makes the loop stop at that cycle): the SM is stepped in every cycle the
// loop visits from then.
void note_hoist_retry(SmState& sm, const WarpSlot& w) {
  if (w.hoist_retry == kNever) return;
  if (w.stall != Stall::short_scoreboard && w.stall != Stall::long_scoreboard) return;
  sm.hoist_at = std::min(sm.hoist_at, w.hoist_retry);
}

}  // namespace

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
    sp.asleep.clear();
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
  // The warps passed over unread (SubPartition::asleep): what they add.
  if (n > AsleepWarps::kMaxWarps) {
    sp.asleep.clear();
  } else if (now_ >= sp.asleep.until()) {
    sp.asleep.remove_due(now_);
  }
  if (!sp.asleep.empty()) {
    sm.next_event = std::min(sm.next_event, sp.asleep.event());
    sm.hoist_at = std::min(sm.hoist_at, sp.asleep.hoist());
    quiet_event = std::min(quiet_event, sp.asleep.event());
    quiet_hoist = std::min(quiet_hoist, sp.asleep.hoist());
  }
  // `at`: the warp's index in sp.warps (n for the lead, which is not kept asleep).
  const auto pass_over = [&](const WarpSlot& w, std::size_t at) {
    const bool scoreboard =
        w.stall == Stall::short_scoreboard || w.stall == Stall::long_scoreboard;
    const std::uint64_t hoist = scoreboard ? w.hoist_retry : kNever;
    quiet_event = std::min(quiet_event, w.wake);
    quiet_hoist = std::min(quiet_hoist, hoist);
    // Until its wake or due look-ahead, every scan would pass it over as now.
    const std::uint64_t due = std::min(w.wake, hoist);
    if (at < n && n <= AsleepWarps::kMaxWarps && due > now_) sp.asleep.add(at, due, w.wake, hoist);
  };
  // Whether a warp's pipe and memory queue take its next instruction now,
  // once the scan has issued all it may: they stay as they are for the rest
  // of it, so resources_at() answers the same for every instruction of one
  // pipe and memory kind (the latest two kinds kept).
  std::array<std::uint32_t, 2> kinds = {UINT32_MAX, UINT32_MAX};
  std::array<bool, 2> kind_free = {false, false};
  std::size_t next_kind = 0;
  const auto free_now = [&](const WarpSlot& w) {
    if (w.next_op == nullptr) return true;
    const OpTiming& op = *w.next_op;
    const std::uint32_t memory = op.mem == MemOp::none ? 0u : w.shared_access ? 1u : 2u;
    const std::uint32_t kind =
        static_cast<std::uint32_t>(op.pipe) << 3 | (op.stops_others ? 4u : 0u) | memory;
    for (std::size_t i = 0; i < kinds.size(); ++i) {
      if (kinds[i] == kind) return kind_free[i];
    }
    const bool free =
        resources_at(sm_index, w, op, w.shared_access, 0, Stall::wait, nullptr) <= now_;
    kinds[next_kind] = kind;
    kind_free[next_kind] = free;
    next_kind ^= 1;
    return free;
  };
  for (std::size_t k = 0; k < n + lead_count; ++k) {
    std::uint32_t slot = lead;
    std::size_t at = n;
    if (k >= lead_count) {
      at = start + k - lead_count;
      if (at >= n) at -= n;
      if (sp.asleep.contains(at)) {
        k += sp.asleep.run_from(at) - 1;  // passes over the asleep warps from here
        continue;
      }
      slot = sp.warps[at];
      if (slot == lead) continue;
    }
    WarpSlot& w = sm.warps[slot];
    if (!w.live) {
      // Exited: it stays in the list until its block retires, which empties
      // the set. Kept asleep with no wake, it is not read again until then.
      if (at < n && n <= AsleepWarps::kMaxWarps) {
        sp.asleep.add(at, AsleepWarps::kNever, AsleepWarps::kNever, AsleepWarps::kNever);
      }
      continue;
    }
    if (w.known && w.wake > now_ &&
        !(issued < p_.issue_width && now_ >= w.hoist_retry &&
          (w.stall == Stall::short_scoreboard || w.stall == Stall::long_scoreboard))) {
      // Blocked, and nothing it waits on has changed since it was looked
      // at: blocked_until() would answer the same, and no look-ahead is due.
      sm.next_event = std::min(sm.next_event, w.wake);
      note_hoist_retry(sm, w);
      pass_over(w, at);
      continue;
    }
    if (issued >= p_.issue_width && w.known && w.stall == Stall::not_selected &&
        free_now(w)) {
      // Ready when last looked at and not selected since: what it waits on
      // of its own has not changed (its issue, a barrier release or a
      // settled result would have dropped `known`), and its pipe and memory
      // queue, read again, are free. blocked_until() would answer now.
      w.wake = now_;
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
        set_last_issued(sm, sp, slot);
        sp.last_issued_at = now_;
        continue;
      }
      if (sm.error) return false;
      sm.next_event = std::min(sm.next_event, until);
      note_hoist_retry(sm, w);
      pass_over(w, at);
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
  // The first reads of each scan (its warp list, and the slot, functional
  // state and scoreboard rows of the warp that issued last, its first
  // candidate) miss the host's caches: the other SMs' steps since evicted
  // them. Asked for together here, they arrive together instead of one
  // scan after another.
  for (const SubPartition& sp : sm.partitions) {
    if (sp.quiet_until > now_ || sp.busy_until > now_) continue;
    __builtin_prefetch(sp.warps.data());
    if (sp.last_issued == kNoWarp) continue;
    __builtin_prefetch(&sm.warps[sp.last_issued]);
    __builtin_prefetch(sp.last_state);
    __builtin_prefetch(sp.last_rows);
  }
  for (SubPartition& sp : sm.partitions) {
    if (!schedule(sm_index, sp)) break;
    sm.issued_now = sm.issued_now || sp.last_issued_at == now_;
  }
}

}  // namespace smsim::timing
