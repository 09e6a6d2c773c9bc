#include "timing/sector_cache.h"

#include <algorithm>
#include <bit>

namespace smsim::timing {

SectorCache::SectorCache(std::uint64_t capacity_bytes, std::uint32_t line_bytes, std::uint32_t ways)
    : ways_(std::max<std::uint32_t>(1, ways)), line_bytes_(std::max(kSectorBytes, line_bytes)) {
  sets_ = std::max<std::uint64_t>(1, capacity_bytes / line_bytes_ / ways_);
  lines_.resize(sets_ * ways_);
}

SectorCache::Line* SectorCache::find(std::uint64_t line_address) {
  Line* set = &lines_[(line_address % sets_) * ways_];
  for (std::uint32_t w = 0; w < ways_; ++w) {
    if (set[w].tag == line_address) return &set[w];
  }
  return nullptr;
}

std::uint32_t SectorCache::sector_bits(std::uint64_t address, std::uint32_t bytes) const {
  const std::uint64_t offset = address % line_bytes_;
  const std::uint64_t first = offset / kSectorBytes;
  const std::uint64_t last =
      std::min<std::uint64_t>(offset + std::max<std::uint32_t>(bytes, 1) - 1, line_bytes_ - 1) /
      kSectorBytes;
  std::uint32_t bits = 0;
  for (std::uint64_t s = first; s <= last; ++s) bits |= 1u << s;
  return bits;
}

bool SectorCache::lookup(std::uint64_t address) {
  if (lines_.empty()) return false;
  Line* line = find(address / line_bytes_);
  if (line == nullptr) return false;
  line->used = ++stamp_;
  return (line->present & sector_bits(address, 1)) != 0;
}

std::uint64_t SectorCache::fill(std::uint64_t address, std::uint32_t bytes, bool dirty,
                                std::uint64_t* evicted) {
  if (lines_.empty()) return 0;
  const std::uint64_t line_address = address / line_bytes_;
  const std::uint32_t bits = sector_bits(address, bytes);
  std::uint64_t written_back = 0;
  Line* line = find(line_address);
  if (line == nullptr) {
    Line* set = &lines_[(line_address % sets_) * ways_];
    line = std::min_element(set, set + ways_,
                            [](const Line& a, const Line& b) { return a.used < b.used; });
    written_back =
        std::uint64_t{kSectorBytes} * static_cast<std::uint64_t>(std::popcount(line->dirty));
    if (evicted != nullptr && written_back != 0) *evicted = line->tag * line_bytes_;
    *line = Line{.tag = line_address};
  }
  line->present |= static_cast<std::uint8_t>(bits);
  if (dirty) line->dirty |= static_cast<std::uint8_t>(bits);
  line->used = ++stamp_;
  return written_back;
}

void SectorCache::invalidate(std::uint64_t address) {
  if (lines_.empty()) return;
  Line* line = find(address / line_bytes_);
  if (line != nullptr) line->present &= static_cast<std::uint8_t>(~sector_bits(address, 1));
}

}  // namespace smsim::timing
