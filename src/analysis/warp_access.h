#pragma once
// One warp-level memory instruction as the access rules see it: every lane's
// byte address, which lanes take part, and how many bytes each reads or
// writes. Lanes outside the mask generate no traffic (Handbook §8.4.1).

#include <array>
#include <cstdint>

namespace smsim::analysis {

inline constexpr unsigned kLanes = 32;

struct WarpAccess {
  std::array<std::uint64_t, kLanes> address{};
  std::uint32_t mask = 0;
  unsigned size = 4;  // bytes per lane: 1, 2, 4, 8 or 16
};

// Index of `size` in the per-size lists of arch::AccessRules (1, 2, 4, 8, 16
// bytes -> 0..4), or -1 for any other size.
constexpr int size_class(unsigned size) {
  switch (size) {
    case 1:
      return 0;
    case 2:
      return 1;
    case 4:
      return 2;
    case 8:
      return 3;
    case 16:
      return 4;
    default:
      return -1;
  }
}

// The lanes [first, first + count) of `mask`.
constexpr std::uint32_t lane_group(std::uint32_t mask, unsigned first, unsigned count) {
  const std::uint32_t bits = count >= kLanes ? ~std::uint32_t{0} : (std::uint32_t{1} << count) - 1;
  return mask & (bits << first);
}

}  // namespace smsim::analysis
