#pragma once
// How long a warp sleeps at nanosleep in the cycle model. PTX promises a
// sleep of at most the given time (up to 1 ms), so the model sleeps that
// upper bound, as the longest request among the warp's active lanes, at the
// SM clock the cycles count.

#include <algorithm>
#include <cstdint>

#include "func/exec/exec_context.h"

namespace smsim::timing {

inline constexpr std::uint64_t kMaxSleepNs = 1'000'000;  // PTX ISA "nanosleep": 1 ms at most

constexpr std::uint64_t sleep_ns_to_cycles(std::uint64_t ns, std::uint32_t sm_clock_mhz) {
  return (std::min(ns, kMaxSleepNs) * sm_clock_mhz + 999) / 1000;
}

inline std::uint64_t sleep_cycles(const func::ExecContext& c, const func::DecodedInstruction& in,
                                  std::uint32_t mask, std::uint32_t sm_clock_mhz) {
  std::uint64_t ns = 0;
  for (std::uint32_t m = mask; m != 0; m &= m - 1) {
    const auto lane = static_cast<unsigned>(__builtin_ctz(m));
    ns = std::max<std::uint64_t>(ns, static_cast<std::uint32_t>(func::read(c, in.src[0], lane)));
  }
  return sleep_ns_to_cycles(ns, sm_clock_mhz);
}

}  // namespace smsim::timing
