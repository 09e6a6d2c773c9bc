#pragma once
// Compares a program's output under smsim with its golden, case by case, and
// writes a readable report of every difference.

#include <string>
#include <vector>

#include "program_output.h"

namespace smsim::conformance {

enum class CaseVerdict { kChanged, kMissing, kUnexpected };

struct CaseDifference {
  CaseVerdict verdict;
  std::string name;
  bool approximate = false;  // the case belongs to an operation allowed to differ in its bits
  std::string expected;      // the golden line (empty when unexpected)
  std::string actual;        // smsim's line (empty when missing)
};

struct TextDifference {
  int expected_line = 0;  // 0: no such line in the golden
  int actual_line = 0;    // 0: no such line in smsim's output
  std::string expected;
  std::string actual;
};

struct DiffOptions {
  // Cases whose name starts with one of these are approximate operations (SFU
  // approximations not yet bit-exact): a changed one is reported but does not
  // fail the comparison. Their error bounds are checked separately.
  std::vector<std::string> approximate_prefixes;
};

struct DiffResult {
  std::vector<CaseDifference> cases;
  std::vector<TextDifference> text;
  std::vector<std::string> problems;  // malformed lines in either output
  size_t expected_case_count = 0;
  size_t approximate_case_count = 0;  // approximate cases in the golden
  size_t approximate_mismatches = 0;

  // True when every non-approximate case and every text line is identical.
  bool passed() const;
};

DiffResult diff_outputs(const ProgramOutput& expected, const ProgramOutput& actual,
                        const DiffOptions& options = {});

// The report: one block per difference, then a summary line.
std::string format_report(const DiffResult& result);

}  // namespace smsim::conformance
