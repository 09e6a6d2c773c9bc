#include "timing/load_scoreboards.h"

#include <algorithm>

namespace smsim::timing {

void LoadScoreboards::reset(std::uint8_t boards) {
  boards_.assign(boards, Board{});
  last_ = 0;
  unread_ = 0;
}

std::uint8_t LoadScoreboards::choose(std::uint64_t now) {
  for (std::uint8_t b = 0; b < boards_.size(); ++b) {
    if (boards_[b].unsettled == 0 && boards_[b].drained <= now) {
      boards_[b].regs.clear();
      boards_[b].drained = 0;
      last_ = b;
      return b;
    }
  }
  return last_;
}

}  // namespace smsim::timing
