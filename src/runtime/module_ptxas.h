#pragma once
// What ptxas says about a program's module (runtime/register_count.h), asked
// for at most once per module: by numRegs (occupancy, timing) and, at load,
// for the stack frames of modules whose kernels make real calls.

#include <cstdint>

#include "runtime/context.h"

namespace smsim::runtime {

// ptxas -v on the module's PTX for sm_<sm>; null when ptxas is not available
// or fails (said once per process on stderr: smsim then keeps the PTX's own
// register counts and frame sizes).
const PtxasInfo* module_ptxas_info(ModuleRecord& module, std::uint32_t sm);

// Sizes what each activation of a function called for real takes from
// cudaLimitStackSize as the frame ptxas gives that function
// (func/decode/stack_frames.h). Runs ptxas only for a module with a kernel
// that makes real calls; the others keep their load time.
void size_stack_frames(ModuleRecord& module, std::uint32_t sm);

}  // namespace smsim::runtime
