#include "func/exec/warp_control.h"

#include <algorithm>
#include <cassert>
#include <optional>

namespace smsim::func {

WarpControl::WarpControl(std::uint32_t lanes, std::uint32_t entry_pc) {
  live_ = lanes >= 32 ? UINT32_MAX : (std::uint32_t{1} << lanes) - 1;
  current_ = PathGroup{.pc = entry_pc, .mask = live_, .point = -1};
}

std::size_t WarpControl::open_points() const {
  return static_cast<std::size_t>(
      std::count_if(points_.begin(), points_.end(), [](const auto& p) { return p.open; }));
}

std::int32_t WarpControl::open_point(std::uint32_t pc, std::uint32_t members, std::int32_t parent) {
  // Lanes already waiting for the same PC in an enclosing point need no new
  // one (a loop whose exit is reached by a few lanes per iteration).
  if (parent >= 0 && points_[static_cast<std::size_t>(parent)].pc == pc &&
      !points_[static_cast<std::size_t>(parent)].call) {
    return parent;
  }
  points_.push_back(
      ConvergencePoint{.pc = pc, .members = members, .arrived = 0, .parent = parent, .open = true});
  return static_cast<std::int32_t>(points_.size() - 1);
}

bool WarpControl::is_join(std::int32_t point, std::uint32_t pc) const {
  const ConvergencePoint& p = points_[static_cast<std::size_t>(point)];
  return p.pc == pc && !p.call;
}

void WarpControl::drop_closed_points() {
  while (!points_.empty() && !points_.back().open) points_.pop_back();
}

void WarpControl::move_to(std::uint32_t pc) {
  current_.pc = pc;
  if (current_.point >= 0 && is_join(current_.point, pc)) arrive();
}

void WarpControl::arrive() {
  // The running group waits at its innermost point; if that completes the
  // point, the members continue together from it (and may at once arrive at
  // an enclosing point with the same PC).
  while (current_.mask != 0 && current_.point >= 0) {
    ConvergencePoint& p = points_[static_cast<std::size_t>(current_.point)];
    if (p.pc != current_.pc || p.call) return;
    p.arrived |= current_.mask;
    if (p.arrived != p.members) {
      current_ = PathGroup{};
      schedule_next();
      return;
    }
    p.open = false;
    current_ = PathGroup{.pc = p.pc, .mask = p.members, .point = p.parent};
    drop_closed_points();
  }
}

void WarpControl::schedule_next() {
  if (ready_.empty()) return;
  current_ = ready_.back();
  ready_.pop_back();
  // A group parked exactly at its point (after a barrier) arrives now.
  move_to(current_.pc);
}

void WarpControl::branch(std::uint32_t taken, std::uint32_t target, std::uint32_t reconverge) {
  taken &= current_.mask;
  const std::uint32_t not_taken = current_.mask & ~taken;
  if (not_taken == 0) {
    move_to(target);
    return;
  }
  if (taken == 0) {
    advance();
    return;
  }
  std::int32_t point = current_.point;
  if (reconverge != kNoPc) point = open_point(reconverge, current_.mask, current_.point);
  const std::uint32_t fall_through = current_.pc + 1;
  if (point >= 0 && is_join(point, target)) {
    // Lanes branching straight to the join arrive there at once.
    points_[static_cast<std::size_t>(point)].arrived |= taken;
  } else {
    ready_.push_back(PathGroup{.pc = target, .mask = taken, .point = point});
  }
  current_ = PathGroup{.pc = fall_through, .mask = not_taken, .point = point};
  move_to(fall_through);
}

void WarpControl::branch_indexed(std::span<const CallTarget> targets, std::uint32_t reconverge) {
  if (targets.size() == 1) {
    move_to(targets[0].entry);
    return;
  }
  std::int32_t point = current_.point;
  if (reconverge != kNoPc) point = open_point(reconverge, current_.mask, current_.point);
  std::optional<PathGroup> first;
  for (const CallTarget& t : targets) {
    if (point >= 0 && is_join(point, t.entry)) {
      points_[static_cast<std::size_t>(point)].arrived |= t.lanes;
      continue;
    }
    const PathGroup group{.pc = t.entry, .mask = t.lanes, .point = point};
    if (!first) {
      first = group;
    } else {
      ready_.push_back(group);
    }
  }
  // Distinct targets: at most one of them is the join, so a group remains.
  current_ = *first;
  move_to(current_.pc);
}

void WarpControl::leave_point(ConvergencePoint& p, std::uint32_t lanes) {
  p.members &= ~lanes;
  p.arrived &= ~lanes;
  if (p.members == 0) {
    p.open = false;
  } else if (p.arrived == p.members) {
    // Everyone left waits here: release them as one group.
    p.open = false;
    ready_.insert(ready_.begin(), PathGroup{.pc = p.pc, .mask = p.members, .point = p.parent});
  }
}

void WarpControl::leave_points(std::uint32_t lanes) {
  for (ConvergencePoint& p : points_) {
    if (p.open && (p.members & lanes) != 0) leave_point(p, lanes);
  }
  drop_closed_points();
}

void WarpControl::continue_rest() {
  if (current_.mask != 0) {
    advance();
    return;
  }
  current_ = PathGroup{};
  schedule_next();
}

void WarpControl::exit_lanes(std::uint32_t lanes) {
  lanes &= current_.mask;
  live_ &= ~lanes;
  current_.mask &= ~lanes;
  // Lanes that exit no longer hold anyone back.
  leave_points(lanes);
  continue_rest();
}

void WarpControl::call(std::span<const CallTarget> targets) {
  std::uint32_t calling = 0;
  for (const CallTarget& t : targets) calling |= t.lanes;
  calling &= current_.mask;
  if (calling == 0) {
    advance();
    return;
  }
  points_.push_back(ConvergencePoint{.pc = current_.pc + 1,
                                     .members = current_.mask,
                                     .arrived = current_.mask & ~calling,
                                     .parent = current_.point,
                                     .open = true,
                                     .call = true});
  const auto point = static_cast<std::int32_t>(points_.size() - 1);
  // The first target runs first; the others wait in order behind it.
  for (std::size_t i = targets.size(); i-- > 1;) {
    if (targets[i].lanes != 0) {
      ready_.push_back(PathGroup{.pc = targets[i].entry, .mask = targets[i].lanes, .point = point});
    }
  }
  current_ = PathGroup{.pc = targets[0].entry, .mask = targets[0].lanes, .point = point};
  if (current_.mask == 0) {
    current_ = PathGroup{};
    schedule_next();
  }
}

bool WarpControl::return_lanes(std::uint32_t lanes) {
  lanes &= current_.mask;
  std::int32_t call_point = current_.point;
  while (call_point >= 0 && !points_[static_cast<std::size_t>(call_point)].call) {
    call_point = points_[static_cast<std::size_t>(call_point)].parent;
  }
  if (call_point < 0) return false;
  if (lanes == 0) {
    advance();
    return true;
  }
  // Points opened inside the callee that the lanes leave early (a `ret` in a
  // divergent region) no longer wait for them.
  for (std::int32_t q = current_.point; q != call_point;
       q = points_[static_cast<std::size_t>(q)].parent) {
    leave_point(points_[static_cast<std::size_t>(q)], lanes);
  }
  ConvergencePoint& p = points_[static_cast<std::size_t>(call_point)];
  p.arrived |= lanes;
  current_.mask &= ~lanes;
  if (current_.mask != 0) {
    advance();
    return true;
  }
  if (p.arrived == p.members) {
    p.open = false;
    current_ = PathGroup{.pc = p.pc, .mask = p.members, .point = p.parent};
    drop_closed_points();
    move_to(current_.pc);
    return true;
  }
  current_ = PathGroup{};
  schedule_next();
  return true;
}

PathGroup WarpControl::take_current() {
  PathGroup taken = current_;
  current_ = PathGroup{};
  schedule_next();
  return taken;
}

PathGroup WarpControl::take_lanes(std::uint32_t lanes) {
  PathGroup taken = current_;
  taken.mask &= lanes;
  current_.mask &= ~taken.mask;
  continue_rest();
  return taken;
}

void WarpControl::resume(PathGroup group, std::uint32_t pc) {
  group.pc = pc;
  if (current_.mask == 0) {
    current_ = group;
    move_to(pc);
    return;
  }
  ready_.push_back(group);
}

std::uint32_t WarpControl::waiting_lanes() const {
  std::uint32_t lanes = 0;
  for (const ConvergencePoint& p : points_) {
    if (p.open) lanes |= p.arrived;
  }
  return lanes;
}

bool WarpControl::release_waiting() {
  for (std::size_t i = points_.size(); i-- > 0;) {
    ConvergencePoint& p = points_[i];
    if (!p.open || p.arrived == 0) continue;
    const std::uint32_t lanes = p.arrived;
    p.members &= ~lanes;
    p.arrived = 0;
    ready_.push_back(PathGroup{.pc = p.pc, .mask = lanes, .point = p.parent});
    return true;
  }
  return false;
}

bool WarpControl::yield() {
  if (ready_.empty() || current_.mask == 0) return false;
  ready_.insert(ready_.begin(), current_);
  current_ = ready_.back();
  ready_.pop_back();
  move_to(current_.pc);
  return true;
}

}  // namespace smsim::func
