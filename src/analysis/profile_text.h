#pragma once
// The text of `smsim run --profile` and `smsim ptx --profile`: a summary per
// kernel (launches of one kernel summed) and the ten worst PTX lines.

#include <string>
#include <string_view>
#include <vector>

#include "analysis/kernel_profile.h"

namespace smsim::analysis {

inline constexpr std::size_t kWorstLines = 10;

std::string profile_text(const std::vector<KernelProfile>& launches, std::string_view gpu);

}  // namespace smsim::analysis
