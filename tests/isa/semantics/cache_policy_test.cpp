// The createpolicy.fractional encoding against the interleaved L2
// descriptors libcu++ builds on the host (cuda/std/detail/__access_property:
// __interleave_normal_demote 0x16F0..., __interleave_streaming 0x12F0...,
// __interleave_persisting 0x14F0...) and hand-computed fractions.

#include "isa/semantics/cache_policy.h"

#include <gtest/gtest.h>

namespace smsim::isa::sem {
namespace {

TEST(CachePolicy, FullFractionMatchesTheLibcuxxDescriptors) {
  EXPECT_EQ(fractional_cache_policy(L2Priority::evict_normal, L2Priority::evict_unchanged, 1.0f),
            0x16F0000000000000ull);
  EXPECT_EQ(fractional_cache_policy(L2Priority::evict_first, L2Priority::evict_unchanged, 1.0f),
            0x12F0000000000000ull);
  EXPECT_EQ(fractional_cache_policy(L2Priority::evict_last, L2Priority::evict_unchanged, 1.0f),
            0x14F0000000000000ull);
}

TEST(CachePolicy, FractionCountsSixteenthsAndMissPriorityIsBit56) {
  EXPECT_EQ(fractional_cache_policy(L2Priority::evict_last, L2Priority::evict_unchanged, 0.5f),
            0x1480000000000000ull);
  EXPECT_EQ(fractional_cache_policy(L2Priority::evict_unchanged, L2Priority::evict_first, 0.25f),
            0x1140000000000000ull);
  EXPECT_EQ(fractional_cache_policy(L2Priority::evict_first, L2Priority::evict_unchanged, 0.01f),
            0x1200000000000000ull);
}

}  // namespace
}  // namespace smsim::isa::sem
