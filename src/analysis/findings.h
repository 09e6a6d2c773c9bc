#pragma once
// The PTX lines that waste the most: transactions beyond the fewest the
// active lanes' bytes could need, shared-memory passes beyond the
// conflict-free count, serialized constant passes and divergent branches,
// each with a short human explanation.

#include <cstdint>
#include <string>
#include <vector>

#include "analysis/kernel_profile.h"

namespace smsim::analysis {

struct Finding {
  std::uint32_t ptx_line = 0;
  std::string source;
  std::uint64_t waste = 0;  // extra transactions, passes or divergent branches
  std::string explanation;
};

// At most `limit` lines with waste, worst first (ties: lower PTX line first).
std::vector<Finding> worst_lines(const KernelProfile& profile, std::size_t limit);

// One sentence about a line's counts ("" when nothing is wasted).
std::string explain(const InstructionCounters& counts);

}  // namespace smsim::analysis
