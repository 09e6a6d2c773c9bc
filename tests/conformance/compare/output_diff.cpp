#include "output_diff.h"

#include <algorithm>
#include <sstream>

namespace smsim::conformance {
namespace {

// Above this many cells, text lines are compared position by position rather
// than aligned with a longest-common-subsequence table.
constexpr size_t kMaxAlignmentCells = 4'000'000;

bool is_approximate(const std::string& name, const DiffOptions& options) {
  return std::any_of(options.approximate_prefixes.begin(), options.approximate_prefixes.end(),
                     [&](const std::string& prefix) { return name.starts_with(prefix); });
}

void diff_cases(const ProgramOutput& expected, const ProgramOutput& actual,
                const DiffOptions& options, DiffResult& result) {
  for (const CaseLine& want : expected.cases) {
    const bool approximate = is_approximate(want.name, options);
    if (approximate) ++result.approximate_case_count;
    const auto found = actual.by_name.find(want.name);
    if (found == actual.by_name.end()) {
      result.cases.push_back({CaseVerdict::kMissing, want.name, approximate, want.text, ""});
      if (approximate) ++result.approximate_mismatches;
      continue;
    }
    const CaseLine& got = actual.cases[found->second];
    if (got.hash == want.hash && got.values == want.values) continue;
    result.cases.push_back({CaseVerdict::kChanged, want.name, approximate, want.text, got.text});
    if (approximate) ++result.approximate_mismatches;
  }
  for (const CaseLine& got : actual.cases) {
    if (!expected.by_name.contains(got.name)) {
      result.cases.push_back({CaseVerdict::kUnexpected, got.name, false, "", got.text});
    }
  }
}

// Pairs a run of golden-only lines with a run of smsim-only lines: the first
// ones as changed lines, the rest as missing or extra.
void flush_run(const std::vector<const TextLine*>& removed,
               const std::vector<const TextLine*>& added, DiffResult& result) {
  const size_t paired = std::min(removed.size(), added.size());
  for (size_t i = 0; i < paired; ++i) {
    result.text.push_back(
        {removed[i]->line_number, added[i]->line_number, removed[i]->text, added[i]->text});
  }
  for (size_t i = paired; i < removed.size(); ++i) {
    result.text.push_back({removed[i]->line_number, 0, removed[i]->text, ""});
  }
  for (size_t i = paired; i < added.size(); ++i) {
    result.text.push_back({0, added[i]->line_number, "", added[i]->text});
  }
}

void diff_text_by_position(const std::vector<TextLine>& want, const std::vector<TextLine>& got,
                           DiffResult& result) {
  const size_t common = std::min(want.size(), got.size());
  for (size_t i = 0; i < common; ++i) {
    if (want[i].text != got[i].text) {
      result.text.push_back({want[i].line_number, got[i].line_number, want[i].text, got[i].text});
    }
  }
  for (size_t i = common; i < want.size(); ++i)
    result.text.push_back({want[i].line_number, 0, want[i].text, ""});
  for (size_t i = common; i < got.size(); ++i)
    result.text.push_back({0, got[i].line_number, "", got[i].text});
}

void diff_text(const std::vector<TextLine>& want, const std::vector<TextLine>& got,
               DiffResult& result) {
  const size_t n = want.size(), m = got.size();
  if ((n + 1) * (m + 1) > kMaxAlignmentCells) {
    diff_text_by_position(want, got, result);
    return;
  }
  // lcs[i][j]: length of the longest common subsequence of want[i..] and got[j..].
  std::vector<std::vector<unsigned>> lcs(n + 1, std::vector<unsigned>(m + 1, 0));
  for (size_t i = n; i-- > 0;) {
    for (size_t j = m; j-- > 0;) {
      lcs[i][j] = want[i].text == got[j].text ? lcs[i + 1][j + 1] + 1
                                              : std::max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  std::vector<const TextLine*> removed, added;
  size_t i = 0, j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && want[i].text == got[j].text) {
      flush_run(removed, added, result);
      removed.clear();
      added.clear();
      ++i;
      ++j;
    } else if (j < m && (i == n || lcs[i][j + 1] >= lcs[i + 1][j])) {
      added.push_back(&got[j++]);
    } else {
      removed.push_back(&want[i++]);
    }
  }
  flush_run(removed, added, result);
}

// Names the fields of a changed case line that differ: "hash", "value 2", ...
std::string differing_fields(const std::string& expected, const std::string& actual) {
  const ProgramOutput want = parse_program_output(expected);
  const ProgramOutput got = parse_program_output(actual);
  if (want.cases.empty() || got.cases.empty()) return "the line";
  const CaseLine& a = want.cases.front();
  const CaseLine& b = got.cases.front();
  std::vector<std::string> fields;
  if (a.hash != b.hash) fields.push_back("hash");
  const size_t count = std::max(a.values.size(), b.values.size());
  for (size_t k = 0; k < count; ++k) {
    const bool same = k < a.values.size() && k < b.values.size() && a.values[k] == b.values[k];
    if (!same) fields.push_back("value " + std::to_string(k));
  }
  std::string joined;
  for (const std::string& f : fields) joined += (joined.empty() ? "" : ", ") + f;
  return joined.empty() ? "nothing" : joined;
}

}  // namespace

bool DiffResult::passed() const {
  const bool cases_pass = std::all_of(cases.begin(), cases.end(), [](const CaseDifference& d) {
    return d.approximate && d.verdict == CaseVerdict::kChanged;
  });
  return cases_pass && text.empty() && problems.empty();
}

DiffResult diff_outputs(const ProgramOutput& expected, const ProgramOutput& actual,
                        const DiffOptions& options) {
  DiffResult result;
  result.expected_case_count = expected.cases.size();
  for (const std::string& p : expected.problems) result.problems.push_back("golden: " + p);
  for (const std::string& p : actual.problems) result.problems.push_back("smsim: " + p);
  diff_cases(expected, actual, options, result);
  diff_text(expected.text, actual.text, result);
  return result;
}

std::string format_report(const DiffResult& result) {
  std::ostringstream out;
  size_t changed = 0, missing = 0, unexpected = 0;
  for (const CaseDifference& d : result.cases) {
    switch (d.verdict) {
      case CaseVerdict::kChanged:
        ++changed;
        out << (d.approximate ? "approximate case " : "case ") << d.name << " differs in "
            << differing_fields(d.expected, d.actual) << "\n"
            << "  golden: " << d.expected << "\n"
            << "  smsim:  " << d.actual << "\n";
        break;
      case CaseVerdict::kMissing:
        ++missing;
        out << "case " << d.name << " is missing from smsim's output\n  golden: " << d.expected
            << "\n";
        break;
      case CaseVerdict::kUnexpected:
        ++unexpected;
        out << "case " << d.name << " is not in the golden\n  smsim:  " << d.actual << "\n";
        break;
    }
  }
  for (const TextDifference& t : result.text) {
    out << "text";
    if (t.expected_line) out << " golden line " << t.expected_line;
    if (t.actual_line) out << (t.expected_line ? "," : "") << " smsim line " << t.actual_line;
    out << "\n";
    if (t.expected_line) out << "  - " << t.expected << "\n";
    if (t.actual_line) out << "  + " << t.actual << "\n";
  }
  for (const std::string& p : result.problems) out << "malformed: " << p << "\n";
  out << (result.passed() ? "PASS" : "FAIL") << ": " << result.expected_case_count
      << " golden cases, " << changed << " changed, " << missing << " missing, " << unexpected
      << " unexpected; " << result.text.size() << " text lines differ";
  if (result.approximate_case_count) {
    out << "; approximate cases bit-identical: "
        << result.approximate_case_count - result.approximate_mismatches << " of "
        << result.approximate_case_count;
  }
  out << "\n";
  return out.str();
}

}  // namespace smsim::conformance
