#pragma once
// A cost measured at a few points (cluster sizes, warps per block) and
// interpolated between them: the piecewise-linear curve through the points,
// flat beyond its ends. [sm_XX.timing.cluster_release] and
// [sm_XX.timing.fence] hold such points.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace smsim::timing {

// Why points `at` with costs `cycles` cannot be used (lists of different
// lengths, points not increasing), naming them `table` + `at_name` and
// `cycles_name`; nothing when they can. Empty lists are valid (no cost).
std::optional<std::string> measured_curve_error(std::string_view table, std::string_view at_name,
                                                std::string_view cycles_name,
                                                const std::vector<int>& at,
                                                const std::vector<int>& cycles);

// The curve through (at[i], cycles[i]) at x; 0 without points.
double measured_curve(const std::vector<int>& at, const std::vector<int>& cycles, std::uint32_t x);

}  // namespace smsim::timing
