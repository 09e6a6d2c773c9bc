// The GPU-wide translation state of the cycle model (src/timing/address_translation.h):
// one walk per region first touched, shared by the accesses made during it,
// remembered across launches.
#include "timing/address_translation.h"

#include <gtest/gtest.h>

#include <optional>

namespace smsim::timing {
namespace {

constexpr std::uint64_t kRegion = std::uint64_t{32} << 20;
constexpr double kMiss = 710.0;
// Offsets in the device's address range (func::DeviceMemory::offset_of:
// regions count from its start, wherever the host mapped it).
constexpr std::uint64_t kBytes = std::uint64_t{1} << 40;

TEST(AddressTranslation, FirstAccessToARegionWaitsForItsWalk) {
  AddressTranslation t(kRegion, kMiss);
  t.begin_launch(kBytes);
  EXPECT_EQ(t.ready(5 * kRegion + 64, 100.0), 100.0 + kMiss);
  EXPECT_EQ(t.walks(), 1u);
}

TEST(AddressTranslation, AccessesDuringTheWalkWaitForTheSameWalk) {
  AddressTranslation t(kRegion, kMiss);
  t.begin_launch(kBytes);
  t.ready(5 * kRegion, 100.0);
  // Anywhere in the region (the probe: 4 MiB further on is warm), by any SM.
  EXPECT_EQ(t.ready(5 * kRegion + (std::uint64_t{4} << 20), 300.0), 100.0 + kMiss);
  // After the walk: no cost.
  EXPECT_EQ(t.ready(5 * kRegion + 4096, 2000.0), 2000.0);
  EXPECT_EQ(t.walks(), 1u);
}

TEST(AddressTranslation, AnotherRegionHasItsOwnWalk) {
  AddressTranslation t(kRegion, kMiss);
  t.begin_launch(kBytes);
  t.ready(5 * kRegion, 0.0);
  // 64 MiB further on (the probe's in_shift64m: cold again).
  EXPECT_EQ(t.ready(7 * kRegion, 50.0), 50.0 + kMiss);
  EXPECT_EQ(t.walks(), 2u);
}

TEST(AddressTranslation, ALaterLaunchFindsTheRegionTranslated) {
  AddressTranslation t(kRegion, kMiss);
  t.begin_launch(kBytes);
  t.ready(5 * kRegion, 0.0);
  t.begin_launch(kBytes);
  // Cycle 0 of the next launch, although the walk ended at 710 of the first.
  EXPECT_EQ(t.ready(5 * kRegion + 128, 0.0), 0.0);
  EXPECT_EQ(t.walks(), 1u);
}

TEST(AddressTranslation, RegionsCountFromTheStartOfTheDevicesRange) {
  AddressTranslation t(kRegion, kMiss);
  t.begin_launch(kBytes);
  t.ready(kRegion - 4, 0.0);
  EXPECT_EQ(t.ready(0, 1.0), kMiss);                   // the same region
  EXPECT_EQ(t.ready(kRegion, 1.0), 1.0 + kMiss);       // the next one
  EXPECT_EQ(t.walks(), 2u);
}

TEST(AddressTranslation, AddressesOutsideTheDevicesRangeCountAsTranslated) {
  AddressTranslation t(kRegion, kMiss);
  t.begin_launch(kBytes);
  EXPECT_EQ(t.ready(kBytes, 3.0), 3.0);  // e.g. mapped host memory, placed past it
  EXPECT_EQ(t.ready(kBytes + 5 * kRegion, 3.0), 3.0);
  EXPECT_EQ(t.walks(), 0u);
}

TEST(AddressTranslation, WithoutFactsEveryAddressIsTranslated) {
  for (AddressTranslation t : {AddressTranslation(0, kMiss), AddressTranslation(kRegion, 0.0)}) {
    t.begin_launch(kBytes);
    EXPECT_FALSE(t.enabled());
    EXPECT_EQ(t.ready(12345, 7.0), 7.0);
    EXPECT_EQ(t.walks(), 0u);
  }
}

// Only a run that models Nsight Compute's replay of each launch pays the
// walks (the walk was measured under ncu; a plain run of the same launch did
// not pay it: docs/timing.md, "First touch of a program's pages").
TEST(AddressTranslation, OnlyAProfiledRunKeepsATranslationState) {
  const arch::TranslationFacts facts{.region_kib = 32768, .miss_cycles = kMiss};
  EXPECT_FALSE(translation_for(facts, RunKind::plain).has_value());
  std::optional<AddressTranslation> profiled = translation_for(facts, RunKind::ncu_profiled);
  ASSERT_TRUE(profiled.has_value());
  ASSERT_TRUE(profiled->enabled());
  profiled->begin_launch(kBytes);
  EXPECT_EQ(profiled->ready(5 * kRegion + 64, 100.0), 100.0 + kMiss);
  EXPECT_EQ(profiled->ready(6 * kRegion - 64, 200.0), 100.0 + kMiss);  // 32 MiB regions
  EXPECT_EQ(profiled->walks(), 1u);
}

TEST(AddressTranslation, APlainRunWalksItsOwnGranulesAtItsOwnCost) {
  // Plainly every launch pays for the pages no earlier launch read, in
  // granules of about 1 MiB (load_tput_w2 pays after w1 read the 0.5 MiB
  // before it); ncu's replay leaves only a region's first touch to pay.
  const arch::TranslationFacts facts{.region_kib = 32768, .miss_cycles = kMiss,
                                     .plain_region_kib = 1024, .plain_miss_cycles = 350.0};
  std::optional<AddressTranslation> plain = translation_for(facts, RunKind::plain);
  ASSERT_TRUE(plain.has_value());
  plain->begin_launch(kBytes);
  constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;
  EXPECT_EQ(plain->ready(kMiB / 2, 100.0), 450.0);
  EXPECT_EQ(plain->ready(kMiB - 64, 200.0), 450.0);  // the same granule, during its walk
  plain->begin_launch(kBytes);
  EXPECT_EQ(plain->ready(kMiB - 128, 10.0), 10.0);  // read by the launch before
  EXPECT_EQ(plain->ready(kMiB + 64, 10.0), 360.0);  // the next granule: a walk of its own
  EXPECT_EQ(plain->walks(), 2u);
  // The profiled state keeps the ncu regions and cost.
  std::optional<AddressTranslation> profiled = translation_for(facts, RunKind::ncu_profiled);
  ASSERT_TRUE(profiled.has_value());
  profiled->begin_launch(kBytes);
  profiled->ready(kMiB / 2, 0.0);
  EXPECT_EQ(profiled->ready(kMiB + 64, 0.0), kMiss);
  EXPECT_EQ(profiled->walks(), 1u);
}

}  // namespace
}  // namespace smsim::timing
