// A warp-instruction's access as the cycle model sees it: the distinct
// sectors (ascending) and lines a global access's lanes touch, the most
// lanes on one word, whatever order the lanes' addresses come in, and which
// sectors the lanes cover only in part (byte-masked writes at the L2,
// memory_system.cpp).
#include "timing/warp_access.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <utility>
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
                      const std::function<std::uint64_t(unsigned)>& address,
                      std::uint32_t bytes = 4) {
    func::WarpState& warp = block_.warps[0];
    const func::DecodedInstruction& in = kernel_.code.at(pc);
    for (unsigned lane = 0; lane < func::kWarpSize; ++lane) {
      warp.regs[std::size_t{in.addr_reg} * func::kWarpSize + lane] = address(lane);
    }
    const func::ExecContext c{.launch = launch_, .block = block_, .warp = warp,
                              .regs = warp.regs.data()};
    WarpAccess out;
    describe_access(c, in, mask, bytes, out);
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

// Lanes one after another: describe_access takes the partial sectors from
// the range's ends where the lanes are aligned to their size; the lanes
// counted one by one (mark_partial_sectors) must agree, for every size below
// a sector, aligned or not, at every offset in a sector and lane count.
TEST_F(WarpAccessTest, ContiguousLanesMarkThePartialSectorsTheLanesCover) {
  for (const std::uint32_t bytes : {1u, 2u, 4u, 8u, 16u}) {
    for (const std::uint64_t offset : {0u, 1u, 2u, 4u, 8u, 12u, 16u, 24u, 28u, 31u, 40u}) {
      for (const std::uint32_t mask : {~0u, 0x0000FFFFu, 0x000000FFu, 0x00000007u, 0x1u}) {
        SCOPED_TRACE(testing::Message() << bytes << " bytes at +" << offset << " mask " << mask);
        const auto address = [&](unsigned lane) { return kBase + offset + bytes * lane - 8; };
        const WarpAccess a = describe(0, mask, address, bytes);
        WarpAccess reference = a;
        reference.partial_sectors = 0;
        std::uint64_t lanes[func::kWarpSize];
        std::uint32_t n = 0;
        for (unsigned lane = 0; lane < func::kWarpSize; ++lane) {
          if ((mask >> lane & 1) != 0) lanes[n++] = address(lane) + 8;
        }
        mark_partial_sectors(lanes, n, bytes, reference);
        EXPECT_EQ(a.partial_sectors, reference.partial_sectors);
        EXPECT_EQ(a.sectors[0], (kBase + offset) / 32 * 32);
      }
    }
  }
}

// What describe_access must give for four-byte lanes, worked out lane by
// lane: its shortcuts for lanes that follow each other (contiguous, on one
// word, a word or more apart) must agree with this for every shape,
// including lanes whose addresses wrap around the top of the address space.
struct Expected {
  std::vector<std::uint64_t> sectors;
  std::uint32_t lines = 0;
  std::uint32_t same_word_lanes = 0;
  std::uint64_t partial_sectors = 0;
};

Expected expected(std::uint32_t mask, const std::function<std::uint64_t(unsigned)>& address) {
  std::set<std::uint64_t> sectors;
  std::set<std::uint64_t> lines;
  std::set<std::uint64_t> distinct;
  std::map<std::uint64_t, std::uint32_t> per_word;
  Expected e;
  for (unsigned lane = 0; lane < func::kWarpSize; ++lane) {
    if ((mask >> lane & 1) == 0) continue;
    const std::uint64_t a = address(lane) + 8;  // the instruction's [%rd1+8]
    sectors.insert(a / 32 * 32);
    sectors.insert((a + 3) / 32 * 32);
    distinct.insert(a);
    e.same_word_lanes = std::max(e.same_word_lanes, ++per_word[a / 4]);
  }
  e.sectors.assign(sectors.begin(), sectors.end());
  for (std::size_t i = 0; i < e.sectors.size(); ++i) {
    lines.insert(e.sectors[i] / 128);
    std::uint32_t covered = 0;
    for (std::uint64_t a : distinct) covered += a / 32 * 32 == e.sectors[i] ? 4 : 0;
    if (covered < 32) e.partial_sectors |= std::uint64_t{1} << i;
  }
  e.lines = static_cast<std::uint32_t>(lines.size());
  return e;
}

TEST_F(WarpAccessTest, EveryShapeGivesWhatTheLanesGiveOneByOne) {
  const std::uint64_t top = ~std::uint64_t{0} - 71;  // 16 lanes below the wrap, 16 above
  const std::vector<std::pair<std::uint32_t, std::function<std::uint64_t(unsigned)>>> shapes = {
      {~0u, [](unsigned lane) { return kBase + 4 * lane; }},
      {0x0000FFFFu, [](unsigned lane) { return kBase + 4 * lane; }},
      {0xFFFF0000u, [](unsigned lane) { return kBase + 4 * lane; }},
      {0x55555555u, [](unsigned lane) { return kBase + 4 * lane; }},
      {~0u, [](unsigned lane) { return kBase + 4 * (31 - lane); }},
      {~0u, [](unsigned lane) { return kBase + 2 * lane; }},
      {~0u, [](unsigned lane) { return kBase + 8 * lane; }},
      {~0u, [](unsigned lane) { return kBase + 4 * (lane / 3); }},
      {~0u, [](unsigned) { return kBase; }},
      {0x00000001u, [](unsigned) { return kBase + 20; }},
      {~0u, [top](unsigned lane) { return top + 4 * lane; }},
      {~0u, [top](unsigned lane) { return top + 4 * (31 - lane); }},
  };
  for (std::size_t i = 0; i < shapes.size(); ++i) {
    SCOPED_TRACE(i);
    const auto& [mask, address] = shapes[i];
    const WarpAccess a = describe(0, mask, address);
    const Expected e = expected(mask, address);
    EXPECT_EQ(sectors(a), e.sectors);
    EXPECT_EQ(a.lines, e.lines);
    EXPECT_EQ(a.same_word_lanes, e.same_word_lanes);
    EXPECT_EQ(a.partial_sectors, e.partial_sectors);
    for (unsigned lane = 0; lane < func::kWarpSize; ++lane) {
      EXPECT_EQ(a.lanes_access.address[lane], (mask >> lane & 1) != 0 ? address(lane) + 8 : 0)
          << "lane " << lane;
    }
  }
}

}  // namespace
}  // namespace smsim::timing
