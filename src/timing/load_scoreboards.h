#pragma once
// The scoreboards through which a warp waits for its global loads, as ptxas
// sets them up in the SASS that the H100 runs (the model runs PTX, whose
// registers each have a ready cycle of their own).
//
// What the SASS does (golden sass/throughput.sass and the load_kernel<N> of
// tools/probes/results/h100-2026-11-22-loads/load_kernels.sass, their control
// bits decoded: docs/timing.md, "Load bursts"): a warp has six scoreboards,
// each a counter of results in flight; an instruction may wait for some of
// them to drain to zero. ptxas gives global loads four of them: the first
// three loads of a burst one each, every later load the fourth, so a
// consumer of any of those waits for all of them (FADD R17, R4, R5 waits
// for the 14 loads of SB5 before its second operand). A scoreboard is given
// out again once it has drained. So 32 independent loads of one warp run in
// two rounds, each as long as its slowest fetch, and no DEPBAR appears.
//
// Here: each load that goes past the SM's LSU takes a free scoreboard (every
// result of it ready by now) or, when none is free, joins the one given out
// last; its result, and every result of that scoreboard not read yet, is
// ready when the latest of them is. The scoreboards also count the results
// no instruction has read yet: ptxas keeps a thread's loads in flight only
// as far as its registers hold their results (GridRun::hoist bounds them).

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

namespace smsim::timing {

class LoadScoreboards {
 public:
  static constexpr std::uint8_t kNone = 0xff;

  // The board of each register's unread result is kept by the caller in its
  // per-register row (`Row::board`, kNone when none, beside `Row::at`, the
  // register's ready cycle): a warp's release and complete then touch the
  // host cache line its scoreboard look reads anyway, not a block of their
  // own (docs/timing.md, "The ninth pass").

  // `boards` scoreboards for loads (0: none: every result is ready at its
  // own time and nothing is counted); the rows start with no board.
  void reset(std::uint8_t boards);
  bool enabled() const { return !boards_.empty(); }

  // A load into `dests` issues at `now`: the scoreboard it counts on.
  template <class Row>
  std::uint8_t assign(std::uint64_t now, std::span<const std::uint32_t> dests,
                      std::span<Row> rows) {
    if (boards_.empty()) return kNone;
    const std::uint8_t chosen = choose(now);
    Board& board = boards_[chosen];
    ++board.unsettled;
    for (const std::uint32_t reg : dests) {
      if (reg >= rows.size()) continue;
      if (rows[reg].board == kNone) ++unread_;
      rows[reg].board = chosen;
      board.regs.push_back(reg);
    }
    return chosen;
  }
  // The result of a load on `board` is ready at `ready`: every unread result
  // of the board is ready no earlier, and no later than the board drains
  // (raising each row's `at`: the caller's register state is its own).
  template <class Row>
  void complete(std::uint8_t board, std::uint64_t ready, std::span<Row> rows) {
    if (board >= boards_.size()) return;
    Board& b = boards_[board];
    if (b.unsettled != 0) --b.unsettled;
    b.drained = std::max(b.drained, ready);
    for (const std::uint32_t reg : b.regs) {
      // A result read already was waited for; a register given to a later
      // load of another board is that load's.
      if (rows[reg].board != board) continue;
      rows[reg].at = std::max<std::uint64_t>(rows[reg].at, b.drained);
    }
  }
  // An instruction issued that reads or overwrites `reg`: a load result in
  // it no longer holds a register of ptxas's.
  template <class Row>
  void release(std::uint32_t reg, std::span<Row> rows) {
    if (reg >= rows.size() || rows[reg].board == kNone) return;
    rows[reg].board = kNone;
    --unread_;
  }
  // Loads issued whose results no instruction has read yet.
  std::uint32_t unread() const { return unread_; }

 private:
  struct Board {
    std::uint64_t drained = 0;   // when every result on it is ready (once none is unsettled)
    std::uint32_t unsettled = 0;  // loads on it whose ready cycle is not known yet
    std::vector<std::uint32_t> regs;  // the registers of its results since it was last free
  };
  // The board a load issued at `now` takes, emptied if it was free.
  std::uint8_t choose(std::uint64_t now);

  std::vector<Board> boards_;
  std::uint8_t last_ = 0;  // the board given out last
  std::uint32_t unread_ = 0;
};

}  // namespace smsim::timing
