#pragma once
// What a branch that ptxas keeps costs its warp ([sm_XX.timing.branch],
// docs/timing.md "Branches"): after a taken branch the warp's next
// instruction issues only once the front end has fetched from the target.

#include <cstdint>
#include <optional>
#include <string>

#include "arch/gpu_model.h"

namespace smsim::timing {

// Why the facts cannot be used (the forward curve's lists of different
// lengths, or its points not increasing), or nothing.
std::optional<std::string> branch_facts_error(const arch::BranchFacts& facts);

// Cycles from the issue of a kept branch at `pc` to the earliest issue of
// the warp's next instruction at `next_pc`; 0 when it fell through (the next
// cycle, as after any instruction). `conditional`: the branch has a guard.
std::uint64_t taken_branch_cycles(const arch::BranchFacts& facts, std::uint32_t pc,
                                  std::uint32_t next_pc, bool conditional);

}  // namespace smsim::timing
