#pragma once
// Which forward branches of a kernel ptxas turns into predicated code
// (if-conversion). The model runs PTX, where a warp whose lanes all take
// `@p bra L` skips the instructions before L; the machine code has no branch
// there, so every warp issues those instructions, predicated off where no
// lane runs them, and waits for them like any other (golden
// sass/reduction.sass: the reduction loops' `if (tid < s) s[tid] += ...`
// is @!P1 LDS/LDS/IADD/STS in every warp). The cycle loop issues such a
// body with no active lane (docs/timing.md, "What ptxas makes of the PTX").

#include <cstdint>
#include <vector>

#include "arch/gpu_model.h"
#include "func/decode/decoded_kernel.h"

namespace smsim::timing {

// Per instruction: for a conditional forward branch whose body ptxas
// predicates, its target (the end of the body); func::kNoPc otherwise. A body
// qualifies when it holds only arithmetic, special-register reads and loads
// and stores of `.shared` (no control flow, barrier, fence, call, atomic or
// access to another space), nothing inside it is a branch target or
// reconvergence point, its weight is at most `facts.max_weight` (what ptxas
// 13 measures in machine instructions: tools/probes/if_conversion_probe.py;
// integer arithmetic whose result the body reads only as an address,
// directly or through more such arithmetic, weighs nothing), the branch
// reconverges at its target, and the target does not exit (a branch over a
// kernel's last statement becomes a predicated EXIT instead).
std::vector<std::uint32_t> if_converted_branches(const func::DecodedKernel& kernel,
                                                 const arch::IfConversionFacts& facts);

}  // namespace smsim::timing
