#pragma once
// Completing transaction bytes on an mbarrier in (distributed) shared memory:
// what every asynchronous copy or store with .mbarrier::complete_tx::bytes
// does when its data has landed.

#include <cstring>

#include "func/exec/exec_context.h"
#include "func/ops/memory_access.h"
#include "isa/semantics/mbarrier_state.h"

namespace smsim::func {

// False after reporting a fault at `barrier` (a shared::cluster address).
inline bool complete_tx(ExecContext& c, std::uint64_t barrier, std::uint64_t bytes, unsigned lane) {
  std::byte* bar = resolve(c, MemorySpace::shared, barrier, sizeof(std::uint64_t),
                           AccessKind::atomic, lane);
  if (bar == nullptr) return false;
  std::uint64_t word;
  std::memcpy(&word, bar, sizeof word);
  word = isa::sem::mbarrier_complete_tx(word, static_cast<std::uint32_t>(bytes));
  std::memcpy(bar, &word, sizeof word);
  return true;
}

// The same shared::cta offset in CTA `rank` of the cluster, as a
// shared::cluster address (the block's own rank keeps the plain offset, which
// is also how a launch without clusters sees it).
inline std::uint64_t in_rank(const ExecContext& c, std::uint64_t offset, std::uint32_t rank) {
  offset &= kClusterOffsetMask;
  return rank == c.block.cluster_rank ? offset : cluster_shared_address(offset, rank);
}

// The CTAs of the block's cluster (1 without clusters).
inline std::uint32_t cluster_size(const ExecContext& c) {
  return c.block.cluster == nullptr ? 1
                                    : static_cast<std::uint32_t>(c.block.cluster->blocks.size());
}

}  // namespace smsim::func
