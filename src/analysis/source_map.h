#pragma once
// PTX line -> CUDA source line, from the module's `.file` and `.loc`
// directives (present with -lineinfo or -G): each instruction carries the
// latest `.loc` before it.

#include <cstdint>
#include <map>
#include <string>

#include "ptx/ir.h"

namespace smsim::analysis {

struct SourceLine {
  std::string file;
  std::uint32_t line = 0;
};

using SourceMap = std::map<std::uint32_t, SourceLine>;  // by PTX line

SourceMap source_map(const ptx::Module& module);

// "file:line", or "" when the PTX line has no `.loc`.
std::string source_of(const SourceMap& map, std::uint32_t ptx_line);

}  // namespace smsim::analysis
