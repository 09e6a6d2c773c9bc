#pragma once
// Lowers one checked PTX kernel to the engine's KernelSpec: dense register ids
// kept, labels to instruction indices, variables and parameters to their
// addresses, vector operands flattened.

#include <string>
#include <vector>

#include "func/decode/instruction_spec.h"
#include "func/load/call_graph.h"
#include "func/load/placement.h"

namespace smsim::func {

struct LoweredKernel {
  KernelSpec spec;
  std::vector<std::string> errors;  // each names the PTX line
};

// Device functions are inlined at their call sites, except those `calls`
// says must be called for real (recursive or address-taken) and calls nested
// too deeply to inline: those become real calls to one out-of-line copy of
// the function, appended after the kernel's body.
LoweredKernel lower_kernel(const ptx::Module& module, const ptx::Function& kernel,
                           const ModulePlacement& placement, const CallGraph& calls);

}  // namespace smsim::func
