#pragma once
// One launch's analysis, per kernel and per PTX line, and its metrics under
// Nsight Compute's names.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/counters.h"
#include "analysis/source_map.h"
#include "func/decode/decoded_kernel.h"
#include "func/exec/launch_types.h"

namespace smsim::analysis {

struct LineProfile {
  std::uint32_t ptx_line = 0;
  std::string source;  // "file:line" from .loc, or ""
  InstructionCounters counts;
};

struct KernelProfile {
  std::string name;  // mangled
  func::Dim3 grid, block;
  InstructionCounters totals;
  std::vector<LineProfile> lines;  // ascending PTX line; lines that never ran are left out
};

KernelProfile make_profile(std::string name, const func::Dim3& grid, const func::Dim3& block,
                           const func::DecodedKernel& kernel, const KernelCounters& counters,
                           const SourceMap& sources);

struct Metric {
  std::string_view name;
  double value = 0;
  bool integral = true;  // a count (printed without a fraction)
  std::string_view explanation;
};

// ncu's metric names where smsim counts the same thing (for the modeled
// GPU's rules), then smsim__ metrics for what ncu has no name for.
std::vector<Metric> metrics(const InstructionCounters& totals);

}  // namespace smsim::analysis
