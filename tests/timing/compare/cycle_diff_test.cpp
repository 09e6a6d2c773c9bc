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

TEST(CycleDiff, MedianOfRunsPoolsEveryRecordingOfACase) {
  // Three runs of one recording and five of a later one: the median of all eight (an even
  // count: the mean of the middle two), not of either recording.
  const auto medians = median_of_runs(
      {"run1: CASE a 19.20\nrun2: CASE a 19.27\nrun3: CASE a 19.23\nrun1: CASE b 7\n",
       "run1: CASE a 21.55\nrun2: CASE a 21.57\nrun3: CASE a 21.55\nrun4: CASE a 21.53\n"
       "run5: CASE a 21.60\nnoise line\n"});
  ASSERT_EQ(medians.size(), 2u);
  EXPECT_NEAR(medians.at("a"), (21.53 + 21.55) / 2.0, 1e-12);
  EXPECT_DOUBLE_EQ(medians.at("b"), 7.0);
}

TEST(CycleDiff, ReferenceIsTheRunsMedianWhereThereAreRuns) {
  const auto want = reference_cases("CASE a 100\nCASE b 50\n", {{"a", 120.0}, {"z", 1.0}});
  ASSERT_EQ(want.size(), 2u);  // the golden names the cases; a run of another case adds none
  EXPECT_DOUBLE_EQ(want.at("a"), 120.0);
  EXPECT_DOUBLE_EQ(want.at("b"), 50.0);
  EXPECT_TRUE(compare(want, "CASE a 125\nCASE b 50\n", {}, 0.10).passed());
  // 100 equals the golden's value but is 17% under the runs' median.
  EXPECT_FALSE(compare(want, "CASE a 100\nCASE b 50\n", {}, 0.10).passed());
}

}  // namespace
}  // namespace smsim::timing_check
