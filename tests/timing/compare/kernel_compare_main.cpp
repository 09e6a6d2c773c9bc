// kernel_compare FAMILIES PENDING GOLDEN_DIR RUN_DIR PROGRAM...: compares the
// kernels of each PROGRAM (RUN_DIR/PROGRAM.out: its output under smsim,
// RUN_DIR/PROGRAM.json: its --report) with GOLDEN_DIR/PROGRAM.metrics (and the
// repeated hardware runs of GOLDEN_DIR/PROGRAM.runs where there is one); prints
// the table and exits 0 when every bound is met or pending (kernel_diff.h).
#include <cstdio>
#include <string>

#include "kernel_diff.h"
#include "text_file.h"

int main(int argc, char** argv) {
  namespace tc = smsim::timing_check;
  if (argc < 6) {
    std::fprintf(stderr, "usage: kernel_compare FAMILIES PENDING GOLDEN_DIR RUN_DIR PROGRAM...\n");
    return 2;
  }
  std::string families_text, pending_text;
  if (!tc::read_text_file(argv[1], families_text) || !tc::read_text_file(argv[2], pending_text)) {
    std::fprintf(stderr, "kernel_compare: cannot read %s or %s\n", argv[1], argv[2]);
    return 2;
  }
  const std::string golden_dir = argv[3];
  const std::string run_dir = argv[4];
  std::vector<tc::Launch> golden, actual;
  tc::RepeatRuns runs;
  std::vector<std::string> problems;
  for (int i = 5; i < argc; ++i) {
    const std::string program = argv[i];
    std::string metrics, out, json, error;
    if (!tc::read_text_file(golden_dir + "/" + program + ".metrics", metrics) ||
        !tc::read_text_file(run_dir + "/" + program + ".out", out) ||
        !tc::read_text_file(run_dir + "/" + program + ".json", json)) {
      std::fprintf(stderr, "kernel_compare: %s: missing golden metrics, output or report\n",
                   program.c_str());
      return 2;
    }
    for (tc::Launch& l : tc::parse_golden_metrics(metrics)) golden.push_back(std::move(l));
    // Further hardware runs are optional: without them the golden alone orders the pairs.
    std::string runs_text;
    if (tc::read_text_file(golden_dir + "/" + program + ".runs", runs_text)) {
      for (auto& [name, cycles] : tc::parse_golden_runs(runs_text)) runs[name] = std::move(cycles);
    }
    const auto report = tc::parse_report_metrics(json, error);
    if (!report) {
      problems.push_back(program + ": " + error);
      continue;
    }
    for (tc::Launch& l :
         tc::name_launches(program, tc::parse_kernel_lines(out), *report, problems)) {
      actual.push_back(std::move(l));
    }
  }
  auto result = tc::compare_kernels(golden, actual, tc::parse_families(families_text),
                                    tc::parse_kernel_pending(pending_text), tc::Bounds{}, runs);
  result.problems.insert(result.problems.end(), problems.begin(), problems.end());
  std::fputs(result.report().c_str(), stdout);
  return result.passed() ? 0 : 1;
}
