#pragma once
// Warp-synchronous instructions under independent thread scheduling (sm_70+):
// `vote shfl match redux elect .sync` and `bar.warp.sync` wait until every
// non-exited lane their member masks name has reached one of them, whatever
// path each lane took to get there, and then run for all of those lanes at
// once (the two sides of a divergent `if` meet at their shuffles as on
// Volta and later SMs).

#include <cstdint>
#include <string>

#include "func/exec/exec_context.h"

namespace smsim::func {

// The running group's `active` lanes reach warp-synchronous instruction `in`
// (at c.pc). When no other lane is needed the instruction runs at once;
// otherwise the lanes wait, the rest of the group goes on, and the meeting
// runs as soon as every lane it needs has arrived.
void warp_sync_arrive(ExecContext& c, const DecodedInstruction& in, std::uint32_t active);

// Lanes have exited: a meeting that no longer needs anyone else runs.
void complete_warp_sync(ExecContext& c);

// For the deadlock diagnosis: each warp of `block` whose lanes wait at a
// warp-synchronous instruction, with the lanes it still needs.
std::string describe_warp_sync_waits(const LaunchState& launch, const BlockState& block);

}  // namespace smsim::func
