// Block dispatch: blocks (or whole clusters) to SMs with room, one per
// dispatch interval, and their retirement.

#include <fmt/format.h>

#include <algorithm>

#include "func/exec/block_setup.h"
#include "func/exec/cluster_barrier.h"
#include "timing/grid_run.h"

namespace smsim::timing {

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
    warp.fence_until = 0;
    warp.redirect_until = 0;
    warp.regions.reset(now_);
    warp.shared_writes_done = 0;
    warp.waits_at_barrier = false;
    warp.live = true;
    warp.reg_ready.assign(regs, {});
    if (branch_costs_) warp.reg_early.assign(regs, 0);
    warp.early.clear();
    warp.loads.reset(static_cast<std::uint8_t>(std::clamp(
                               p_.facts.issue.load_scoreboards, 0, int{LoadScoreboards::kNone - 1})));
    warp.extra_issues = 0;
    warp.ghost_pc = 0;
    warp.ghost_end = 0;
    warp.hoist_retry = 0;
    warp.known = false;
    std::vector<std::uint32_t>& list = sm.partitions[index % sm.partitions.size()].warps;
    warp.position = static_cast<std::uint32_t>(list.size());
    list.push_back(index);
    disturb(sm, warp);
    ++sm.stall_count[static_cast<std::size_t>(warp.stall)];
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
    sp.last_state = sp.last_rows = nullptr;
    sp.next_round_robin = 0;
    sp.quiet_until = 0;
    // The list changed: its warps' positions, and what is kept by position.
    for (std::uint32_t i = 0; i < sp.warps.size(); ++i) sm.warps[sp.warps[i]].position = i;
    sp.asleep.clear();
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

}  // namespace smsim::timing
