#include "analysis/access_observer.h"

#include <bit>

namespace smsim::analysis {
namespace {

class WorkerCounts final : public func::WarpObserver {
 public:
  WorkerCounts(const RuleSet& rules, const std::vector<std::uint8_t>& needs_rules)
      : rules_(rules), needs_rules_(needs_rules), counts_(needs_rules.size()) {}

  // Most instructions only add to two counters; those are counted here,
  // without the call into the rules.
  void on_instruction(const func::ObservedInstruction& event) override {
    InstructionCounters& n = counts_[event.pc];
    if (needs_rules_[event.pc]) {
      count_instruction(event, rules_, n);
      return;
    }
    ++n[Counter::executions];
    n[Counter::active_lanes] += static_cast<unsigned>(std::popcount(event.active));
    if (event.in.control == func::Control::branch) count_branch(event.running, event.active, n);
  }

  const KernelCounters& counts() const { return counts_; }

 private:
  const RuleSet& rules_;
  const std::vector<std::uint8_t>& needs_rules_;
  KernelCounters counts_;
};

}  // namespace

AccessObserver::AccessObserver(const func::DecodedKernel& kernel, const arch::GpuModel& model)
    : rules_(rules_of(model)), totals_(kernel.code.size()) {
  needs_rules_.reserve(kernel.code.size());
  for (const func::DecodedInstruction& in : kernel.code) needs_rules_.push_back(needs_rules(in));
}

std::unique_ptr<func::WarpObserver> AccessObserver::start_worker() {
  return std::make_unique<WorkerCounts>(rules_, needs_rules_);
}

void AccessObserver::finish_worker(std::unique_ptr<func::WarpObserver> worker) {
  const auto& counts = static_cast<const WorkerCounts&>(*worker).counts();
  for (std::size_t pc = 0; pc < totals_.size(); ++pc) totals_[pc] += counts[pc];
}

}  // namespace smsim::analysis
