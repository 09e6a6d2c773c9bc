#pragma once
// A conformance program's output, split into its result lines
// (`CASE name hash values...`, keyed by name) and its other lines (printf text,
// RESULT and PROGRAM lines), which are compared in order.

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace smsim::conformance {

struct CaseLine {
  std::string name;
  std::string hash;
  std::vector<std::string> values;  // the first few raw values, in hex
  std::string text;                 // the whole line, for the report
  int line_number = 0;              // 1-based, in its output
};

struct TextLine {
  std::string text;
  int line_number = 0;
};

struct ProgramOutput {
  std::vector<CaseLine> cases;            // in output order
  std::map<std::string, size_t> by_name;  // case name -> index in `cases`
  std::vector<TextLine> text;             // every line that is not a case
  std::vector<std::string> problems;      // malformed or repeated case lines
};

// Splits `output` into lines and parses each. A line starting with "CASE " that
// lacks a name or hash, or repeats an earlier case's name, is kept as text and
// noted in `problems`, so that it still shows up in a diff.
ProgramOutput parse_program_output(std::string_view output);

}  // namespace smsim::conformance
