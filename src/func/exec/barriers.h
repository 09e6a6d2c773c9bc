#pragma once
// CTA barriers (bar.sync / bar.arrive / bar.red / barrier.sync): arrival,
// release, and the diagnosis of barriers that can never complete.

#include <cstdint>
#include <optional>
#include <string>

#include "func/exec/exec_context.h"

namespace smsim::func {

// The running group of `c.warp` executes barrier instruction `in` (a guard
// does not change which threads arrive). A waiting form takes the group off
// the warp (it is resumed after the barrier, at once if this arrival completes
// it); bar.arrive leaves it running at the same instruction for the caller to
// advance. Sets c.error for a divergent aligned barrier or a bad operand.
void barrier_arrive(ExecContext& c, const DecodedInstruction& in);

// Called after threads of the block exit, and before a block is declared
// deadlocked (lanes may have come to wait at a convergence point since the
// last arrival): barriers waiting for "all threads" may now be complete.
// True if one was released.
bool release_completed_barriers(const LaunchState& launch, BlockState& block);

// Every live warp waits and nothing can run: the message that names the
// kernel, block, waiting warps, barrier and PTX line.
std::string describe_barrier_deadlock(const LaunchState& launch, const BlockState& block);

}  // namespace smsim::func
