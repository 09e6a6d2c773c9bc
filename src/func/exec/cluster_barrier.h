#pragma once
// barrier.cluster.arrive / barrier.cluster.wait: a barrier over every thread
// of a thread-block cluster, split into its two halves. Each lane counts its
// arrivals; a wait completes once the cluster has completed as many phases as
// the lane has arrived, so a wait after the phase completed does not block.

#include <span>
#include <string>

#include "func/exec/exec_context.h"

namespace smsim::func {

// The running group of `c.warp` executes barrier.cluster instruction `in`:
// an arrive continues at the next instruction; a wait does too if its phase
// is complete, and otherwise parks the group until the phase completes.
void cluster_barrier(ExecContext& c, const DecodedInstruction& in);

// Threads of the cluster exited: a phase may now be complete. True if one was.
bool release_completed_cluster_phase(const LaunchState& launch, ClusterState& cluster);

std::string describe_cluster_deadlock(const LaunchState& launch,
                                      std::span<const BlockState> blocks);
// The same for all blocks of `cluster` in rank order (the timing model's
// blocks are not side by side: they live on several SMs).
std::string describe_cluster_deadlock(const LaunchState& launch, const ClusterState& cluster);

}  // namespace smsim::func
