#include "approx_error.h"

#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>
#include <limits>

#include "../common/inputs.h"

namespace smsim::conformance {
namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr size_t kChunkSize = 1024;  // as the programs print and dump results

size_t result_size(ApproxResult result) {
  switch (result) {
    case ApproxResult::kFloat:
      return sizeof(float);
    case ApproxResult::kDouble:
      return sizeof(double);
    case ApproxResult::kFloatPairSinCos:
      return 2 * sizeof(float);
  }
  return sizeof(float);
}

int components(ApproxResult result) {
  return result == ApproxResult::kFloatPairSinCos ? 2 : 1;
}

struct InputSet {
  std::vector<double> x, y;
};

InputSet regenerate_inputs(ApproxInputs inputs) {
  InputSet set;
  switch (inputs) {
    case ApproxInputs::kFloat:
      for (float v : conf::float_inputs()) set.x.push_back(v);
      break;
    case ApproxInputs::kDouble:
      set.x = conf::double_inputs();
      break;
    case ApproxInputs::kFloatPairs: {
      const auto [a, b] = conf::float_pairs();
      set.x.assign(a.begin(), a.end());
      set.y.assign(b.begin(), b.end());
      break;
    }
  }
  return set;
}

double result_value(ApproxResult result, const std::vector<uint8_t>& bytes, size_t i,
                    int component) {
  if (result == ApproxResult::kDouble) {
    double d;
    std::memcpy(&d, bytes.data() + i * sizeof(double), sizeof d);
    return d;
  }
  float f;
  std::memcpy(&f, bytes.data() + i * result_size(result) + component * sizeof(float), sizeof f);
  return f;
}

// One unit in the last place of the result type at magnitude |r|.
double ulp_at(double r, ApproxResult result) {
  const bool is_double = result == ApproxResult::kDouble;
  const int digits =
      is_double ? std::numeric_limits<double>::digits : std::numeric_limits<float>::digits;
  const int min_exponent = is_double ? std::numeric_limits<double>::min_exponent
                                     : std::numeric_limits<float>::min_exponent;
  int exponent = 0;
  std::frexp(r, &exponent);
  if (r == 0.0 || exponent < min_exponent) exponent = min_exponent;
  return std::ldexp(1.0, exponent - digits);
}

bool is_denormal(double v, ApproxResult result) {
  const double smallest = result == ApproxResult::kDouble ? std::numeric_limits<double>::min()
                                                          : std::numeric_limits<float>::min();
  return v != 0.0 && std::fabs(v) < smallest;
}

}  // namespace

const std::vector<ApproxOperation>& fast_intrinsics_operations() {
  using I = ApproxInputs;
  using R = ApproxResult;
  static const std::vector<ApproxOperation> operations = {
      {"__sinf", I::kFloat, R::kFloat},
      {"__cosf", I::kFloat, R::kFloat},
      {"__tanf", I::kFloat, R::kFloat},
      {"__expf", I::kFloat, R::kFloat},
      {"__exp10f", I::kFloat, R::kFloat},
      {"__logf", I::kFloat, R::kFloat},
      {"__log2f", I::kFloat, R::kFloat},
      {"__log10f", I::kFloat, R::kFloat},
      {"__sincosf", I::kFloat, R::kFloatPairSinCos},
      {"ex2.approx.f32", I::kFloat, R::kFloat},
      {"ex2.approx.ftz.f32", I::kFloat, R::kFloat},
      {"lg2.approx.f32", I::kFloat, R::kFloat},
      {"lg2.approx.ftz.f32", I::kFloat, R::kFloat},
      {"sin.approx.f32", I::kFloat, R::kFloat},
      {"sin.approx.ftz.f32", I::kFloat, R::kFloat},
      {"cos.approx.f32", I::kFloat, R::kFloat},
      {"rcp.approx.f32", I::kFloat, R::kFloat},
      {"rcp.approx.ftz.f32", I::kFloat, R::kFloat},
      {"rsqrt.approx.f32", I::kFloat, R::kFloat},
      {"rsqrt.approx.ftz.f32", I::kFloat, R::kFloat},
      {"sqrt.approx.f32", I::kFloat, R::kFloat},
      {"sqrt.approx.ftz.f32", I::kFloat, R::kFloat},
      {"tanh.approx.f32", I::kFloat, R::kFloat},
      {"rcp.approx.ftz.f64", I::kDouble, R::kDouble},
      {"rsqrt.approx.f64", I::kDouble, R::kDouble},
      {"__powf", I::kFloatPairs, R::kFloat},
      {"__fdividef", I::kFloatPairs, R::kFloat},
      {"div.approx.f32", I::kFloatPairs, R::kFloat},
      {"div.full.f32", I::kFloatPairs, R::kFloat},
  };
  return operations;
}

double reference_value(const ApproxOperation& operation, const std::vector<double>& x,
                       const std::vector<double>& y, size_t i, int component) {
  const std::string& n = operation.case_name;
  const long double a = x[i];
  const long double b = y.empty() ? 0.0L : y[i];
  auto starts = [&](const char* prefix) { return n.rfind(prefix, 0) == 0; };
  long double r = std::numeric_limits<long double>::quiet_NaN();
  if (n == "__sincosf")
    r = component == 0 ? std::sin(a) : std::cos(a);
  else if (n == "__sinf" || starts("sin.approx"))
    r = std::sin(a);
  else if (n == "__cosf" || starts("cos.approx"))
    r = std::cos(a);
  else if (n == "__tanf")
    r = std::tan(a);
  else if (n == "__expf")
    r = std::exp(a);
  else if (n == "__exp10f")
    r = std::pow(10.0L, a);
  else if (n == "__logf")
    r = std::log(a);
  else if (n == "__log2f" || starts("lg2.approx"))
    r = std::log2(a);
  else if (n == "__log10f")
    r = std::log10(a);
  else if (starts("ex2.approx"))
    r = std::exp2(a);
  else if (starts("rcp.approx"))
    r = 1.0L / a;
  else if (starts("rsqrt.approx"))
    r = 1.0L / std::sqrt(a);
  else if (starts("sqrt.approx"))
    r = std::sqrt(a);
  else if (starts("tanh.approx"))
    r = std::tanh(a);
  else if (n == "__powf")
    r = std::pow(a, b);
  else if (n == "__fdividef" || starts("div."))
    r = a / b;
  return static_cast<double>(r);
}

ErrorStats measure_error(const ApproxOperation& operation, const std::vector<uint8_t>& results) {
  ErrorStats stats;
  const InputSet inputs = regenerate_inputs(operation.inputs);
  const size_t count = std::min(inputs.x.size(), results.size() / result_size(operation.result));
  for (size_t i = 0; i < count; ++i) {
    for (int c = 0; c < components(operation.result); ++c) {
      ++stats.values;
      const double r = reference_value(operation, inputs.x, inputs.y, i, c);
      const double v = result_value(operation.result, results, i, c);
      if (!std::isfinite(r)) {
        const bool same_kind =
            std::isnan(r) ? std::isnan(v) : (std::isinf(v) && std::signbit(v) == std::signbit(r));
        ++(same_kind ? stats.special_ok : stats.special_wrong);
        continue;
      }
      const bool inputs_plain =
          std::isfinite(inputs.x[i]) && !is_denormal(inputs.x[i], operation.result) &&
          (inputs.y.empty() ||
           (std::isfinite(inputs.y[i]) && !is_denormal(inputs.y[i], operation.result)));
      if (!inputs_plain || is_denormal(r, operation.result) || !std::isfinite(v)) continue;
      ++stats.in_domain;
      const double abs_error = std::fabs(v - r);
      const double ulp_error = abs_error / ulp_at(r, operation.result);
      if (ulp_error > stats.max_ulp) {
        stats.max_ulp = ulp_error;
        stats.worst_input = inputs.x[i];
      }
      stats.max_abs = std::max(stats.max_abs, abs_error);
      if (std::fabs(inputs.x[i]) <= kPi) stats.max_abs_pi = std::max(stats.max_abs_pi, abs_error);
    }
  }
  return stats;
}

std::optional<std::vector<uint8_t>> read_raw_case(const std::string& dir,
                                                  const std::string& case_name) {
  std::vector<uint8_t> all;
  for (size_t start = 0;; start += kChunkSize) {
    const std::string path = dir + "/" + case_name + "+" + std::to_string(start) + ".bin";
    std::ifstream file(path, std::ios::binary);
    if (!file) break;
    all.insert(all.end(), std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
  }
  if (all.empty()) return std::nullopt;
  return all;
}

double bit_match_rate(const ApproxOperation& operation, const std::vector<uint8_t>& golden,
                      const std::vector<uint8_t>& actual) {
  const size_t size = result_size(operation.result);
  const size_t count = std::min(golden.size(), actual.size()) / size;
  if (count == 0) return 0.0;
  size_t same = 0;
  for (size_t i = 0; i < count; ++i)
    same += std::memcmp(golden.data() + i * size, actual.data() + i * size, size) == 0;
  return static_cast<double>(same) / static_cast<double>(count);
}

}  // namespace smsim::conformance
