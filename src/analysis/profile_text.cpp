#include "analysis/profile_text.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "analysis/findings.h"

namespace smsim::analysis {
namespace {

using C = Counter;

double per(std::uint64_t num, std::uint64_t den) {
  return den == 0 ? 0.0 : static_cast<double>(num) / static_cast<double>(den);
}

std::string kernel_summary(const std::string& name, std::size_t launches,
                           const InstructionCounters& t) {
  std::string out = fmt::format("  {} ({} launch{})\n", name, launches, launches == 1 ? "" : "es");
  out += fmt::format("    instructions {} warp, {:.2f} active lanes each\n", t[C::executions],
                     per(t[C::active_lanes], t[C::executions]));
  out += fmt::format(
      "    global loads {} requests, {} sectors ({:.2f}/request); stores {} requests, {} sectors "
      "({:.2f}/request)\n",
      t[C::global_load_requests], t[C::global_load_sectors],
      per(t[C::global_load_sectors], t[C::global_load_requests]), t[C::global_store_requests],
      t[C::global_store_sectors], per(t[C::global_store_sectors], t[C::global_store_requests]));
  out += fmt::format(
      "    shared loads {} wavefronts, {} bank conflicts; stores {} wavefronts, {} bank "
      "conflicts\n",
      t[C::shared_load_wavefronts], t[C::shared_load_conflicts], t[C::shared_store_wavefronts],
      t[C::shared_store_conflicts]);
  if (t[C::local_load_requests] + t[C::local_store_requests] > 0) {
    out += fmt::format("    local loads {} sectors, stores {} sectors\n", t[C::local_load_sectors],
                       t[C::local_store_sectors]);
  }
  if (t[C::constant_requests] > 0) {
    out += fmt::format("    constant {} requests, {} serialized passes\n", t[C::constant_requests],
                       t[C::constant_passes]);
  }
  const std::uint64_t branches = t[C::branch_executions];
  out += fmt::format(
      "    branches {}, {} divergent ({:.1f}% uniform)\n", branches, t[C::branch_divergent],
      branches == 0 ? 100.0 : 100.0 * per(branches - t[C::branch_divergent], branches));
  return out;
}

}  // namespace

std::string profile_text(const std::vector<KernelProfile>& launches, std::string_view gpu) {
  // Launches of one kernel are summed, kernels in the order of first launch.
  std::vector<std::string> order;
  std::map<std::string, std::pair<std::size_t, KernelProfile>> merged;
  for (const KernelProfile& p : launches) {
    auto [it, fresh] = merged.try_emplace(p.name);
    if (fresh) {
      order.push_back(p.name);
      it->second.second.name = p.name;
    }
    ++it->second.first;
    KernelProfile& sum = it->second.second;
    sum.totals += p.totals;
    for (const LineProfile& line : p.lines) {
      auto existing = std::find_if(sum.lines.begin(), sum.lines.end(), [&](const LineProfile& l) {
        return l.ptx_line == line.ptx_line;
      });
      if (existing == sum.lines.end()) {
        sum.lines.push_back(line);
      } else {
        existing->counts += line.counts;
      }
    }
  }
  std::string out = fmt::format("smsim profile: {}, {} launch{}\n", gpu, launches.size(),
                                launches.size() == 1 ? "" : "es");
  struct Ranked {
    std::string kernel;
    Finding finding;
  };
  std::vector<Ranked> ranked;
  for (const std::string& name : order) {
    auto& [count, sum] = merged.at(name);
    std::sort(sum.lines.begin(), sum.lines.end(),
              [](const LineProfile& a, const LineProfile& b) { return a.ptx_line < b.ptx_line; });
    out += kernel_summary(name, count, sum.totals);
    for (Finding& f : worst_lines(sum, kWorstLines)) ranked.push_back({name, std::move(f)});
  }
  std::stable_sort(ranked.begin(), ranked.end(), [](const Ranked& a, const Ranked& b) {
    return a.finding.waste > b.finding.waste;
  });
  if (ranked.size() > kWorstLines) ranked.resize(kWorstLines);
  if (ranked.empty()) return out + "no PTX line wastes transactions, bank passes or branches\n";
  out += fmt::format("the {} worst PTX lines:\n", ranked.size());
  for (std::size_t i = 0; i < ranked.size(); ++i) {
    const Finding& f = ranked[i].finding;
    out += fmt::format("  {:>2}. {} PTX line {}{}: {}\n", i + 1, ranked[i].kernel, f.ptx_line,
                       f.source.empty() ? "" : " (" + f.source + ")", f.explanation);
  }
  return out;
}

}  // namespace smsim::analysis
