// Which NaN the GPU writes. Measured on an H100 (tools/probes/results):
// f32, f16 and bf16 arithmetic never propagate a payload and write the
// canonical NaN with every fraction bit set; f64 arithmetic returns the first
// NaN operand (fma: a, then c, then b), quieted, and an invalid operation (inf - inf, 0 * inf)
// writes the negative default NaN 0xfff8000000000000.
#pragma once

#include <cstdint>

namespace smsim::isa::sem {

inline constexpr uint32_t kCanonicalNanF32 = 0x7fffffff;
inline constexpr uint16_t kCanonicalNanF16 = 0x7fff;
inline constexpr uint16_t kCanonicalNanBF16 = 0x7fff;
inline constexpr uint64_t kDefaultNanF64 = 0xfff8000000000000ull;
inline constexpr uint64_t kQuietBitF64 = 0x0008000000000000ull;

constexpr bool is_nan_f64(uint64_t bits) {
  return (bits & 0x7fffffffffffffffull) > 0x7ff0000000000000ull;
}
constexpr bool is_nan_f32(uint32_t bits) {
  return (bits & 0x7fffffffu) > 0x7f800000u;
}
constexpr bool is_nan_f16(uint16_t bits) {
  return (bits & 0x7fffu) > 0x7c00u;
}
constexpr bool is_nan_bf16(uint16_t bits) {
  return (bits & 0x7fffu) > 0x7f80u;
}

constexpr uint64_t quiet_f64(uint64_t bits) {
  return bits | kQuietBitF64;
}

// NaN result of an f64 operation whose operands include a NaN: the first NaN
// operand in operand order, quieted.
constexpr uint64_t propagate_nan_f64(uint64_t a, uint64_t b) {
  return quiet_f64(is_nan_f64(a) ? a : b);
}
// fma.f64 checks a, then the addend c, then b.
constexpr uint64_t propagate_nan_fma_f64(uint64_t a, uint64_t b, uint64_t c) {
  if (is_nan_f64(a)) return quiet_f64(a);
  return propagate_nan_f64(c, b);
}

}  // namespace smsim::isa::sem
