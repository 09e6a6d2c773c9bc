#include "timing/address_translation.h"

#include <algorithm>

namespace smsim::timing {

AddressTranslation::AddressTranslation(std::uint64_t region_bytes, double miss_cycles)
    : region_bytes_(region_bytes), miss_cycles_(miss_cycles) {}

void AddressTranslation::begin_launch(std::uint64_t bytes) {
  bytes_ = bytes;
  ++launch_;
}

double AddressTranslation::ready(std::uint64_t offset, double at) {
  if (!enabled()) return at;
  const std::uint64_t region = this->region(offset);
  if (region == kOutside) return at;
  const auto [it, first] = regions_.try_emplace(region, Walk{launch_, at + miss_cycles_});
  if (first) {
    ++walks_;
    return it->second.done;
  }
  // A walk of an earlier launch completed before this launch began.
  if (it->second.launch != launch_) return at;
  return std::max(at, it->second.done);
}

std::optional<AddressTranslation> translation_for(const arch::TranslationFacts& facts,
                                                  RunKind kind) {
  const bool plain = kind == RunKind::plain;
  const int kib = plain ? facts.plain_region_kib : facts.region_kib;
  const double cycles = plain ? facts.plain_miss_cycles : facts.miss_cycles;
  if (kib <= 0 || cycles <= 0.0) return std::nullopt;
  return AddressTranslation(std::uint64_t(kib) * 1024, cycles);
}

}  // namespace smsim::timing
