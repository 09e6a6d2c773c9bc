#pragma once
// How one warp-level branch went: every running lane took it, none did, or
// the warp split (divergence, Handbook §8.4.2).

#include <cstdint>

namespace smsim::analysis {

enum class BranchOutcome : std::uint8_t { taken, not_taken, divergent };

// `running`: lanes that reached the branch; `taken`: those whose guard held.
constexpr BranchOutcome branch_outcome(std::uint32_t running, std::uint32_t taken) {
  taken &= running;
  if (taken == running) return BranchOutcome::taken;
  if (taken == 0) return BranchOutcome::not_taken;
  return BranchOutcome::divergent;
}

}  // namespace smsim::analysis
