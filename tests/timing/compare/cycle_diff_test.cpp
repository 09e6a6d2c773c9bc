#include "cycle_diff.h"

#include <gtest/gtest.h>

namespace smsim::timing_check {
namespace {

TEST(CycleDiff, CaseWithinThresholdPasses) {
  const auto r = compare("CASE a 100.00\n", "CASE a 109.00\n", {}, 0.10);
  ASSERT_EQ(r.cases.size(), 1u);
  EXPECT_NEAR(r.cases[0].error, 0.09, 1e-12);
  EXPECT_TRUE(r.passed());
}

TEST(CycleDiff, CaseOutsideThresholdFails) {
  EXPECT_FALSE(compare("CASE a 100.00\n", "CASE a 89.00\n", {}, 0.10).passed());
}

TEST(CycleDiff, MissingCaseFails) {
  const auto r = compare("CASE a 1\nCASE b 2\n", "CASE a 1\n", {}, 0.10);
  EXPECT_TRUE(r.cases[1].missing);
  EXPECT_FALSE(r.passed());
}

TEST(CycleDiff, PendingCaseOutsideThresholdPasses) {
  EXPECT_TRUE(compare("CASE a 100\n", "CASE a 200\n", {"a"}, 0.10).passed());
}

TEST(CycleDiff, PendingCaseNowWithinThresholdFailsSoTheListShrinks) {
  const auto r = compare("CASE a 100\n", "CASE a 101\n", {"a"}, 0.10);
  EXPECT_FALSE(r.passed());
  EXPECT_NE(r.report(0.10).find("remove it from the list"), std::string::npos);
}

TEST(CycleDiff, PendingNameAbsentFromGoldenFails) {
  EXPECT_FALSE(compare("CASE a 100\n", "CASE a 100\n", {"b"}, 0.10).passed());
}

TEST(CycleDiff, PendingLinesSelectTheProgram) {
  const auto names =
      parse_pending("# comment\nmicro_x a why\nmicro_y b why\nmicro_x c why\n", "micro_x");
  EXPECT_EQ(names, (std::vector<std::string>{"a", "c"}));
}

}  // namespace
}  // namespace smsim::timing_check
