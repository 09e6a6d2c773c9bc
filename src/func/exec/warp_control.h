#pragma once
// SIMT control state of one warp: which lanes run, at which instruction, and
// where divergent paths meet again.
//
// Each lane belongs to exactly one path group (lanes at the same PC that run
// together) or is exited. A divergent branch splits the running group in two
// and opens a convergence point at the branch's immediate post-dominator; a
// group that reaches the PC of its innermost open point waits there until
// every non-exited member lane has arrived, and the members then continue as
// one group. With `yield()` never called this is the branch-synchronization
// stack of pre-Volta SMs (the most recently split path runs first, to its
// reconvergence point); the scheduler calls `yield()` at backward branches on
// sm_70+ models so that a path spinning on a lock held by another path of the
// same warp lets that path run (independent thread scheduling).

#include <cstdint>
#include <span>
#include <vector>

namespace smsim::func {

inline constexpr std::uint32_t kNoPc = UINT32_MAX;

struct PathGroup {
  std::uint32_t pc = kNoPc;
  std::uint32_t mask = 0;
  std::int32_t point = -1;  // innermost open convergence point, -1 for none
};

struct ConvergencePoint {
  std::uint32_t pc = kNoPc;
  std::uint32_t members = 0;  // non-exited lanes that must arrive
  std::uint32_t arrived = 0;
  std::int32_t parent = -1;
  bool open = false;
  // Opened by a call at its return address: lanes arrive only by returning
  // (a recursive activation passes through the same PC without arriving).
  bool call = false;
};

// Lanes of one call that go to the same function entry.
struct CallTarget {
  std::uint32_t lanes = 0;
  std::uint32_t entry = kNoPc;
};

class WarpControl {
 public:
  WarpControl() = default;
  WarpControl(std::uint32_t lanes, std::uint32_t entry_pc);

  // The running group; mask() == 0 when none can run now (all exited,
  // waiting at a convergence point, or parked at a barrier).
  std::uint32_t pc() const { return current_.pc; }
  std::uint32_t mask() const { return current_.mask; }
  const PathGroup& current() const { return current_; }
  std::uint32_t live() const { return live_; }
  bool finished() const { return live_ == 0; }
  std::size_t ready_groups() const { return ready_.size(); }
  std::size_t open_points() const;

  // Continue the running group at pc + 1.
  void advance() {
    // Once per executed instruction: outside any convergence point there is
    // no join to check, so that case stays inline.
    if (current_.point < 0) {
      ++current_.pc;
      return;
    }
    move_to(current_.pc + 1);
  }
  // A branch by `taken` (a subset of mask()) to `target`; the other lanes
  // fall through. `reconverge` is the immediate post-dominator, kNoPc if the
  // paths only meet at exit.
  void branch(std::uint32_t taken, std::uint32_t target, std::uint32_t reconverge);
  // An indexed branch (brx.idx): lanes go to their own targets, the paths
  // meeting again at `reconverge`. `targets` cover every lane of mask().
  void branch_indexed(std::span<const CallTarget> targets, std::uint32_t reconverge);
  // `lanes` (a subset of mask()) exit; the rest of the group goes on to pc+1.
  void exit_lanes(std::uint32_t lanes);
  // A call by the lanes of `targets` (subsets of mask()): a call point opens at
  // pc+1 for the whole group, lanes that do not call wait there at once, and
  // each target's lanes run from its entry until they return.
  void call(std::span<const CallTarget> targets);
  // `lanes` (a subset of mask()) return from the innermost call; the rest of
  // the group goes on to pc+1.
  // False when the group is in no call (the caller reports that).
  bool return_lanes(std::uint32_t lanes);
  // Remove the running group (to park it at a barrier) and schedule another.
  PathGroup take_current();
  // Remove `lanes` (a subset of mask()) from the running group to park them
  // (at a warp-synchronous instruction); the rest of the group goes on to
  // pc+1, or another group runs.
  PathGroup take_lanes(std::uint32_t lanes);
  // Give back a group parked by take_current() or take_lanes(), to run next at `pc`.
  void resume(PathGroup group, std::uint32_t pc);
  // Park the running group behind every other ready group; true if another
  // group now runs.
  bool yield();
  // Lanes waiting at an open convergence point.
  std::uint32_t waiting_lanes() const;
  // Forward progress under independent thread scheduling: the lanes waiting
  // at the innermost point that holds any stop waiting and become a ready
  // group continuing past it (the point then needs only the others). True if
  // there were such lanes.
  bool release_waiting();

  // Lanes of `lanes` that wait at an open convergence point whose PC
  // satisfies `leaves(pc)` stop waiting and run on from it as their own
  // group (the point then needs only the others). Returns the lanes released.
  template <typename Leaves>
  std::uint32_t release_waiting_if(std::uint32_t lanes, Leaves leaves) {
    std::uint32_t released = 0;
    for (ConvergencePoint& p : points_) {
      const std::uint32_t go = p.arrived & lanes & ~released;
      if (!p.open || p.call || go == 0 || !leaves(p.pc)) continue;
      p.members &= ~go;
      p.arrived &= ~go;
      if (p.members == 0) p.open = false;
      ready_.push_back(PathGroup{.pc = p.pc, .mask = go, .point = p.parent});
      released |= go;
    }
    drop_closed_points();
    if (released != 0 && current_.mask == 0) schedule_next();
    return released;
  }

 private:
  void move_to(std::uint32_t pc);
  void schedule_next();
  void arrive();
  std::int32_t open_point(std::uint32_t pc, std::uint32_t members, std::int32_t parent);
  // `lanes` leave every open point (exit), releasing points they completed.
  void leave_points(std::uint32_t lanes);
  void leave_point(ConvergencePoint& p, std::uint32_t lanes);
  // Runs the rest of the current group at pc+1, or the next ready group.
  void continue_rest();
  void drop_closed_points();
  // Whether a group reaching `pc` arrives at `point` (never at a call point).
  bool is_join(std::int32_t point, std::uint32_t pc) const;

  PathGroup current_;
  std::vector<PathGroup> ready_;  // the back runs next
  std::vector<ConvergencePoint> points_;
  std::uint32_t live_ = 0;
};

}  // namespace smsim::func
