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
  // Its arrays go back to the thread's recycled ones (recycled_arrays.h).
  ~SectorCache();
  SectorCache(SectorCache&&) noexcept = default;
  SectorCache& operator=(SectorCache&& other) noexcept;
  SectorCache(const SectorCache&) = delete;
  SectorCache& operator=(const SectorCache&) = delete;

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

  // The set a line address maps to: line_address % sets, without a division
  // where the line address fits 32 bits (public for its test).
  std::uint64_t set_of(std::uint64_t line_address) const;

 private:
  static constexpr std::uint64_t kNoLine = ~std::uint64_t{0};
  struct LineState {
    std::uint32_t used = 0;  // LRU stamp
    std::uint8_t present = 0;
    std::uint8_t dirty = 0;
  };
  // The index of the line's way in tags_ (kNoLine: absent).
  std::uint64_t find(std::uint64_t line_address) const;
  std::uint64_t line_of(std::uint64_t address) const {
    return line_shift_ >= 0 ? address >> line_shift_ : address / line_bytes_;
  }
  std::uint32_t sector_bits(std::uint64_t address, std::uint32_t bytes) const;

  // The tags of a set's ways side by side, apart from the rest of their
  // state: a probe reads ways_ * 8 bytes (two host cache lines for the
  // L2's 16 ways) instead of every way's whole record. Most probes of a
  // large L2 miss the host's caches, so their number is what a probe costs.
  std::vector<std::uint64_t> tags_;
  std::vector<LineState> states_;
  std::uint64_t sets_ = 0;
  std::uint64_t set_magic_ = 0;  // 2^64 / sets_, rounded up (Lemire's fastmod)
  std::uint32_t ways_ = 0;
  std::uint32_t line_bytes_ = 128;
  int line_shift_ = -1;  // log2(line_bytes_) where it is a power of two
  std::uint32_t stamp_ = 0;
};

}  // namespace smsim::timing
