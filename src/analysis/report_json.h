#pragma once
// The analysis part of `smsim run --report FILE.json`: the `kernels` list
// (the contract of issue 7: launch order; `name`, `grid`, `block`,
// `metrics` as a map from metric name to number) with per-line counts.

#include <string>
#include <string_view>
#include <vector>

#include "analysis/kernel_profile.h"

namespace smsim::analysis {

// `text` as a JSON string literal (quotes and escapes included).
std::string json_quoted(std::string_view text);

// A JSON array (no surrounding key) of the profiles, indented by `indent`.
std::string kernels_json(const std::vector<const KernelProfile*>& profiles, int indent);

}  // namespace smsim::analysis
