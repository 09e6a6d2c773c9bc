// Approximate SFU instructions.
//
// rcp.approx and rsqrt.approx (f32) are bit-exact through SfuTables, and so
// are the f64 forms built on them; ex2, lg2, sin, cos, sqrt and tanh.approx
// (f32) through MufuTables.
#pragma once

#include <cmath>
#include <cstdint>

#include "isa/semantics/float_arith_f32.h"
#include "isa/semantics/float_arith_f64.h"
#include "isa/semantics/float_format.h"
#include "isa/semantics/gpu_nan.h"
#include "isa/semantics/half_arith.h"
#include "isa/semantics/mufu_tables.h"
#include "isa/semantics/sfu_tables.h"

namespace smsim::isa::sem {

inline constexpr uint32_t kInfinityF32 = 0x7f800000;

// The reference the tables are measured against, then corrected.
inline uint32_t rcp_reference(uint32_t x) {
  return bits_of(static_cast<float>(1.0 / static_cast<double>(f32_from_bits(x))));
}
inline uint32_t rsqrt_reference(uint32_t x) {
  return bits_of(static_cast<float>(1.0 / std::sqrt(static_cast<double>(f32_from_bits(x)))));
}

// rcp.approx.f32 / rcp.approx.ftz.f32. Subnormal inputs are normalised and
// results below the normal range are flushed (.ftz) or denormalised with
// round-to-nearest-even; those paths are checked against the device's
// exhaustive sweep digests rather than derived from a table.
inline uint32_t rcp_approx_f32(const SfuTables& tables, uint32_t x, bool ftz) {
  if (ftz) x = flush_subnormal_f32(x);
  const uint32_t sign = x & kSignF32;
  const uint32_t magnitude = x & ~kSignF32;
  if (is_nan_f32(x)) return kCanonicalNanF32;
  if (magnitude == 0) return sign | kInfinityF32;
  if (magnitude == kInfinityF32) return sign;
  // x = 1.f * 2^e  =>  rcp(x) = rcp(1.f) * 2^-e.
  int exponent = static_cast<int>(magnitude >> 23) - 127;
  uint32_t fraction = magnitude & 0x7fffff;
  if ((magnitude >> 23) == 0) {  // subnormal: normalise
    const int shift = std::countl_zero(fraction) - 8;
    fraction = (fraction << shift) & 0x7fffff;
    exponent = -126 - shift;
  }
  const uint32_t base_input = 0x3f800000u | fraction;
  const uint32_t base =
      rcp_reference(base_input) + static_cast<uint32_t>(tables.rcp_deviation(fraction));
  // base is in (0.5, 1]: scale its exponent by -exponent.
  const int result_exponent = static_cast<int>(base >> 23) - exponent;
  if (result_exponent >= 255) return sign | kInfinityF32;
  if (result_exponent >= 1)
    return sign | (static_cast<uint32_t>(result_exponent) << 23) | (base & 0x7fffff);
  if (ftz) return sign;
  // Denormalise the 24-bit significand, rounding to nearest even.
  const int shift = 1 - result_exponent;
  if (shift > 25) return sign;
  const uint32_t significand = (base & 0x7fffff) | 0x800000;
  uint32_t kept = significand >> shift;
  const uint32_t rest = significand & ((1u << shift) - 1);
  const uint32_t half = 1u << (shift - 1);
  if (rest > half || (rest == half && (kept & 1) != 0)) ++kept;
  return sign | kept;
}

// x = m * 4^k with m in [1, 4) (x positive and finite, subnormals
// normalised): the split by which rsqrt and sqrt are scale invariant.
struct PowerOfFourSplit {
  uint32_t m;            // the float m
  uint32_t table_index;  // (exponent bit of m << 23) | fraction: the tables' index over [1, 4)
  int k;
};
inline PowerOfFourSplit split_power_of_four(uint32_t x) {
  int exponent = static_cast<int>(x >> 23) - 127;
  uint32_t fraction = x & 0x7fffff;
  if ((x >> 23) == 0) {
    const int shift = std::countl_zero(fraction) - 8;
    fraction = (fraction << shift) & 0x7fffff;
    exponent = -126 - shift;
  }
  const int odd = exponent & 1;
  return {(static_cast<uint32_t>(127 + odd) << 23) | fraction,
          (static_cast<uint32_t>(odd) << 23) | fraction, (exponent - odd) / 2};
}

// rsqrt.approx.f32 / .ftz: negative inputs give NaN, -0 gives -infinity.
inline uint32_t rsqrt_approx_f32(const SfuTables& tables, uint32_t x, bool ftz) {
  if (ftz) x = flush_subnormal_f32(x);
  if (is_nan_f32(x)) return kCanonicalNanF32;
  if ((x & ~kSignF32) == 0) return (x & kSignF32) | kInfinityF32;
  if ((x & kSignF32) != 0) return kCanonicalNanF32;
  if (x == kInfinityF32) return 0;
  // rsqrt(m 4^k) = rsqrt(m) 2^-k.
  const PowerOfFourSplit split = split_power_of_four(x);
  const uint32_t base = rsqrt_reference(split.m) +
                        static_cast<uint32_t>(tables.rsqrt_deviation(split.table_index));
  const int result_exponent = static_cast<int>(base >> 23) - split.k;
  return (static_cast<uint32_t>(result_exponent) << 23) | (base & 0x7fffff);
}

// The float nearest to value (the reference sqrt's table is measured against).
inline uint32_t round_f32(double value) {
  return bits_of(static_cast<float>(value));
}

// ---- MUFU.EX2, LG2, SQRT, SIN, COS: bit-exact through MufuTables ----------
// The .ftz forms are the MUFU instruction itself; ptxas builds the forms
// without .ftz from it with the pre- and post-scaling reproduced below
// (ptxas 13 for sm_90, seen with cuobjdump -sass).

inline constexpr uint32_t kNegativeInfinityF32 = 0xff800000;

// |x| as a fixed-point number with `fraction_bits` fraction bits, truncated
// (x normal or zero, |x| < 2^(63 - fraction_bits)).
inline uint64_t truncated_fixed_point(uint32_t magnitude, int fraction_bits) {
  if ((magnitude >> 23) == 0) return 0;  // zero (subnormals are flushed first)
  const uint64_t significand = (magnitude & 0x7fffff) | 0x800000;
  const int shift = static_cast<int>(magnitude >> 23) - 127 - 23 + fraction_bits;
  if (shift >= 0) return significand << shift;
  return shift > -64 ? significand >> -shift : 0;
}

// ex2.approx.ftz.f32 (MUFU.EX2).
inline uint32_t ex2_approx_ftz_f32(const MufuTables& t, uint32_t x) {
  x = flush_subnormal_f32(x);
  if (is_nan_f32(x)) return kCanonicalNanF32;
  const bool negative = (x & kSignF32) != 0;
  const uint32_t magnitude = x & ~kSignF32;
  if (magnitude >= 0x43000000) return negative ? 0 : kInfinityF32;  // |x| >= 128, infinity
  const uint64_t fixed = truncated_fixed_point(magnitude, 23);
  const auto whole = static_cast<int>(fixed >> 23);
  const uint32_t base = t.ex2(negative, static_cast<uint32_t>(fixed & 0x7fffff));
  const int exponent = static_cast<int>(base >> 23) + (negative ? -whole : whole);
  if (exponent >= 255) return kInfinityF32;
  if (exponent <= 0) return 0;  // results below the normal range are flushed
  return (static_cast<uint32_t>(exponent) << 23) | (base & 0x7fffff);
}

// ex2.approx.f32: below -126 (where results are subnormal) ptxas halves x
// and squares the result with a multiplication that keeps subnormals.
inline uint32_t ex2_approx_f32(const MufuTables& t, uint32_t x, bool ftz) {
  if (ftz || is_nan_f32(x) || !(f32_from_bits(x) < -126.0f)) return ex2_approx_ftz_f32(t, x);
  const uint32_t half = mul_f32(x, 0x3f000000, Rounding::nearest_even, false, false);
  const uint32_t root = ex2_approx_ftz_f32(t, half);
  return mul_f32(root, root, Rounding::nearest_even, false, false);
}

// The float nearest to v in the direction of zero (v finite, in float range).
inline uint32_t f32_toward_zero(double v) {
  float f = static_cast<float>(v);
  if (std::fabs(static_cast<double>(f)) > std::fabs(v)) f = std::nextafter(f, 0.0f);
  return bits_of(f);
}

// lg2.approx.ftz.f32 (MUFU.LG2): e + L(m) rounded toward zero. The e = 0
// result is L(m) rounded toward zero, which is exact enough for e > 0
// (truncations compose); for e < -1 the e = -1 result 1 - L(m), also
// truncated, gives L's rounding the other way, which is what e + L needs.
inline uint32_t lg2_approx_ftz_f32(const MufuTables& t, uint32_t x) {
  x = flush_subnormal_f32(x);
  if (is_nan_f32(x)) return kCanonicalNanF32;
  if ((x & ~kSignF32) == 0) return kNegativeInfinityF32;
  if ((x & kSignF32) != 0) return kCanonicalNanF32;
  if (x == kInfinityF32) return kInfinityF32;
  const int e = static_cast<int>(x >> 23) - 127;
  const uint32_t fraction = x & 0x7fffff;
  if (e == 0 || e == -1) return t.lg2(e == 0, fraction);
  const double l = e > 0 ? static_cast<double>(f32_from_bits(t.lg2(true, fraction)))
                         : 1.0 + static_cast<double>(f32_from_bits(t.lg2(false, fraction)));
  return f32_toward_zero(static_cast<double>(e) + l);  // the sum is exact in double
}

// lg2.approx.f32: subnormal x (|x| < 2^-126, zero included) is scaled by 2^24
// first and 24 subtracted from the result.
inline uint32_t lg2_approx_f32(const MufuTables& t, uint32_t x, bool ftz) {
  if (ftz || is_nan_f32(x) || (x & ~kSignF32) >= 0x00800000) return lg2_approx_ftz_f32(t, x);
  const uint32_t scaled = mul_f32(x, 0x4b800000, Rounding::nearest_even, false, false);
  return add_f32(lg2_approx_ftz_f32(t, scaled), 0xc1c00000, Rounding::nearest_even, false, false);
}

// sqrt.approx.ftz.f32 (MUFU.SQRT): scale invariant over powers of four.
inline uint32_t sqrt_approx_ftz_f32(const MufuTables& t, uint32_t x) {
  x = flush_subnormal_f32(x);
  if (is_nan_f32(x)) return kCanonicalNanF32;
  if ((x & ~kSignF32) == 0) return x;  // sqrt(-0) = -0
  if ((x & kSignF32) != 0) return kCanonicalNanF32;
  if (x == kInfinityF32) return kInfinityF32;
  const PowerOfFourSplit split = split_power_of_four(x);  // sqrt(m 4^k) = sqrt(m) 2^k
  const uint32_t base = round_f32(std::sqrt(static_cast<double>(f32_from_bits(split.m)))) +
                        static_cast<uint32_t>(t.sqrt_deviation(split.table_index));
  return static_cast<uint32_t>(static_cast<int64_t>(base) + (int64_t{split.k} << 23));
}

// sqrt.approx.f32: subnormal x is scaled by 2^24 first and the result by 2^-12.
inline uint32_t sqrt_approx_f32(const MufuTables& t, uint32_t x, bool ftz) {
  if (ftz || is_nan_f32(x) || (x & ~kSignF32) >= 0x00800000) return sqrt_approx_ftz_f32(t, x);
  const uint32_t scaled = mul_f32(x, 0x4b800000, Rounding::nearest_even, false, false);
  return mul_f32(sqrt_approx_ftz_f32(t, scaled), 0x39800000, Rounding::nearest_even, false, false);
}

// sin/cos.approx.f32 (.ftz or not, the same code): ptxas multiplies by
// 1/(2 pi) rounding toward zero; MUFU.SIN/COS take the sign and the 25-bit
// truncated fraction of |turns|, the top two bits being the quadrant.
inline uint32_t sincos_approx_f32(const MufuTables& t, uint32_t x, bool cosine) {
  constexpr uint32_t kInverseTwoPi = 0x3e22f983;
  const uint32_t turns = mul_f32(x, kInverseTwoPi, Rounding::toward_zero, false, false);
  if (is_nan_f32(turns) || (turns & ~kSignF32) == kInfinityF32) return kCanonicalNanF32;
  const uint32_t magnitude = flush_subnormal_f32(turns) & ~kSignF32;
  // From 2^23 on |turns| is an integer: fraction and quadrant are zero.
  const uint64_t fixed = (magnitude >> 23) >= 127 + 23 ? 0 : truncated_fixed_point(magnitude, 25);
  const auto quadrant = static_cast<uint32_t>((fixed >> 23) & 3);
  const auto r = static_cast<uint32_t>(fixed & 0x7fffff);
  uint32_t result;
  if (cosine) {
    static constexpr uint32_t kCosNegate[4] = {0, kSignF32, kSignF32, 0};
    result = ((quadrant & 1) ? t.sin_quadrant0(r) : t.cos_quadrant0(r)) ^ kCosNegate[quadrant];
  } else {
    static constexpr uint32_t kSinNegate[4] = {0, 0, kSignF32, kSignF32};
    result = ((quadrant & 1) ? t.cos_quadrant0(r) : t.sin_quadrant0(r)) ^ kSinNegate[quadrant];
    result ^= turns & kSignF32;  // sin is odd
  }
  return result;
}

inline uint32_t sin_approx_f32(const MufuTables& t, uint32_t x) { return sincos_approx_f32(t, x, false); }
inline uint32_t cos_approx_f32(const MufuTables& t, uint32_t x) { return sincos_approx_f32(t, x, true); }

// tanh.approx.f32 (MUFU.TANH; there is no .ftz form and subnormals are kept).
// Measured on all 2^32 inputs (tools/probes/tanh_probe.cu): exactly odd; x
// itself below the table's binades (|x| < 2^-8, zeros and subnormals
// included); +-1 above them (|x| >= 8, infinities included); every NaN gives
// the canonical NaN, whatever its sign.
inline uint32_t tanh_approx_f32(const MufuTables& t, uint32_t x) {
  constexpr uint32_t kOneF32 = 0x3f800000;
  if (is_nan_f32(x)) return kCanonicalNanF32;
  const uint32_t sign = x & kSignF32;
  const uint32_t magnitude = x & ~kSignF32;
  if ((magnitude >> 23) < t.tanh_first_field()) return x;
  if ((magnitude >> 23) > t.tanh_last_field()) return sign | kOneF32;
  return sign | t.tanh(magnitude);
}

// div.approx.f32: a * rcp.approx.ftz(b), one rounding of the product
// (bit-exact on the H100 with .ftz). Without .ftz a subnormal divisor first
// scales both operands by 2^24 so that its reciprocal stays finite, and the
// product keeps subnormal results (a model of the non-.ftz path; its match
// rate is measured, see docs/isa-semantics.md).
inline uint32_t div_approx_f32(const SfuTables& tables, uint32_t a, uint32_t b, bool ftz) {
  constexpr uint32_t kTwoTo24 = 0x4b800000;
  if (ftz) {
    a = flush_subnormal_f32(a);
    b = flush_subnormal_f32(b);
  } else if (kF32.is_subnormal(b)) {
    a = mul_f32(a, kTwoTo24, Rounding::nearest_even, false, false);
    b = mul_f32(b, kTwoTo24, Rounding::nearest_even, false, false);
  }
  return mul_f32(a, rcp_approx_f32(tables, b, true), Rounding::nearest_even, ftz, false);
}

// div.full.f32: like div.approx, but a divisor above 2^126 first scales both
// operands by 1/4 so that its reciprocal stays normal (bit-exact on the H100
// with .ftz).
inline uint32_t div_full_f32(const SfuTables& tables, uint32_t a, uint32_t b, bool ftz) {
  constexpr uint32_t kQuarter = 0x3e800000;
  constexpr uint32_t kTwoTo126 = 0x7e800000;
  if (ftz) {
    a = flush_subnormal_f32(a);
    b = flush_subnormal_f32(b);
  }
  const uint32_t magnitude = b & ~kSignF32;
  if (magnitude > kTwoTo126 && magnitude < kInfinityF32) {
    a = mul_f32(a, kQuarter, Rounding::nearest_even, ftz, false);
    b = mul_f32(b, kQuarter, Rounding::nearest_even, ftz, false);
  }
  return div_approx_f32(tables, a, b, ftz);
}

// rcp.approx.ftz.f64: the hardware reads only the upper 32 bits of x (20
// fraction bits) and writes only the upper 32 bits of the result. Modelled
// as rcp.approx.f32 on those 20 fraction bits, the result's fraction
// truncated to 20 bits; subnormal inputs give infinity and results below the
// normal range zero. NaN gives f32's canonical NaN in the upper word; a NaN
// whose payload lies only in the lower word reads as infinity (all measured
// on an H100).
inline uint64_t rcp_approx_ftz_f64(const SfuTables& tables, uint64_t x) {
  constexpr uint64_t kUpperWord = 0xffffffff00000000ull;
  x &= kUpperWord;
  const uint64_t sign = x & kSignF64;
  if (is_nan_f64(x)) return uint64_t{kCanonicalNanF32} << 32;
  if (kF64.is_zero(x) || kF64.is_subnormal(x)) return sign | kF64.infinity();
  if (kF64.is_infinity(x)) return sign;
  const int exponent = static_cast<int>(kF64.exponent_field(x)) - kF64.bias();
  const auto fraction20 = static_cast<uint32_t>((x >> 32) & 0xfffff);
  const uint32_t base = rcp_approx_f32(tables, 0x3f800000u | (fraction20 << 3), true);
  const int result_exponent = static_cast<int>(base >> 23) - 127 - exponent;
  if (result_exponent < 1 - kF64.bias()) return sign;
  const uint64_t field = static_cast<uint64_t>(result_exponent + kF64.bias());
  return (sign | (field << 52) | (uint64_t{base & 0x7fffff} << 29)) & kUpperWord;
}

// rsqrt.approx.ftz.f64: like rcp.approx.ftz.f64, only the upper 32 bits of
// x are read and written, through rsqrt.approx.f32 on 20 fraction bits.
inline uint64_t rsqrt_approx_ftz_f64(const SfuTables& tables, uint64_t x) {
  constexpr uint64_t kUpperWord = 0xffffffff00000000ull;
  x &= kUpperWord;
  if (is_nan_f64(x)) return uint64_t{kCanonicalNanF32} << 32;
  if (kF64.is_zero(x) || kF64.is_subnormal(x)) return (x & kSignF64) | kF64.infinity();
  if (kF64.is_negative(x)) return uint64_t{kCanonicalNanF32} << 32;
  if (kF64.is_infinity(x)) return 0;
  const int exponent = static_cast<int>(kF64.exponent_field(x)) - kF64.bias();
  const int odd = exponent & 1;
  const auto fraction20 = static_cast<uint32_t>((x >> 32) & 0xfffff);
  const uint32_t base =
      rsqrt_approx_f32(tables, (static_cast<uint32_t>(127 + odd) << 23) | (fraction20 << 3), true);
  const int result_exponent = static_cast<int>(base >> 23) - 127 - (exponent - odd) / 2;
  const uint64_t field = static_cast<uint64_t>(result_exponent + kF64.bias());
  return ((field << 52) | (uint64_t{base & 0x7fffff} << 29)) & kUpperWord;
}

// rsqrt.approx.f64 without .ftz is not one SFU operation: ptxas (sm_90,
// CUDA 13.0) expands it to MUFU.RSQ64H, the upper-word estimate that
// rsqrt.approx.ftz.f64 returns alone, refined by one f64 step with a cubic
// term (e = 1 - x*y0^2, y = y0 + (0.5 + 0.375*e)*(y0*e)), each operation
// rounded to nearest as its DMUL/DFMA does. Inputs outside the positive
// normal range take ptxas's slow path: +-0 give +-infinity, NaN gives x + x
// (quieted), negative numbers the invalid NaN, +infinity +0, and subnormals
// are scaled by 2^54 before the same steps and the result by 2^27.
inline uint64_t rsqrt_approx_f64(const SfuTables& tables, uint64_t x) {
  constexpr uint64_t kOne = 0x3ff0000000000000ull, kHalf = 0x3fe0000000000000ull;
  constexpr uint64_t kThreeEighths = 0x3fd8000000000000ull;
  constexpr uint64_t kTwoTo54 = 0x4350000000000000ull, kTwoTo27 = 0x41a0000000000000ull;
  constexpr Rounding rn = Rounding::nearest_even;
  const auto refine = [&](uint64_t v) {
    const uint64_t y0 = rsqrt_approx_ftz_f64(tables, v);
    const uint64_t e = fma_f64(v, mul_f64(y0, y0, rn) ^ kSignF64, kOne, rn);
    const uint64_t c = fma_f64(e, kThreeEighths, kHalf, rn);
    return fma_f64(c, mul_f64(y0, e, rn), y0, rn);
  };
  if (kF64.is_zero(x)) return (x & kSignF64) | kF64.infinity();
  if (is_nan_f64(x)) return add_f64(x, x, rn);
  if (kF64.is_negative(x)) return kDefaultNanF64;
  if (kF64.is_infinity(x)) return 0;
  if (kF64.is_subnormal(x)) return mul_f64(refine(mul_f64(x, kTwoTo54, rn)), kTwoTo27, rn);
  return refine(x);
}

// Half-precision ex2/tanh (f16, bf16; the x2 forms apply them per half):
// the measured result for each of the 2^16 inputs. bf16 ex2 exists only as
// ex2.approx.ftz.bf16.
inline uint16_t ex2_approx_half(const SfuTables& tables, HalfType t, uint16_t x) {
  return tables.half_result(t == HalfType::f16 ? HalfSfu::ex2_f16 : HalfSfu::ex2_ftz_bf16, x);
}
inline uint16_t tanh_approx_half(const SfuTables& tables, HalfType t, uint16_t x) {
  return tables.half_result(t == HalfType::f16 ? HalfSfu::tanh_f16 : HalfSfu::tanh_bf16, x);
}

}  // namespace smsim::isa::sem
