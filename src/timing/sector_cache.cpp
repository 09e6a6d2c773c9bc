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
  tags_ = RecycledArrays<std::uint64_t>::take(sets_ * ways_, kNoLine);
  states_ = RecycledArrays<LineState>::take(sets_ * ways_, LineState{});
}

SectorCache::~SectorCache() {
  RecycledArrays<std::uint64_t>::give_back(std::move(tags_));
  RecycledArrays<LineState>::give_back(std::move(states_));
}

SectorCache& SectorCache::operator=(SectorCache&& other) noexcept {
  if (this == &other) return *this;
  RecycledArrays<std::uint64_t>::give_back(std::move(tags_));
  RecycledArrays<LineState>::give_back(std::move(states_));
  tags_ = std::move(other.tags_);
  states_ = std::move(other.states_);
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
  const std::uint64_t first = set_of(line_address) * ways_;
  const std::uint64_t* set = tags_.data() + first;
  for (std::uint32_t w = 0; w < ways_; ++w) {
    if (set[w] == line_address) return first + w;
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
  if (tags_.empty()) return false;
  const std::uint64_t at = find(line_of(address));
  if (at == kNoLine) return false;
  LineState& line = states_[at];
  line.used = ++stamp_;
  return (line.present & sector_bits(address, 1)) != 0;
}

std::uint64_t SectorCache::fill(std::uint64_t address, std::uint32_t bytes, bool dirty,
                                std::uint64_t* evicted) {
  if (tags_.empty()) return 0;
  const std::uint64_t line_address = line_of(address);
  const std::uint32_t bits = sector_bits(address, bytes);
  std::uint64_t written_back = 0;
  std::uint64_t at = find(line_address);
  if (at == kNoLine) {
    // The least recently used way, the first of equals.
    const std::uint64_t first = set_of(line_address) * ways_;
    at = first;
    for (std::uint64_t w = first + 1; w < first + ways_; ++w) {
      if (states_[w].used < states_[at].used) at = w;
    }
    LineState& victim = states_[at];
    written_back =
        std::uint64_t{kSectorBytes} * static_cast<std::uint64_t>(std::popcount(victim.dirty));
    if (evicted != nullptr && written_back != 0) *evicted = tags_[at] * line_bytes_;
    tags_[at] = line_address;
    victim = LineState{};
  }
  LineState& line = states_[at];
  line.present |= static_cast<std::uint8_t>(bits);
  if (dirty) line.dirty |= static_cast<std::uint8_t>(bits);
  line.used = ++stamp_;
  return written_back;
}

void SectorCache::invalidate(std::uint64_t address) {
  if (tags_.empty()) return;
  const std::uint64_t at = find(line_of(address));
  if (at != kNoLine) states_[at].present &= static_cast<std::uint8_t>(~sector_bits(address, 1));
}

}  // namespace smsim::timing
