#include "timing/cluster_release.h"

#include <cmath>

#include "timing/measured_curve.h"

namespace smsim::timing {

std::optional<std::string> cluster_release_error(const arch::ClusterReleaseFacts& facts) {
  constexpr std::string_view kTable = "timing.cluster_release.";
  if (auto e = measured_curve_error(kTable, "blocks", "blocks_cycles", facts.blocks,
                                    facts.blocks_cycles)) {
    return e;
  }
  return measured_curve_error(kTable, "warps", "warps_cycles", facts.warps, facts.warps_cycles);
}

std::uint64_t cluster_release_cycles(const arch::ClusterReleaseFacts& facts, std::uint32_t blocks,
                                     std::uint32_t warps) {
  const double cycles = measured_curve(facts.blocks, facts.blocks_cycles, blocks) +
                        measured_curve(facts.warps, facts.warps_cycles, warps);
  return static_cast<std::uint64_t>(std::lround(cycles));
}

}  // namespace smsim::timing
