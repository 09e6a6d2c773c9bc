#include "analysis/annotate.h"

#include <fmt/format.h>

#include <fstream>
#include <vector>

namespace smsim::analysis {
namespace {

using C = Counter;

// CUDA source files, read once each; a file that cannot be read has no lines.
class SourceFiles {
 public:
  std::string_view line(const std::string& file, std::uint32_t number) {
    auto [it, fresh] = files_.try_emplace(file);
    if (fresh) {
      std::ifstream in(file);
      for (std::string text; std::getline(in, text);) it->second.push_back(text);
    }
    if (number == 0 || number > it->second.size()) return {};
    return it->second[number - 1];
  }

 private:
  std::map<std::string, std::vector<std::string>> files_;
};

double per(std::uint64_t num, std::uint64_t den) {
  return den == 0 ? 0.0 : static_cast<double>(num) / static_cast<double>(den);
}

// "executions lanes | memory and branch counts" for one line.
std::string counts_column(const InstructionCounters& c) {
  std::string mem;
  const auto add = [&](const std::string& part) { mem += (mem.empty() ? "" : " ") + part; };
  if (c[C::global_load_requests] > 0) {
    add(fmt::format("gld {:.1f} sect/req",
                    per(c[C::global_load_sectors], c[C::global_load_requests])));
  }
  if (c[C::global_store_requests] > 0) {
    add(fmt::format("gst {:.1f} sect/req",
                    per(c[C::global_store_sectors], c[C::global_store_requests])));
  }
  if (c[C::shared_load_instructions] > 0) {
    add(fmt::format("sld {:.1f} wf/inst",
                    per(c[C::shared_load_wavefronts], c[C::shared_load_instructions])));
  }
  if (c[C::shared_store_instructions] > 0) {
    add(fmt::format("sst {:.1f} wf/inst",
                    per(c[C::shared_store_wavefronts], c[C::shared_store_instructions])));
  }
  if (c[C::local_load_requests] + c[C::local_store_requests] > 0) {
    add(fmt::format("local {} sect", c[C::local_load_sectors] + c[C::local_store_sectors]));
  }
  if (c[C::constant_requests] > 0) {
    add(fmt::format("const {:.1f} passes/req",
                    per(c[C::constant_passes], c[C::constant_requests])));
  }
  if (c[C::branch_divergent] > 0) {
    add(fmt::format("{} divergent", c[C::branch_divergent]));
  }
  return fmt::format("{:>10} {:>5.1f}  {:<32}", c[C::executions],
                     per(c[C::active_lanes], c[C::executions]), mem);
}

}  // namespace

std::string annotate(std::string_view ptx_text, const LineCounts& counts,
                     const SourceMap& sources) {
  SourceFiles files;
  const std::string blank(50, ' ');
  std::string out =
      fmt::format("{:>10} {:>5}  {:<32}| PTX\n", "warp-inst", "lanes", "memory, branches");
  std::string last_source;
  std::uint32_t number = 0;
  std::size_t start = 0;
  while (start < ptx_text.size()) {
    const std::size_t end = std::min(ptx_text.find('\n', start), ptx_text.size());
    const std::string_view text = ptx_text.substr(start, end - start);
    start = end + 1;
    ++number;
    // Debug sections (-G/-lineinfo DWARF) follow the code and carry no instructions.
    if (text.find(".section") != std::string_view::npos &&
        text.find(".debug") != std::string_view::npos) {
      break;
    }
    if (const auto src = sources.find(number); src != sources.end()) {
      const std::string where = fmt::format("{}:{}", src->second.file, src->second.line);
      if (where != last_source) {
        out += fmt::format("{}| // {}: {}\n", blank, where,
                           files.line(src->second.file, src->second.line));
        last_source = where;
      }
    }
    const auto c = counts.find(number);
    out += (c == counts.end() ? blank : counts_column(c->second)) + "| " + std::string(text) + "\n";
  }
  return out;
}

}  // namespace smsim::analysis
