#pragma once
// What a membar or fence costs the warp that issues it on sm_90: the warp
// issues nothing more until the fence completes. Measured on the H100 by
// tools/probes/branch_fence_probe.cu (fence: 16 fences a warp in a loop, one
// block of 1-32 warps, every form at each scope, with and without a store
// before each fence): cta scope costs nothing measurable up to 8 warps; gpu
// and cluster scope 654 cycles for one warp, 909-940 from 12 warps on; sys
// scope about twice that. A store before the fence changes little at gpu
// and sys scope, and blocks on every SM fencing at once cost what one block
// does. [sm_XX.timing.fence] holds the points; between them the cost is
// interpolated over the issuing block's warps.

#include <cstdint>
#include <optional>
#include <string>

#include "arch/gpu_model.h"

namespace smsim::timing {

enum class FenceScope : std::uint8_t { none, cta, gpu, sys };

// Why the facts cannot be used, or nothing. Empty lists are valid: a fence
// costs an issue.
std::optional<std::string> fence_error(const arch::FenceFacts& facts);

// The cost of a fence of `scope` issued by a warp of a block of `warps` warps.
std::uint64_t fence_cycles(const arch::FenceFacts& facts, FenceScope scope, std::uint32_t warps);

}  // namespace smsim::timing
