#include "timing/sector_cache.h"

#include <algorithm>
#include <bit>
#include <utility>

#include "timing/recycled_arrays.h"

namespace smsim::timing {

SectorCache::SectorCache(std::uint64_t capacity_bytes, std::uint32_t line_bytes, std::uint32_t ways)
    : ways_(std::max<std::uint32_t>(1, ways)), line_bytes_(std::max(kSectorBytes, line_bytes)) {
  sets_ = std::max<std::uint64_t>(1, capacity_bytes / line_bytes_ / ways_);
  set_magic_ = ~std::uint64_t{0} / sets_ + 1;
  if (std::has_single_bit(line_bytes_)) line_shift_ = std::countr_zero(line_bytes_);
  ways_of_ = RecycledArrays<std::uint64_t>::take(sets_ * ways_ * 2, 0);
}

SectorCache::~SectorCache() { RecycledArrays<std::uint64_t>::give_back(std::move(ways_of_)); }

SectorCache& SectorCache::operator=(SectorCache&& other) noexcept {
  if (this == &other) return *this;
  RecycledArrays<std::uint64_t>::give_back(std::move(ways_of_));
  ways_of_ = std::move(other.ways_of_);
  sets_ = other.sets_;
  set_magic_ = other.set_magic_;
  ways_ = other.ways_;
  line_bytes_ = other.line_bytes_;
  line_shift_ = other.line_shift_;
  stamp_ = other.stamp_;
  return *this;
}

std::uint64_t SectorCache::set_of(std::uint64_t line_address) const {
  // For a 32-bit numerator and divisor, the high half of the fraction's
  // product with the divisor is the remainder (Lemire, Kaser and Kurz,
  // "Faster remainder by direct computation", 2019).
  if (line_address <= UINT32_MAX && sets_ <= UINT32_MAX) {
    const std::uint64_t fraction = set_magic_ * line_address;
    return static_cast<std::uint64_t>((static_cast<unsigned __int128>(fraction) * sets_) >> 64);
  }
  return line_address % sets_;
}

std::uint64_t SectorCache::find(std::uint64_t line_address) const {
  const std::uint64_t first = set_start(line_address);
  const std::uint64_t* set = ways_of_.data() + first;
  const std::uint64_t tag = line_address + 1;
  for (std::uint32_t w = 0; w < ways_; ++w) {
    if (set[w] == tag) return first + w;
  }
  return kNoLine;
}

std::uint32_t SectorCache::sector_bits(std::uint64_t address, std::uint32_t bytes) const {
  const std::uint64_t offset =
      line_shift_ >= 0 ? address & (line_bytes_ - 1) : address % line_bytes_;
  const std::uint64_t first = offset / kSectorBytes;
  const std::uint64_t last =
      std::min<std::uint64_t>(offset + std::max<std::uint32_t>(bytes, 1) - 1, line_bytes_ - 1) /
      kSectorBytes;
  std::uint32_t bits = 0;
  for (std::uint64_t s = first; s <= last; ++s) bits |= 1u << s;
  return bits;
}

bool SectorCache::lookup(std::uint64_t address) {
  if (ways_of_.empty()) return false;
  const std::uint64_t at = find(line_of(address));
  if (at == kNoLine) return false;
  std::uint64_t& state = ways_of_[at + ways_];
  state = state_of(++stamp_, present(state), dirty(state));
  return (present(state) & sector_bits(address, 1)) != 0;
}

std::uint64_t SectorCache::fill(std::uint64_t address, std::uint32_t bytes, bool dirty_now,
                                std::uint64_t* evicted) {
  if (ways_of_.empty()) return 0;
  const std::uint64_t line_address = line_of(address);
  const std::uint32_t bits = sector_bits(address, bytes);
  std::uint64_t written_back = 0;
  std::uint64_t at = find(line_address);
  if (at == kNoLine) {
    // The least recently used way, the first of equals.
    const std::uint64_t first = set_start(line_address);
    const std::uint64_t* states = ways_of_.data() + first + ways_;
    std::uint32_t lru = 0;
    for (std::uint32_t w = 1; w < ways_; ++w) {
      if (used(states[w]) < used(states[lru])) lru = w;
    }
    at = first + lru;
    const std::uint64_t victim = ways_of_[at + ways_];
    written_back =
        std::uint64_t{kSectorBytes} * static_cast<std::uint64_t>(std::popcount(dirty(victim)));
    if (evicted != nullptr && written_back != 0) *evicted = (ways_of_[at] - 1) * line_bytes_;
    ways_of_[at] = line_address + 1;
    ways_of_[at + ways_] = 0;
  }
  std::uint64_t& state = ways_of_[at + ways_];
  const auto new_bits = static_cast<std::uint8_t>(bits);
  state = state_of(++stamp_, static_cast<std::uint8_t>(present(state) | new_bits),
                   static_cast<std::uint8_t>(dirty_now ? dirty(state) | new_bits : dirty(state)));
  return written_back;
}

void SectorCache::invalidate(std::uint64_t address) {
  if (ways_of_.empty()) return;
  const std::uint64_t at = find(line_of(address));
  if (at == kNoLine) return;
  std::uint64_t& state = ways_of_[at + ways_];
  state = state_of(used(state), static_cast<std::uint8_t>(present(state) & ~sector_bits(address, 1)),
                   dirty(state));
}

}  // namespace smsim::timing
