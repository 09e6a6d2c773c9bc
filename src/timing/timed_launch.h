#pragma once
// Runs a grid under the cycle model: the model decides when each warp issues
// its next instruction, and the functional engine executes it at that moment
// (execution-driven), so values are exactly those of a functional launch and
// %clock64 reads the simulated cycle. One host thread; the result does not
// depend on anything but the inputs.

#include <cstdint>
#include <span>

#include "func/decode/decoded_kernel.h"
#include "func/exec/launch.h"
#include "func/exec/launch_types.h"
#include "func/memory/device_memory.h"
#include "timing/address_translation.h"
#include "timing/stall_reason.h"
#include "timing/timing_params.h"

namespace smsim::timing {

struct TimedLaunchResult {
  func::LaunchResult launch;
  TimingStats timing;
};

// `blocks_per_sm`: how many blocks of this launch fit on one SM at once (the
// occupancy calculator's answer for the kernel's registers and shared memory).
// `heap` serves malloc/free in kernels, as in func::launch_kernel.
// `translation`: the device's address-translation state, which the launch
// reads and extends (nullptr: every address counts as translated).
TimedLaunchResult launch_timed(const func::DecodedKernel& kernel, const func::LaunchConfig& config,
                               const func::LaunchOptions& options, func::DeviceMemory& memory,
                               std::span<const std::byte> params, const TimingParams& timing,
                               std::uint32_t blocks_per_sm, const func::LaunchLimits& limits = {},
                               func::DeviceHeap* heap = nullptr,
                               AddressTranslation* translation = nullptr);

}  // namespace smsim::timing
