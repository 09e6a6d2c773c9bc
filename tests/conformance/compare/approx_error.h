#pragma once
// Error of approximate (SFU) operations, value by value: the raw result bytes
// a program wrote (CONF_RAW_DIR), the inputs regenerated from the program's
// fixed seeds, and a double- or long-double-precision reference. Used to
// report the real GPU's own error per operation and, for smsim, the bit-match
// rate against the GPU and whether its error stays within the GPU's.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace smsim::conformance {

enum class ApproxInputs { kFloat, kFloatPairs, kDouble };
enum class ApproxResult { kFloat, kDouble, kFloatPairSinCos };

struct ApproxOperation {
  std::string case_name;  // the CASE name in fast_intrinsics (chunks are case_name@start)
  ApproxInputs inputs;
  ApproxResult result;
};

// The approximate operations of the fast_intrinsics program, in output order.
const std::vector<ApproxOperation>& fast_intrinsics_operations();

struct ErrorStats {
  size_t values = 0;         // results compared
  size_t in_domain = 0;      // finite, non-denormal inputs and reference
  size_t special_ok = 0;     // NaN/infinite reference matched in kind
  size_t special_wrong = 0;  // NaN/infinite reference not matched
  double max_ulp = 0.0;      // in units of the result type's last place at the reference
  double max_abs = 0.0;      // absolute error over the domain
  double max_abs_pi = 0.0;   // absolute error for |x| <= pi (the trigonometric bound's range)
  double worst_input = 0.0;  // the first input of the largest ulp error
};

// The reference value of `operation` at input index `i` of its input set.
double reference_value(const ApproxOperation& operation, const std::vector<double>& x,
                       const std::vector<double>& y, size_t i, int component);

// Error statistics of `results` (raw bytes, as the program wrote them).
ErrorStats measure_error(const ApproxOperation& operation, const std::vector<uint8_t>& results);

// Reads and concatenates the raw chunk files of one case from `dir`
// (case_name@0.bin, case_name@1024.bin, ...; '@' is written as '+').
// Returns nothing when the first chunk is missing.
std::optional<std::vector<uint8_t>> read_raw_case(const std::string& dir,
                                                  const std::string& case_name);

// The fraction of results whose bits are identical (results of equal size).
double bit_match_rate(const ApproxOperation& operation, const std::vector<uint8_t>& golden,
                      const std::vector<uint8_t>& actual);

}  // namespace smsim::conformance
