#pragma once
// Why a timed launch stopped, as precisely as the functional engine says it:
// the watchdog names the block, warp and PTX line it stopped at (and the
// simulated cycle), a deadlock the barriers and warps that wait.

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "func/exec/launch_types.h"
#include "timing/sm_state.h"

namespace smsim::timing {

// The watchdog's error: `what` ran out at simulated cycle `now`. It names,
// of the live warps, the one whose scheduler issued it latest (the lowest SM
// and sub-partition among equals), at the PTX line of its next instruction.
func::LaunchError watchdog_error(const func::LaunchState& launch, std::span<const SmState> sms,
                                 const std::string& what, std::uint64_t now);

// The deadlock of the first live block (SM order): its barriers, or, for a
// block of a cluster, the cluster barrier and every block of the cluster, in
// the functional engine's words. Nothing when no block is live.
std::optional<func::LaunchError> deadlock_error(const func::LaunchState& launch,
                                                std::span<const SmState> sms);

}  // namespace smsim::timing
