#pragma once
// Global (and local) memory coalescing: how many requests and memory
// transactions one warp-level access costs on a compute capability, from the
// per-CC rule data in configs/arch (arch::GlobalAccessRules). On 2.x and later
// a transaction is a cache line or a 32-byte sector (ncu's l1tex__t_sectors).

#include <cstdint>

#include "analysis/warp_access.h"
#include "arch/gpu_model.h"

namespace smsim::analysis {

// Which path through the caches the access takes (PTX cache operators).
enum class GlobalPath : std::uint8_t {
  load,          // ld without a cache operator: the CC's default
  load_l1,       // ld.ca: cached in L1 where the CC has one
  load_l2_only,  // ld.cg / ld.cv: L2 only
  store,         // st: written through to L2
};

struct GlobalCost {
  std::uint32_t requests = 0;      // requests issued (groups of lanes with an active lane)
  std::uint32_t transactions = 0;  // lines, segments or sectors
  std::uint64_t bytes = 0;         // bytes those transactions move
};

// `access.size` must be 1, 2, 4, 8 or 16; an empty mask costs nothing.
GlobalCost global_access_cost(const WarpAccess& access, const arch::GlobalAccessRules& rules,
                              GlobalPath path);

// The transaction unit of `path` on 2.x and later (bytes).
int transaction_unit(const arch::GlobalAccessRules& rules, GlobalPath path);

}  // namespace smsim::analysis
