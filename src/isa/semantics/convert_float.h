// cvt between floating-point formats: f64, f32, f16, bf16, tf32, e4m3, e5m2,
// with the rounding mode and the .ftz, .sat, .relu and .satfinite modifiers.
//
// Values are converted exactly (unpack, then one rounding in round_to_format).
// NaN results were measured on an H100 and follow no single rule; see
// convert_nan.
#pragma once

#include <cstdint>

#include "isa/semantics/exact_value.h"
#include "isa/semantics/float_format.h"
#include "isa/semantics/gpu_nan.h"

namespace smsim::isa::sem {

struct ConvertOptions {
  Rounding rounding = Rounding::nearest_even;
  bool ftz = false;        // flush f32 subnormal inputs and results
  bool saturate = false;   // .sat: clamp to [0, 1], NaN -> +0
  bool relu = false;       // negative results -> +0
  bool satfinite = false;  // out of range and infinities -> largest finite
};

constexpr uint64_t nan_of(FloatFormat format) {
  if (format.total_bits() == 16) return kCanonicalNanF16;
  if (format.total_bits() <= 8) return format.magnitude_mask();
  return format.exponent_field_max() == 0xff ? kCanonicalNanF32 : kDefaultNanF64;
}

// One in the format.
constexpr uint64_t one_of(FloatFormat format) {
  return uint64_t(format.bias()) << format.fraction_bits;
}

constexpr bool same_format(FloatFormat x, FloatFormat y) {
  return x.exponent_bits == y.exponent_bits && x.fraction_bits == y.fraction_bits;
}

// Keeps sign and payload (the fraction's top bits), sets the quiet bit.
constexpr uint64_t quiet_nan_with_payload(FloatFormat from, FloatFormat to, uint64_t bits) {
  const uint64_t fraction = bits & from.fraction_mask();
  const int shift = to.fraction_bits - from.fraction_bits;
  const uint64_t payload = shift >= 0 ? fraction << shift : fraction >> -shift;
  const uint64_t quiet = uint64_t{1} << (to.fraction_bits - 1);
  return (from.is_negative(bits) ? to.sign_mask() : 0) | to.infinity() | quiet | payload;
}

// NaN results of cvt, measured on an H100: conversions to or from f64 keep
// the payload (quieted), bf16 -> f32 is a plain 16-bit shift (a signalling
// NaN stays signalling), and the rest write the destination's canonical NaN
// (f32 0x7fffffff, f16/bf16 0x7fff, fp8 0x7f); .ftz on f32 -> f64 writes
// f32's canonical NaN widened.
constexpr uint64_t convert_nan(FloatFormat from, FloatFormat to, uint64_t bits, bool ftz) {
  if (same_format(from, kBF16) && same_format(to, kF32)) return bits << 16;
  if (same_format(from, kF32) && same_format(to, kF64) && ftz) {
    return quiet_nan_with_payload(kF32, kF64, kCanonicalNanF32);
  }
  if (same_format(from, kF64) || same_format(to, kF64)) {
    return quiet_nan_with_payload(from, to, bits);
  }
  return nan_of(to);
}

constexpr uint64_t convert_float(FloatFormat from, FloatFormat to, uint64_t bits,
                                 ConvertOptions options) {
  const bool from_f32 = from.total_bits() == 32;
  const bool to_f32 = to.total_bits() == 32 && to.fraction_bits == 23;
  if (options.ftz && from_f32) bits = flush_subnormal(from, bits);
  const ExactValue v = unpack(from, bits);
  const uint64_t sign = v.negative ? to.sign_mask() : 0;
  uint64_t result = 0;
  switch (v.kind) {
    case ValueClass::nan:
      if (options.saturate) return 0;
      return convert_nan(from, to, bits, options.ftz);
    case ValueClass::zero:
      result = sign;
      break;
    case ValueClass::infinity:
      if (options.satfinite || !to.has_infinity)
        result = sign | to.max_finite();
      else
        result = sign | to.infinity();
      break;
    case ValueClass::finite:
      result = round_to_format(to, v, options.rounding,
                               options.satfinite ? Overflow::saturate : Overflow::ieee);
      break;
  }
  if (options.ftz && to_f32) result = flush_subnormal(to, result);
  if (options.relu && to.is_negative(result) && !to.is_nan(result)) result = 0;
  if (options.saturate) {
    if (to.is_negative(result)) return 0;
    const uint64_t one = one_of(to);
    return (result & to.magnitude_mask()) > one ? one : result;
  }
  return result;
}

inline uint64_t cvt_f64_from_f32(uint32_t bits, bool ftz) {
  return convert_float(kF32, kF64, bits, {.ftz = ftz});
}
inline uint32_t cvt_f32_from_f64(uint64_t bits, ConvertOptions options) {
  return static_cast<uint32_t>(convert_float(kF64, kF32, bits, options));
}

constexpr bool is_plain_nearest(ConvertOptions o) {
  return o.rounding == Rounding::nearest_even && !o.ftz && !o.saturate && !o.relu && !o.satfinite;
}

// cvt.rn.f16.f32 without modifiers, the common case, by bit arithmetic:
// normal results round by adding half an ulp (minus one, plus the kept
// lsb) before truncating; subnormal results let the host's IEEE addition
// round, by adding a constant whose ulp is f16's smallest subnormal.
// Checked against the general path and the H100 on all 2^32 inputs.
inline uint16_t f16_from_f32_nearest(uint32_t bits) {
  constexpr uint32_t kF16Overflow = 0x47800000;     // 2^16: everything above rounds to infinity
  constexpr uint32_t kF16MinNormal = 0x38800000;    // 2^-14
  constexpr uint32_t kSubnormalMagic = 0x3f000000;  // 0.5: its ulp is 2^-24
  constexpr uint32_t kRebias = 0xc8000000;          // (15 - 127) << 23
  const auto sign = static_cast<uint16_t>((bits >> 16) & 0x8000);
  const uint32_t magnitude = bits & 0x7fffffff;
  if (magnitude > 0x7f800000) return kCanonicalNanF16;
  if (magnitude >= kF16Overflow) return sign | 0x7c00;
  if (magnitude < kF16MinNormal) {
    const float shifted = f32_from_bits(magnitude) + f32_from_bits(kSubnormalMagic);
    return sign | static_cast<uint16_t>(bits_of(shifted) - kSubnormalMagic);
  }
  const uint32_t rounded = magnitude + kRebias + 0xfff + ((magnitude >> 13) & 1);
  return sign | static_cast<uint16_t>(rounded >> 13);
}

inline uint16_t cvt_f16_from_f32(uint32_t bits, ConvertOptions options) {
  if (is_plain_nearest(options)) return f16_from_f32_nearest(bits);
  return static_cast<uint16_t>(convert_float(kF32, kF16, bits, options));
}
inline uint16_t cvt_bf16_from_f32(uint32_t bits, ConvertOptions options) {
  // bf16 keeps f32's exponent range, so nearest-even is one carry-propagating
  // addition on the bits (overflow carries into infinity).
  if (is_plain_nearest(options) && !is_nan_f32(bits)) {
    return static_cast<uint16_t>((bits + 0x7fff + ((bits >> 16) & 1)) >> 16);
  }
  return static_cast<uint16_t>(convert_float(kF32, kBF16, bits, options));
}
inline uint16_t cvt_f16_from_f64(uint64_t bits, ConvertOptions options) {
  return static_cast<uint16_t>(convert_float(kF64, kF16, bits, options));
}
// f16 -> f32 is exact; normal inputs only move their exponent.
inline uint32_t cvt_f32_from_f16(uint16_t bits, bool ftz) {
  const uint32_t field = (bits >> 10) & 0x1f;
  if (field != 0 && field != 0x1f) {
    constexpr uint32_t kRebias = (127 - 15) << 10;
    return (uint32_t{bits & 0x8000u} << 16) | ((uint32_t{bits & 0x7fffu} + kRebias) << 13);
  }
  return static_cast<uint32_t>(convert_float(kF16, kF32, bits, {.ftz = ftz}));
}
inline uint64_t cvt_f64_from_f16(uint16_t bits) {
  return convert_float(kF16, kF64, bits, {});
}
inline uint32_t cvt_f32_from_bf16(uint16_t bits) {
  return static_cast<uint32_t>(convert_float(kBF16, kF32, bits, {}));
}

// tf32 sits in an f32 register: same sign and exponent, low 13 bits zero.
// With .rna a NaN input is truncated to those bits (measured: a signalling NaN
// whose payload sits only in the low bits becomes infinity); with
// .rna.satfinite the truncated pattern is then lowered by one tf32 ulp, which
// is what the H100 writes (0x7fc00000 -> 0x7fbfe000, 0x7f800001 -> 0x7f7fe000).
// With .rn and .rz (and their .relu) every NaN gives 0x7fffe000, subnormal
// inputs round like any other (form sweep, tests/func/forms).
inline uint32_t cvt_tf32_from_f32(uint32_t bits, ConvertOptions options) {
  constexpr uint32_t kTf32Mask = 0xffffe000u;
  constexpr uint32_t kTf32Ulp = 0x2000u;
  if (is_nan_f32(bits) && options.rounding == Rounding::nearest_away) {
    return (bits & kTf32Mask) - (options.satfinite ? kTf32Ulp : 0);
  }
  if (is_nan_f32(bits)) return kCanonicalNanF32 & kTf32Mask;
  const uint64_t tf32 = convert_float(kF32, kTF32, bits, options);
  return static_cast<uint32_t>(tf32 << (kF32.fraction_bits - kTF32.fraction_bits));
}

// Pairs: the first source operand lands in the upper half of the result.
inline uint32_t cvt_f16x2_from_f32(uint32_t a, uint32_t b, ConvertOptions options) {
  return (uint32_t{cvt_f16_from_f32(a, options)} << 16) | cvt_f16_from_f32(b, options);
}
inline uint32_t cvt_bf16x2_from_f32(uint32_t a, uint32_t b, ConvertOptions options) {
  return (uint32_t{cvt_bf16_from_f32(a, options)} << 16) | cvt_bf16_from_f32(b, options);
}

enum class Fp8Format : uint8_t { e4m3, e5m2 };
constexpr FloatFormat format_of(Fp8Format f) {
  return f == Fp8Format::e4m3 ? kE4M3 : kE5M2;
}

// cvt.rn.satfinite{.relu}.e4m3x2/e5m2x2.f32 d, a, b.
inline uint16_t cvt_fp8x2_from_f32(Fp8Format f, uint32_t a, uint32_t b, bool relu) {
  const ConvertOptions o{.relu = relu, .satfinite = true};
  const uint64_t hi = convert_float(kF32, format_of(f), a, o);
  const uint64_t lo = convert_float(kF32, format_of(f), b, o);
  return static_cast<uint16_t>((hi << 8) | lo);
}
// cvt.rn.satfinite{.relu}.e4m3x2/e5m2x2.f16x2 d, a.
inline uint16_t cvt_fp8x2_from_f16x2(Fp8Format f, uint32_t a, bool relu) {
  const ConvertOptions o{.relu = relu, .satfinite = true};
  const uint64_t hi = convert_float(kF16, format_of(f), a >> 16, o);
  const uint64_t lo = convert_float(kF16, format_of(f), a & 0xffff, o);
  return static_cast<uint16_t>((hi << 8) | lo);
}
// cvt.rn{.relu}.f16x2.e4m3x2/e5m2x2 d, a (exact).
inline uint32_t cvt_f16x2_from_fp8x2(Fp8Format f, uint16_t a, bool relu) {
  const ConvertOptions o{.relu = relu};
  const uint64_t hi = convert_float(format_of(f), kF16, a >> 8, o);
  const uint64_t lo = convert_float(format_of(f), kF16, a & 0xff, o);
  return static_cast<uint32_t>((hi << 16) | lo);
}

}  // namespace smsim::isa::sem
