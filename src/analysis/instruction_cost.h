#pragma once
// Applies the access rules to one issued instruction: classifies it (global,
// local, shared, constant memory access; branch), builds each space's warp
// access from the lanes' addresses and adds the costs to its counters.

#include "analysis/branch_outcome.h"
#include "analysis/counters.h"
#include "analysis/shared_banks.h"
#include "arch/gpu_model.h"
#include "func/exec/observer.h"

namespace smsim::analysis {

struct RuleSet {
  arch::AccessRules access;
  SharedBanks banks;
};

RuleSet rules_of(const arch::GpuModel& model);

// Whether `in` is a memory access, whose costs need the rules; every other
// instruction only counts its issue, active lanes and (branches) outcome.
bool needs_rules(const func::DecodedInstruction& in);

inline void count_branch(std::uint32_t running, std::uint32_t taken, InstructionCounters& n) {
  ++n[Counter::branch_executions];
  switch (branch_outcome(running, taken)) {
    case BranchOutcome::taken:
      ++n[Counter::branch_taken];
      break;
    case BranchOutcome::not_taken:
      ++n[Counter::branch_not_taken];
      break;
    case BranchOutcome::divergent:
      ++n[Counter::branch_divergent];
      break;
  }
}

void count_instruction(const func::ObservedInstruction& event, const RuleSet& rules,
                       InstructionCounters& counters);

}  // namespace smsim::analysis
