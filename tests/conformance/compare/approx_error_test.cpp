#include "approx_error.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "../common/inputs.h"

namespace smsim::conformance {
namespace {

const ApproxOperation& operation(const std::string& name) {
  for (const ApproxOperation& op : fast_intrinsics_operations()) {
    if (op.case_name == name) return op;
  }
  ADD_FAILURE() << "no operation " << name;
  return fast_intrinsics_operations().front();
}

// Correctly rounded float results of rcp over the program's inputs.
std::vector<uint8_t> exact_reciprocals() {
  const auto inputs = conf::float_inputs();
  std::vector<uint8_t> bytes(inputs.size() * sizeof(float));
  for (size_t i = 0; i < inputs.size(); ++i) {
    const float r = static_cast<float>(1.0 / static_cast<double>(inputs[i]));
    std::memcpy(bytes.data() + i * sizeof(float), &r, sizeof r);
  }
  return bytes;
}

TEST(ApproxError, CorrectlyRoundedResultsAreWithinHalfAnUlp) {
  const ErrorStats stats = measure_error(operation("rcp.approx.f32"), exact_reciprocals());
  EXPECT_EQ(stats.values, conf::float_inputs().size());
  EXPECT_GT(stats.in_domain, stats.values / 2);
  EXPECT_LE(stats.max_ulp, 0.5);
  EXPECT_EQ(stats.special_wrong, 0u);
}

TEST(ApproxError, AnUlpOffShowsUp) {
  std::vector<uint8_t> bytes = exact_reciprocals();
  // Input 10 is +1.0 (an edge case): make its reciprocal one ulp too large.
  ASSERT_EQ(conf::float_inputs()[10], 1.0f);
  uint32_t bits;
  std::memcpy(&bits, bytes.data() + 10 * sizeof(float), sizeof bits);
  ++bits;
  std::memcpy(bytes.data() + 10 * sizeof(float), &bits, sizeof bits);
  const ErrorStats stats = measure_error(operation("rcp.approx.f32"), bytes);
  EXPECT_GT(stats.max_ulp, 0.99);
  EXPECT_LT(stats.max_ulp, 1.01);
  EXPECT_EQ(stats.worst_input, 1.0);
}

TEST(ApproxError, WrongSpecialValuesAreCounted) {
  std::vector<uint8_t> bytes = exact_reciprocals();
  // Input 0 is +0: its reciprocal is +infinity; a finite result is wrong.
  const float finite = 1.0f;
  std::memcpy(bytes.data(), &finite, sizeof finite);
  EXPECT_EQ(measure_error(operation("rcp.approx.f32"), bytes).special_wrong, 1u);
}

TEST(ApproxError, BitMatchRate) {
  const std::vector<uint8_t> golden = exact_reciprocals();
  EXPECT_DOUBLE_EQ(bit_match_rate(operation("rcp.approx.f32"), golden, golden), 1.0);
  std::vector<uint8_t> changed = golden;
  changed[0] ^= 1;
  const double n = static_cast<double>(golden.size() / sizeof(float));
  EXPECT_DOUBLE_EQ(bit_match_rate(operation("rcp.approx.f32"), golden, changed), (n - 1.0) / n);
}

TEST(ApproxError, ReferenceValues) {
  const std::vector<double> x = {2.0, 0.0}, y = {8.0, 1.0};
  EXPECT_DOUBLE_EQ(reference_value(operation("rcp.approx.f32"), x, {}, 0, 0), 0.5);
  EXPECT_DOUBLE_EQ(reference_value(operation("ex2.approx.f32"), x, {}, 0, 0), 4.0);
  EXPECT_DOUBLE_EQ(reference_value(operation("div.full.f32"), x, y, 0, 0), 0.25);
  EXPECT_DOUBLE_EQ(reference_value(operation("__sincosf"), x, {}, 1, 1), 1.0);  // cos(0)
}

// The recorded GPU results: every operation has them, of the right length.
TEST(ApproxError, GoldenRawResultsCoverEveryOperation) {
  const std::string dir =
      std::string(SMSIM_SOURCE_DIR) + "/tests/conformance/golden/h100/raw/fast_intrinsics";
  for (const ApproxOperation& op : fast_intrinsics_operations()) {
    const auto raw = read_raw_case(dir, op.case_name);
    ASSERT_TRUE(raw) << op.case_name;
    const ErrorStats stats = measure_error(op, *raw);
    const size_t per_input = op.result == ApproxResult::kFloatPairSinCos ? 2 : 1;
    const size_t inputs = op.inputs == ApproxInputs::kFloat    ? conf::float_inputs().size()
                          : op.inputs == ApproxInputs::kDouble ? conf::double_inputs().size()
                                                               : conf::float_pairs().first.size();
    EXPECT_EQ(stats.values, inputs * per_input) << op.case_name;
    EXPECT_GT(stats.in_domain, 0u) << op.case_name;
  }
}

}  // namespace
}  // namespace smsim::conformance
