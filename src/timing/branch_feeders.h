#pragma once
// Which results a kept branch's predicate can depend on (branch_cost.h): the
// cycle model keeps a register's "early" cycle (WarpSlot::reg_early) only for
// these, since no other early cycle is ever read. Computed once per launch
// from the code, so an instruction whose result never reaches a branch's
// predicate (an FFMA loop's arithmetic) costs no bookkeeping at its issue.

#include <vector>

#include "func/decode/decoded_kernel.h"
#include "timing/op_timing.h"

namespace smsim::timing {

// Sets OpTiming::tracks_early on each instruction that writes a register
// whose early cycle a kept branch can read: the branches' guards and,
// transitively, the sources of the early (fixed-latency) results that write
// such a register. Reads kept_branch, branch_guard and early_result.
void mark_branch_feeders(const func::DecodedKernel& kernel, std::vector<OpTiming>& ops);

}  // namespace smsim::timing
