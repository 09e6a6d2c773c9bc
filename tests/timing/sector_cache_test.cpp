#include "timing/sector_cache.h"

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace smsim::timing
