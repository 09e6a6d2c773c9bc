#include "timing/sector_cache.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <utility>

namespace smsim::timing {
namespace {

TEST(SectorCache, MissThenHitPerSector) {
  SectorCache cache(4096, 128, 4);
  EXPECT_FALSE(cache.lookup(0x1000));
  cache.fill(0x1000, 32, false);
  EXPECT_TRUE(cache.lookup(0x1000));
  EXPECT_TRUE(cache.lookup(0x101F));
  // The line is allocated but its other sectors are not present.
  EXPECT_FALSE(cache.lookup(0x1020));
}

TEST(SectorCache, LeastRecentlyUsedLineOfASetIsEvicted) {
  // 2 sets of 2 ways: lines 0, 2 and 4 (x 128 bytes) share set 0.
  SectorCache cache(512, 128, 2);
  cache.fill(0 * 128, 128, false);
  cache.fill(2 * 128, 128, false);
  EXPECT_TRUE(cache.lookup(0));  // line 0 is now the most recent
  cache.fill(4 * 128, 128, false);
  EXPECT_TRUE(cache.lookup(0));
  EXPECT_FALSE(cache.lookup(2 * 128));
  EXPECT_TRUE(cache.lookup(4 * 128));
}

TEST(SectorCache, EvictingADirtyLineWritesBackItsDirtySectors) {
  SectorCache cache(256, 128, 1);  // 2 sets, direct mapped
  cache.fill(0, 64, true);         // two dirty sectors
  EXPECT_EQ(cache.fill(2 * 128, 32, false), 64u);
  EXPECT_EQ(cache.fill(0, 32, false), 0u);  // the line evicted now was clean
}

TEST(SectorCache, AnEvictionNamesTheLineItWroteBack) {
  SectorCache cache(256, 128, 1);
  cache.fill(0x200 + 32, 32, true);
  std::uint64_t evicted = 0;
  EXPECT_EQ(cache.fill(0x400, 32, false, &evicted), 32u);
  EXPECT_EQ(evicted, 0x200u);  // the dirty line's address, not the sector's
}

TEST(SectorCache, InvalidateDropsOneSector) {
  SectorCache cache(4096, 128, 4);
  cache.fill(0x2000, 128, false);
  cache.invalidate(0x2040);
  EXPECT_TRUE(cache.lookup(0x2000));
  EXPECT_FALSE(cache.lookup(0x2040));
}

TEST(SectorCache, SetOfIsTheLineAddressModuloTheSets) {
  // The H100's L2 (25,600 sets of 16 ways of 128 bytes), its L1 (416 sets of
  // 4), one set, and sets that are a power of two; line addresses on both
  // sides of 2^32, where the remainder is computed without a division and
  // where it is not.
  const std::uint64_t lines[] = {0,          1,          25'599,      25'600,     416,
                                 0xFFFF'FFFE, 0xFFFF'FFFF, 0x1'0000'0000, 0x1'0000'0001,
                                 0x12'3456'789A, ~std::uint64_t{0} >> 7};
  for (const auto& [capacity, ways] :
       {std::pair<std::uint64_t, std::uint32_t>{50ull << 20, 16}, {208 << 10, 4}, {128, 1},
        {1 << 20, 8}, {3 * 128, 1}}) {
    const SectorCache cache(capacity, 128, ways);
    const std::uint64_t sets = capacity / 128 / ways;
    for (std::uint64_t line : lines) {
      EXPECT_EQ(cache.set_of(line), line % sets) << capacity << " " << line;
    }
    for (std::uint64_t line = 0; line < 100'000; line += 7) {
      ASSERT_EQ(cache.set_of(line), line % sets) << capacity << " " << line;
    }
  }
}

TEST(SectorCache, LinesOfOneSetEvictEachOtherAboveFourGigalines) {
  // 3 sets, direct mapped: lines 2^32 and 2^32 + 3 share a set, 2^32 + 1
  // does not (the line address exceeds 32 bits: the division path).
  SectorCache cache(3 * 128, 128, 1);
  const std::uint64_t base = std::uint64_t{1} << 32;
  cache.fill(base * 128, 32, false);
  cache.fill((base + 1) * 128, 32, false);
  EXPECT_TRUE(cache.lookup(base * 128));
  cache.fill((base + 3) * 128, 32, false);
  EXPECT_FALSE(cache.lookup(base * 128));
  EXPECT_TRUE(cache.lookup((base + 1) * 128));
  EXPECT_TRUE(cache.lookup((base + 3) * 128));
}

TEST(SectorCache, LinesOfANonPowerOfTwoSizeMapByDivision) {
  // 96-byte lines (no shift), 2 sets direct mapped: addresses 0 and 192 are
  // lines 0 and 2, one set; 96 is line 1.
  SectorCache cache(2 * 96, 96, 1);
  cache.fill(0, 96, false);
  cache.fill(96, 32, false);
  EXPECT_TRUE(cache.lookup(64));
  cache.fill(192, 32, false);
  EXPECT_FALSE(cache.lookup(0));
  EXPECT_TRUE(cache.lookup(96));
  EXPECT_TRUE(cache.lookup(192));
}

TEST(SectorCache, TheLineAtAddressZeroIsCachedLikeAnyOther) {
  // A way holds its line's address + 1, so that an array filled with 0 is
  // empty: line 0 must be neither present before its fill nor lost after,
  // and the highest line address must not wrap to "empty".
  SectorCache cache(2 * 128, 128, 2);  // one set of 2 ways
  EXPECT_FALSE(cache.lookup(0));
  cache.fill(0, 32, true);
  EXPECT_TRUE(cache.lookup(0));
  const std::uint64_t top = ~std::uint64_t{0} - 127;  // the last line
  EXPECT_FALSE(cache.lookup(top));
  cache.fill(top, 32, false);
  EXPECT_TRUE(cache.lookup(top));
  EXPECT_TRUE(cache.lookup(0));
  // A third line evicts the least recently used one (line 0), whose dirty
  // sector is written back under its own address.
  cache.lookup(top);
  std::uint64_t evicted = 1;
  EXPECT_EQ(cache.fill(256, 32, false, &evicted), 32u);
  EXPECT_EQ(evicted, 0u);
  EXPECT_FALSE(cache.lookup(0));
  EXPECT_TRUE(cache.lookup(top));
}

}  // namespace
}  // namespace smsim::timing
