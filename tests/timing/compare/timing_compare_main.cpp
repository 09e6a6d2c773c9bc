// timing_compare GOLDEN ACTUAL PROGRAM [PENDING_FILE] [THRESHOLD] [RUNS_FILE...]:
// prints the error of each case against the H100 (the median of all runs the
// RUNS_FILEs record, where given; else the golden's value) and exits 0 when
// every case not pending is within the threshold (default 0.10) and no
// pending case is.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "cycle_diff.h"
#include "text_file.h"

int main(int argc, char** argv) {
  using smsim::timing_check::read_text_file;
  if (argc < 4) {
    std::fprintf(stderr,
                 "usage: timing_compare GOLDEN ACTUAL PROGRAM [PENDING_FILE] [THRESHOLD] "
                 "[RUNS_FILE...]\n");
    return 2;
  }
  std::string golden, actual, pending_text;
  if (!read_text_file(argv[1], golden) || !read_text_file(argv[2], actual)) {
    std::fprintf(stderr, "timing_compare: cannot read %s or %s\n", argv[1], argv[2]);
    return 2;
  }
  if (argc > 4 && !read_text_file(argv[4], pending_text)) {
    std::fprintf(stderr, "timing_compare: cannot read %s\n", argv[4]);
    return 2;
  }
  const double threshold = argc > 5 ? std::strtod(argv[5], nullptr) : 0.10;
  std::vector<std::string> runs(argc > 6 ? static_cast<std::size_t>(argc - 6) : 0);
  for (int i = 6; i < argc; ++i) {
    if (!read_text_file(argv[i], runs[static_cast<std::size_t>(i - 6)])) {
      std::fprintf(stderr, "timing_compare: cannot read %s\n", argv[i]);
      return 2;
    }
  }
  const auto want =
      smsim::timing_check::reference_cases(golden, smsim::timing_check::median_of_runs(runs));
  const auto pending = smsim::timing_check::parse_pending(pending_text, argv[3]);
  const auto result = smsim::timing_check::compare(want, actual, pending, threshold);
  std::fputs(result.report(threshold).c_str(), stdout);
  return result.passed() ? 0 : 1;
}
