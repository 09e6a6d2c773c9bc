#pragma once
// How much of cudaLimitStackSize each activation of a function called for
// real takes. By default its size in smsim's own layout (the PTX's
// parameters, return values and locals); a runtime that knows the frame the
// GPU's code gives each function (`ptxas -v`, runtime/register_count.h)
// passes it in, and the overflow check counts those sizes instead
// (docs/func.md "Stack"). smsim's own layout still holds the activations
// (parameter copies, locals), so the thread's local memory is sized to hold
// every chain of activations the limit lets through.

#include <cstdint>
#include <map>
#include <string>

#include "func/decode/decoded_kernel.h"

namespace smsim::func {

// Sizes the activations of `kernel`'s functions called for real, and of the
// functions smsim inlined around its real calls, from `frames` (function
// name -> bytes); a function `frames` does not name keeps its own size.
void apply_stack_frames(DecodedKernel& kernel, const std::map<std::string, std::uint64_t>& frames);

// The local memory per thread, above the kernel's own frame, that every chain
// of activations whose sizes add up to at most `limit` fits in (smsim's
// layout). A chain it does not fit (only a recursion through functions of
// size 0) stops with an error rather than running out of bounds.
std::uint64_t stack_reservation_bytes(const DecodedKernel& kernel, std::uint64_t limit);

}  // namespace smsim::func
