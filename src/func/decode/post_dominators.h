#pragma once
// Immediate post-dominators of a kernel's instructions: where the paths that
// leave a divergent branch are guaranteed to meet again, so where SIMT
// reconvergence happens.

#include <cstdint>
#include <vector>

namespace smsim::func {

// `successors[i]` lists the instructions control can reach from i; an empty
// list (or kNoPc, UINT32_MAX, in it) means the kernel's exit. Returns each
// instruction's immediate post-dominator, or UINT32_MAX when that is the exit
// itself or when no path from it reaches the exit (an infinite loop).
std::vector<std::uint32_t> immediate_post_dominators(
    const std::vector<std::vector<std::uint32_t>>& successors);

}  // namespace smsim::func
