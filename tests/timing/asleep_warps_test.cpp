// The warps a scheduler's scans pass over unread: which are asleep, until
// when, and the first wake and look-ahead of those left after some are
// read again (a scan adds exactly those to its SM's events, so a warp taken
// out must take its cycles with it).
#include "timing/asleep_warps.h"

#include <gtest/gtest.h>

namespace smsim::timing {
namespace {

constexpr std::uint64_t kNever = AsleepWarps::kNever;

TEST(AsleepWarps, StartsEmptyAndNeverDue) {
  const AsleepWarps a;
  EXPECT_TRUE(a.empty());
  EXPECT_EQ(a.until(), kNever);
  EXPECT_EQ(a.event(), kNever);
  EXPECT_EQ(a.hoist(), kNever);
  EXPECT_FALSE(a.contains(0));
  EXPECT_FALSE(a.contains(200));
}

TEST(AsleepWarps, KeepsTheFirstDueWakeAndLookAhead) {
  AsleepWarps a;
  a.add(3, 50, 50, kNever);
  a.add(4, 20, 40, 20);
  a.add(9, 30, 30, kNever);
  EXPECT_EQ(a.until(), 20u);
  EXPECT_EQ(a.event(), 30u);
  EXPECT_EQ(a.hoist(), 20u);
  EXPECT_EQ(a.run_from(3), 2u);  // 3 and 4
  EXPECT_EQ(a.run_from(9), 1u);
  EXPECT_EQ(a.run_from(5), 0u);
}

TEST(AsleepWarps, AWarpReadAgainTakesItsCyclesWithIt) {
  AsleepWarps a;
  a.add(0, 10, 10, kNever);
  a.add(1, 25, 60, 25);
  a.add(2, 40, 40, kNever);
  a.remove(0);
  EXPECT_FALSE(a.contains(0));
  EXPECT_EQ(a.until(), 25u);
  EXPECT_EQ(a.event(), 40u);
  EXPECT_EQ(a.hoist(), 25u);
  a.remove(7);  // not asleep: nothing changes
  EXPECT_EQ(a.until(), 25u);
  a.remove(200);  // beyond the list
  EXPECT_EQ(a.event(), 40u);
}

TEST(AsleepWarps, ThoseDueAreReadAgainTheOthersStay) {
  AsleepWarps a;
  a.add(0, 10, 10, kNever);
  a.add(1, 25, 60, 25);
  a.add(2, 40, 40, kNever);
  a.remove_due(25);
  EXPECT_FALSE(a.contains(0));
  EXPECT_FALSE(a.contains(1));
  EXPECT_TRUE(a.contains(2));
  EXPECT_EQ(a.until(), 40u);
  EXPECT_EQ(a.event(), 40u);
  EXPECT_EQ(a.hoist(), kNever);
  a.clear();
  EXPECT_TRUE(a.empty());
  EXPECT_EQ(a.until(), kNever);
}

TEST(AsleepWarps, SixtyFourWarpsInARow) {
  AsleepWarps a;
  for (std::size_t i = 0; i < AsleepWarps::kMaxWarps; ++i) a.add(i, 100 + i, 100 + i, kNever);
  EXPECT_EQ(a.run_from(0), 64u);
  EXPECT_EQ(a.run_from(60), 4u);
  EXPECT_EQ(a.until(), 100u);
  a.remove(63);
  EXPECT_EQ(a.run_from(60), 3u);
}

// An exited warp is kept with no wake (grid_run_schedule.cpp): it is never
// due, adds no event, and the warps beside it are passed over with it.
TEST(AsleepWarps, AnExitedWarpIsNeverDueAndAddsNoEvent) {
  AsleepWarps a;
  a.add(3, kNever, kNever, kNever);
  EXPECT_EQ(a.until(), kNever);
  EXPECT_EQ(a.event(), kNever);
  EXPECT_EQ(a.hoist(), kNever);
  a.add(4, 30, 30, kNever);
  EXPECT_EQ(a.run_from(3), 2u);
  a.remove_due(~std::uint64_t{0} - 1);
  EXPECT_TRUE(a.contains(3));
  EXPECT_FALSE(a.contains(4));
  EXPECT_EQ(a.until(), kNever);
  EXPECT_EQ(a.event(), kNever);
}

}  // namespace
}  // namespace smsim::timing
