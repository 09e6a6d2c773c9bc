// min/max (.NaN, .xorsign.abs, .ftz), abs, neg and copysign of f32 and f64.
//
// Without .NaN a NaN operand is ignored (the other operand is returned) and
// two NaNs give the canonical NaN; with .NaN any NaN operand gives it. -0 is
// below +0. .xorsign.abs compares magnitudes and gives the result the
// exclusive-or of the operands' signs.
#pragma once

#include <cstdint>

#include "isa/semantics/float_format.h"
#include "isa/semantics/gpu_nan.h"

namespace smsim::isa::sem {

struct MinMaxOptions {
  bool ftz = false;
  bool propagate_nan = false;  // .NaN
  bool xorsign_abs = false;    // .xorsign.abs
};

// Orders bit patterns of non-NaN values, with -0 below +0.
constexpr bool less_by_value(FloatFormat format, uint64_t a, uint64_t b) {
  const bool a_negative = format.is_negative(a);
  const bool b_negative = format.is_negative(b);
  if (a_negative != b_negative) return a_negative;
  const uint64_t a_magnitude = a & format.magnitude_mask();
  const uint64_t b_magnitude = b & format.magnitude_mask();
  return a_negative ? a_magnitude > b_magnitude : a_magnitude < b_magnitude;
}

constexpr uint64_t min_max_bits(FloatFormat format, uint64_t a, uint64_t b, bool want_max,
                                MinMaxOptions options, uint64_t canonical_nan) {
  if (options.ftz) {
    a = flush_subnormal(format, a);
    b = flush_subnormal(format, b);
  }
  const uint64_t sign = options.xorsign_abs ? (a ^ b) & format.sign_mask() : 0;
  const bool a_nan = format.is_nan(a);
  const bool b_nan = format.is_nan(b);
  if (a_nan || b_nan) {
    if (options.propagate_nan || (a_nan && b_nan)) return canonical_nan;
    const uint64_t other = a_nan ? b : a;
    return options.xorsign_abs ? (other & format.magnitude_mask()) | sign : other;
  }
  if (options.xorsign_abs) {
    a &= format.magnitude_mask();
    b &= format.magnitude_mask();
  }
  const bool pick_a = want_max ? less_by_value(format, b, a) : less_by_value(format, a, b);
  return (pick_a ? a : b) | sign;
}

inline uint32_t min_f32(uint32_t a, uint32_t b, MinMaxOptions options) {
  return static_cast<uint32_t>(min_max_bits(kF32, a, b, false, options, kCanonicalNanF32));
}
inline uint32_t max_f32(uint32_t a, uint32_t b, MinMaxOptions options) {
  return static_cast<uint32_t>(min_max_bits(kF32, a, b, true, options, kCanonicalNanF32));
}
// Two NaN operands of an f64 min/max give the first, quieted.
inline uint64_t min_f64(uint64_t a, uint64_t b) {
  if (is_nan_f64(a) && is_nan_f64(b)) return quiet_f64(a);
  return min_max_bits(kF64, a, b, false, {}, kDefaultNanF64);
}
inline uint64_t max_f64(uint64_t a, uint64_t b) {
  if (is_nan_f64(a) && is_nan_f64(b)) return quiet_f64(a);
  return min_max_bits(kF64, a, b, true, {}, kDefaultNanF64);
}

// abs/neg are arithmetic on the GPU, not sign-bit operations: an f32 NaN
// becomes the canonical NaN and an f64 NaN is returned quieted, sign and all.
inline uint32_t abs_f32(uint32_t a, bool ftz) {
  if (is_nan_f32(a)) return kCanonicalNanF32;
  if (ftz) a = flush_subnormal_f32(a);
  return a & 0x7fffffffu;
}
inline uint32_t neg_f32(uint32_t a, bool ftz) {
  if (is_nan_f32(a)) return kCanonicalNanF32;
  if (ftz) a = flush_subnormal_f32(a);
  return a ^ 0x80000000u;
}
inline uint64_t abs_f64(uint64_t a) {
  return is_nan_f64(a) ? quiet_f64(a) : a & 0x7fffffffffffffffull;
}
inline uint64_t neg_f64(uint64_t a) {
  return is_nan_f64(a) ? quiet_f64(a) : a ^ 0x8000000000000000ull;
}

// copysign d, a, b: b's magnitude with a's sign.
inline uint32_t copysign_f32(uint32_t a, uint32_t b) {
  return (b & 0x7fffffffu) | (a & 0x80000000u);
}
inline uint64_t copysign_f64(uint64_t a, uint64_t b) {
  return (b & 0x7fffffffffffffffull) | (a & 0x8000000000000000ull);
}

}  // namespace smsim::isa::sem
