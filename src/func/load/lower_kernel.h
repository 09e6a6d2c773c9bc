#pragma once
// Lowers one checked PTX kernel to the engine's KernelSpec: dense register ids
// kept, labels to instruction indices, variables and parameters to their
// addresses, vector operands flattened.

#include <string>
#include <vector>

#include "func/decode/instruction_spec.h"
#include "func/load/placement.h"

namespace smsim::func {

struct LoweredKernel {
  KernelSpec spec;
  std::vector<std::string> errors;  // each names the PTX line
};

LoweredKernel lower_kernel(const ptx::Module& module, const ptx::Function& kernel,
                           const ModulePlacement& placement);

}  // namespace smsim::func
