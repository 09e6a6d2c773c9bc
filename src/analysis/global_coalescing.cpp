#include "analysis/global_coalescing.h"

#include <algorithm>
#include <bit>
#include <cassert>

namespace smsim::analysis {
namespace {

constexpr unsigned kHalfWarp = 16;
constexpr std::uint64_t kSmallestTransaction = 32;
constexpr std::uint64_t kLargestTransaction = 128;

unsigned lanes_in(std::uint32_t mask) {
  return static_cast<unsigned>(std::popcount(mask));
}

// 1.0/1.1: a half-warp's access coalesces only when each active thread k reads
// the k-th word of a segment of 16 words aligned to its size (64, 128 or 256
// bytes); 1- and 2-byte words never coalesce. Otherwise every active thread
// is its own 32-byte transaction.
void strict_half_warp(const WarpAccess& a, std::uint32_t group, unsigned first, GlobalCost& cost) {
  const unsigned active = lanes_in(group);
  bool coalesced = a.size >= 4;
  const std::uint64_t segment = std::uint64_t{kHalfWarp} * a.size;
  if (coalesced) {
    const unsigned lead = static_cast<unsigned>(std::countr_zero(group));
    const std::uint64_t base = a.address[lead] - std::uint64_t{lead - first} * a.size;
    coalesced = base % segment == 0;
    for (std::uint32_t m = group; coalesced && m != 0; m &= m - 1) {
      const auto lane = static_cast<unsigned>(std::countr_zero(m));
      coalesced = a.address[lane] == base + std::uint64_t{lane - first} * a.size;
    }
  }
  if (coalesced) {
    cost.transactions +=
        static_cast<std::uint32_t>(std::max<std::uint64_t>(1, segment / kLargestTransaction));
    cost.bytes += segment;
    return;
  }
  cost.transactions += active;
  cost.bytes += std::uint64_t{active} * std::max<std::uint64_t>(kSmallestTransaction, a.size);
}

// 1.2/1.3: serve the segment of the lowest remaining thread, shrunk by halves
// while the threads it serves use only one half (down to 32 bytes); repeat.
void segments(const WarpAccess& a, std::uint32_t group, std::uint64_t segment, GlobalCost& cost) {
  std::uint32_t remaining = group;
  while (remaining != 0) {
    const auto lead = static_cast<unsigned>(std::countr_zero(remaining));
    const std::uint64_t seg_base = a.address[lead] / segment * segment;
    std::uint64_t low = UINT64_MAX, high = 0;
    std::uint32_t served = 0;
    for (std::uint32_t m = remaining; m != 0; m &= m - 1) {
      const auto lane = static_cast<unsigned>(std::countr_zero(m));
      const std::uint64_t addr = a.address[lane];
      if (addr < seg_base || addr + a.size > seg_base + segment) continue;
      served |= std::uint32_t{1} << lane;
      low = std::min(low, addr);
      high = std::max(high, addr + a.size);
    }
    std::uint64_t base = seg_base, size = segment;
    while (size > kSmallestTransaction) {
      const std::uint64_t half = size / 2;
      if (high <= base + half) {
        size = half;
      } else if (low >= base + half) {
        base += half;
        size = half;
      } else {
        break;
      }
    }
    ++cost.transactions;
    cost.bytes += size;
    remaining &= ~served;
  }
}

// 2.x on: the distinct units (lines or sectors) the group's bytes fall in.
// Units are powers of two (the loader checks), so a shift replaces the
// division: this runs for every lane of every analyzed access.
void units(const WarpAccess& a, std::uint32_t group, std::uint64_t unit, GlobalCost& cost) {
  std::uint64_t seen[2 * kLanes];
  unsigned count = 0;
  const auto shift = static_cast<unsigned>(std::countr_zero(unit));
  for (std::uint32_t m = group; m != 0; m &= m - 1) {
    const auto lane = static_cast<unsigned>(std::countr_zero(m));
    const std::uint64_t first = a.address[lane] >> shift;
    const std::uint64_t last = (a.address[lane] + a.size - 1) >> shift;
    seen[count++] = first;
    if (last != first) seen[count++] = last;  // units are at least as large as an access
  }
  // Lanes usually address ascending memory: then neighbours tell the
  // distinct units without sorting.
  if (!std::is_sorted(seen, seen + count)) std::sort(seen, seen + count);
  const auto distinct = static_cast<std::uint32_t>(std::unique(seen, seen + count) - seen);
  cost.transactions += distinct;
  cost.bytes += distinct * unit;
}

}  // namespace

int transaction_unit(const arch::GlobalAccessRules& rules, GlobalPath path) {
  const bool l1 =
      rules.cached_unit_bytes > 0 &&
      (path == GlobalPath::load_l1 || (path == GlobalPath::load && rules.loads_cached_by_default));
  return l1 ? rules.cached_unit_bytes : rules.uncached_unit_bytes;
}

GlobalCost global_access_cost(const WarpAccess& a, const arch::GlobalAccessRules& rules,
                              GlobalPath path) {
  GlobalCost cost;
  const int cls = size_class(a.size);
  assert(cls >= 0 && "global_access_cost: access size must be 1, 2, 4, 8 or 16 bytes");
  if (cls < 0 || a.mask == 0) return cost;
  const auto group_lanes =
      static_cast<unsigned>(rules.request_lanes[static_cast<std::size_t>(cls)]);
  const auto unit = static_cast<std::uint64_t>(transaction_unit(rules, path));
  for (unsigned first = 0; first < kLanes; first += group_lanes) {
    const std::uint32_t group = lane_group(a.mask, first, group_lanes);
    if (group == 0) continue;
    ++cost.requests;
    switch (rules.coalescing) {
      case arch::GlobalCoalescing::kStrictHalfWarp:
        strict_half_warp(a, group, first, cost);
        break;
      case arch::GlobalCoalescing::kSegments:
        segments(a, group,
                 static_cast<std::uint64_t>(rules.segment_bytes[static_cast<std::size_t>(cls)]),
                 cost);
        break;
      case arch::GlobalCoalescing::kUnits:
        units(a, group, unit, cost);
        break;
    }
  }
  return cost;
}

}  // namespace smsim::analysis
