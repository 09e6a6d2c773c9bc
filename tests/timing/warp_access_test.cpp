// Which sectors of a warp's access are only partly covered by its lanes
// (byte-masked writes at the L2, memory_system.cpp).
#include "timing/warp_access.h"

#include <gtest/gtest.h>

namespace smsim::timing {
namespace {

// The access's sectors, sorted and distinct, as describe_access leaves them.
WarpAccess with_sectors(std::initializer_list<std::uint64_t> sectors) {
  WarpAccess a;
  for (std::uint64_t s : sectors) a.sectors[a.sector_count++] = s;
  return a;
}

TEST(WarpAccess, CoalescedFourByteLanesCoverWholeSectors) {
  std::uint64_t addresses[32];
  for (std::uint64_t i = 0; i < 32; ++i) addresses[i] = 0x1000 + 4 * i;
  WarpAccess a = with_sectors({0x1000, 0x1020, 0x1040, 0x1060});
  mark_partial_sectors(addresses, 32, 4, a);
  EXPECT_EQ(a.partial_sectors, 0u);
}

TEST(WarpAccess, LanesFarApartWriteOnlyPartOfEachSector) {
  // The naive transpose's store: lanes 8 KiB apart, four bytes each.
  std::uint64_t addresses[3] = {0x0, 0x2000, 0x4000};
  WarpAccess a = with_sectors({0x0, 0x2000, 0x4000});
  mark_partial_sectors(addresses, 3, 4, a);
  EXPECT_EQ(a.partial_sectors, 0b111u);
}

TEST(WarpAccess, LanesOnOneWordCountOnceAndSixteenByteLanesFillPairs) {
  // Eight lanes on one word: 4 of 32 bytes. Two 16-byte lanes fill a sector.
  std::uint64_t same[8] = {0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x40};
  WarpAccess a = with_sectors({0x40});
  mark_partial_sectors(same, 8, 4, a);
  EXPECT_EQ(a.partial_sectors, 1u);
  std::uint64_t wide[3] = {0x80, 0x90, 0xa0};
  WarpAccess b = with_sectors({0x80, 0xa0});
  mark_partial_sectors(wide, 3, 16, b);
  EXPECT_EQ(b.partial_sectors, 0b10u);
}

TEST(WarpAccess, ThirtyTwoByteLanesAreNeverPartial) {
  std::uint64_t addresses[1] = {0x100};
  WarpAccess a = with_sectors({0x100});
  mark_partial_sectors(addresses, 1, 32, a);
  EXPECT_EQ(a.partial_sectors, 0u);
}

}  // namespace
}  // namespace smsim::timing
