#include "analysis/constant_serialization.h"

#include <algorithm>
#include <bit>

namespace smsim::analysis {

ConstantCost constant_access_cost(const WarpAccess& a, unsigned request_lanes) {
  ConstantCost cost;
  if (request_lanes == 0) return cost;
  for (unsigned first = 0; first < kLanes; first += request_lanes) {
    const std::uint32_t group = lane_group(a.mask, first, request_lanes);
    if (group == 0) continue;
    std::uint64_t seen[kLanes];
    unsigned count = 0;
    for (std::uint32_t m = group; m != 0; m &= m - 1) {
      seen[count++] = a.address[static_cast<unsigned>(std::countr_zero(m))];
    }
    std::sort(seen, seen + count);
    ++cost.requests;
    cost.passes += static_cast<std::uint32_t>(std::unique(seen, seen + count) - seen);
  }
  return cost;
}

}  // namespace smsim::analysis
