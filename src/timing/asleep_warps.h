#pragma once
// The warps of one scheduler that its scans may pass over without reading
// them: each was found blocked, and until its `due` cycle (its wake, or its
// due look-ahead) nothing but a disturbance from outside the scan can change
// that (grid_run_schedule.cpp). A scan then skips them and adds only
// the first of their wakes and look-aheads to its SM's events, which saves
// the host the cache misses of reading every warp slot of every stepped SM.
// At most 64 warps, by their index in the scheduler's warp list.

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

namespace smsim::timing {

class AsleepWarps {
 public:
  static constexpr std::uint64_t kNever = UINT64_MAX;
  static constexpr std::size_t kMaxWarps = 64;

  bool empty() const { return bits_ == 0; }
  bool contains(std::size_t at) const { return at < kMaxWarps && (bits_ >> at & 1) != 0; }
  // How many warps from `at` on are asleep in a row.
  std::size_t run_from(std::size_t at) const {
    const std::uint64_t awake = ~bits_ >> at;
    return awake == 0 ? kMaxWarps - at : static_cast<std::size_t>(std::countr_zero(awake));
  }
  // The first cycle a scan must read one of them again, and the first of
  // their wakes and of their look-aheads (kNever: none).
  std::uint64_t until() const { return until_; }
  std::uint64_t event() const { return event_; }
  std::uint64_t hoist() const { return hoist_; }

  void add(std::size_t at, std::uint64_t due, std::uint64_t wake, std::uint64_t hoist) {
    bits_ |= std::uint64_t{1} << at;
    due_[at] = due;
    wake_[at] = wake;
    hoist_at_[at] = hoist;
    take_firsts(at);
  }
  // The warp at `at` must be read again.
  void remove(std::size_t at) {
    if (!contains(at)) return;
    bits_ &= ~(std::uint64_t{1} << at);
    recompute();
  }
  // Lets the warps due at `now` be read again (one pass: the firsts are
  // those of the warps that stay).
  void remove_due(std::uint64_t now) {
    until_ = event_ = hoist_ = kNever;
    for (std::uint64_t b = bits_; b != 0; b &= b - 1) {
      const auto at = static_cast<std::size_t>(std::countr_zero(b));
      if (due_[at] <= now) {
        bits_ &= ~(std::uint64_t{1} << at);
        continue;
      }
      take_firsts(at);
    }
  }
  void clear() {
    bits_ = 0;
    until_ = event_ = hoist_ = kNever;
  }

 private:
  void recompute() {
    until_ = event_ = hoist_ = kNever;
    for (std::uint64_t b = bits_; b != 0; b &= b - 1) {
      take_firsts(static_cast<std::size_t>(std::countr_zero(b)));
    }
  }
  // Counts the warp at `at` into the firsts.
  void take_firsts(std::size_t at) {
    until_ = std::min(until_, due_[at]);
    event_ = std::min(event_, wake_[at]);
    hoist_ = std::min(hoist_, hoist_at_[at]);
  }

  std::uint64_t bits_ = 0;
  std::uint64_t until_ = kNever;
  std::uint64_t event_ = kNever;
  std::uint64_t hoist_ = kNever;
  // Per warp, by index: one array per field, so that a pass over a
  // scheduler's few warps (16 on the H100) reads its dues from two host
  // cache lines rather than every warp's whole record.
  std::array<std::uint64_t, kMaxWarps> due_{};
  std::array<std::uint64_t, kMaxWarps> wake_{};
  std::array<std::uint64_t, kMaxWarps> hoist_at_{};
};

}  // namespace smsim::timing
