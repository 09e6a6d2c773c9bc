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
  if (kind == RunKind::plain) return std::nullopt;
  return AddressTranslation(std::uint64_t(std::max(0, facts.region_kib)) * 1024,
                            facts.miss_cycles);
}

}  // namespace smsim::timing
