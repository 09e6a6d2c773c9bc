#include "func/exec/cluster_barrier.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <vector>

#include "func/exec/barriers.h"

namespace smsim::func {
namespace {

// Threads that have exited count as arrived, as at CTA barriers.
std::uint32_t exited_threads(const ClusterState& cluster) {
  std::uint32_t exited = 0;
  for (const BlockState* block : cluster.blocks) exited += block->exited_threads;
  return exited;
}

// Lanes of the waiting warps held at a convergence point behind the lanes at
// the barrier: they cannot move until those lanes reach the join, so they
// count as arrived, as at CTA barriers (barriers.cpp, counted_threads). The
// H100 completes barrier.cluster when one thread of a block runs it and the
// others branch to the end (ptxas makes that branch an EXIT;
// tools/probes/results/h100-2026-11-22/v8_cluster.txt, cl_barrier_cluster).
std::uint32_t held_lanes(const ClusterState& cluster) {
  std::uint32_t held = 0;
  std::vector<const WarpState*> seen;
  for (const ClusterWaiter& w : cluster.waiters) {
    const WarpState* warp = &w.block->warps[w.warp];
    if (std::find(seen.begin(), seen.end(), warp) != seen.end()) continue;
    seen.push_back(warp);
    held += static_cast<std::uint32_t>(std::popcount(warp->control.waiting_lanes()));
  }
  return held;
}

bool complete_phase_if_done(const LaunchState& launch, ClusterState& cluster) {
  if (cluster.arrived == 0) return false;
  const std::uint32_t counted =
      cluster.arrived + exited_threads(cluster) +
      (launch.options.exited_threads_satisfy_barriers ? held_lanes(cluster) : 0);
  if (counted < cluster.thread_count) return false;
  ++cluster.phase;
  cluster.arrived = 0;
  std::vector<ClusterWaiter> still;
  for (ClusterWaiter& w : cluster.waiters) {
    if (w.phase > cluster.phase) {
      still.push_back(w);
      continue;
    }
    WarpState& warp = w.block->warps[w.warp];
    warp.control.resume(w.group, w.instruction + 1);
    warp.at_barrier = false;
  }
  cluster.waiters = std::move(still);
  return true;
}

}  // namespace

void cluster_barrier(ExecContext& c, const DecodedInstruction& in) {
  if (c.block.cluster == nullptr) {
    // A runner that does not group blocks into clusters (the timing model).
    report_error(c, CudaError::launch_failure,
                 fmt::format("kernel {}: barrier.cluster at PTX line {} is not supported in this "
                             "mode",
                             c.launch.kernel.name, in.ptx_line));
    return;
  }
  ClusterState& cluster = *c.block.cluster;
  WarpState& warp = c.warp;
  const std::uint32_t group = warp.control.mask();
  if (in.combine == isa::Modifier::Arrive) {
    for (std::uint32_t m = group; m != 0; m &= m - 1) {
      ++warp.cluster_arrivals[static_cast<unsigned>(std::countr_zero(m))];
    }
    cluster.arrived += static_cast<std::uint32_t>(std::popcount(group));
    complete_phase_if_done(c.launch, cluster);
    return;
  }
  // The phase a wait needs: the latest one any of its lanes arrived in.
  std::uint32_t needed = 0;
  for (std::uint32_t m = group; m != 0; m &= m - 1) {
    needed = std::max(needed, warp.cluster_arrivals[static_cast<unsigned>(std::countr_zero(m))]);
  }
  if (needed <= cluster.phase) {
    warp.control.advance();
    return;
  }
  cluster.waiters.push_back(ClusterWaiter{.block = &c.block,
                                          .warp = warp.index,
                                          .group = warp.control.take_current(),
                                          .instruction = c.pc,
                                          .phase = needed});
  warp.at_barrier = warp.control.mask() == 0;
  // The lanes of this warp held behind this one may complete the phase.
  complete_phase_if_done(c.launch, cluster);
}

bool release_completed_cluster_phase(const LaunchState& launch, ClusterState& cluster) {
  return complete_phase_if_done(launch, cluster);
}

namespace {

std::string describe_cluster_deadlock(const LaunchState& launch, const ClusterState& cluster,
                                      std::span<const BlockState* const> blocks) {
  std::string text = fmt::format(
      "kernel {}: deadlock in cluster ({},{},{}): {} of {} threads arrived at barrier.cluster, {} "
      "exited",
      launch.kernel.name, cluster.id.x, cluster.id.y, cluster.id.z, cluster.arrived,
      cluster.thread_count, exited_threads(cluster));
  for (const BlockState* block : blocks) {
    text += "; " + describe_barrier_deadlock(launch, *block);
  }
  return text;
}

}  // namespace

std::string describe_cluster_deadlock(const LaunchState& launch,
                                      std::span<const BlockState> blocks) {
  std::vector<const BlockState*> pointers;
  for (const BlockState& block : blocks) pointers.push_back(&block);
  return describe_cluster_deadlock(launch, *blocks.front().cluster, pointers);
}

std::string describe_cluster_deadlock(const LaunchState& launch, const ClusterState& cluster) {
  const std::vector<const BlockState*> blocks(cluster.blocks.begin(), cluster.blocks.end());
  return describe_cluster_deadlock(launch, cluster, blocks);
}

}  // namespace smsim::func
