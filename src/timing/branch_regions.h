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

namespace smsim::timing {

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
  void branch(std::uint32_t pc, std::uint32_t next_pc, std::uint32_t join, bool conditional,
              std::uint64_t arrival);

  // The warp's next instruction is at `pc`: the regions whose reconvergence
  // point it reached are left for those around them.
  // Called at every issue: the innermost join is kept beside the entry so
  // that this reads no frame unless the warp leaves a region.
  void at(std::uint32_t pc) {
    while (top_join_ == pc && depth_ != 0) {  // an exited warp's pc is kNoJoin too
      entry_ = frames_[--depth_].outer;
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
  };
  void enter(std::uint32_t join, std::uint32_t loop, std::uint64_t arrival);

  std::uint64_t entry_ = 0;
  std::uint32_t top_join_ = kNoJoin;  // frames_[depth_ - 1].join
  std::uint32_t depth_ = 0;
  std::array<Frame, kDepth> frames_{};
};

}  // namespace smsim::timing
