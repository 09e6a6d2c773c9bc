// The dot products of the tensor cores (mma, wmma, wgmma): d = c + sum_k a_k * b_k.
//
// f16, bf16, tf32 and fp8 inputs: the products are exact; every product of
// the instruction and the accumulator c are aligned in one fused step to the
// largest *field* exponent E among them (a product's is e_a + e_b, whatever
// its significand's carry), each term is truncated toward zero to the
// multiple of 2^(E - A), and the truncated terms are summed exactly. An f32
// result is that sum rounded toward zero to R significant bits; an f16
// result is the sum rounded to nearest even f16 once. A = 25 and R = 24
// for f16, bf16 and tf32; A = 13 and R = 14 for e4m3/e5m2 (wgmma). This
// reproduces the H100 goldens of the conformance programs tensor_core_mma
// (wmma m16n16k16, f16 inputs), hopper_features (mma m16n8k8 tf32, m16n8k16
// bf16), wgmma (k16 f16/bf16, f16 and f32 accumulators) and wgmma_types
// (k8 tf32, k32 e4m3/e5m2) bit for bit; it was chosen among block sizes,
// alignment widths, rounding of each step and truncation directions by
// those results. tf32 operands are the upper 19 bits of their register (the
// low 13 are ignored).
//
// A NaN operand, or an infinite product or accumulator of each sign, gives
// the canonical NaN; an overflow gives an infinity.
//
// e4m3 and e5m2 in mma.sync m16n8k16/k32 and mma.sp m16n8k64 (A and B may
// differ): the H100 has no fp8 mma.sync instruction; ptxas (nvcc 13, sm_90)
// unpacks the inputs to f16 and runs two f16 HMMA steps, then adds c with
// FADD or HADD2 (tensor_dot_fp8_f32/_f16 below). An e4m3 has no infinity (S.1111.111 is its
// NaN); an e5m2 is IEEE-like.
//
// f64 (DMMA): a chain of correctly rounded fmas in k order. Integers (s8/u8,
// s4/u4): exact products, sum wrapping modulo 2^32, or with .satfinite the
// exact sum clamped to the s32 range. b1: c plus the count of k whose bits
// AND (XOR) to 1, wrapping.
#pragma once

#include <climits>
#include <cstdint>
#include <span>

#include "isa/semantics/convert_float.h"
#include "isa/semantics/float_arith_f32.h"
#include "isa/semantics/float_arith_f64.h"
#include "isa/semantics/float_format.h"
#include "isa/semantics/gpu_nan.h"
#include "isa/semantics/half_arith.h"

namespace smsim::isa::sem {

enum class TensorInput : uint8_t { f16, bf16, tf32, e4m3, e5m2 };

namespace tensor_detail {

// The exact sum of up to 65 aligned 64-bit terms needs more than 64 bits.
__extension__ using Int128 = __int128;
__extension__ using UInt128 = unsigned __int128;

// A finite value sign * m * 2^e and the exponent its field shows.
struct Term {
  bool zero = true;
  bool negative = false;
  bool infinite = false;
  bool nan = false;
  uint64_t m = 0;
  int e = 0;
  int field_exponent = 0;  // unbiased; the minimum normal exponent for subnormals
};

inline Term decode(uint64_t bits, int fraction_bits, int exponent_bits) {
  Term t;
  const int bias = (1 << (exponent_bits - 1)) - 1;
  const uint64_t exponent = bits >> fraction_bits & ((uint64_t{1} << exponent_bits) - 1);
  const uint64_t fraction = bits & ((uint64_t{1} << fraction_bits) - 1);
  t.negative = (bits >> (fraction_bits + exponent_bits) & 1) != 0;
  if (exponent == (uint64_t{1} << exponent_bits) - 1) {
    t.zero = false;
    (fraction != 0 ? t.nan : t.infinite) = true;
    return t;
  }
  t.field_exponent = exponent == 0 ? 1 - bias : static_cast<int>(exponent) - bias;
  if (exponent == 0 && fraction == 0) return t;
  t.zero = false;
  t.m = exponent == 0 ? fraction : fraction | uint64_t{1} << fraction_bits;
  t.e = t.field_exponent - fraction_bits;
  return t;
}

// e4m3: the all-ones exponent holds normal numbers up to 448; only
// S.1111.111 is a NaN.
inline Term decode_e4m3(uint32_t bits) {
  if ((bits & 0x7fu) == 0x7fu || (bits >> 3 & 0xfu) != 0xfu) return decode(bits, 3, 4);
  Term t;
  t.zero = false;
  t.negative = (bits >> 7 & 1) != 0;
  t.field_exponent = 15 - 7;
  t.m = (bits & 7u) | 8u;
  t.e = t.field_exponent - 3;
  return t;
}

inline Term decode_input(TensorInput kind, uint32_t bits) {
  switch (kind) {
    case TensorInput::f16:
      return decode(bits & 0xffffu, 10, 5);
    case TensorInput::bf16:
      return decode(bits & 0xffffu, 7, 8);
    case TensorInput::tf32:
      return decode(bits >> 13, 10, 8);
    case TensorInput::e4m3:
      return decode_e4m3(bits & 0xffu);
    case TensorInput::e5m2:
      return decode(bits & 0xffu, 2, 5);
  }
  return {};
}

inline Term multiply(const Term& a, const Term& b) {
  Term t;
  t.negative = a.negative != b.negative;
  if (a.nan || b.nan || ((a.infinite || b.infinite) && (a.zero || b.zero))) {
    t.zero = false;
    t.nan = true;
    return t;
  }
  if (a.infinite || b.infinite) {
    t.zero = false;
    t.infinite = true;
    return t;
  }
  t.field_exponent = a.field_exponent + b.field_exponent;
  if (a.zero || b.zero) return t;
  t.zero = false;
  t.m = a.m * b.m;
  t.e = a.e + b.e;
  return t;
}

// Bits kept below the largest field exponent, and the significand bits the
// f32 result keeps (rounded toward zero): 25 and 24 for f16, bf16 and tf32;
// for fp8 (wgmma e4m3/e5m2) only 13 and 14.
struct DotPrecision {
  int aligned_bits;
  int result_bits;
};

inline DotPrecision dot_precision(TensorInput kind) {
  if (kind == TensorInput::e4m3 || kind == TensorInput::e5m2) return {13, 14};
  return {25, 24};
}

// sign * magnitude * 2^e rounded toward zero to f32 (an overflow is infinite).
inline uint32_t to_f32_toward_zero(bool negative, UInt128 magnitude, int e);

// The same with only `bits` significant bits kept (toward zero) first.
inline uint32_t to_f32_toward_zero(bool negative, UInt128 magnitude, int e, int bits) {
  if (magnitude != 0 && bits < 24) {
    int lead = 127;
    while (((magnitude >> lead) & 1) == 0) --lead;
    const int drop = lead + 1 - bits;
    if (drop > 0) magnitude = magnitude >> drop << drop;
  }
  return to_f32_toward_zero(negative, magnitude, e);
}

inline uint32_t to_f32_toward_zero(bool negative, UInt128 magnitude, int e) {
  const uint32_t sign = negative ? 0x80000000u : 0u;
  if (magnitude == 0) return sign;
  int lead = 127;
  while (((magnitude >> lead) & 1) == 0) --lead;
  const int top = lead + e;  // exponent of the leading bit
  const int quantum = (top < -126 ? -126 : top) - 23;
  const int shift = quantum - e;
  UInt128 kept = shift > 0 ? (shift >= 128 ? 0 : magnitude >> shift) : magnitude << -shift;
  if (top > 127) return sign | 0x7f800000u;
  if ((kept >> 23) == 0) return sign | static_cast<uint32_t>(kept);  // subnormal
  return sign | static_cast<uint32_t>(quantum + 23 + 127) << 23 |
         (static_cast<uint32_t>(kept) & 0x7fffffu);
}

// sign * magnitude * 2^e rounded to nearest even f16 (an overflow is infinite).
inline uint16_t to_f16_nearest_even(bool negative, UInt128 magnitude, int e) {
  const uint16_t sign = negative ? 0x8000u : 0u;
  if (magnitude == 0) return sign;
  int lead = 127;
  while (((magnitude >> lead) & 1) == 0) --lead;
  const int top = lead + e;
  int quantum = (top < -14 ? -14 : top) - 10;
  const int shift = quantum - e;
  UInt128 kept = magnitude;
  if (shift > 0) {
    if (shift >= 128) {
      kept = 0;  // far below half an ulp
    } else {
      kept = magnitude >> shift;
      const UInt128 rest = magnitude & ((UInt128{1} << shift) - 1);
      const UInt128 half = UInt128{1} << (shift - 1);
      if (rest > half || (rest == half && (kept & 1) != 0)) ++kept;
    }
  } else {
    kept = magnitude << -shift;
  }
  if ((kept >> 11) != 0) {  // rounding carried to the next binade
    kept >>= 1;
    ++quantum;
  }
  if ((kept >> 10) == 0) return sign | static_cast<uint16_t>(kept);  // subnormal
  const int biased = quantum + 10 + 15;
  if (biased >= 31) return sign | 0x7c00u;
  return sign | static_cast<uint16_t>(biased << 10) | (static_cast<uint16_t>(kept) & 0x3ffu);
}

// The fused step's exact result: either a value with no finite sum (NaN,
// infinity, all zeros: `special`, as f32 bits) or sign * magnitude * 2^quantum.
struct FusedSum {
  bool special = false;
  uint32_t f32_bits = 0;
  bool negative = false;
  UInt128 magnitude = 0;
  int quantum = 0;
};

// The fused step, with the accumulator already decoded (in its own format:
// its field exponent takes part in the alignment).
inline FusedSum fused_sum(TensorInput kind_a, TensorInput kind_b, std::span<const uint32_t> a,
                          std::span<const uint32_t> b, const Term& c, int aligned_bits) {
  const auto special = [](uint32_t bits) { return FusedSum{.special = true, .f32_bits = bits}; };
  Term terms[257];
  std::size_t n = 0;
  terms[n++] = c;
  for (std::size_t k = 0; k < a.size() && n < std::size(terms); ++k) {
    terms[n++] = multiply(decode_input(kind_a, a[k]), decode_input(kind_b, b[k]));
  }
  bool positive_infinity = false, negative_infinity = false;
  int largest = INT32_MIN;
  for (std::size_t i = 0; i < n; ++i) {
    const Term& t = terms[i];
    if (t.nan) return special(kCanonicalNanF32);
    if (t.infinite) (t.negative ? negative_infinity : positive_infinity) = true;
    if (!t.zero && !t.infinite && t.field_exponent > largest) largest = t.field_exponent;
  }
  if (positive_infinity && negative_infinity) return special(kCanonicalNanF32);
  if (positive_infinity) return special(0x7f800000u);
  if (negative_infinity) return special(0xff800000u);
  if (largest == INT32_MIN) {
    // Only zeros: -0 when every term is -0, as an exact sum gives.
    bool all_negative = true;
    for (std::size_t i = 0; i < n; ++i) all_negative = all_negative && terms[i].negative;
    return special(all_negative ? 0x80000000u : 0u);
  }
  const int quantum = largest - aligned_bits;
  Int128 sum = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const Term& t = terms[i];
    if (t.zero) continue;
    const int shift = quantum - t.e;
    UInt128 v = t.m;
    if (shift > 0) {
      v = shift >= 128 ? 0 : v >> shift;
    } else {
      v <<= -shift;
    }
    sum += t.negative ? -static_cast<Int128>(v) : static_cast<Int128>(v);
  }
  if (sum == 0) return special(0);  // exact cancellation gives +0
  const bool negative = sum < 0;
  return {.negative = negative,
          .magnitude = static_cast<UInt128>(negative ? -sum : sum),
          .quantum = quantum};
}

inline Term decode_accumulator(uint32_t c, bool c_is_f16) {
  return c_is_f16 ? decode(c & 0xffffu, 10, 5) : decode(c, 23, 8);
}

}  // namespace tensor_detail

// d = c + sum a[k] * b[k] as f32 bits (the exact sum rounded toward zero),
// with an f32 accumulator, or an f16 one when `c_is_f16` (its own field
// exponent joins the alignment). Each 32-bit a/b element holds one input
// (16-bit and 8-bit ones in its low bits); A and B may differ (e4m3 x e5m2).
inline uint32_t tensor_dot_f32(TensorInput kind_a, TensorInput kind_b, std::span<const uint32_t> a,
                               std::span<const uint32_t> b, uint32_t c, bool c_is_f16) {
  const tensor_detail::DotPrecision p = tensor_detail::dot_precision(kind_a);
  const tensor_detail::FusedSum s = tensor_detail::fused_sum(
      kind_a, kind_b, a, b, tensor_detail::decode_accumulator(c, c_is_f16), p.aligned_bits);
  if (s.special) return s.f32_bits;
  return tensor_detail::to_f32_toward_zero(s.negative, s.magnitude, s.quantum, p.result_bits);
}
inline uint32_t tensor_dot_f32(TensorInput kind, std::span<const uint32_t> a,
                               std::span<const uint32_t> b, uint32_t c, bool c_is_f16 = false) {
  return tensor_dot_f32(kind, kind, a, b, c, c_is_f16);
}

namespace tensor_detail {

// The f16 operands of the two HMMA steps ptxas makes of an fp8 mma (see
// tensor_dot_fp8_f32): element k goes to step k / 2 % 2, as f16 bits.
struct Fp8Steps {
  static constexpr std::size_t kSteps = 2, kPerStep = 16;
  uint32_t x[kSteps][kPerStep] = {}, y[kSteps][kPerStep] = {};
  std::size_t n[kSteps] = {};
};

inline Fp8Steps split_fp8(TensorInput a_kind, TensorInput b_kind, std::span<const uint32_t> a,
                          std::span<const uint32_t> b) {
  const auto to_f16 = [](TensorInput kind, uint32_t bits) {
    const Fp8Format f = kind == TensorInput::e4m3 ? Fp8Format::e4m3 : Fp8Format::e5m2;
    return cvt_f16x2_from_fp8x2(f, static_cast<uint16_t>(bits & 0xffu), false) & 0xffffu;
  };
  Fp8Steps s;
  for (std::size_t k = 0; k < a.size() && k < b.size(); ++k) {
    const std::size_t step = k / 2 % Fp8Steps::kSteps;
    if (s.n[step] == Fp8Steps::kPerStep) break;  // more than an instruction's 32 products
    s.x[step][s.n[step]] = to_f16(a_kind, a[k]);
    s.y[step][s.n[step]++] = to_f16(b_kind, b[k]);
  }
  return s;
}

}  // namespace tensor_detail

// fp8 inputs (e4m3/e5m2, A and B each) of mma.sync m16n8k16/m16n8k32 and of
// mma.sp m16n8k64, with an f32 accumulator. The H100 has no fp8 mma.sync
// instruction: ptxas (nvcc 13, sm_90) lowers these to F2FP.F16.E4M3/E5M2.UNPACK_B
// (exact: every fp8 value is an f16, so an e4m3 subnormal becomes an f16
// normal with its own field exponent) and two f16 HMMA steps (HMMA.1688,
// HMMA.16816 or HMMA.SP.16832 .F32): the low f16x2 half of each unpacked
// register with a zero accumulator, then the high halves accumulating onto
// that f32 result; c is added last by an FADD, to nearest even. `a` and `b`
// in k order, up to 32 products; the low halves are the elements k with
// k % 4 < 2 (for mma.sp, whose packed element p belongs to the 4-column
// chunk p / 2, the even chunks). This reproduces every dot product of
// tools/probes/mma_sp_fp8_probe.cu and mma_fp8_probe.cu on the H100 (each
// pairing of e4m3 and e5m2; mma_sp_fp8_fit.py compares the alternatives).
inline uint32_t tensor_dot_fp8_f32(TensorInput a_kind, TensorInput b_kind,
                                   std::span<const uint32_t> a, std::span<const uint32_t> b,
                                   uint32_t c) {
  const tensor_detail::Fp8Steps s = tensor_detail::split_fp8(a_kind, b_kind, a, b);
  uint32_t sum = 0;  // the first HMMA's accumulator is RZ
  for (std::size_t step = 0; step < tensor_detail::Fp8Steps::kSteps; ++step) {
    sum = tensor_dot_f32(TensorInput::f16, {s.x[step], s.n[step]}, {s.y[step], s.n[step]}, sum);
  }
  return add_f32(c, sum, Rounding::nearest_even, false, false);
}

// The same dot product with an f16 result: the exact sum rounded to nearest
// even f16 once (not through the f32 result: the H100's wgmma with f16
// accumulators rounds up sums that truncation to f32 would put on a tie).
//
// `Underflow::positive_zero`: a non-zero sum that rounds to zero gives +0
// whatever its sign, as wgmma does (8 f16 results of the sparse wgmma probe,
// tools/probes/wgmma_sp_probe.cu, are +0 where a signed rounding gives -0;
// dense and sparse wgmma share the same HGMMA path). mma's keep the sign.
enum class Underflow : uint8_t { signed_zero, positive_zero };
inline uint16_t tensor_dot_to_f16(TensorInput kind_a, TensorInput kind_b,
                                  std::span<const uint32_t> a, std::span<const uint32_t> b,
                                  uint32_t c, bool c_is_f16,
                                  Underflow underflow = Underflow::signed_zero) {
  const tensor_detail::FusedSum s = tensor_detail::fused_sum(
      kind_a, kind_b, a, b, tensor_detail::decode_accumulator(c, c_is_f16),
      tensor_detail::dot_precision(kind_a).aligned_bits);
  if (s.special) return cvt_f16_from_f32(s.f32_bits, {});  // NaN: the canonical one
  const uint16_t r = tensor_detail::to_f16_nearest_even(s.negative, s.magnitude, s.quantum);
  return underflow == Underflow::positive_zero && r == 0x8000u ? uint16_t{0} : r;
}

// An f32 dot product's result rounded to nearest even f16 (NaN: the
// canonical one): mma.sp's f16 results, not yet compared with the single
// rounding above.
inline uint16_t tensor_result_f16(uint32_t f32_bits) {
  return cvt_f16_from_f32(f32_bits, {});
}

// f16 inputs and accumulator.
inline uint16_t tensor_dot_f16(std::span<const uint32_t> a, std::span<const uint32_t> b,
                               uint16_t c) {
  return tensor_dot_to_f16(TensorInput::f16, TensorInput::f16, a, b, c, true);
}

// fp8 inputs of mma.sync m16n8k16/m16n8k32 with an f16 accumulator: the
// same two steps as tensor_dot_fp8_f32 as HMMA .F16 (each rounding its sum
// to nearest even f16 once, the first from a zero accumulator), then c
// added by an HADD2, to nearest even.
inline uint16_t tensor_dot_fp8_f16(TensorInput a_kind, TensorInput b_kind,
                                   std::span<const uint32_t> a, std::span<const uint32_t> b,
                                   uint16_t c) {
  const tensor_detail::Fp8Steps s = tensor_detail::split_fp8(a_kind, b_kind, a, b);
  uint16_t sum = 0;
  for (std::size_t step = 0; step < tensor_detail::Fp8Steps::kSteps; ++step) {
    sum = tensor_dot_f16({s.x[step], s.n[step]}, {s.y[step], s.n[step]}, sum);
  }
  return add_half(HalfType::f16, c, sum, {});
}

// f16 inputs of mma.sync m8n8k4 (Volta's quad-pair shape). sm_90 has no
// tensor instruction of that shape: ptxas (nvcc 13) calls an emulation
// routine ($__cuda_sm_8x_mma_*) that shuffles the fragments, widens every f16
// to f32 (HADD2.F32, exact) and computes each entry of D with scalar f32
// arithmetic, to nearest even (tools/probes/results/h100-2026-11-22/
// mma_f64_f16_sass.txt). `a` and `b` are four f16 each, in k order.
//
// f32 result (C f32, or f16 widened by the caller): an FFMA chain in k order
// from +0, then C added by an FADD.
inline uint32_t tensor_dot_m8n8k4_f32(std::span<const uint32_t> a, std::span<const uint32_t> b,
                                      uint32_t c) {
  uint32_t sum = 0;  // the first FFMA's addend is RZ
  for (std::size_t k = 0; k < a.size() && k < b.size(); ++k) {
    sum = fma_f32(cvt_f32_from_f16(static_cast<uint16_t>(a[k]), false),
                  cvt_f32_from_f16(static_cast<uint16_t>(b[k]), false), sum,
                  Rounding::nearest_even, false, false);
  }
  return add_f32(c, sum, Rounding::nearest_even, false, false);
}

// f16 result and accumulator: the products in pairs (FMUL of one k, FFMA
// of the next onto it), C widened to f32, one pair added to it and then the
// other (FADDs), the f32 sum rounded to nearest even f16 (F2FP.F16.F32).
// `first_pair` (0 or 2) is the k of the pair added first: 2 when A is .row;
// the .col routines transpose A with shuffles and call the same code with
// the pairs in the other registers, so 0 (every recorded result agrees).
inline uint16_t tensor_dot_m8n8k4_f16(std::span<const uint32_t> a, std::span<const uint32_t> b,
                                      uint16_t c, std::size_t first_pair) {
  const auto widen = [](uint32_t h) { return cvt_f32_from_f16(static_cast<uint16_t>(h), false); };
  const auto pair = [&](std::size_t k) {
    const uint32_t even = mul_f32(widen(a[k]), widen(b[k]), Rounding::nearest_even, false, false);
    return fma_f32(widen(a[k + 1]), widen(b[k + 1]), even, Rounding::nearest_even, false, false);
  };
  if (a.size() < 4 || b.size() < 4) return c;
  const std::size_t first = first_pair == 0 ? 0 : 2;
  uint32_t sum = add_f32(widen(c), pair(first), Rounding::nearest_even, false, false);
  sum = add_f32(sum, pair(2 - first), Rounding::nearest_even, false, false);
  return cvt_f16_from_f32(sum, {});
}

// f64 (DMMA): fma(b[k], a[k], acc) for k in order, starting from c, with
// the GPU's f64 fma NaN rule (the NaN of the first factor, else of the
// addend, else of the second): so a NaN in B wins, the latest one; then one
// already in the sum (C's, or the earliest of A). B first is what the H100's
// m16n8k4/k8/k16 results show (tools/probes/mma_f64_f16_probe.cu: every
// recorded NaN payload), and values do not depend on the factors' order.
inline uint64_t tensor_dot_f64(std::span<const uint64_t> a, std::span<const uint64_t> b,
                               uint64_t c) {
  uint64_t acc = c;
  for (std::size_t k = 0; k < a.size(); ++k) acc = fma_f64(b[k], a[k], acc, Rounding::nearest_even);
  return acc;
}

// Integer products summed modulo 2^32 (.s32 accumulators wrap without .satfinite).
inline uint32_t tensor_dot_int(std::span<const int32_t> a, std::span<const int32_t> b, uint32_t c) {
  uint32_t acc = c;
  for (std::size_t k = 0; k < a.size(); ++k) {
    acc += static_cast<uint32_t>(static_cast<int64_t>(a[k]) * b[k]);
  }
  return acc;
}

// .satfinite: the exact sum of c and the products, clamped to the s32 range.
inline uint32_t tensor_dot_int_saturating(std::span<const int32_t> a, std::span<const int32_t> b,
                                          uint32_t c) {
  int64_t acc = static_cast<int32_t>(c);
  for (std::size_t k = 0; k < a.size(); ++k) acc += static_cast<int64_t>(a[k]) * b[k];
  if (acc > INT32_MAX) acc = INT32_MAX;
  if (acc < INT32_MIN) acc = INT32_MIN;
  return static_cast<uint32_t>(static_cast<int32_t>(acc));
}

// The bit operation of a b1 mma (.and.popc or .xor.popc).
enum class BitOp : uint8_t { and_popc, xor_popc };

// b1: c plus the number of k with a[k] OP b[k] = 1 (elements 0 or 1),
// modulo 2^32 (b1 has no .satfinite).
inline uint32_t tensor_dot_b1(BitOp op, std::span<const int32_t> a, std::span<const int32_t> b,
                              uint32_t c) {
  uint32_t acc = c;
  for (std::size_t k = 0; k < a.size(); ++k) {
    acc += static_cast<uint32_t>(op == BitOp::and_popc ? (a[k] & b[k]) : (a[k] ^ b[k])) & 1u;
  }
  return acc;
}

}  // namespace smsim::isa::sem
