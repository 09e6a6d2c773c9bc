#include "analysis/global_coalescing.h"

#include <gtest/gtest.h>

#include "access_test_support.h"

namespace smsim::analysis {
namespace {

using testing::kBase;
using testing::model;
using testing::warp;

GlobalCost cost(const char* cc, const WarpAccess& a, GlobalPath path = GlobalPath::load) {
  return global_access_cost(a, model(cc).access.global, path);
}

WarpAccess strided_words(unsigned stride, std::uint64_t offset = 0) {
  return warp(4, [=](unsigned lane) { return kBase + offset + 4ull * stride * lane; });
}

// --- sm_90 (3.x and later: 32-byte sectors, one request per instruction) ---

TEST(GlobalCoalescingSm90, LectureStrides123) {
  EXPECT_EQ(cost("sm_90", strided_words(1)).transactions, 4u);
  EXPECT_EQ(cost("sm_90", strided_words(2)).transactions, 8u);
  EXPECT_EQ(cost("sm_90", strided_words(3)).transactions, 12u);
  EXPECT_EQ(cost("sm_90", strided_words(3)).requests, 1u);
}

TEST(GlobalCoalescingSm90, AosVersusSoa) {
  // struct {float x, y, z;} a[]: reading a[i].y touches 12 sectors; float y[] 4.
  const auto aos = warp(4, [](unsigned lane) { return kBase + 12ull * lane + 4; });
  EXPECT_EQ(cost("sm_90", aos).transactions, 12u);
  EXPECT_EQ(cost("sm_90", strided_words(1)).transactions, 4u);
}

TEST(GlobalCoalescingSm90, SlidesOffsetCopy) {
  EXPECT_EQ(cost("sm_90", strided_words(1, 4)).transactions, 5u);
  EXPECT_EQ(cost("sm_90", strided_words(1, 28)).transactions, 5u);
  EXPECT_EQ(cost("sm_90", strided_words(1, 32)).transactions, 4u);
}

TEST(GlobalCoalescingSm90, SlidesStrideCopy) {
  EXPECT_EQ(cost("sm_90", strided_words(8)).transactions, 32u);
  EXPECT_EQ(cost("sm_90", strided_words(32)).transactions, 32u);
}

TEST(GlobalCoalescingSm90, WidthsAreOneRequest) {
  const auto u64 = warp(8, [](unsigned lane) { return kBase + 8ull * lane; });
  const auto v4 = warp(16, [](unsigned lane) { return kBase + 16ull * lane; });
  EXPECT_EQ(cost("sm_90", u64).requests, 1u);
  EXPECT_EQ(cost("sm_90", u64).transactions, 8u);
  EXPECT_EQ(cost("sm_90", v4).requests, 1u);
  EXPECT_EQ(cost("sm_90", v4).transactions, 16u);
  EXPECT_EQ(cost("sm_90", v4, GlobalPath::store).transactions, 16u);
}

TEST(GlobalCoalescingSm90, InactiveLanesMakeNoTraffic) {
  EXPECT_EQ(cost("sm_90", warp(
                              4, [](unsigned l) { return kBase + 4ull * l; }, 0xFFFF))
                .transactions,
            2u);
  EXPECT_EQ(cost("sm_90", warp(
                              4, [](unsigned l) { return kBase + 128ull * l; }, 0x1))
                .transactions,
            1u);
  const GlobalCost none = cost("sm_90", warp(
                                            4, [](unsigned l) { return kBase + 4ull * l; }, 0));
  EXPECT_EQ(none.requests, 0u);
  EXPECT_EQ(none.transactions, 0u);
}

TEST(GlobalCoalescingSm90, BroadcastIsOneSector) {
  EXPECT_EQ(cost("sm_90", warp(4, [](unsigned) { return kBase + 64; })).transactions, 1u);
}

// --- 1.0/1.1: the strict half-warp rule ---

TEST(GlobalCoalescingSm10, AlignedInOrderCoalescesPerHalfWarp) {
  const GlobalCost c = cost("sm_10", strided_words(1));
  EXPECT_EQ(c.requests, 2u);
  EXPECT_EQ(c.transactions, 2u);
  EXPECT_EQ(c.bytes, 128u);  // two 64-byte segments
}

TEST(GlobalCoalescingSm10, InactiveThreadsDoNotBreakCoalescing) {
  const auto a = warp(
      4, [](unsigned lane) { return kBase + 4ull * lane; }, 0x5555'5555);
  EXPECT_EQ(cost("sm_10", a).transactions, 2u);
}

TEST(GlobalCoalescingSm10, MisalignedOrPermutedIsOnePerThread) {
  EXPECT_EQ(cost("sm_10", strided_words(1, 4)).transactions, 32u);
  const auto swapped = warp(4, [](unsigned lane) { return kBase + 4ull * (lane ^ 1); });
  EXPECT_EQ(cost("sm_10", swapped).transactions, 32u);
  EXPECT_EQ(cost("sm_10", strided_words(2)).transactions, 32u);
}

TEST(GlobalCoalescingSm10, WideWordsAndBytes) {
  const auto u64 = warp(8, [](unsigned lane) { return kBase + 8ull * lane; });
  EXPECT_EQ(cost("sm_10", u64).transactions, 2u);  // one 128-byte segment per half-warp
  const auto v4 = warp(16, [](unsigned lane) { return kBase + 16ull * lane; });
  EXPECT_EQ(cost("sm_10", v4).transactions, 4u);  // 256 bytes: two 128-byte transactions each
  const auto u8 = warp(1, [](unsigned lane) { return kBase + lane; });
  EXPECT_EQ(cost("sm_11", u8).transactions, 32u);  // bytes never coalesce on 1.0/1.1
}

// --- 1.2/1.3: segment reduction ---

TEST(GlobalCoalescingSm13, AlignedIsOneSegmentPerHalfWarp) {
  const GlobalCost c = cost("sm_13", strided_words(1));
  EXPECT_EQ(c.transactions, 2u);
  EXPECT_EQ(c.bytes, 128u);  // each half-warp uses half of a 128-byte segment: 64 bytes
}

TEST(GlobalCoalescingSm13, MisalignedByOneWord) {
  // Half-warp 0 spans bytes 4..67 of a 128-byte segment: 128 B. Half-warp 1
  // spans 68..131: the upper 64 B of the first segment, then 32 B of the next.
  const GlobalCost c = cost("sm_12", strided_words(1, 4));
  EXPECT_EQ(c.transactions, 3u);
  EXPECT_EQ(c.bytes, 128u + 64u + 32u);
}

TEST(GlobalCoalescingSm13, PermutationWithinSegmentStillCoalesces) {
  const auto swapped = warp(4, [](unsigned lane) { return kBase + 4ull * (lane ^ 1); });
  EXPECT_EQ(cost("sm_13", swapped).transactions, 2u);
}

TEST(GlobalCoalescingSm13, StridedAndBytes) {
  EXPECT_EQ(cost("sm_13", strided_words(2)).transactions, 2u);  // 128 B per half-warp
  // 64 B apart: two lanes share each 128-byte segment, which cannot shrink.
  EXPECT_EQ(cost("sm_13", strided_words(16)).transactions, 16u);
  EXPECT_EQ(cost("sm_13", strided_words(16)).bytes, 16u * 128u);
  // 128 B apart: one 32-byte transaction per lane.
  EXPECT_EQ(cost("sm_13", strided_words(32)).transactions, 32u);
  EXPECT_EQ(cost("sm_13", strided_words(32)).bytes, 32u * 32u);
  const auto u8 = warp(1, [](unsigned lane) { return kBase + lane; });
  EXPECT_EQ(cost("sm_13", u8).transactions, 2u);  // 16 bytes in a 32-byte segment
  EXPECT_EQ(cost("sm_13", u8).bytes, 64u);
}

// --- 2.x: 128-byte L1 lines, 32-byte L2-only segments, split wide accesses ---

TEST(GlobalCoalescingSm20, CachedLinesVersusL2OnlySegments) {
  EXPECT_EQ(cost("sm_20", strided_words(1)).transactions, 1u);
  EXPECT_EQ(cost("sm_20", strided_words(1)).bytes, 128u);
  EXPECT_EQ(cost("sm_20", strided_words(1), GlobalPath::load_l2_only).transactions, 4u);
  EXPECT_EQ(cost("sm_20", strided_words(1, 4)).transactions, 2u);
  EXPECT_EQ(cost("sm_20", strided_words(1, 4), GlobalPath::load_l2_only).transactions, 5u);
  EXPECT_EQ(cost("sm_20", strided_words(32)).transactions, 32u);
  EXPECT_EQ(cost("sm_20", strided_words(32)).bytes, 32u * 128u);
  EXPECT_EQ(cost("sm_20", strided_words(32), GlobalPath::store).bytes, 32u * 32u);
}

TEST(GlobalCoalescingSm20, WideAccessesSplitPerHalfAndQuarterWarp) {
  const auto u64 = warp(8, [](unsigned lane) { return kBase + 8ull * lane; });
  EXPECT_EQ(cost("sm_20", u64).requests, 2u);
  EXPECT_EQ(cost("sm_20", u64).transactions, 2u);
  const auto v4 = warp(16, [](unsigned lane) { return kBase + 16ull * lane; });
  EXPECT_EQ(cost("sm_20", v4).requests, 4u);
  EXPECT_EQ(cost("sm_20", v4).transactions, 4u);
  const auto v4_same = warp(16, [](unsigned) { return kBase; });
  EXPECT_EQ(cost("sm_20", v4_same).transactions, 4u);  // each quarter-warp its own request
}

// --- 3.x: L2 only by default, .ca opts in ---

TEST(GlobalCoalescingSm35, DefaultIsL2OnlyCaIsLines) {
  EXPECT_EQ(cost("sm_35", strided_words(1)).transactions, 4u);
  EXPECT_EQ(cost("sm_35", strided_words(1), GlobalPath::load_l1).transactions, 1u);
  EXPECT_EQ(cost("sm_35", strided_words(1), GlobalPath::load_l1).bytes, 128u);
}

}  // namespace
}  // namespace smsim::analysis
