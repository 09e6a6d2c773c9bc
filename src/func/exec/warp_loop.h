#pragma once
// The inner execution loop: runs one warp until it cannot go on (all exited,
// waiting at a barrier), its time slice ends, or an error stops the launch.

#include <array>
#include <cstdint>

#include "func/exec/exec_context.h"
#include "func/exec/observer.h"

namespace smsim::func {

struct WarpCounters {
  std::uint64_t thread_instructions = 0;
  std::array<std::uint64_t, isa::kOpcodeCount> per_opcode{};
  // Opcode coverage (func/exec/opcode_coverage.h): one byte per instruction,
  // set once it runs with at least one lane; null unless recording.
  std::uint8_t* executed_at = nullptr;
};

// Returns the number of warp-instructions executed. With an observer, each
// issued instruction is reported to it first.
std::uint64_t run_warp(ExecContext& c, std::uint64_t slice, WarpCounters& counters,
                       WarpObserver* observer = nullptr);

}  // namespace smsim::func
