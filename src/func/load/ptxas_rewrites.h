#pragma once
// What ptxas does to a kernel's PTX that changes result bits, reproduced at
// load time so that the engine computes what the GPU computes: mul+add
// contraction into fma (fma_contraction.h, switchable like ptxas's --fmad)
// and the canonical operand order of f64 instructions (f64_operand_order.h).

#include "func/decode/instruction_spec.h"

namespace smsim::func {

void apply_ptxas_rewrites(KernelSpec& spec, bool fma_contraction);

}  // namespace smsim::func
