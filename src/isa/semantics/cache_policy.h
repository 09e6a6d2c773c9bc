// The 64-bit L2 cache policy createpolicy.fractional writes. The layout is
// the SM 8.x "interleaved" L2 descriptor that libcu++ builds on the host for
// cuda::access_property (cuda/std/detail/__access_property): fraction in
// sixteenths at bits 52-55 (at most 15), the miss priority at bit 56
// (1: evict_first), the hit priority at bits 57-58 and descriptor mode 2
// (interleaved) at bits 59-60. The hit priorities map evict_unchanged 0,
// evict_first 1, evict_last 2, evict_normal 3 (libcu++ encodes "normal"
// as 3, the demoting normal). The H100's own bits for createpolicy are not
// checked against hardware; loads and stores ignore the policy's value.
#pragma once

#include <algorithm>
#include <cstdint>

namespace smsim::isa::sem {

enum class L2Priority : uint8_t { evict_unchanged = 0, evict_first = 1, evict_last = 2,
                                  evict_normal = 3 };

// `fraction` is the f32 operand, in (0, 1]; the caller rejects the rest.
constexpr uint64_t fractional_cache_policy(L2Priority hit, L2Priority miss, float fraction) {
  constexpr uint64_t kInterleaved = 2;
  const auto sixteenths = static_cast<uint64_t>(std::min(15.0f, fraction * 16.0f));
  const uint64_t miss_first = miss == L2Priority::evict_first ? 1 : 0;
  return sixteenths << 52 | miss_first << 56 | static_cast<uint64_t>(hit) << 57 |
         kInterleaved << 59;
}

}  // namespace smsim::isa::sem
