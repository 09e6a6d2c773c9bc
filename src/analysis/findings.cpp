#include "analysis/findings.h"

#include <fmt/format.h>

#include <algorithm>

namespace smsim::analysis {
namespace {

using C = Counter;

std::uint64_t excess(std::uint64_t actual, std::uint64_t ideal) {
  return actual > ideal ? actual - ideal : 0;
}

std::uint64_t waste_of(const InstructionCounters& c) {
  return excess(c[C::global_load_sectors], c[C::global_load_ideal]) +
         excess(c[C::global_store_sectors], c[C::global_store_ideal]) +
         c[C::shared_load_conflicts] + c[C::shared_store_conflicts] +
         excess(c[C::constant_passes], c[C::constant_requests]) + c[C::branch_divergent];
}

double per(std::uint64_t num, std::uint64_t den) {
  return den == 0 ? 0.0 : static_cast<double>(num) / static_cast<double>(den);
}

void add(std::string& out, const std::string& sentence) {
  if (!out.empty()) out += "; ";
  out += sentence;
}

}  // namespace

std::string explain(const InstructionCounters& c) {
  std::string out;
  if (excess(c[C::global_load_sectors], c[C::global_load_ideal]) > 0) {
    add(out, fmt::format("global load: {:.1f} transactions per request where {:.1f} would do "
                         "(strided, misaligned or scattered addresses)",
                         per(c[C::global_load_sectors], c[C::global_load_requests]),
                         per(c[C::global_load_ideal], c[C::global_load_requests])));
  }
  if (excess(c[C::global_store_sectors], c[C::global_store_ideal]) > 0) {
    add(out, fmt::format("global store: {:.1f} transactions per request where {:.1f} would do "
                         "(strided, misaligned or scattered addresses)",
                         per(c[C::global_store_sectors], c[C::global_store_requests]),
                         per(c[C::global_store_ideal], c[C::global_store_requests])));
  }
  const std::uint64_t shared_ops = c[C::shared_load_instructions] + c[C::shared_store_instructions];
  const std::uint64_t conflicts = c[C::shared_load_conflicts] + c[C::shared_store_conflicts];
  if (conflicts > 0) {
    add(out, fmt::format("shared memory: {:.1f} extra bank passes per access (lanes hit "
                         "different words of one bank; pad the array or change the stride)",
                         per(conflicts, shared_ops)));
  }
  if (excess(c[C::constant_passes], c[C::constant_requests]) > 0) {
    add(out, fmt::format("constant memory: {:.1f} serialized passes per request (lanes read "
                         "different addresses)",
                         per(c[C::constant_passes], c[C::constant_requests])));
  }
  if (c[C::branch_divergent] > 0) {
    add(out, fmt::format("branch: {:.0f}% of executions diverge (lanes of a warp go both ways)",
                         100.0 * per(c[C::branch_divergent], c[C::branch_executions])));
  }
  return out;
}

std::vector<Finding> worst_lines(const KernelProfile& profile, std::size_t limit) {
  std::vector<Finding> all;
  for (const LineProfile& line : profile.lines) {
    const std::uint64_t waste = waste_of(line.counts);
    if (waste == 0) continue;
    all.push_back(Finding{.ptx_line = line.ptx_line,
                          .source = line.source,
                          .waste = waste,
                          .explanation = explain(line.counts)});
  }
  std::stable_sort(all.begin(), all.end(),
                   [](const Finding& a, const Finding& b) { return a.waste > b.waste; });
  if (all.size() > limit) all.resize(limit);
  return all;
}

}  // namespace smsim::analysis
