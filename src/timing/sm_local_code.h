#pragma once
// Which instructions a warp can issue without its SM touching anything that
// other SMs share or that needs the cycle loop's lock-step order: no memory
// access (global loads and stores meet the other SMs' in L2 and DRAM) but a
// kernel parameter read at a fixed, aligned offset inside the parameters
// (an operand read of the constant bank, which cannot fault), no
// barrier or exit (a retiring block frees room for the next dispatch), no
// call, trap, builtin or warp collective, and no executor that can fail (a
// launch error is reported from the lowest SM of its cycle). An SM whose
// every warp is at such code can be stepped several cycles on its own
// (grid_run.cpp, "Stepping an SM ahead"): its warps' state stays in the
// host's caches instead of being evicted by 131 other SMs each cycle.

#include <vector>

#include "func/decode/decoded_kernel.h"
#include "timing/op_timing.h"

namespace smsim::timing {

// Per pc: the instruction is such an instruction, and so is every younger
// instruction of its basic block that a stalled warp there could issue
// ahead of it (the look-ahead window of `window` instructions).
std::vector<bool> sm_local_code(const func::DecodedKernel& kernel, const std::vector<OpTiming>& ops,
                                std::uint32_t window, std::uint64_t param_bytes);

}  // namespace smsim::timing
