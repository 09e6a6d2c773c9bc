#pragma once
// The shape of one warp-instruction's memory access, from its lanes'
// addresses: which space it resolves to, the distinct 32-byte sectors and
// 128-byte lines a global access touches (the caches' tags), the most lanes on one word
// (atomic serialization), and the lanes' addresses for the CC's access rules
// of src/analysis (bank conflicts, coalescing without caches), which
// memory_system.cpp applies.

#include <cstdint>

#include "analysis/warp_access.h"
#include "func/exec/exec_context.h"
#include "timing/sector_cache.h"

namespace smsim::timing {

inline constexpr std::uint32_t kMaxSectors = 64;

struct WarpAccess {
  func::MemorySpace space = func::MemorySpace::global;
  std::uint32_t lanes = 0;
  std::uint32_t sector_count = 0;
  // Global accesses only: the sector addresses, ascending (entries past
  // sector_count are left unset), and the distinct 128-byte lines.
  std::uint64_t sectors[kMaxSectors];
  std::uint32_t lines = 0;
  // Bit i: the lanes cover only part of sectors[i] (a store of it is a
  // byte-masked write at the L2).
  std::uint64_t partial_sectors = 0;
  std::uint32_t same_word_lanes = 1;        // most lanes addressing one word
  // A shared access of which some lane names another block of the cluster
  // (distributed shared memory, through the SM-to-SM network).
  bool remote_shared = false;
  // The lanes' addresses as the access analysis takes them (the CC's
  // coalescing rules for GPUs without caches, memory_system.cpp).
  analysis::WarpAccess lanes_access;
};

// Sets out.partial_sectors from the lanes' `n` addresses of `bytes` each:
// the sectors of out.sectors (sorted, distinct) they cover with fewer than 32
// bytes. Same-address lanes count once.
void mark_partial_sectors(const std::uint64_t* addresses, std::uint32_t n, std::uint32_t bytes,
                          WarpAccess& out);

// Reads the address operand of `in` for the lanes in `mask` (guard applied)
// before the instruction executes; `bytes` is the access size per lane.
void describe_access(const func::ExecContext& c, const func::DecodedInstruction& in,
                     std::uint32_t mask, std::uint32_t bytes, WarpAccess& out);

}  // namespace smsim::timing
