#pragma once
// Shared helpers of the access-rule tests: the modeled CCs from configs/ and
// warp accesses built from a per-lane address function.

#include <functional>

#include "analysis/warp_access.h"
#include "arch/gpu_database.h"

namespace smsim::analysis::testing {

inline const arch::GpuDatabase& database() {
  static const arch::GpuDatabase db = arch::GpuDatabase::load(SMSIM_CONFIG_DIR);
  return db;
}

inline const arch::GpuModel& model(const char* name) {
  const arch::GpuModel* m = database().find(name);
  if (m == nullptr) throw std::runtime_error(std::string("no model ") + name);
  return *m;
}

inline WarpAccess warp(unsigned size, const std::function<std::uint64_t(unsigned)>& address,
                       std::uint32_t mask = ~std::uint32_t{0}) {
  WarpAccess a;
  a.size = size;
  a.mask = mask;
  for (unsigned lane = 0; lane < kLanes; ++lane) a.address[lane] = address(lane);
  return a;
}

// A 256-byte aligned base, as cudaMalloc returns.
inline constexpr std::uint64_t kBase = 0x7f00'0000'0000;

}  // namespace smsim::analysis::testing
