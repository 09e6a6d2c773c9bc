#include "analysis/shared_banks.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>

#include "access_test_support.h"

namespace smsim::analysis {
namespace {

using testing::model;
using testing::warp;

SharedCost cost(const char* cc, const WarpAccess& a) {
  const arch::GpuModel& m = model(cc);
  return shared_access_cost(a, m.access.shared, default_banks(m));
}

WarpAccess strided_words(unsigned stride, std::uint32_t mask = ~std::uint32_t{0}) {
  return warp(
      4, [=](unsigned lane) { return 4ull * stride * lane; }, mask);
}

// tile[ty][tx] read as tile[tx][ty] by a 16x16 block; `pitch` words per row.
// Warp `w` holds rows ty = 2w and 2w + 1 (32 lanes), or one half-warp each on 1.x.
WarpAccess tile_column(unsigned pitch, unsigned warp_index) {
  return warp(4, [=](unsigned lane) {
    const unsigned thread = warp_index * 32 + lane;
    const unsigned tx = thread % 16, ty = thread / 16;
    return 4ull * (tx * pitch + ty);
  });
}

// --- 32 banks (2.x, 5.x and later) ---

TEST(SharedBanksSm90, StridedWordsConflictExactlyWhenTheStrideIsEven) {
  for (unsigned s = 1; s <= 64; ++s) {
    const SharedCost c = cost("sm_90", strided_words(s));
    EXPECT_EQ(c.wavefronts > 1, s % 2 == 0) << "stride " << s;
    EXPECT_EQ(c.ways, std::min(32u, 1u << std::countr_zero(s))) << "stride " << s;
  }
}

TEST(SharedBanksSm90, NcuWavefrontsAndConflicts) {
  EXPECT_EQ(cost("sm_90", strided_words(2)).wavefronts, 2u);
  EXPECT_EQ(cost("sm_90", strided_words(2)).conflicts(), 1u);
  EXPECT_EQ(cost("sm_90", strided_words(32)).wavefronts, 32u);
  EXPECT_EQ(cost("sm_90", strided_words(32)).conflicts(), 31u);
  EXPECT_EQ(cost("sm_90", strided_words(2, 0xFFFF)).wavefronts, 1u);  // half a warp: no conflict
}

TEST(SharedBanksSm90, BroadcastAndMulticast) {
  EXPECT_EQ(cost("sm_90", warp(4, [](unsigned) { return 0ull; })).wavefronts, 1u);
  EXPECT_EQ(cost("sm_90", warp(4, [](unsigned lane) { return 4ull * (lane / 4); })).wavefronts, 1u);
  // Two words of bank 0 for even and odd lanes: 2 passes.
  EXPECT_EQ(
      cost("sm_90", warp(4, [](unsigned lane) { return lane % 2 ? 128ull : 0ull; })).wavefronts,
      2u);
}

TEST(SharedBanksSm90, CharArrayHasNoConflict) {
  EXPECT_EQ(cost("sm_90", warp(1, [](unsigned lane) { return 1ull * lane; })).wavefronts, 1u);
  EXPECT_EQ(cost("sm_20", warp(1, [](unsigned lane) { return 1ull * lane; })).wavefronts, 1u);
}

TEST(SharedBanksSm90, TwelveByteStructIsThreeConflictFreeReads) {
  for (unsigned field = 0; field < 3; ++field) {
    const auto read = warp(4, [=](unsigned lane) { return 12ull * lane + 4 * field; });
    EXPECT_EQ(cost("sm_90", read).wavefronts, 1u) << "field " << field;
    EXPECT_EQ(cost("sm_20", read).wavefronts, 1u) << "field " << field;
    EXPECT_EQ(cost("sm_10", read).wavefronts, 2u) << "field " << field;  // 1 per half-warp
  }
}

TEST(SharedBanksSm90, WideAccessesAsMeasured) {
  const auto u64 = [](unsigned stride) {
    return warp(8, [=](unsigned lane) { return 8ull * stride * lane; });
  };
  EXPECT_EQ(cost("sm_90", u64(1)).wavefronts, 2u);
  EXPECT_EQ(cost("sm_90", u64(1)).conflicts(), 0u);
  EXPECT_EQ(cost("sm_90", u64(2)).wavefronts, 4u);
  EXPECT_EQ(cost("sm_90", u64(2)).conflicts(), 2u);
  EXPECT_EQ(cost("sm_90", u64(16)).wavefronts, 32u);
  EXPECT_EQ(cost("sm_90", warp(8, [](unsigned) { return 0ull; })).wavefronts, 1u);
  const auto v4 = [](unsigned stride) {
    return warp(16, [=](unsigned lane) { return 16ull * stride * lane; });
  };
  EXPECT_EQ(cost("sm_90", v4(1)).wavefronts, 4u);
  EXPECT_EQ(cost("sm_90", v4(2)).wavefronts, 8u);
  EXPECT_EQ(cost("sm_90", v4(2)).conflicts(), 4u);
  EXPECT_EQ(cost("sm_90", v4(8)).wavefronts, 32u);
  EXPECT_EQ(cost("sm_90", warp(16, [](unsigned) { return 0ull; })).wavefronts, 2u);
  EXPECT_EQ(cost("sm_90", warp(16, [](unsigned lane) { return 16ull * (lane / 4); })).wavefronts,
            2u);
}

TEST(SharedBanksSm90, TransposeTiles) {
  // 16x16: lanes (tx, 2w) and (tx, 2w+1) fall in banks ty and ty+16: 8-way.
  EXPECT_EQ(cost("sm_90", tile_column(16, 0)).ways, 8u);
  // [16][17]: (tx=0, ty) and (tx=15, ty+1) still share a bank: 2-way.
  EXPECT_EQ(cost("sm_90", tile_column(17, 0)).ways, 2u);
}

// --- 1.x: 16 banks, half-warps, one broadcast word per step ---

TEST(SharedBanksSm10, SlidesTransposeTile16Way) {
  // On 1.x each half-warp is one row ty: all 16 lanes read column words of one bank.
  EXPECT_EQ(cost("sm_10", tile_column(16, 0)).ways, 16u);
  EXPECT_EQ(cost("sm_10", tile_column(16, 0)).wavefronts, 32u);
  EXPECT_EQ(cost("sm_10", tile_column(17, 0)).ways, 1u);
  EXPECT_EQ(cost("sm_10", tile_column(17, 0)).wavefronts, 2u);
}

TEST(SharedBanksSm10, StridedWords) {
  EXPECT_EQ(cost("sm_10", strided_words(1)).ways, 1u);
  EXPECT_EQ(cost("sm_10", strided_words(2)).ways, 2u);
  EXPECT_EQ(cost("sm_10", strided_words(3)).ways, 1u);
  EXPECT_EQ(cost("sm_10", strided_words(16)).ways, 16u);
}

TEST(SharedBanksSm10, BytesOfOneBankConflictUnlessBroadcast) {
  // char s[tid]: 4 threads per word; only the broadcast word is shared per step.
  EXPECT_EQ(cost("sm_10", warp(1, [](unsigned lane) { return 1ull * lane; })).ways, 4u);
  EXPECT_EQ(cost("sm_10", warp(4, [](unsigned) { return 8ull; })).ways, 1u);
  EXPECT_EQ(cost("sm_10", warp(1, [](unsigned lane) { return 1ull * (lane % 4); })).ways, 1u);
}

TEST(SharedBanksSm10, DoubleIsTwoStridedRequests) {
  // The guide: double s[tid] becomes two 32-bit requests of stride 2: 2-way.
  const SharedCost c = cost("sm_10", warp(8, [](unsigned lane) { return 8ull * lane; }));
  EXPECT_EQ(c.ways, 2u);
  EXPECT_EQ(c.wavefronts, 8u);
}

// --- 2.x: 64-bit per half-warp, 128-bit per quarter-warp with the extra pass ---

TEST(SharedBanksSm20, WideAccesses) {
  const auto u64 = warp(8, [](unsigned lane) { return 8ull * lane; });
  EXPECT_EQ(cost("sm_20", u64).wavefronts, 2u);
  EXPECT_EQ(cost("sm_20", u64).ways, 1u);
  EXPECT_EQ(cost("sm_20", warp(8, [](unsigned) { return 0ull; })).wavefronts, 2u);
  const SharedCost v4 = cost("sm_20", warp(16, [](unsigned lane) { return 16ull * lane; }));
  EXPECT_EQ(v4.wavefronts, 8u);  // "most 128-bit accesses cause 2-way bank conflicts"
  EXPECT_EQ(v4.ideal, 4u);
}

TEST(SharedBanksSm20, StrideTwoIsTwoWay) {
  EXPECT_EQ(cost("sm_20", strided_words(2)).ways, 2u);
}

// --- Kepler: 64-bit wide banks ---

TEST(SharedBanksSm35, ThirtyTwoBitModeStrideTwoIsConflictFree) {
  // Words i and i+32 of one 64-word segment share a bank without conflict.
  EXPECT_EQ(cost("sm_35", strided_words(2)).ways, 1u);
  EXPECT_EQ(cost("sm_35", strided_words(4)).ways, 2u);
  EXPECT_EQ(cost("sm_35", warp(8, [](unsigned lane) { return 8ull * lane; })).wavefronts, 1u);
}

TEST(SharedBanksSm35, SixtyFourBitMode) {
  const arch::GpuModel& m = model("sm_35");
  const SharedBanks wide{.banks = 32, .bank_width_bytes = 8};
  const auto u64 = [](unsigned stride) {
    return warp(8, [=](unsigned lane) { return 8ull * stride * lane; });
  };
  EXPECT_EQ(shared_access_cost(u64(1), m.access.shared, wide).wavefronts, 1u);
  EXPECT_EQ(shared_access_cost(u64(2), m.access.shared, wide).ways, 2u);
  // Sub-words of one 64-bit word never conflict in this mode.
  EXPECT_EQ(shared_access_cost(strided_words(1), m.access.shared, wide).ways, 1u);
}

}  // namespace
}  // namespace smsim::analysis
