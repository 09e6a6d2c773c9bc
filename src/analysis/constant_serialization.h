#pragma once
// Constant memory: the constant cache broadcasts one address per pass, so a
// warp-level access is serialized into as many passes as it has distinct
// addresses (Handbook §8.1.4), counted per group of `request_lanes` lanes.

#include <cstdint>

#include "analysis/warp_access.h"

namespace smsim::analysis {

struct ConstantCost {
  std::uint32_t requests = 0;  // lane groups with an active lane
  std::uint32_t passes = 0;    // distinct addresses, summed over the groups
};

ConstantCost constant_access_cost(const WarpAccess& access, unsigned request_lanes);

}  // namespace smsim::analysis
