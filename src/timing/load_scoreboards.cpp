#include "timing/load_scoreboards.h"

#include <algorithm>

namespace smsim::timing {

void LoadScoreboards::reset(std::size_t registers, std::uint8_t boards) {
  boards_.assign(boards, Board{});
  board_of_.assign(boards == 0 ? 0 : registers, kNone);
  last_ = 0;
  unread_ = 0;
}

std::uint8_t LoadScoreboards::assign(std::uint64_t now, std::span<const std::uint32_t> dests) {
  if (boards_.empty()) return kNone;
  std::uint8_t chosen = last_;
  for (std::uint8_t b = 0; b < boards_.size(); ++b) {
    if (boards_[b].unsettled == 0 && boards_[b].drained <= now) {
      chosen = b;
      boards_[b].regs.clear();
      boards_[b].drained = 0;
      break;
    }
  }
  Board& board = boards_[chosen];
  ++board.unsettled;
  for (const std::uint32_t reg : dests) {
    if (reg >= board_of_.size()) continue;
    if (board_of_[reg] == kNone) ++unread_;
    board_of_[reg] = chosen;
    board.regs.push_back(reg);
  }
  last_ = chosen;
  return chosen;
}

}  // namespace smsim::timing
