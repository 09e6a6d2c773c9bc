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

// Block (or cluster) `linear` of a grid (of clusters), x fastest.
Dim3 block_index(const Dim3& grid, std::uint64_t linear);

}  // namespace smsim::func
