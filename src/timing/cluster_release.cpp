#include "timing/cluster_release.h"

#include <fmt/format.h>

#include <cmath>
#include <vector>

namespace smsim::timing {
namespace {

std::optional<std::string> curve_error(std::string_view name, const std::vector<int>& at,
                                       const std::vector<int>& cycles) {
  if (at.size() != cycles.size()) {
    return fmt::format("timing.cluster_release.{0} and {0}_cycles differ in length ({1} and {2})",
                       name, at.size(), cycles.size());
  }
  for (std::size_t i = 1; i < at.size(); ++i) {
    if (at[i] <= at[i - 1]) {
      return fmt::format("timing.cluster_release.{} must increase ({} after {})", name, at[i],
                         at[i - 1]);
    }
  }
  return std::nullopt;
}

// The piecewise-linear curve through (at[i], cycles[i]) at x; flat outside.
double curve(const std::vector<int>& at, const std::vector<int>& cycles, std::uint32_t x) {
  if (at.empty()) return 0.0;
  if (x <= static_cast<std::uint32_t>(at.front())) return cycles.front();
  for (std::size_t i = 1; i < at.size(); ++i) {
    const auto hi = static_cast<std::uint32_t>(at[i]);
    if (x > hi) continue;
    const double t = static_cast<double>(x - static_cast<std::uint32_t>(at[i - 1])) /
                     static_cast<double>(at[i] - at[i - 1]);
    return cycles[i - 1] + t * (cycles[i] - cycles[i - 1]);
  }
  return cycles.back();
}

}  // namespace

std::optional<std::string> cluster_release_error(const arch::ClusterReleaseFacts& facts) {
  if (auto e = curve_error("blocks", facts.blocks, facts.blocks_cycles)) return e;
  return curve_error("warps", facts.warps, facts.warps_cycles);
}

std::uint64_t cluster_release_cycles(const arch::ClusterReleaseFacts& facts, std::uint32_t blocks,
                                     std::uint32_t warps) {
  const double cycles = curve(facts.blocks, facts.blocks_cycles, blocks) +
                        curve(facts.warps, facts.warps_cycles, warps);
  return static_cast<std::uint64_t>(std::lround(cycles));
}

}  // namespace smsim::timing
