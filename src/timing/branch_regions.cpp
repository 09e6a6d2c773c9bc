#include "timing/branch_regions.h"

#include <algorithm>

namespace smsim::timing {

void BranchRegions::enter(std::uint32_t join, std::uint32_t loop, std::uint64_t arrival) {
  if (depth_ == kDepth) {
    std::copy(frames_.begin() + 1, frames_.end(), frames_.begin());
    --depth_;
  }
  frames_[depth_++] = Frame{.join = join, .loop = loop, .outer = entry_};
  top_join_ = join;
  entry_ = arrival;
}

void BranchRegions::branch(std::uint32_t pc, std::uint32_t next_pc, std::uint32_t join,
                           bool conditional, std::uint64_t arrival) {
  if (next_pc <= pc) {
    // The next iteration of the loop the warp is in, or the first repeat of
    // one it entered by falling into its top.
    if (depth_ != 0 && frames_[depth_ - 1].loop == pc) {
      entry_ = arrival;
    } else {
      enter(pc + 1, pc, arrival);
    }
    return;
  }
  if (conditional && join > pc + 1 && join != UINT32_MAX) enter(join, kNoLoop, arrival);
  at(next_pc);
}

}  // namespace smsim::timing
