#include "arch/compute_capability.h"

#include <charconv>

namespace smsim::arch {

namespace {

std::optional<int> parse_digits(std::string_view text) {
  // Compute capabilities are small; three digits leave room and rule out overflow.
  constexpr std::size_t kMaxDigits = 3;
  if (text.empty() || text.size() > kMaxDigits) return std::nullopt;
  for (const char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
  }
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return value;
}

}  // namespace

std::optional<ComputeCapability> ComputeCapability::parse(std::string_view text) {
  const auto dot = text.find('.');
  if (dot == std::string_view::npos) return std::nullopt;
  const auto major = parse_digits(text.substr(0, dot));
  const auto minor = parse_digits(text.substr(dot + 1));
  if (!major || !minor) return std::nullopt;
  return ComputeCapability{*major, *minor};
}

std::string ComputeCapability::to_string() const {
  return std::to_string(major) + "." + std::to_string(minor);
}

}  // namespace smsim::arch
