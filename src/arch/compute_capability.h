#pragma once
// A CUDA compute capability ("9.0"): the version of the SM's feature set and limits.

#include <compare>
#include <optional>
#include <string>
#include <string_view>

namespace smsim::arch {

struct ComputeCapability {
  int major = 0;
  int minor = 0;

  auto operator<=>(const ComputeCapability&) const = default;

  // "9.0" -> {9, 0}; accepts only digits, one dot, digits.
  static std::optional<ComputeCapability> parse(std::string_view text);
  std::string to_string() const;
};

}  // namespace smsim::arch
