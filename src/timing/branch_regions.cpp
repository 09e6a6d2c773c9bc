#include "timing/branch_regions.h"

#include <algorithm>

namespace smsim::timing {

bool if_else_join_starts_region(const func::DecodedKernel& kernel, std::uint32_t pc) {
  const auto size = static_cast<std::uint32_t>(kernel.code.size());
  const func::DecodedInstruction& in = kernel.code[pc];
  if (in.control != func::Control::branch || in.guard_reg == func::kNoReg) return false;
  const std::uint32_t join = in.reconverge;
  if (in.target <= pc + 1 || in.target >= size || join <= in.target || join >= size) return false;
  const func::DecodedInstruction& then_end = kernel.code[in.target - 1];
  if (then_end.control != func::Control::branch || then_end.guard_reg != func::kNoReg ||
      then_end.target != join) {
    return false;
  }
  for (std::uint32_t at = join; at < size; ++at) {
    const func::DecodedInstruction& next = kernel.code[at];
    if (next.control == func::Control::none) continue;
    // The join's block ends in a back-edge over the if/else: the loop's latch.
    return !(next.control == func::Control::branch && next.target <= pc);
  }
  return true;
}

void BranchRegions::enter(std::uint32_t join, std::uint32_t loop, bool if_else,
                          std::uint64_t arrival) {
  if (depth_ == kDepth) {
    std::copy(frames_.begin() + 1, frames_.end(), frames_.begin());
    --depth_;
  }
  frames_[depth_++] = Frame{.join = join, .loop = loop, .outer = entry_, .if_else = if_else};
  top_join_ = join;
  entry_ = arrival;
}

void BranchRegions::branch(std::uint32_t pc, std::uint32_t next_pc, std::uint32_t join,
                           bool conditional, bool if_else, std::uint64_t arrival) {
  if (next_pc <= pc) {
    // The next iteration of the loop the warp is in, or the first repeat of
    // one it entered by falling into its top.
    if (depth_ != 0 && frames_[depth_ - 1].loop == pc) {
      entry_ = arrival;
    } else {
      enter(pc + 1, pc, false, arrival);
    }
    return;
  }
  if (conditional && join > pc + 1 && join != UINT32_MAX) enter(join, kNoLoop, if_else, arrival);
  at(next_pc, arrival);
}

}  // namespace smsim::timing
