// add/sub/mul/fma/mad.f64 with .rn/.rz/.rm/.rp, bit-exact to an H100.
//
// f64 has no .ftz or .sat. NaN results follow gpu_nan.h: the first NaN
// operand, quieted; an invalid operation gives the default NaN. Nearest
// rounding uses the host's IEEE arithmetic, directed modes exact_ops.h.
#pragma once

#include <cmath>
#include <cstdint>

#include "isa/semantics/exact_ops.h"
#include "isa/semantics/float_format.h"
#include "isa/semantics/gpu_nan.h"

namespace smsim::isa::sem {

inline constexpr uint64_t kSignF64 = 0x8000000000000000ull;

inline bool is_finite_f64(uint64_t bits) {
  return (bits & 0x7ff0000000000000ull) != 0x7ff0000000000000ull;
}

inline uint64_t invalid_or(uint64_t result) {
  return is_nan_f64(result) ? kDefaultNanF64 : result;
}

inline uint64_t add_f64(uint64_t a, uint64_t b, Rounding mode) {
  if (is_nan_f64(a) || is_nan_f64(b)) return propagate_nan_f64(a, b);
  if (mode == Rounding::nearest_even || !is_finite_f64(a) || !is_finite_f64(b)) {
    return invalid_or(bits_of(f64_from_bits(a) + f64_from_bits(b)));
  }
  return exact_add_bits(kF64, a, b, mode);
}

inline uint64_t sub_f64(uint64_t a, uint64_t b, Rounding mode) {
  if (is_nan_f64(a) || is_nan_f64(b)) return propagate_nan_f64(a, b);
  return add_f64(a, b ^ kSignF64, mode);
}

inline uint64_t mul_f64(uint64_t a, uint64_t b, Rounding mode) {
  if (is_nan_f64(a) || is_nan_f64(b)) return propagate_nan_f64(a, b);
  if (mode == Rounding::nearest_even || !is_finite_f64(a) || !is_finite_f64(b)) {
    return invalid_or(bits_of(f64_from_bits(a) * f64_from_bits(b)));
  }
  return exact_mul_bits(kF64, a, b, mode);
}

inline uint64_t fma_f64(uint64_t a, uint64_t b, uint64_t c, Rounding mode) {
  if (is_nan_f64(a) || is_nan_f64(b) || is_nan_f64(c)) return propagate_nan_fma_f64(a, b, c);
  if (mode == Rounding::nearest_even || !is_finite_f64(a) || !is_finite_f64(b) ||
      !is_finite_f64(c)) {
    return invalid_or(bits_of(std::fma(f64_from_bits(a), f64_from_bits(b), f64_from_bits(c))));
  }
  return exact_fma_bits(kF64, a, b, c, mode);
}

}  // namespace smsim::isa::sem
