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
  std::uint64_t fill(std::uint64_t address, std::uint32_t bytes, bool dirty_now,
                     std::uint64_t* evicted = nullptr);
  // Drops the sector holding `address` if present.
  void invalidate(std::uint64_t address);

  // The set a line address maps to: line_address % sets, without a division
  // where the line address fits 32 bits (public for its test).
  std::uint64_t set_of(std::uint64_t line_address) const;

 private:
  static constexpr std::uint64_t kNoLine = ~std::uint64_t{0};
  // A way's state, one word: its LRU stamp (low 32 bits), then its present
  // and its dirty sectors (a bit each).
  static std::uint32_t used(std::uint64_t state) { return static_cast<std::uint32_t>(state); }
  static std::uint8_t present(std::uint64_t state) {
    return static_cast<std::uint8_t>(state >> 32);
  }
  static std::uint8_t dirty(std::uint64_t state) { return static_cast<std::uint8_t>(state >> 40); }
  static std::uint64_t state_of(std::uint32_t used, std::uint8_t present, std::uint8_t dirty) {
    return std::uint64_t{used} | std::uint64_t{present} << 32 | std::uint64_t{dirty} << 40;
  }
  // The index in ways_of_ of the line's tag (kNoLine: absent); its state is
  // ways_ words on.
  std::uint64_t find(std::uint64_t line_address) const;
  // The index in ways_of_ of the set's first tag.
  std::uint64_t set_start(std::uint64_t line_address) const {
    return set_of(line_address) * 2 * ways_;
  }
  std::uint64_t line_of(std::uint64_t address) const {
    return line_shift_ >= 0 ? address >> line_shift_ : address / line_bytes_;
  }
  std::uint32_t sector_bits(std::uint64_t address, std::uint32_t bytes) const;

  // Per set, its ways' tags side by side (a probe compares ways_ * 8 bytes,
  // two host cache lines for the L2's 16 ways), then their states: a set
  // is one block of 2 * ways_ words. Most probes of a large L2 miss the
  // host's caches; with the states beside the tags, the state that a hit
  // or a fill then reads is on the same host page, next to the tags, not
  // in an array of its own (docs/timing.md, "The tenth pass"). A tag is
  // its line address + 1, so that 0, an array's fill, is no line.
  std::vector<std::uint64_t> ways_of_;
  std::uint64_t sets_ = 0;
  std::uint64_t set_magic_ = 0;  // 2^64 / sets_, rounded up (Lemire's fastmod)
  std::uint32_t ways_ = 0;
  std::uint32_t line_bytes_ = 128;
  int line_shift_ = -1;  // log2(line_bytes_) where it is a power of two
  std::uint32_t stamp_ = 0;
};

}  // namespace smsim::timing
