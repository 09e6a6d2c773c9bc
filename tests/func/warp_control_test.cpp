#include "func/exec/warp_control.h"

#include <gtest/gtest.h>

namespace smsim::func {
namespace {

constexpr std::uint32_t kEven = 0x5555'5555;
constexpr std::uint32_t kOdd = 0xAAAA'AAAA;
constexpr std::uint32_t kAll = 0xFFFF'FFFF;

TEST(WarpControl, PartialWarpStartsWithItsLanesOnly) {
  WarpControl w(5, 0);
  EXPECT_EQ(w.mask(), 0x1Fu);
  EXPECT_EQ(w.live(), 0x1Fu);
}

TEST(WarpControl, UniformBranchDoesNotSplit) {
  WarpControl w(32, 0);
  w.branch(kAll, 7, 9);
  EXPECT_EQ(w.pc(), 7u);
  EXPECT_EQ(w.mask(), kAll);
  EXPECT_EQ(w.open_points(), 0u);
  w.branch(0, 2, 9);
  EXPECT_EQ(w.pc(), 8u);
}

// if (lane odd) { 1..2 } else { 3..4 }  reconverge at 5:
//   0: @odd bra 3     1,2: then-part  ... 2: bra 5     3,4: else-part   5: join
TEST(WarpControl, IfElseRunsOnePathToTheJoinThenTheOther) {
  WarpControl w(32, 0);
  w.branch(kOdd, 3, 5);
  EXPECT_EQ(w.pc(), 1u);
  EXPECT_EQ(w.mask(), kEven);
  w.advance();
  w.branch(kEven, 5, 5);  // the then-part jumps to the join and waits there
  EXPECT_EQ(w.pc(), 3u);
  EXPECT_EQ(w.mask(), kOdd);
  w.advance();
  w.advance();  // 4 -> 5: everyone has arrived
  EXPECT_EQ(w.pc(), 5u);
  EXPECT_EQ(w.mask(), kAll);
  EXPECT_EQ(w.open_points(), 0u);
}

TEST(WarpControl, NestedDivergenceReconvergesInsideOut) {
  WarpControl w(32, 0);
  // 0: @odd bra 10 (join 20); the even lanes split again at 1: @lanes<16 bra 5 (join 8).
  w.branch(kOdd, 10, 20);
  ASSERT_EQ(w.mask(), kEven);
  w.branch(kEven & 0xFFFF, 5, 8);
  EXPECT_EQ(w.pc(), 2u);
  EXPECT_EQ(w.mask(), kEven & 0xFFFF0000);
  EXPECT_EQ(w.open_points(), 2u);
  w.branch(w.mask(), 8, 8);  // arrives at the inner join
  EXPECT_EQ(w.pc(), 5u);
  EXPECT_EQ(w.mask(), kEven & 0xFFFF);
  w.advance();
  w.advance();
  w.advance();  // 8: inner join complete
  EXPECT_EQ(w.pc(), 8u);
  EXPECT_EQ(w.mask(), kEven);
  w.branch(kEven, 20, 20);  // to the outer join: now the odd lanes run
  EXPECT_EQ(w.pc(), 10u);
  EXPECT_EQ(w.mask(), kOdd);
  w.branch(kOdd, 20, 20);
  EXPECT_EQ(w.pc(), 20u);
  EXPECT_EQ(w.mask(), kAll);
  EXPECT_EQ(w.open_points(), 0u);
}

TEST(WarpControl, PartialExitReleasesLanesWaitingAtTheJoin) {
  WarpControl w(32, 0);
  // 0: @odd bra 4 (join 6).  Even lanes run 1.. and exit at 2.
  w.branch(kOdd, 4, 6);
  w.advance();
  w.exit_lanes(w.mask());
  EXPECT_EQ(w.live(), kOdd);
  EXPECT_EQ(w.pc(), 4u);
  EXPECT_EQ(w.mask(), kOdd);
  w.advance();
  w.advance();
  EXPECT_EQ(w.pc(), 6u);
  EXPECT_EQ(w.mask(), kOdd);
  EXPECT_EQ(w.open_points(), 0u);
}

TEST(WarpControl, ExitWhileOthersWaitCompletesTheirPoint) {
  WarpControl w(32, 0);
  w.branch(kOdd, 6, 6);  // odd lanes jump straight to the join and wait
  ASSERT_EQ(w.mask(), kEven);
  w.exit_lanes(kEven & 0xF);  // some even lanes exit, the rest go on
  EXPECT_EQ(w.mask(), kEven & ~0xFu);
  EXPECT_EQ(w.pc(), 2u);
  w.exit_lanes(w.mask());
  EXPECT_EQ(w.pc(), 6u);
  EXPECT_EQ(w.mask(), kOdd);
  w.exit_lanes(kOdd);
  EXPECT_TRUE(w.finished());
  EXPECT_EQ(w.mask(), 0u);
}

// 0: loop body   1: @done bra 3 (break, join 3)   2: bra 0   3: after the loop
TEST(WarpControl, LoopWithDivergentBreakKeepsOnePoint) {
  WarpControl w(32, 0);
  std::uint32_t remaining = kAll;
  for (int iteration = 0; iteration < 32; ++iteration) {
    ASSERT_EQ(w.pc(), 0u);
    ASSERT_EQ(w.mask(), remaining);
    w.advance();
    const std::uint32_t leaving = std::uint32_t{1} << iteration;
    w.branch(leaving, 3, 3);
    remaining &= ~leaving;
    if (remaining == 0) break;
    ASSERT_EQ(w.pc(), 2u);
    EXPECT_LE(w.open_points(), 1u);
    EXPECT_EQ(w.ready_groups(), 0u) << "leaving lanes wait at the join, not in the ready list";
    w.branch(w.mask(), 0, kNoPc);
  }
  EXPECT_EQ(w.pc(), 3u);
  EXPECT_EQ(w.mask(), kAll);
  EXPECT_EQ(w.open_points(), 0u);
}

TEST(WarpControl, YieldLetsTheOtherPathRun) {
  WarpControl w(32, 0);
  w.branch(kOdd, 10, 20);
  ASSERT_EQ(w.mask(), kEven);
  EXPECT_TRUE(w.yield());
  EXPECT_EQ(w.mask(), kOdd);
  EXPECT_EQ(w.pc(), 10u);
  EXPECT_TRUE(w.yield());
  EXPECT_EQ(w.mask(), kEven);
  EXPECT_EQ(w.pc(), 1u);
}

TEST(WarpControl, YieldWithNothingElseReadyKeepsRunning) {
  WarpControl w(32, 0);
  EXPECT_FALSE(w.yield());
  EXPECT_EQ(w.mask(), kAll);
}

TEST(WarpControl, ParkedGroupResumesAfterTheBarrier) {
  WarpControl w(32, 3);
  PathGroup parked = w.take_current();
  EXPECT_EQ(w.mask(), 0u);
  EXPECT_FALSE(w.finished());
  w.resume(parked, 4);
  EXPECT_EQ(w.pc(), 4u);
  EXPECT_EQ(w.mask(), kAll);
}

}  // namespace
}  // namespace smsim::func

namespace smsim::func {
namespace {

// Real calls. Caller code: 10: call (return point 11). Callee code from 50.
TEST(WarpControlCalls, ACallReturnsToTheInstructionAfterIt) {
  WarpControl w(32, 10);
  const CallTarget target{.lanes = kAll, .entry = 50};
  w.call({&target, 1});
  EXPECT_EQ(w.pc(), 50u);
  EXPECT_EQ(w.mask(), kAll);
  w.advance();
  ASSERT_TRUE(w.return_lanes(kAll));
  EXPECT_EQ(w.pc(), 11u);
  EXPECT_EQ(w.mask(), kAll);
  EXPECT_EQ(w.open_points(), 0u);
}

TEST(WarpControlCalls, LanesCallingDifferentFunctionsMeetAfterTheCall) {
  WarpControl w(32, 10);
  const CallTarget targets[] = {{.lanes = kEven, .entry = 50}, {.lanes = kOdd, .entry = 70}};
  w.call(targets);
  EXPECT_EQ(w.pc(), 50u);
  EXPECT_EQ(w.mask(), kEven);
  ASSERT_TRUE(w.return_lanes(kEven));
  EXPECT_EQ(w.pc(), 70u);
  EXPECT_EQ(w.mask(), kOdd);
  ASSERT_TRUE(w.return_lanes(kOdd));
  EXPECT_EQ(w.pc(), 11u);
  EXPECT_EQ(w.mask(), kAll);
}

TEST(WarpControlCalls, LanesThatDoNotCallWaitAtTheReturnAddress) {
  WarpControl w(32, 10);
  const CallTarget target{.lanes = kOdd, .entry = 50};
  w.call({&target, 1});
  EXPECT_EQ(w.mask(), kOdd);
  ASSERT_TRUE(w.return_lanes(kOdd));
  EXPECT_EQ(w.pc(), 11u);
  EXPECT_EQ(w.mask(), kAll);
}

// A recursive activation passes through its caller's return address (the
// same function's code) without arriving at the caller's call point.
TEST(WarpControlCalls, RecursionDoesNotArriveAtTheOuterCallPoint) {
  WarpControl w(32, 10);
  const CallTarget outer{.lanes = kAll, .entry = 10};
  w.call({&outer, 1});  // 10 -> 10 again (recursive), return point 11
  const CallTarget inner{.lanes = kEven, .entry = 10};
  w.call({&inner, 1});  // the even lanes recurse once more
  EXPECT_EQ(w.mask(), kEven);
  ASSERT_TRUE(w.return_lanes(kEven));  // back at 11 of the middle activation
  EXPECT_EQ(w.pc(), 11u);
  EXPECT_EQ(w.mask(), kAll);
  w.advance();
  EXPECT_EQ(w.pc(), 12u);
  ASSERT_TRUE(w.return_lanes(kAll));
  EXPECT_EQ(w.pc(), 11u);
  EXPECT_EQ(w.open_points(), 0u);
}

TEST(WarpControlCalls, ReturnOutsideAnyCallIsRefused) {
  WarpControl w(32, 0);
  EXPECT_FALSE(w.return_lanes(kAll));
}

TEST(WarpControlCalls, IndexedBranchSplitsAndReconverges) {
  WarpControl w(32, 0);
  const CallTarget targets[] = {{.lanes = kEven, .entry = 5}, {.lanes = kOdd, .entry = 8}};
  w.branch_indexed(targets, 8);
  EXPECT_EQ(w.pc(), 5u);
  EXPECT_EQ(w.mask(), kEven);  // the odd lanes went straight to the join
  w.advance();
  w.advance();
  w.advance();
  EXPECT_EQ(w.pc(), 8u);
  EXPECT_EQ(w.mask(), kAll);
}

}  // namespace
}  // namespace smsim::func
