#pragma once
// What every way of running a grid needs before its first instruction: the
// launch configuration checked against the limits, and a block's state (its
// warps, registers, shared and local memory) set up for a block index. The
// functional launch and the timing model both use them.

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "func/decode/decoded_kernel.h"
#include "func/exec/exec_context.h"
#include "func/exec/launch.h"

namespace smsim::func {

// Why the launch is invalid, or nothing when it may run.
std::optional<std::string> validate(const DecodedKernel& kernel, const LaunchConfig& config,
                                    std::span<const std::byte> params, const LaunchLimits& l);

// Resets `block` (reusing its storage) to the start state of block `linear`.
void init_block(const LaunchState& launch, std::uint64_t linear, BlockState& block);

// The launch's cluster shape: the launch attribute, else the kernel's
// .reqnctapercluster (1,1,1: every block is its own cluster).
Dim3 cluster_dims(const DecodedKernel& kernel, const LaunchConfig& config);

// Whether the launch runs in explicit clusters: a cluster-dimension
// attribute (even 1,1,1) or the kernel's .reqnctapercluster/.explicitcluster.
// What the H100 answers for %is_explicit_cluster and whether it runs
// st.async/red.async (tools/probes/results/h100-2026-11-22/v8_cluster.txt).
bool explicit_cluster(const DecodedKernel& kernel, const LaunchConfig& config);

// Block (or cluster) `linear` of a grid (of clusters), x fastest.
Dim3 block_index(const Dim3& grid, std::uint64_t linear);

// Resets `cluster` to cluster `index` of the launch (clusters numbered like
// blocks, x fastest), with no blocks yet: its blocks are added in rank order
// by add_cluster_block once init_block has set them up.
void init_cluster_state(const LaunchState& launch, std::uint64_t index, ClusterState& cluster);

// The linear grid index of the block of rank `rank` in `cluster`.
std::uint64_t cluster_block_linear(const LaunchState& launch, const ClusterState& cluster,
                                   std::uint32_t rank);

// Links `block` (set up by init_block) to `cluster` as its next rank.
void add_cluster_block(ClusterState& cluster, BlockState& block);

// cudaLaunchCooperativeKernel's grid-sync workspace for a cooperative launch
// (launch.grid_workspace; nothing for other launches), or why the launch
// cannot run: no room in device memory, or clusters (smsim's grid sync does
// not combine with them). Freed by release_grid_workspace.
std::optional<LaunchError> reserve_grid_workspace(LaunchState& launch);
void release_grid_workspace(LaunchState& launch);

}  // namespace smsim::func
