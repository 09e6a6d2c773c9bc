// Binary floating-point encodings the GPU uses, described by their field
// widths so one rounding routine serves all of them.
#pragma once

#include <bit>
#include <cstdint>

namespace smsim::isa::sem {

struct FloatFormat {
  int exponent_bits;
  int fraction_bits;  // stored fraction, without the implicit leading one
  // e4m3 has no infinity: its top exponent holds normal numbers and only the
  // all-ones fraction there is NaN.
  bool has_infinity;

  constexpr int bias() const { return (1 << (exponent_bits - 1)) - 1; }
  constexpr int total_bits() const { return 1 + exponent_bits + fraction_bits; }
  constexpr uint64_t sign_mask() const { return uint64_t{1} << (total_bits() - 1); }
  constexpr uint64_t exponent_field_max() const { return (uint64_t{1} << exponent_bits) - 1; }
  constexpr uint64_t fraction_mask() const { return (uint64_t{1} << fraction_bits) - 1; }
  constexpr uint64_t magnitude_mask() const { return sign_mask() - 1; }
  constexpr uint64_t exponent_field(uint64_t bits) const {
    return (bits >> fraction_bits) & exponent_field_max();
  }
  constexpr uint64_t infinity() const { return exponent_field_max() << fraction_bits; }
  constexpr uint64_t max_finite() const {
    return has_infinity ? infinity() - 1 : magnitude_mask() - 1;
  }
  constexpr bool is_nan(uint64_t bits) const {
    const uint64_t magnitude = bits & magnitude_mask();
    return has_infinity ? magnitude > infinity() : magnitude == magnitude_mask();
  }
  constexpr bool is_infinity(uint64_t bits) const {
    return has_infinity && (bits & magnitude_mask()) == infinity();
  }
  constexpr bool is_zero(uint64_t bits) const { return (bits & magnitude_mask()) == 0; }
  constexpr bool is_subnormal(uint64_t bits) const {
    return exponent_field(bits) == 0 && (bits & fraction_mask()) != 0;
  }
  constexpr bool is_negative(uint64_t bits) const { return (bits & sign_mask()) != 0; }
};

inline constexpr FloatFormat kF64{.exponent_bits = 11, .fraction_bits = 52, .has_infinity = true};
inline constexpr FloatFormat kF32{.exponent_bits = 8, .fraction_bits = 23, .has_infinity = true};
inline constexpr FloatFormat kF16{.exponent_bits = 5, .fraction_bits = 10, .has_infinity = true};
inline constexpr FloatFormat kBF16{.exponent_bits = 8, .fraction_bits = 7, .has_infinity = true};
// tf32 is held in a 32-bit register with the low 13 fraction bits zero.
inline constexpr FloatFormat kTF32{.exponent_bits = 8, .fraction_bits = 10, .has_infinity = true};
inline constexpr FloatFormat kE4M3{.exponent_bits = 4, .fraction_bits = 3, .has_infinity = false};
inline constexpr FloatFormat kE5M2{.exponent_bits = 5, .fraction_bits = 2, .has_infinity = true};

inline float f32_from_bits(uint32_t bits) {
  return std::bit_cast<float>(bits);
}
inline uint32_t bits_of(float value) {
  return std::bit_cast<uint32_t>(value);
}
inline double f64_from_bits(uint64_t bits) {
  return std::bit_cast<double>(bits);
}
inline uint64_t bits_of(double value) {
  return std::bit_cast<uint64_t>(value);
}

// Flush-to-zero keeps the sign of a subnormal.
constexpr uint64_t flush_subnormal(FloatFormat format, uint64_t bits) {
  return format.is_subnormal(bits) ? bits & format.sign_mask() : bits;
}
constexpr uint32_t flush_subnormal_f32(uint32_t bits) {
  return static_cast<uint32_t>(flush_subnormal(kF32, bits));
}

}  // namespace smsim::isa::sem
