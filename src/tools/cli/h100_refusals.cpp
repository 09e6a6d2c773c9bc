#include "tools/cli/h100_refusals.h"

#include <fmt/format.h>

#include <algorithm>
#include <sstream>

#include "tools/cli/text_file.h"

namespace smsim::cli {
namespace {

std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> fields;
  std::size_t start = 0;
  while (true) {
    const std::size_t tab = line.find('\t', start);
    fields.push_back(line.substr(start, tab == std::string::npos ? tab : tab - start));
    if (tab == std::string::npos) return fields;
    start = tab + 1;
  }
}

bool contains(const std::vector<std::string>& sorted, const std::string& key) {
  return std::binary_search(sorted.begin(), sorted.end(), key);
}

}  // namespace

bool read_h100_refusals(const std::string& path, std::vector<H100Refusal>& out,
                        std::string& error) {
  std::string text;
  if (!read_text_file(path, text)) {
    error = fmt::format("cannot read '{}'", path);
    return false;
  }
  std::istringstream lines(text);
  std::string line;
  std::size_t number = 0;
  while (std::getline(lines, line)) {
    ++number;
    if (line.empty() || line.front() == '#') continue;
    const std::vector<std::string> f = split_tabs(line);
    auto form = f.size() == 6 ? isa::parse_form(f[0] + '\t' + f[1] + '\t' + f[2]) : std::nullopt;
    if (!form || f[3].empty() || f[4].empty() || f[5].find(':') == std::string::npos) {
      error = fmt::format(
          "{}:{}: not an entry (form<TAB>behaviour<TAB>evidence file<TAB>test FILE:NAME)", path,
          number);
      return false;
    }
    out.push_back(H100Refusal{.form = std::move(*form),
                              .behaviour = f[3],
                              .evidence = f[4],
                              .test = f[5],
                              .line = number});
  }
  return true;
}

std::string check_h100_refusal(const H100Refusal& r, const std::vector<std::string>& catalog,
                               const std::vector<std::string>& exercised) {
  const std::string key = isa::format_form(r.form);
  const std::string name = isa::form_ptx_spelling(r.form);
  if (!contains(catalog, key)) return fmt::format("{} is not a catalog form", name);
  if (contains(exercised, key)) {
    return fmt::format("{} was executed, so the H100's refusal does not hold for smsim", name);
  }
  std::string text;
  if (!read_text_file(r.evidence, text)) {
    return fmt::format("{}: evidence file '{}' cannot be read", name, r.evidence);
  }
  const std::size_t colon = r.test.rfind(':');
  const std::string file = r.test.substr(0, colon), test = r.test.substr(colon + 1);
  if (!read_text_file(file, text)) return fmt::format("{}: test file '{}' cannot be read", name, file);
  if (test.empty() || text.find(test) == std::string::npos) {
    return fmt::format("{}: '{}' holds no test named '{}'", name, file, test);
  }
  return {};
}

}  // namespace smsim::cli
