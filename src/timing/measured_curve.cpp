#include "timing/measured_curve.h"

#include <fmt/format.h>

namespace smsim::timing {

std::optional<std::string> measured_curve_error(std::string_view table, std::string_view at_name,
                                                std::string_view cycles_name,
                                                const std::vector<int>& at,
                                                const std::vector<int>& cycles) {
  if (at.size() != cycles.size()) {
    return fmt::format("{}{} and {} differ in length ({} and {})", table, at_name, cycles_name,
                       at.size(), cycles.size());
  }
  for (std::size_t i = 1; i < at.size(); ++i) {
    if (at[i] <= at[i - 1]) {
      return fmt::format("{}{} must increase ({} after {})", table, at_name, at[i], at[i - 1]);
    }
  }
  return std::nullopt;
}

double measured_curve(const std::vector<int>& at, const std::vector<int>& cycles, std::uint32_t x) {
  if (at.empty() || cycles.size() != at.size()) return 0.0;
  if (x <= static_cast<std::uint32_t>(at.front())) return cycles.front();
  for (std::size_t i = 1; i < at.size(); ++i) {
    const auto hi = static_cast<std::uint32_t>(at[i]);
    if (x > hi) continue;
    const double t = static_cast<double>(x - static_cast<std::uint32_t>(at[i - 1])) /
                     static_cast<double>(at[i] - at[i - 1]);
    return cycles[i - 1] + t * (cycles[i] - cycles[i - 1]);
  }
  return cycles.back();
}

}  // namespace smsim::timing
