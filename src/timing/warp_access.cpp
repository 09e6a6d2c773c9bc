#include "timing/warp_access.h"

#include <algorithm>
#include <bit>
#include <functional>

#include "func/memory/generic_windows.h"

namespace smsim::timing {
namespace {

constexpr std::uint64_t kLineBytes = 128;

// The most times one value occurs among `values` (sorted in place unless
// already ascending, as a warp's lanes usually are).
std::uint32_t most_repeated(std::uint64_t* values, std::uint32_t n) {
  if (!std::is_sorted(values, values + n)) std::sort(values, values + n);
  std::uint32_t best = n > 0 ? 1 : 0;
  std::uint32_t run = 1;
  for (std::uint32_t i = 1; i < n; ++i) {
    run = values[i] == values[i - 1] ? run + 1 : 1;
    best = std::max(best, run);
  }
  return best;
}

// Whether some lane's shared address names another block of the cluster
// (generic_windows.h: the target's rank + 1 above the offset).
bool names_other_block(const func::ExecContext& c, func::MemorySpace space,
                       const std::uint64_t* addresses, std::uint32_t n) {
  for (std::uint32_t i = 0; i < n; ++i) {
    const std::uint64_t a = space == func::MemorySpace::generic
                                ? func::resolve_generic(addresses[i]).address
                                : addresses[i];
    if (a <= func::kClusterOffsetMask) continue;
    if ((a >> func::kClusterRankShift) - 1 != c.block.cluster_rank) return true;
  }
  return false;
}

// The distinct sectors the lanes' accesses of `bytes` touch, ascending, at
// most kMaxSectors.
void list_sectors(const std::uint64_t* addresses, std::uint32_t n, std::uint32_t bytes,
                  WarpAccess& out) {
  for (std::uint32_t i = 0; i < n; ++i) {
    const std::uint64_t first = addresses[i] / kSectorBytes;
    const std::uint64_t last = (addresses[i] + std::max<std::uint32_t>(bytes, 1) - 1) / kSectorBytes;
    for (std::uint64_t s = first; s <= last && out.sector_count < kMaxSectors; ++s) {
      // Neighbouring lanes mostly share a sector: listed once here, the
      // list is already ascending and unique for a coalesced warp.
      if (out.sector_count > 0 && out.sectors[out.sector_count - 1] == s * kSectorBytes) continue;
      out.sectors[out.sector_count++] = s * kSectorBytes;
    }
  }
  if (!std::is_sorted(out.sectors, out.sectors + out.sector_count)) {
    std::sort(out.sectors, out.sectors + out.sector_count);
  }
  out.sector_count = static_cast<std::uint32_t>(
      std::unique(out.sectors, out.sectors + out.sector_count) - out.sectors);
}

}  // namespace

// Lanes' accesses are aligned to their size, so one of at most 32 bytes lies
// in one sector.
void mark_partial_sectors(const std::uint64_t* addresses, std::uint32_t n, std::uint32_t bytes,
                          WarpAccess& out) {
  if (bytes >= kSectorBytes) return;
  std::uint64_t copy[func::kWarpSize];
  const std::uint64_t* sorted = addresses;
  auto distinct = n;
  // A warp's lanes mostly address ascending, distinct words: no copy or sort then.
  if (!std::is_sorted(addresses, addresses + n, std::less_equal<>())) {
    std::copy(addresses, addresses + n, copy);
    std::sort(copy, copy + n);
    distinct = static_cast<std::uint32_t>(std::unique(copy, copy + n) - copy);
    sorted = copy;
  }
  std::uint32_t a = 0;
  for (std::uint32_t i = 0; i < out.sector_count; ++i) {
    std::uint32_t covered = 0;
    while (a < distinct && sorted[a] / kSectorBytes * kSectorBytes == out.sectors[i]) {
      covered += bytes;
      ++a;
    }
    if (covered < kSectorBytes) out.partial_sectors |= std::uint64_t{1} << i;
  }
}

void describe_access(const func::ExecContext& c, const func::DecodedInstruction& in,
                     std::uint32_t mask, std::uint32_t bytes, WarpAccess& out) {
  // Every field but the sectors past sector_count, which nothing reads (the
  // whole array is 512 bytes, cleared per access otherwise).
  out.space = func::MemorySpace::global;
  out.lanes = static_cast<std::uint32_t>(std::popcount(mask));
  out.sector_count = 0;
  out.lines = 0;
  out.partial_sectors = 0;
  out.same_word_lanes = 1;
  out.remote_shared = false;
  out.lanes_access.mask = mask;
  out.lanes_access.size = bytes;
  if (mask == 0) {
    // No lane: the instruction's own space, where it names one (a shared
    // access still passes the MIO, memory_system.h).
    out.lanes_access.address = {};
    if (in.space != func::MemorySpace::generic) out.space = in.space;
    return;
  }
  std::uint64_t addresses[func::kWarpSize];
  std::uint32_t n = 0;
  const std::uint64_t* row =
      in.addr_reg == func::kNoReg ? nullptr : c.regs + std::size_t{in.addr_reg} * func::kWarpSize;
  if (mask == 0xFFFF'FFFFu) {
    // Every lane: nothing of the lanes' array is left unset.
    for (std::uint32_t lane = 0; lane < func::kWarpSize; ++lane) {
      addresses[lane] = (row == nullptr ? 0 : row[lane]) + in.addr_offset;
    }
    n = func::kWarpSize;
    std::copy(addresses, addresses + n, out.lanes_access.address.begin());
  } else {
    out.lanes_access.address = {};
    for (std::uint32_t m = mask; m != 0; m &= m - 1) {
      const auto lane = static_cast<unsigned>(std::countr_zero(m));
      addresses[n] = (row == nullptr ? 0 : row[lane]) + in.addr_offset;
      out.lanes_access.address[lane] = addresses[n++];
    }
  }
  // How the lanes' addresses follow each other, for the common shapes below:
  // each lane right after the previous one's bytes, all on one address, or
  // each at least a word after the previous one (a last lane above the
  // first rules out steps that wrapped around).
  bool steps_of_bytes = true;
  bool same = true;
  bool word_apart = true;
  if (row == nullptr && n > 1) {
    // One address for every lane (a parameter, a fixed address): every
    // step is 0.
    steps_of_bytes = bytes == 0;
    word_apart = false;
  } else {
    // Without short-circuits, so that the compiler can vectorize the loop.
    std::uint32_t other_steps = 0;
    std::uint32_t moved = 0;
    std::uint32_t close_or_back = 0;
    for (std::uint32_t i = 1; i < n; ++i) {
      const std::uint64_t step = addresses[i] - addresses[i - 1];
      other_steps |= static_cast<std::uint32_t>(step != bytes);
      moved |= static_cast<std::uint32_t>(step != 0);
      close_or_back |= static_cast<std::uint32_t>(addresses[i] <= addresses[i - 1]) |
                       static_cast<std::uint32_t>(step < 4);
    }
    steps_of_bytes = other_steps == 0;
    same = moved == 0;
    word_apart = close_or_back == 0;
  }
  const bool contiguous =
      bytes != 0 && steps_of_bytes && (n == 1 || addresses[n - 1] > addresses[0]);
  func::MemorySpace space = in.space;
  if (space == func::MemorySpace::generic) space = func::resolve_generic(addresses[0]).space;
  out.space = space;
  if (space == func::MemorySpace::shared && c.block.cluster != nullptr) {
    out.remote_shared = names_other_block(c, in.space, addresses, n);
  }
  // Only global accesses go through the caches (memory_system.cpp): the
  // other spaces' costs need no sectors.
  if (space == func::MemorySpace::global) {
    const std::uint64_t first = addresses[0] / kSectorBytes;
    const std::uint64_t end = addresses[n - 1] + bytes;  // contiguous: bytes > 0
    if (contiguous && end > addresses[n - 1] && (end - 1) / kSectorBytes - first < kMaxSectors) {
      // The lanes cover one range: its sectors, which the lanes' own
      // sectors listed one by one would give.
      for (std::uint64_t s = first; s <= (end - 1) / kSectorBytes; ++s) {
        out.sectors[out.sector_count++] = s * kSectorBytes;
      }
      if (bytes < kSectorBytes && kSectorBytes % bytes == 0 && addresses[0] % bytes == 0) {
        // Lanes aligned to a size that divides a sector each lie in one
        // sector, so a sector's lanes cover what the range covers of it:
        // only the first and the last sector can be partial (what
        // mark_partial_sectors finds lane by lane).
        if (addresses[0] % kSectorBytes != 0) out.partial_sectors |= 1;
        if (end % kSectorBytes != 0) {
          out.partial_sectors |= std::uint64_t{1} << (out.sector_count - 1);
        }
      } else {
        mark_partial_sectors(addresses, n, bytes, out);
      }
    } else {
      list_sectors(addresses, n, bytes, out);
      mark_partial_sectors(addresses, n, bytes, out);
    }
    std::uint64_t previous_line = ~std::uint64_t{0};
    for (std::uint32_t i = 0; i < out.sector_count; ++i) {
      const std::uint64_t line = out.sectors[i] / kLineBytes;
      if (line != previous_line) ++out.lines;
      previous_line = line;
    }
  }
  if (word_apart) return;  // every lane on its own word: same_word_lanes stays 1
  if (same) {
    out.same_word_lanes = n;
    return;
  }
  for (std::uint32_t i = 0; i < n; ++i) addresses[i] /= 4;
  out.same_word_lanes = most_repeated(addresses, n);
}

}  // namespace smsim::timing
