#pragma once
// `smsim annotate`: a module's PTX with each executed line's counts beside
// it and, where `.loc` names a CUDA source line, that line's text before the
// PTX it became.

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "analysis/counters.h"
#include "analysis/source_map.h"

namespace smsim::analysis {

using LineCounts = std::map<std::uint32_t, InstructionCounters>;  // by PTX line

// CUDA source text is read from the files `.file` names, when they exist.
std::string annotate(std::string_view ptx_text, const LineCounts& counts, const SourceMap& sources);

}  // namespace smsim::analysis
