// conformance_approx: error of the approximate operations of fast_intrinsics.
//
//   conformance_approx GOLDEN_RAW_DIR [ACTUAL_RAW_DIR]
//
// With one folder (golden/<gpu>/raw/fast_intrinsics), prints the GPU's own
// error per operation against a long-double reference. With a second folder
// (the same program run under smsim with CONF_RAW_DIR set), also prints the
// bit-match rate against the GPU and whether smsim's error stays within the
// GPU's own maximum. Exit status: 0 all within, 1 some operation outside,
// 2 bad command line or a missing raw file.

#include <cstdio>
#include <string>

#include "approx_error.h"

namespace {

constexpr int kExitWithin = 0;
constexpr int kExitOutside = 1;
constexpr int kExitUsage = 2;

}  // namespace

int main(int argc, char** argv) {
  using namespace smsim::conformance;
  if (argc != 2 && argc != 3) {
    std::fprintf(stderr, "usage: conformance_approx GOLDEN_RAW_DIR [ACTUAL_RAW_DIR]\n");
    return kExitUsage;
  }
  const std::string golden_dir = argv[1];
  const bool compare = argc == 3;
  int status = kExitWithin;
  std::printf("%-22s %7s %7s %10s %12s %12s %7s", "operation", "values", "domain", "max_ulp",
              "max_abs", "max_abs_pi", "sp_diff");
  if (compare) std::printf(" %10s %10s %s", "bit_match", "smsim_ulp", "verdict");
  std::printf("\n");
  for (const ApproxOperation& op : fast_intrinsics_operations()) {
    const auto golden = read_raw_case(golden_dir, op.case_name);
    if (!golden) {
      std::fprintf(stderr, "conformance_approx: no raw results for %s in %s\n",
                   op.case_name.c_str(), golden_dir.c_str());
      return kExitUsage;
    }
    const ErrorStats g = measure_error(op, *golden);
    std::printf("%-22s %7zu %7zu %10.4f %12.4e %12.4e %7zu", op.case_name.c_str(), g.values,
                g.in_domain, g.max_ulp, g.max_abs, g.max_abs_pi, g.special_wrong);
    if (compare) {
      const auto actual = read_raw_case(argv[2], op.case_name);
      if (!actual) {
        std::fprintf(stderr, "\nconformance_approx: no raw results for %s in %s\n",
                     op.case_name.c_str(), argv[2]);
        return kExitUsage;
      }
      const ErrorStats a = measure_error(op, *actual);
      const bool within = a.max_ulp <= g.max_ulp && a.max_abs_pi <= g.max_abs_pi &&
                          a.special_wrong <= g.special_wrong && actual->size() == golden->size();
      if (!within) status = kExitOutside;
      std::printf(" %9.4f%% %10.4f %s", 100.0 * bit_match_rate(op, *golden, *actual), a.max_ulp,
                  within ? "within" : "OUTSIDE");
    }
    std::printf("\n");
  }
  return status;
}
