// A warp-instruction's access as the cycle model sees it: the distinct
// sectors (ascending) and lines a global access's lanes touch, the most
// lanes on one word, whatever order the lanes' addresses come in, and which
// sectors the lanes cover only in part (byte-masked writes at the L2,
// memory_system.cpp).
#include "timing/warp_access.h"

#include <gtest/gtest.h>

#include <functional>
#include <vector>

#include "func/exec/block_setup.h"
#include "timing_test_models.h"

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


// One ld.global.u32 at [%rd1 + 8] (and one ld.shared, one ld.param), with
// %rd1 set per lane by the test.
const std::string kKernel = R"(.version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 p)
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  ld.global.u32 %r1, [%rd1+8];
  ld.shared.u32 %r2, [%rd1];
  ld.param.u64 %rd2, [p];
  ret;
}
)";

class WarpAccessTest : public ::testing::Test {
 protected:
  WarpAccessTest()
      : device_(func::LaunchOptions{}, std::uint64_t{1} << 20),
        loaded_(test_models::load_one_kernel(device_, kKernel)),
        kernel_(*loaded_.kernels.at(0).kernel),
        launch_{.kernel = kernel_,
                .config = {.grid = {1}, .block = {32}},
                .options = {},
                .memory = device_.memory(),
                .params = func::ByteWindow(func::MemorySpace::param, 0)} {
    func::init_block(launch_, 0, block_);
  }

  // The access of instruction `pc` for the lanes of `mask`, lane i's %rd1
  // being address(i).
  WarpAccess describe(std::uint32_t pc, std::uint32_t mask,
                      const std::function<std::uint64_t(unsigned)>& address) {
    func::WarpState& warp = block_.warps[0];
    const func::DecodedInstruction& in = kernel_.code.at(pc);
    for (unsigned lane = 0; lane < func::kWarpSize; ++lane) {
      warp.regs[std::size_t{in.addr_reg} * func::kWarpSize + lane] = address(lane);
    }
    const func::ExecContext c{.launch = launch_, .block = block_, .warp = warp,
                              .regs = warp.regs.data()};
    WarpAccess out;
    describe_access(c, in, mask, 4, out);
    return out;
  }

  static std::vector<std::uint64_t> sectors(const WarpAccess& a) {
    return {a.sectors, a.sectors + a.sector_count};
  }

  func::Device device_;
  func::LoadedModule loaded_;
  const func::DecodedKernel& kernel_;
  func::LaunchState launch_;
  func::BlockState block_;
};

constexpr std::uint64_t kBase = 0x10000;

TEST_F(WarpAccessTest, CoalescedWordsAreFourSectorsOfOneLine) {
  const WarpAccess a = describe(0, ~0u, [](unsigned lane) { return kBase - 8 + 4 * lane; });
  EXPECT_EQ(a.space, func::MemorySpace::global);
  EXPECT_EQ(a.lanes, 32u);
  EXPECT_EQ(sectors(a), (std::vector<std::uint64_t>{kBase, kBase + 32, kBase + 64, kBase + 96}));
  EXPECT_EQ(a.lines, 1u);
  EXPECT_EQ(a.same_word_lanes, 1u);
  EXPECT_EQ(a.lanes_access.address[5], kBase + 20);
}

TEST_F(WarpAccessTest, LanesInDescendingOrderGiveTheSameAscendingSectors) {
  const WarpAccess a = describe(0, ~0u, [](unsigned lane) { return kBase - 8 + 4 * (31 - lane); });
  EXPECT_EQ(sectors(a), (std::vector<std::uint64_t>{kBase, kBase + 32, kBase + 64, kBase + 96}));
  EXPECT_EQ(a.lines, 1u);
  EXPECT_EQ(a.same_word_lanes, 1u);
}

TEST_F(WarpAccessTest, ScatteredLanesCountEachSectorAndLineOnce) {
  // Lanes alternate between two lines, in no order: 3 sectors, 2 lines.
  const WarpAccess a = describe(0, ~0u, [](unsigned lane) {
    const std::uint64_t offsets[] = {0, 512, 40, 512 + 4};
    return kBase - 8 + offsets[lane % 4];
  });
  EXPECT_EQ(sectors(a), (std::vector<std::uint64_t>{kBase, kBase + 32, kBase + 512}));
  EXPECT_EQ(a.lines, 2u);
  EXPECT_EQ(a.same_word_lanes, 8u);
}

TEST_F(WarpAccessTest, StridedLanesTouchALinePerLane) {
  const WarpAccess a = describe(0, ~0u, [](unsigned lane) { return kBase - 8 + 128 * lane; });
  EXPECT_EQ(a.sector_count, 32u);
  EXPECT_EQ(a.lines, 32u);
  EXPECT_EQ(a.sectors[31], kBase + 128 * 31);
}

TEST_F(WarpAccessTest, LanesOnOneWordCountAsContenders) {
  const WarpAccess all = describe(0, ~0u, [](unsigned) { return kBase; });
  EXPECT_EQ(sectors(all), std::vector<std::uint64_t>{kBase});
  EXPECT_EQ(all.same_word_lanes, 32u);
  // Pairs of lanes on a word, the pairs in descending order.
  const WarpAccess pairs = describe(0, ~0u, [](unsigned lane) { return kBase + 4 * ((31 - lane) / 2); });
  EXPECT_EQ(pairs.same_word_lanes, 2u);
  EXPECT_EQ(pairs.lines, 1u);
}

TEST_F(WarpAccessTest, OnlyTheActiveLanesCount) {
  const WarpAccess a =
      describe(0, 0x80000001u, [](unsigned lane) { return kBase - 8 + 128 * lane; });
  EXPECT_EQ(a.lanes, 2u);
  EXPECT_EQ(sectors(a), (std::vector<std::uint64_t>{kBase, kBase + 128 * 31}));
  EXPECT_EQ(a.lines, 2u);
  const WarpAccess none = describe(0, 0, [](unsigned) { return kBase; });
  EXPECT_EQ(none.lanes, 0u);
  EXPECT_EQ(none.sector_count, 0u);
  EXPECT_EQ(none.lines, 0u);
}

TEST_F(WarpAccessTest, OnlyGlobalAccessesHaveSectors) {
  const WarpAccess shared = describe(1, ~0u, [](unsigned lane) { return 4 * lane; });
  EXPECT_EQ(shared.space, func::MemorySpace::shared);
  EXPECT_EQ(shared.sector_count, 0u);
  EXPECT_EQ(shared.lines, 0u);
  EXPECT_EQ(shared.lanes_access.address[3], 12u);
  // A kernel parameter: the constant cache, no sectors either.
  func::WarpState& warp = block_.warps[0];
  const func::ExecContext c{.launch = launch_, .block = block_, .warp = warp,
                            .regs = warp.regs.data()};
  WarpAccess param;
  describe_access(c, kernel_.code.at(2), ~0u, 8, param);
  EXPECT_EQ(param.space, func::MemorySpace::param);
  EXPECT_EQ(param.sector_count, 0u);
  EXPECT_EQ(param.lines, 0u);
  EXPECT_EQ(param.lanes, 32u);
}

// A shared access whose lanes are all predicated off keeps its space: the
// memory model passes it through the MIO once (ncu counts its wavefront).
TEST_F(WarpAccessTest, AccessWithNoLaneKeepsTheSpaceItNames) {
  const WarpAccess shared = describe(1, 0, [](unsigned lane) { return 4 * lane; });
  EXPECT_EQ(shared.space, func::MemorySpace::shared);
  EXPECT_EQ(shared.lanes, 0u);
  EXPECT_EQ(shared.sector_count, 0u);
}

}  // namespace
}  // namespace smsim::timing
