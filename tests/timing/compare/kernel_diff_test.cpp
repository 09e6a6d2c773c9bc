#include "kernel_diff.h"

#include <gtest/gtest.h>

namespace smsim::timing_check {
namespace {

std::vector<Launch> launches(std::initializer_list<std::pair<const char*, double>> cycles) {
  std::vector<Launch> out;
  for (const auto& [name, value] : cycles) out.push_back({name, {{kCyclesMetric, value}}});
  return out;
}

const std::vector<Family> kFamilies = {{"copy", "copy_"}};

TEST(KernelDiff, GoldenMetricsGroupByLaunchInOrder) {
  const auto l = parse_golden_metrics(
      "KERNEL b gpc__cycles_elapsed.max 10\nKERNEL b dram__bytes_read.sum 64\n"
      "KERNEL a gpc__cycles_elapsed.max 20\n");
  ASSERT_EQ(l.size(), 2u);
  EXPECT_EQ(l[0].name, "b");
  EXPECT_EQ(l[0].metrics.at("dram__bytes_read.sum"), 64.0);
  EXPECT_EQ(l[1].metrics.at(kCyclesMetric), 20.0);
}

TEST(KernelDiff, ReportMetricsAreReadPerLaunch) {
  std::string error;
  const auto m = parse_report_metrics(
      R"({"launches": [{"kernel": "k", "metrics": {"gpc__cycles_elapsed.max": 5000,
          "stall_warp_cycles": {"wait": 3}}}, {"kernel": "f"}]})",
      error);
  ASSERT_TRUE(m.has_value());
  ASSERT_EQ(m->size(), 2u);
  EXPECT_EQ(m->at(0).at(kCyclesMetric), 5000.0);
  EXPECT_TRUE(m->at(1).empty());
  EXPECT_FALSE(parse_report_metrics("{oops", error).has_value());
  EXPECT_FALSE(error.empty());
}

TEST(KernelDiff, LaunchesTakeTheNamesOfTheKernelLines) {
  std::vector<std::string> problems;
  const auto named = name_launches("p", parse_kernel_lines("x\nKERNEL a ok\nKERNEL b WRONG\n"),
                                   {{{kCyclesMetric, 1.0}}, {{kCyclesMetric, 2.0}}}, problems);
  ASSERT_EQ(named.size(), 2u);
  EXPECT_EQ(named[1].name, "b");
  ASSERT_EQ(problems.size(), 1u);  // b is WRONG
  problems.clear();
  name_launches("p", parse_kernel_lines("KERNEL a ok\n"), {}, problems);
  EXPECT_EQ(problems.size(), 1u);  // one line, no launch
}

TEST(KernelDiff, WithinBoundsAndSameOrderPasses) {
  const auto r = compare_kernels(launches({{"copy_a", 100}, {"copy_b", 200}}),
                                 launches({{"copy_a", 110}, {"copy_b", 190}}), kFamilies, {}, {});
  EXPECT_NEAR(r.mape, 0.075, 1e-12);
  ASSERT_EQ(r.orders.size(), 1u);
  EXPECT_EQ(r.orders[0].faster, "copy_a");
  EXPECT_TRUE(r.orders[0].same);
  EXPECT_TRUE(r.passed()) << r.report();
}

TEST(KernelDiff, KernelOutsideItsBoundFails) {
  const auto r = compare_kernels(launches({{"k", 100}, {"j", 100}, {"i", 100}}),
                                 launches({{"k", 121}, {"j", 100}, {"i", 100}}), {}, {}, {});
  EXPECT_LT(r.mape, 0.15);
  EXPECT_FALSE(r.passed());
}

TEST(KernelDiff, MapeOutsideItsBoundFailsEvenWithEveryKernelWithin) {
  const auto r = compare_kernels(launches({{"k", 100}, {"j", 100}}),
                                 launches({{"k", 119}, {"j", 82}}), {}, {}, {});
  EXPECT_TRUE(r.kernels[0].within && r.kernels[1].within);
  EXPECT_FALSE(r.passed());
}

TEST(KernelDiff, ReversedOrderFailsUnlessPending) {
  const auto golden = launches({{"copy_a", 100}, {"copy_b", 105}});
  const auto actual = launches({{"copy_a", 104}, {"copy_b", 101}});
  EXPECT_FALSE(compare_kernels(golden, actual, kFamilies, {}, {}).passed());
  const KernelPending pending = parse_kernel_pending("order copy_b copy_a noise\n");
  EXPECT_TRUE(compare_kernels(golden, actual, kFamilies, pending, {}).passed());
}

TEST(KernelDiff, PendingItemThatMeetsItsBoundFailsSoTheListShrinks) {
  const auto golden = launches({{"copy_a", 100}, {"copy_b", 200}});
  const auto actual = launches({{"copy_a", 100}, {"copy_b", 200}});
  for (const char* text : {"kernel copy_a why\n", "order copy_a copy_b why\n", "mape why\n"}) {
    const auto r = compare_kernels(golden, actual, kFamilies, parse_kernel_pending(text), {});
    EXPECT_FALSE(r.passed()) << text;
    EXPECT_NE(r.report().find("remove it from the list"), std::string::npos) << text;
  }
}

TEST(KernelDiff, PendingKernelOutsideItsBoundPasses) {
  const auto r = compare_kernels(launches({{"k", 100}, {"j", 100}, {"i", 100}, {"h", 100}}),
                                 launches({{"k", 150}, {"j", 100}, {"i", 100}, {"h", 100}}), {},
                                 parse_kernel_pending("kernel k why\n"), {});
  EXPECT_TRUE(r.passed()) << r.report();
}

TEST(KernelDiff, MissingLaunchFailsAndCountsFullyInTheMean) {
  const auto r =
      compare_kernels(launches({{"k", 100}, {"j", 100}}), launches({{"k", 100}}), {}, {}, {});
  EXPECT_TRUE(r.kernels[1].missing);
  EXPECT_NEAR(r.mape, 0.5, 1e-12);
  EXPECT_FALSE(r.passed());
}

TEST(KernelDiff, UnknownOrMalformedPendingLinesFail) {
  const auto golden = launches({{"copy_a", 100}, {"other", 200}});
  for (const char* text :
       {"kernel nothere why\n", "order copy_a other why\n", "kernel\n", "frobnicate a b\n"}) {
    EXPECT_FALSE(
        compare_kernels(golden, golden, kFamilies, parse_kernel_pending(text), {}).passed())
        << text;
  }
}

TEST(KernelDiff, EqualHardwareCyclesImposeNoOrder) {
  const auto r = compare_kernels(launches({{"copy_a", 100}, {"copy_b", 100}}),
                                 launches({{"copy_a", 101}, {"copy_b", 99}}), kFamilies, {}, {});
  EXPECT_TRUE(r.orders.empty());
  EXPECT_TRUE(r.passed());
}

TEST(KernelDiff, RunsFileGivesEachLaunchItsCyclesPerRun) {
  const RepeatRuns runs = parse_golden_runs(
      "run1 KERNEL copy_a gpc__cycles_elapsed.max 10\nrun1 KERNEL copy_a lts__t_sectors.sum 7\n"
      "run2 KERNEL copy_a gpc__cycles_elapsed.max 12\nnoise\n");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs.at("copy_a"), (std::vector<double>{10, 12}));
}

TEST(KernelDiff, PairThatFlipsBetweenHardwareRunsIsNotOrdered) {
  // The golden has a faster, a second run b: the H100 does not order them.
  const auto golden = launches({{"copy_a", 100}, {"copy_b", 110}});
  const RepeatRuns runs = {{"copy_a", {112, 104}}, {"copy_b", {105, 110}}};
  const auto actual = launches({{"copy_a", 120}, {"copy_b", 100}});
  const auto r = compare_kernels(golden, actual, kFamilies, {}, {}, runs);
  ASSERT_EQ(r.orders.size(), 1u);
  EXPECT_FALSE(r.orders[0].compared);
  EXPECT_EQ(r.orders[0].runs, 3u);
  EXPECT_TRUE(r.passed()) << r.report();
  // Once the runs agree, the reversed order fails.
  const RepeatRuns agreeing = {{"copy_a", {101, 99}}, {"copy_b", {111, 108}}};
  EXPECT_FALSE(compare_kernels(golden, actual, kFamilies, {}, {}, agreeing).passed());
}

TEST(KernelDiff, PairCloserThanTheMarginIsNotOrderedEvenWhenRunsAgree) {
  const auto golden = launches({{"copy_a", 1000}, {"copy_b", 1015}});
  const RepeatRuns runs = {{"copy_a", {1001}}, {"copy_b", {1016}}};
  const auto actual = launches({{"copy_a", 1100}, {"copy_b", 1000}});
  const auto r = compare_kernels(golden, actual, kFamilies, {}, {}, runs);
  ASSERT_EQ(r.orders.size(), 1u);
  EXPECT_FALSE(r.orders[0].compared);
  EXPECT_TRUE(r.passed()) << r.report();
  // A pending line for a pair that is not compared must go.
  EXPECT_FALSE(compare_kernels(golden, actual, kFamilies,
                               parse_kernel_pending("order copy_a copy_b why\n"), {}, runs)
                   .passed());
}

TEST(KernelDiff, TheMedianOfTheRunsDecidesWhichIsFaster) {
  // Every run agrees that b is faster; the gap is that of the medians.
  const auto golden = launches({{"copy_a", 100}, {"copy_b", 90}});
  const RepeatRuns runs = {{"copy_a", {101, 102}}, {"copy_b", {91, 92}}};
  const auto r = compare_kernels(golden, launches({{"copy_a", 100}, {"copy_b", 90}}), kFamilies,
                                 {}, {}, runs);
  ASSERT_EQ(r.orders.size(), 1u);
  EXPECT_EQ(r.orders[0].faster, "copy_b");
  EXPECT_TRUE(r.orders[0].compared);
  EXPECT_NEAR(r.orders[0].hardware_gap, 101.0 / 91.0 - 1.0, 1e-12);
}

}  // namespace
}  // namespace smsim::timing_check
