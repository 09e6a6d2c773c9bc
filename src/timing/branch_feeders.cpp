#include "timing/branch_feeders.h"

#include <cstdint>

namespace smsim::timing {

void mark_branch_feeders(const func::DecodedKernel& kernel, std::vector<OpTiming>& ops) {
  std::vector<bool> feeds;  // per register
  const auto mark = [&](std::uint32_t reg) {
    if (reg >= feeds.size()) feeds.resize(static_cast<std::size_t>(reg) + 1, false);
    if (feeds[reg]) return false;
    feeds[reg] = true;
    return true;
  };
  bool any = false;
  for (const OpTiming& t : ops) {
    if (t.branch_guard != UINT32_MAX) any = mark(t.branch_guard) || any;
  }
  const auto writes_feeder = [&](const OpTiming& t) {
    bool hit = false;
    for (std::uint8_t i = 0; i < t.dest_count; ++i) {
      hit = hit || (t.dests[i] < feeds.size() && feeds[t.dests[i]]);
    }
    for_each_list_register(kernel, t, false, [&](std::uint32_t reg) {
      hit = hit || (reg < feeds.size() && feeds[reg]);
    });
    return hit;
  };
  // An early result's cycle comes from its sources' early cycles (complete()
  // in grid_run_issue.cpp); any other result's is its ready cycle. Grow the
  // set until no early result adds a source (loops carry values backwards).
  for (bool grew = any; grew;) {
    grew = false;
    for (const OpTiming& t : ops) {
      if (!t.early_result || !writes_feeder(t)) continue;
      for (std::uint8_t i = 0; i < t.source_count; ++i) grew = mark(t.sources[i]) || grew;
    }
  }
  for (OpTiming& t : ops) t.tracks_early = any && writes_feeder(t);
}

}  // namespace smsim::timing
