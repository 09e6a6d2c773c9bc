#pragma once
// A set-associative cache of lines made of 32-byte sectors, LRU within a set:
// the tag state of an L1 or an L2 (no data: the functional engine holds the
// values). A sector is present or not; a line is allocated on a fill.

#include <cstdint>
#include <vector>

namespace smsim::timing {

inline constexpr std::uint32_t kSectorBytes = 32;

class SectorCache {
 public:
  SectorCache() = default;
  SectorCache(std::uint64_t capacity_bytes, std::uint32_t line_bytes, std::uint32_t ways);

  // Whether the sector holding `address` is present (and marks its line used).
  bool lookup(std::uint64_t address);
  // Makes the sectors [address, address + bytes) of one line present, evicting
  // the set's least recently used line if the line is absent. Returns the
  // dirty bytes the eviction wrote back; `evicted`, where given, receives the
  // address of the line they belong to.
  std::uint64_t fill(std::uint64_t address, std::uint32_t bytes, bool dirty,
                     std::uint64_t* evicted = nullptr);
  // Drops the sector holding `address` if present.
  void invalidate(std::uint64_t address);

 private:
  struct Line {
    std::uint64_t tag = ~std::uint64_t{0};
    std::uint32_t used = 0;  // LRU stamp
    std::uint8_t present = 0;
    std::uint8_t dirty = 0;
  };
  Line* find(std::uint64_t line_address);
  std::uint32_t sector_bits(std::uint64_t address, std::uint32_t bytes) const;

  std::vector<Line> lines_;
  std::uint64_t sets_ = 0;
  std::uint32_t ways_ = 0;
  std::uint32_t line_bytes_ = 128;
  std::uint32_t stamp_ = 0;
};

}  // namespace smsim::timing
