#pragma once
// Real calls (recursion, function pointers, calls too deep to inline) and
// indexed branches, run by the warp loop. Each lane keeps its own stack of
// activations; the SIMT side (where lanes wait for each other) is WarpControl's
// call point.

#include <cstdint>
#include <string>

#include "func/exec/exec_context.h"

namespace smsim::func {

// "kernel K, PTX line N, block (x,y,z), thread T": where a lane's stack
// fault happened, for the messages of calls and of alloca.
std::string lane_location(const ExecContext& c, const DecodedInstruction& in, unsigned lane);

// `call` by the lanes of `mask`: each lane's callee frame is pushed (the
// callee's registers saved, arguments copied in, frame pointer moved past the
// caller's frame) and its lanes continue at the callee's entry. A frame that
// does not fit the thread's stack fails the launch with cudaErrorIllegalAddress,
// as a stack overflow does on the H100.
void call_function(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask);

// `ret` from a function called for real by the lanes of `mask`: return values
// are copied out, the caller's frame pointer, alloca stack pointer and the
// callee's registers restored, and the lanes wait at the call point for the rest of the call.
void return_from_function(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask);

// brx.idx: each lane of `mask` branches to the entry of the jump table its
// index selects; the others fall through.
void branch_indexed(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask);

}  // namespace smsim::func
