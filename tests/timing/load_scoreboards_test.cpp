// A warp's global-load scoreboards as ptxas sets them up (src/timing/load_scoreboards.h):
// three loads of a burst on a scoreboard each, the rest on the fourth, whose
// consumers wait for all of it.
#include "timing/load_scoreboards.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <span>
#include <vector>

namespace smsim::timing {
namespace {

constexpr std::size_t kRegisters = 64;

// A register's row as the caller keeps it: its ready cycle and the board of
// its unread result.
struct Row {
  std::uint64_t at = 0;
  std::uint8_t board = LoadScoreboards::kNone;
};

// The registers' rows, read by their ready cycles.
class Registers {
 public:
  Registers() : rows_(kRegisters) {}
  std::uint64_t operator[](std::uint32_t reg) const { return rows_[reg].at; }
  std::span<Row> rows() { return rows_; }

 private:
  std::vector<Row> rows_;
};

// A load into register `reg` issued at `now`, its result ready at `ready`.
std::uint8_t load(LoadScoreboards& s, Registers& regs, std::uint32_t reg, std::uint64_t now,
                  std::uint64_t ready) {
  const std::uint32_t dests[] = {reg};
  const std::uint8_t board = s.assign(now, dests, regs.rows());
  regs.rows()[reg].at = ready;
  s.complete(board, ready, regs.rows());
  return board;
}

TEST(LoadScoreboards, ABurstGivesThreeLoadsABoardEachAndTheRestTheFourth) {
  LoadScoreboards s;
  s.reset(4);
  Registers ready;
  // 17 loads at cycles 0..16 (sass/throughput.sass: SB2, SB3, SB4, then 14 on SB5),
  // the slowest the eighth.
  for (std::uint32_t i = 0; i < 17; ++i) {
    const std::uint8_t board = load(s, ready, i, i, 600 + i + (i == 7 ? 400 : 0));
    EXPECT_EQ(board, std::min<std::uint32_t>(i, 3)) << "load " << i;
  }
  EXPECT_EQ(ready[0], 600u);
  EXPECT_EQ(ready[1], 601u);
  EXPECT_EQ(ready[2], 602u);
  // Every result on the fourth board is ready when its slowest is, the ones
  // settled before the slowest and after it alike.
  for (std::uint32_t i = 3; i < 17; ++i) EXPECT_EQ(ready[i], 1007u) << "load " << i;
  EXPECT_EQ(s.unread(), 17u);
}

TEST(LoadScoreboards, ADrainedBoardIsGivenOutAgain) {
  LoadScoreboards s;
  s.reset(4);
  Registers ready;
  for (std::uint32_t i = 0; i < 6; ++i) load(s, ready, i, 0, 700);
  s.release(0, ready.rows());
  // Blocked at 699: nothing is drained, the load joins the board given out last.
  EXPECT_EQ(load(s, ready, 10, 699, 900), 3);
  EXPECT_EQ(ready[5], 900u);
  // Allowed at 700 (the first board has drained): it takes that one alone.
  EXPECT_EQ(load(s, ready, 11, 700, 1500), 0);
  EXPECT_EQ(ready[11], 1500u);
  EXPECT_EQ(ready[10], 900u);
}

TEST(LoadScoreboards, AResultReadAlreadyIsNotHeldByLaterLoadsOfItsBoard) {
  LoadScoreboards s;
  s.reset(4);
  Registers ready;
  for (std::uint32_t i = 0; i < 5; ++i) load(s, ready, i, 0, 500);
  s.release(4, ready.rows());  // read (its consumer waited for the board)
  // Before any board drained: it joins the fourth, with loads 3 and 4.
  EXPECT_EQ(load(s, ready, 6, 400, 1200), 3);
  EXPECT_EQ(ready[4], 500u);
  EXPECT_EQ(ready[3], 1200u);  // unread: its consumer waits for the board
}

TEST(LoadScoreboards, CountsTheResultsNoInstructionHasRead) {
  LoadScoreboards s;
  s.reset(4);
  Registers ready;
  for (std::uint32_t i = 0; i < 5; ++i) load(s, ready, i, 0, 500);
  EXPECT_EQ(s.unread(), 5u);
  s.release(2, ready.rows());
  s.release(2, ready.rows());   // read twice: counted once
  s.release(40, ready.rows());  // no load's result
  EXPECT_EQ(s.unread(), 4u);
  load(s, ready, 3, 600, 900);  // a new load into an unread register: still one result
  EXPECT_EQ(s.unread(), 4u);
}

TEST(LoadScoreboards, WithoutBoardsEveryResultIsReadyAtItsOwnTime) {
  LoadScoreboards s;
  s.reset(0);
  EXPECT_FALSE(s.enabled());
  Registers ready;
  EXPECT_EQ(load(s, ready, 1, 0, 900), LoadScoreboards::kNone);
  EXPECT_EQ(load(s, ready, 2, 0, 500), LoadScoreboards::kNone);
  EXPECT_EQ(ready[1], 900u);
  EXPECT_EQ(ready[2], 500u);
  EXPECT_EQ(s.unread(), 0u);
}

}  // namespace
}  // namespace smsim::timing
