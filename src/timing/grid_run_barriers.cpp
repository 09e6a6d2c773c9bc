// Barrier releases: a block's bar.sync (or exit) and a cluster's
// barrier.cluster phase let the waiting warps on after the barrier's latency.

#include <algorithm>
#include <cmath>

#include "timing/grid_run.h"

namespace smsim::timing {

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

bool GridRun::exit_may_release(const ResidentBlock& block) const {
  if (block.cluster != nullptr) return true;
  if (!has_barriers_) return false;
  return std::any_of(block.state.barriers.begin(), block.state.barriers.end(),
                     [](const func::NamedBarrier& b) { return !b.waiters.empty(); });
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

}  // namespace smsim::timing
