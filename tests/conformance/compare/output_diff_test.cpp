#include "output_diff.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace smsim::conformance {
namespace {

constexpr const char* kGolden =
    "PROGRAM demo\n"
    "CASE add@0 00000000000000aa 0001 0002 0003 0004\n"
    "CASE mul@0 00000000000000bb 0010 0020\n"
    "RESULT launch cudaSuccess\n"
    "CASE sin.approx 00000000000000cc 3f800000\n"
    "printf line one\n"
    "printf line two\n";

DiffResult diff(const std::string& golden, const std::string& actual, DiffOptions options = {}) {
  return diff_outputs(parse_program_output(golden), parse_program_output(actual), options);
}

std::string replace(std::string text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << "test input lacks '" << from << "'";
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

TEST(ProgramOutput, SplitsCasesFromText) {
  const ProgramOutput out = parse_program_output(kGolden);
  ASSERT_EQ(out.cases.size(), 3u);
  EXPECT_EQ(out.cases[0].name, "add@0");
  EXPECT_EQ(out.cases[0].hash, "00000000000000aa");
  EXPECT_EQ(out.cases[0].values, (std::vector<std::string>{"0001", "0002", "0003", "0004"}));
  EXPECT_EQ(out.cases[1].line_number, 3);
  ASSERT_EQ(out.text.size(), 4u);
  EXPECT_EQ(out.text[0].text, "PROGRAM demo");
  EXPECT_EQ(out.text[3].line_number, 7);
  EXPECT_TRUE(out.problems.empty());
}

TEST(ProgramOutput, CarriageReturnsAreIgnored) {
  const ProgramOutput out = parse_program_output("CASE a 01 02\r\ntext\r\n");
  ASSERT_EQ(out.cases.size(), 1u);
  EXPECT_EQ(out.cases[0].values, std::vector<std::string>{"02"});
  EXPECT_EQ(out.text[0].text, "text");
}

TEST(ProgramOutput, MalformedAndRepeatedCasesAreProblems) {
  const ProgramOutput out = parse_program_output("CASE lonely\nCASE a 01\nCASE a 02\n");
  ASSERT_EQ(out.problems.size(), 2u);
  EXPECT_NE(out.problems[0].find("needs a name and a hash"), std::string::npos);
  EXPECT_NE(out.problems[1].find("repeats the one on line 2"), std::string::npos);
  EXPECT_EQ(out.cases.size(), 1u);
}

TEST(OutputDiff, EqualOutputsPass) {
  const DiffResult result = diff(kGolden, kGolden);
  EXPECT_TRUE(result.passed());
  EXPECT_TRUE(result.cases.empty());
  EXPECT_TRUE(result.text.empty());
  EXPECT_EQ(format_report(result),
            "PASS: 3 golden cases, 0 changed, 0 missing, 0 unexpected; 0 text lines differ\n");
}

TEST(OutputDiff, ReportsExactlyTheChangedCase) {
  const std::string actual = replace(kGolden, "CASE mul@0 00000000000000bb 0010 0020",
                                     "CASE mul@0 00000000000000bd 0010 0021");
  const DiffResult result = diff(kGolden, actual);
  EXPECT_FALSE(result.passed());
  ASSERT_EQ(result.cases.size(), 1u);
  EXPECT_EQ(result.cases[0].name, "mul@0");
  EXPECT_EQ(result.cases[0].verdict, CaseVerdict::kChanged);
  EXPECT_EQ(format_report(result),
            "case mul@0 differs in hash, value 1\n"
            "  golden: CASE mul@0 00000000000000bb 0010 0020\n"
            "  smsim:  CASE mul@0 00000000000000bd 0010 0021\n"
            "FAIL: 3 golden cases, 1 changed, 0 missing, 0 unexpected; 0 text lines differ\n");
}

TEST(OutputDiff, CaseOrderDoesNotMatter) {
  const std::string swapped =
      "PROGRAM demo\n"
      "CASE mul@0 00000000000000bb 0010 0020\n"
      "CASE add@0 00000000000000aa 0001 0002 0003 0004\n"
      "RESULT launch cudaSuccess\n"
      "CASE sin.approx 00000000000000cc 3f800000\n"
      "printf line one\n"
      "printf line two\n";
  EXPECT_TRUE(diff(kGolden, swapped).passed());
}

TEST(OutputDiff, ReportsMissingAndUnexpectedCases) {
  const std::string actual = replace(kGolden, "CASE add@0", "CASE sub@0");
  const DiffResult result = diff(kGolden, actual);
  ASSERT_EQ(result.cases.size(), 2u);
  EXPECT_EQ(result.cases[0].verdict, CaseVerdict::kMissing);
  EXPECT_EQ(result.cases[0].name, "add@0");
  EXPECT_EQ(result.cases[1].verdict, CaseVerdict::kUnexpected);
  EXPECT_EQ(result.cases[1].name, "sub@0");
  const std::string report = format_report(result);
  EXPECT_NE(report.find("case add@0 is missing from smsim's output"), std::string::npos);
  EXPECT_NE(report.find("case sub@0 is not in the golden"), std::string::npos);
  EXPECT_NE(report.find("FAIL: 3 golden cases, 0 changed, 1 missing, 1 unexpected"),
            std::string::npos);
}

TEST(OutputDiff, TextLinesShowAsUnifiedDiff) {
  const std::string actual = replace(kGolden, "printf line one\n", "printf line 1\ninserted\n");
  const DiffResult result = diff(kGolden, actual);
  EXPECT_FALSE(result.passed());
  EXPECT_TRUE(result.cases.empty());
  ASSERT_EQ(result.text.size(), 2u);
  const std::string report = format_report(result);
  EXPECT_NE(
      report.find("text golden line 6, smsim line 6\n  - printf line one\n  + printf line 1\n"),
      std::string::npos)
      << report;
  EXPECT_NE(report.find("text smsim line 7\n  + inserted\n"), std::string::npos) << report;
}

TEST(OutputDiff, MissingTextLineIsReported) {
  const std::string actual = replace(kGolden, "RESULT launch cudaSuccess\n", "");
  const DiffResult result = diff(kGolden, actual);
  ASSERT_EQ(result.text.size(), 1u);
  EXPECT_EQ(result.text[0].expected_line, 4);
  EXPECT_EQ(result.text[0].actual_line, 0);
  EXPECT_EQ(result.text[0].expected, "RESULT launch cudaSuccess");
}

TEST(OutputDiff, ApproximateCasesMayDifferButAreCounted) {
  const std::string actual =
      replace(kGolden, "00000000000000cc 3f800000", "00000000000000cd 3f800001");
  DiffOptions options;
  options.approximate_prefixes = {"sin.approx"};
  const DiffResult result = diff(kGolden, actual, options);
  EXPECT_TRUE(result.passed());
  EXPECT_EQ(result.approximate_case_count, 1u);
  EXPECT_EQ(result.approximate_mismatches, 1u);
  const std::string report = format_report(result);
  EXPECT_NE(report.find("approximate case sin.approx differs in hash, value 0"), std::string::npos);
  EXPECT_NE(report.find("PASS:"), std::string::npos);
  EXPECT_NE(report.find("approximate cases bit-identical: 0 of 1"), std::string::npos);
  // Without the option the same difference fails.
  EXPECT_FALSE(diff(kGolden, actual).passed());
}

TEST(OutputDiff, MissingApproximateCaseStillFails) {
  const std::string actual = replace(kGolden, "CASE sin.approx 00000000000000cc 3f800000\n", "");
  DiffOptions options;
  options.approximate_prefixes = {"sin"};
  EXPECT_FALSE(diff(kGolden, actual, options).passed());
}

TEST(OutputDiff, MalformedLinesFail) {
  const DiffResult result = diff(kGolden, std::string(kGolden) + "CASE broken\n");
  EXPECT_FALSE(result.passed());
  ASSERT_EQ(result.problems.size(), 1u);
  EXPECT_NE(format_report(result).find("malformed: smsim: line 8"), std::string::npos);
}

// The recorded goldens themselves: every program has one, each parses cleanly,
// and together they hold the suite's promised size.
TEST(Goldens, EveryProgramHasAWellFormedGolden) {
  namespace fs = std::filesystem;
  const fs::path conformance = fs::path(SMSIM_SOURCE_DIR) / "tests" / "conformance";
  const fs::path golden = conformance / "golden" / "h100";
  ASSERT_TRUE(fs::is_directory(golden)) << golden;
  size_t programs = 0, case_lines = 0;
  for (const auto& entry : fs::directory_iterator(conformance / "programs")) {
    if (entry.path().extension() != ".cu") continue;
    ++programs;
    const fs::path out = golden / (entry.path().stem().string() + ".out");
    std::ifstream file(out);
    ASSERT_TRUE(file) << "no golden for " << entry.path().filename() << ": expected " << out;
    std::ostringstream text;
    text << file.rdbuf();
    const ProgramOutput parsed = parse_program_output(text.str());
    EXPECT_TRUE(parsed.problems.empty()) << out << ": " << parsed.problems.front();
    ASSERT_FALSE(parsed.text.empty()) << out;
    EXPECT_EQ(parsed.text.front().text, "PROGRAM " + entry.path().stem().string()) << out;
    case_lines += parsed.cases.size();
  }
  EXPECT_GE(programs, 25u);
  EXPECT_GE(case_lines, 1500u);
}

}  // namespace
}  // namespace smsim::conformance
