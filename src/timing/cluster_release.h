#pragma once
// What a barrier.cluster.arrive with release semantics costs the arriving
// warp on sm_90: ptxas puts MEMBAR.ALL.GPU before the UCGABAR_ARV, and the
// H100 takes 658 cycles for it in a cluster of one block of one warp, more
// with more blocks (all of them fence at once) and a step with more warps
// (tools/probes/cluster_barrier_probe.cu). The facts are measured points
// ([sm_XX.timing.cluster_release]); between them the cost is interpolated.

#include <cstdint>
#include <optional>
#include <string>

#include "arch/gpu_model.h"

namespace smsim::timing {

// Why the facts cannot be used (lists of different lengths, points not
// increasing), or nothing. Empty lists are valid: the CC has no clusters.
std::optional<std::string> cluster_release_error(const arch::ClusterReleaseFacts& facts);

// The cost for a cluster of `blocks` blocks of `warps` warps each: the curve
// over blocks plus the curve over warps, each flat beyond its end points.
std::uint64_t cluster_release_cycles(const arch::ClusterReleaseFacts& facts, std::uint32_t blocks,
                                     std::uint32_t warps);

}  // namespace smsim::timing
