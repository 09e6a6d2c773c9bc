#pragma once
// Where ptxas may move a warp's instructions to: the start of their region,
// the code that runs exactly when the region's first instruction runs (a
// loop body from its top, the code before a forward branch and after its
// reconvergence point). ptxas computes a branch's predicate there, as early
// as its operands allow (golden sass/cluster.sass: the loop counter's VIADD
// and ISETP at the top of the body, above the body's own branch), so the
// cycle model counts a fixed-latency result as ready from the start of its
// region on (docs/timing.md "Branches"). Each warp keeps the cycle it
// entered its current region and, for the regions it is nested in, the
// cycles it entered them, to go back to at their reconvergence points.

#include <array>
#include <cstddef>
#include <cstdint>

#include "func/decode/decoded_kernel.h"

namespace smsim::timing {

// Whether the conditional forward branch at `pc` opens an if/else whose
// join starts a region (BranchRegions::branch): the instruction before its
// target (the then side's end) jumps to its reconvergence point, and the
// code from that point does not reach a loop's back-edge before any other
// branch: ptxas moves a loop's latch (the counter's add and setp after an
// if/else in the body) to the top of the body (golden sass/cluster.sass, the
// micro cluster chain), so there the region around goes on.
bool if_else_join_starts_region(const func::DecodedKernel& kernel, std::uint32_t pc);

class BranchRegions {
 public:
  static constexpr std::size_t kDepth = 8;  // deeper nesting forgets the outermost

  // The cycle the warp entered its current region.
  std::uint64_t entry() const { return entry_; }

  // A new warp (or one whose nesting is unknown) starts a region at `now`.
  void reset(std::uint64_t now) {
    depth_ = 0;
    top_join_ = kNoJoin;
    entry_ = now;
  }

  // A kept branch at `pc` issued and the warp goes on at `next_pc`, which it
  // reaches at `arrival`; `join` is the branch's reconvergence point. A
  // backward branch starts an iteration of the loop it closes (a region
  // until the loop's exit at pc + 1); a conditional forward one starts the
  // code between it and `join`, which runs only on some of the paths.
  // `if_else`: that code is an if/else (its then side ends in a jump to
  // `join`), after whose join ptxas starts anew: the join is a region's start
  // (the branch probe's if/else steps: each ISETP at the top of the join
  // block, right before its BRA), where after an if-then the code goes on in
  // the region around it (the taken probe's ISETPs computed steps ahead).
  void branch(std::uint32_t pc, std::uint32_t next_pc, std::uint32_t join, bool conditional,
              bool if_else, std::uint64_t arrival);

  // The warp's next instruction is at `pc`, which it reaches at `arrival`:
  // the regions whose reconvergence point it reached are left for those
  // around them (or, after an if/else, for a region entered there).
  // Called at every issue: the innermost join is kept beside the entry so
  // that this reads no frame unless the warp leaves a region.
  void at(std::uint32_t pc, std::uint64_t arrival) {
    while (top_join_ == pc && depth_ != 0) {  // an exited warp's pc is kNoJoin too
      const Frame& left = frames_[--depth_];
      entry_ = left.if_else ? arrival : left.outer;
      top_join_ = depth_ != 0 ? frames_[depth_ - 1].join : kNoJoin;
    }
  }

  std::size_t depth() const { return depth_; }

 private:
  static constexpr std::uint32_t kNoLoop = UINT32_MAX;
  static constexpr std::uint32_t kNoJoin = UINT32_MAX;  // with depth_ 0
  struct Frame {
    std::uint32_t join = 0;        // where the region around it goes on
    std::uint32_t loop = kNoLoop;  // a loop's back-edge
    std::uint64_t outer = 0;       // the region around it: its entry
    bool if_else = false;          // its join starts a region
  };
  void enter(std::uint32_t join, std::uint32_t loop, bool if_else, std::uint64_t arrival);

  std::uint64_t entry_ = 0;
  std::uint32_t top_join_ = kNoJoin;  // frames_[depth_ - 1].join
  std::uint32_t depth_ = 0;
  std::array<Frame, kDepth> frames_{};
};

}  // namespace smsim::timing
