#pragma once
// Compares whole kernels under `smsim run --mode timing --report` with their
// Nsight Compute goldens (issue #8, validation 2): each launch's
// gpc__cycles_elapsed.max within a bound, the mean absolute percentage error
// over all launches within another, and every pairwise "which variant is
// faster" ordering inside a family of variants the same as on the hardware,
// where the hardware's repeated runs agree on it (RepeatRuns).
// What is not there yet is listed in a pending file, each line with its
// reason; a listed item that meets its bound fails the check until it leaves
// the list, so the list only shrinks and the bounds never move.

#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "cycle_diff.h"

namespace smsim::timing_check {

inline constexpr const char* kCyclesMetric = "gpc__cycles_elapsed.max";

using Metrics = std::map<std::string, double>;

struct Launch {
  std::string name;
  Metrics metrics;
};

// A golden's `KERNEL name metric value` lines, as launches in the order
// their names first appear.
std::vector<Launch> parse_golden_metrics(const std::string& text);

// A program's `KERNEL name ok|WRONG` lines, in launch order.
struct KernelLine {
  std::string name;
  bool ok = false;
};
std::vector<KernelLine> parse_kernel_lines(const std::string& text);

// The numeric `metrics` of each launch of smsim's JSON report, in launch
// order; nullopt (and `error`) when the text is no such report.
std::optional<std::vector<Metrics>> parse_report_metrics(const std::string& json,
                                                         std::string& error);

// Names a program's launches: the n-th KERNEL line names the n-th launch of
// the report. Adds to `problems` when the counts differ or a line is WRONG.
std::vector<Launch> name_launches(const std::string& program, const std::vector<KernelLine>& lines,
                                  const std::vector<Metrics>& report,
                                  std::vector<std::string>& problems);

// Repeated hardware runs of a program (GOLDEN_DIR/PROGRAM.runs): lines
// `runN KERNEL name metric value`; the cycles of each launch, one per run in
// the file's order of runs.
using RepeatRuns = std::map<std::string, std::vector<double>>;
RepeatRuns parse_golden_runs(const std::string& text);

// Pending lines: `kernel NAME reason`, `order NAME NAME reason`, `mape reason`.
struct KernelPending {
  std::set<std::string> kernels;
  std::set<std::pair<std::string, std::string>> orders;  // each pair sorted by name
  bool mape = false;
  std::vector<std::string> malformed;  // lines that are none of these
};
KernelPending parse_kernel_pending(const std::string& text);

// Family lines: `family NAME PREFIX`: the launches whose names start with
// PREFIX are variants of one computation, ordered pairwise.
struct Family {
  std::string name;
  std::string prefix;
};
std::vector<Family> parse_families(const std::string& text);

// A launch's cycles against the golden (as a microbenchmark case), with all
// its metrics for the information columns.
struct KernelResult : CaseResult {
  Metrics golden_metrics;
  Metrics actual_metrics;
};

struct OrderResult {
  std::string family;
  std::string faster;  // on the hardware
  std::string slower;
  double faster_actual = 0.0;  // their smsim cycles
  double slower_actual = 0.0;
  bool same = false;  // smsim orders them the same way (a tie is not)
  bool pending = false;
  // Whether the hardware orders them at all: every recorded run puts the same
  // one first and their median cycles are at least Bounds::order_margin
  // apart. Pairs that flip between runs of the H100 are no property of it
  // and are shown, not checked.
  bool compared = true;
  double hardware_gap = 0.0;  // (slower - faster) / faster, medians over the runs
  std::size_t runs = 1;
};

struct Bounds {
  double per_kernel = 0.20;
  double mape = 0.15;
  double order_margin = 0.02;
};

struct KernelComparison {
  std::vector<KernelResult> kernels;
  std::vector<OrderResult> orders;
  double mape = 0.0;
  bool mape_pending = false;
  Bounds bounds;
  std::vector<std::string> problems;  // each fails the check
  bool passed() const;
  std::string report() const;
};

// `golden` and `actual` hold every program's launches; `runs` the cycles of
// further hardware runs (the golden's own is the first sample of each pair).
// Per launch, the golden's cycles are the reference of the bounds; a pair is
// ordered only where all runs agree and the medians lie order_margin apart.
KernelComparison compare_kernels(const std::vector<Launch>& golden,
                                 const std::vector<Launch>& actual,
                                 const std::vector<Family>& families, const KernelPending& pending,
                                 Bounds bounds, const RepeatRuns& runs = {});

}  // namespace smsim::timing_check
