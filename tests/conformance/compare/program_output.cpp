#include "program_output.h"

#include <sstream>

namespace smsim::conformance {
namespace {

constexpr std::string_view kCasePrefix = "CASE ";

std::vector<std::string> split_words(std::string_view line) {
  std::vector<std::string> words;
  std::istringstream stream{std::string(line)};
  for (std::string word; stream >> word;) words.push_back(word);
  return words;
}

}  // namespace

ProgramOutput parse_program_output(std::string_view output) {
  ProgramOutput result;
  int line_number = 0;
  size_t start = 0;
  while (start < output.size()) {
    size_t end = output.find('\n', start);
    if (end == std::string_view::npos) end = output.size();
    std::string_view line = output.substr(start, end - start);
    start = end + 1;
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (!line.starts_with(kCasePrefix)) {
      result.text.push_back({std::string(line), line_number});
      continue;
    }
    std::vector<std::string> words = split_words(line);
    if (words.size() < 3) {
      result.problems.push_back("line " + std::to_string(line_number) +
                                ": a CASE line needs a name and a hash: '" + std::string(line) +
                                "'");
      result.text.push_back({std::string(line), line_number});
      continue;
    }
    if (result.by_name.contains(words[1])) {
      result.problems.push_back("line " + std::to_string(line_number) + ": case '" + words[1] +
                                "' repeats the one on line " +
                                std::to_string(result.cases[result.by_name[words[1]]].line_number));
      result.text.push_back({std::string(line), line_number});
      continue;
    }
    CaseLine parsed{.name = words[1],
                    .hash = words[2],
                    .values = std::vector<std::string>(words.begin() + 3, words.end()),
                    .text = std::string(line),
                    .line_number = line_number};
    result.by_name.emplace(parsed.name, result.cases.size());
    result.cases.push_back(std::move(parsed));
  }
  return result;
}

}  // namespace smsim::conformance
