#pragma once
// The analysis as a launch observer: each host worker thread counts into its
// own per-PC table, and the tables are summed when the workers finish, so
// the totals do not depend on how many threads ran the blocks.

#include <cstdint>
#include <memory>
#include <vector>

#include "analysis/counters.h"
#include "analysis/instruction_cost.h"
#include "func/decode/decoded_kernel.h"
#include "func/exec/observer.h"

namespace smsim::analysis {

class AccessObserver final : public func::LaunchObserver {
 public:
  AccessObserver(const func::DecodedKernel& kernel, const arch::GpuModel& model);

  std::unique_ptr<func::WarpObserver> start_worker() override;
  void finish_worker(std::unique_ptr<func::WarpObserver> worker) override;

  // Per PC, summed over the workers that have finished.
  const KernelCounters& counters() const { return totals_; }

 private:
  RuleSet rules_;
  std::vector<std::uint8_t> needs_rules_;  // per PC: 1 for a memory access
  KernelCounters totals_;
};

}  // namespace smsim::analysis
