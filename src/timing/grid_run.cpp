// The cycle loop of a timed launch: dispatch, the SMs' steps in parallel,
// the end of the cycle in SM order, stepping SMs ahead, the watchdog, the
// next cycle to visit, and the launch's statistics.

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <map>
#include <string>

#include "timing/grid_run.h"
#include "timing/launch_diagnostics.h"
#include "timing/sm_workers.h"

namespace smsim::timing {

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

}  // namespace smsim::timing
