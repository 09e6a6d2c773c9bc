// Measured deviation tables that make rcp.approx.f32 and rsqrt.approx.f32
// bit-exact (data/sfu/, recorded on an H100 by tools/probes).
//
// Both instructions are exactly scale-invariant on normal inputs and
// results: rcp(x * 2^k) = rcp(x) * 2^-k and rsqrt(x * 4^k) = rsqrt(x) * 2^-k,
// bit for bit. So one binade of rcp ([1, 2)) and two of rsqrt ([1, 4)) fix
// them everywhere. Each table holds, per input fraction, the difference in
// units in the last place between the hardware's result and the reference
// float(1 / double(x)) (rcp) or float(1 / sqrt(double(x))) (rsqrt).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "isa/semantics/packed_table.h"

namespace smsim::isa::sem {

enum class HalfSfu : uint8_t { ex2_f16, tanh_f16, ex2_ftz_bf16, tanh_bf16 };
inline constexpr int kHalfSfuCount = 4;

class SfuTables {
 public:
  static constexpr uint32_t kRcpEntries = 1u << 23;    // x in [1, 2)
  static constexpr uint32_t kRsqrtEntries = 1u << 24;  // x in [1, 4)

  static constexpr uint32_t kHalfEntries = 1u << 16;

  // Reads rcp_approx_f32.i8.zst, rsqrt_approx_f32.i8.zst and the four
  // half-precision tables (*.u16.zst) from `dir`.
  // On failure returns nothing and says why in `error`.
  static std::optional<SfuTables> load(const std::string& dir, std::string& error);

  // Deviation for x = 1.fraction (fraction: the 23 stored bits).
  int32_t rcp_deviation(uint32_t fraction) const { return rcp_[fraction]; }
  // Deviation for x in [1, 4): index = (exponent bit << 23) | fraction.
  int32_t rsqrt_deviation(uint32_t index) const { return rsqrt_[index]; }
  uint16_t half_result(HalfSfu op, uint16_t x) const { return half_[static_cast<int>(op)][x]; }

 private:
  NibbleArray rcp_;
  NibbleArray rsqrt_;
  std::vector<uint16_t> half_[kHalfSfuCount];
};

}  // namespace smsim::isa::sem
