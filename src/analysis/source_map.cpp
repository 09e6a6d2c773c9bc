#include "analysis/source_map.h"

#include <fmt/format.h>

namespace smsim::analysis {

SourceMap source_map(const ptx::Module& module) {
  std::map<std::uint32_t, std::string> files;
  for (const ptx::FileEntry& f : module.files) files[f.index] = f.name;
  SourceMap map;
  for (const ptx::Function& function : module.functions) {
    for (const ptx::Instruction& inst : function.instructions) {
      if (inst.debug_loc == ptx::kNone || inst.debug_loc >= function.debug_locs.size()) continue;
      const ptx::DebugLoc& loc = function.debug_locs[inst.debug_loc];
      if (loc.line == 0) continue;
      const auto file = files.find(loc.file);
      map[inst.loc.line] =
          SourceLine{.file = file != files.end() ? file->second : fmt::format("file{}", loc.file),
                     .line = loc.line};
    }
  }
  return map;
}

std::string source_of(const SourceMap& map, std::uint32_t ptx_line) {
  const auto it = map.find(ptx_line);
  if (it == map.end()) return {};
  return fmt::format("{}:{}", it->second.file, it->second.line);
}

}  // namespace smsim::analysis
