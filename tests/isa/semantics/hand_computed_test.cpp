// Hand-computed values for rules that are easy to state and easy to break.
#include <gtest/gtest.h>

#include <cstdint>

#include "isa/semantics/compare_result.h"
#include "isa/semantics/convert_float.h"
#include "isa/semantics/convert_int.h"
#include "isa/semantics/float_arith_f32.h"
#include "isa/semantics/float_compare.h"
#include "isa/semantics/float_div_sqrt.h"
#include "isa/semantics/half_arith.h"
#include "isa/semantics/integer_arith.h"
#include "isa/semantics/integer_bits.h"
#include "isa/semantics/integer_compare.h"
#include "isa/semantics/integer_dot.h"
#include "isa/semantics/video_scalar.h"

namespace smsim::isa::sem {
namespace {

TEST(IntegerHandComputed, PackSaturatesIntoNarrowFields) {
  // s4: 8 -> 7 (0x7), -9 -> -8 (0x8); c's low bits above the two fields.
  EXPECT_EQ(cvt_pack_sat(4, true, 8, static_cast<uint32_t>(-9), 0xabc), 0xabc78u);
  // u4: -1 -> 0, 20 -> 15.
  EXPECT_EQ(cvt_pack_sat(4, false, static_cast<uint32_t>(-1), 20, 0), 0x0fu);
  // s2: range -2..1; u2: 0..3. d = c << 4 | a << 2 | b.
  EXPECT_EQ(cvt_pack_sat(2, true, 5, static_cast<uint32_t>(-5), 0x3), 0x36u);
  EXPECT_EQ(cvt_pack_sat(2, false, 2, 9, 0xffffffffu), 0xfffffffbu);
  // 16-bit fields take the whole word: no c.
  EXPECT_EQ(cvt_pack_sat(16, true, 0x12345678, 0xffff0000u, 0xff), 0x7fff8000u);
}

TEST(IntegerHandComputed, DivisionByZeroAndOverflow) {
  EXPECT_EQ(div_unsigned<uint32_t>(7, 0), 0xffffffffu);
  EXPECT_EQ(rem_unsigned<uint32_t>(7, 0), 0xffffffffu);
  EXPECT_EQ(div_signed<uint32_t>(static_cast<uint32_t>(-7), 0), 0xffffffffu);
  EXPECT_EQ(div_signed<uint32_t>(0x80000000u, 0xffffffffu), 0x80000000u);
  EXPECT_EQ(rem_signed<uint32_t>(0x80000000u, 0xffffffffu), 0u);
  EXPECT_EQ(div_signed<uint32_t>(static_cast<uint32_t>(-7), 2), static_cast<uint32_t>(-3));
  EXPECT_EQ(rem_signed<uint32_t>(static_cast<uint32_t>(-7), 2), static_cast<uint32_t>(-1));
}

TEST(IntegerHandComputed, BitOperations) {
  EXPECT_EQ(bfind<uint32_t>(0, false, false), 0xffffffffu);
  EXPECT_EQ(bfind<uint32_t>(0x00010000, false, false), 16u);
  EXPECT_EQ(bfind<uint32_t>(0x00010000, false, true), 15u);
  EXPECT_EQ(bfind<uint32_t>(0xffffffff, true, false),
            0xffffffffu);  // -1: no bit differs from the sign
  EXPECT_EQ(bfind<uint32_t>(0xfffffff0, true, false), 3u);
  EXPECT_EQ(brev<uint32_t>(0x00000001), 0x80000000u);
  EXPECT_EQ(bfe<uint32_t>(0x0000f000, 12, 4, true), 0xffffffffu);
  EXPECT_EQ(bfe<uint32_t>(0x0000f000, 12, 4, false), 0xfu);
  EXPECT_EQ(bfi<uint32_t>(0xf, 0, 28, 8), 0xf0000000u);  // field clipped at bit 31
  // The 64-bit forms read the whole 32-bit position and length (H100, form
  // sweep): position 0x100 is past the top, so nothing is inserted or
  // extracted, where the low 8 bits would say position 0.
  EXPECT_EQ(bfi<uint64_t>(0xaaaaaaaa, 0x7f, 0x100, 1), 0x7full);
  EXPECT_EQ(bfi<uint64_t>(0x10, 0x1, 0x1f, 0x80000000), 0x800000001ull);
  EXPECT_EQ(bfe<uint64_t>(0x7fffffffffffffff, 0x100, 0x55555555, false), 0ull);
  EXPECT_EQ(bfi<uint32_t>(0xf, 0, 0x104, 4), 0xf0u);  // the 32-bit form: low 8 bits
  EXPECT_EQ(prmt(0x33221100, 0x77665544, 0x7531, PermuteMode::generic), 0x77553311u);
  EXPECT_EQ(prmt(0x0000007f, 0, 0x8888, PermuteMode::generic),
            0u);  // selector bit 3: sign of byte 0
  EXPECT_EQ(prmt(0x00000080, 0, 0x8888, PermuteMode::generic), 0xffffffffu);
  EXPECT_EQ(lop3(0xf0f0f0f0, 0xcccccccc, 0xaaaaaaaa, 0x96),
            0xf0f0f0f0u ^ 0xccccccccu ^ 0xaaaaaaaau);
  EXPECT_EQ(shf(0x80000000, 0x00000001, 1, FunnelDirection::left, ShiftMode::clamp), 3u);
  EXPECT_EQ(shl<uint32_t>(1, 32), 0u);
  EXPECT_EQ(shr<uint32_t>(0x80000000u, 40, true), 0xffffffffu);
  EXPECT_EQ(fns(0b10110, 0, 2), 2u);   // second set bit at or above 0
  EXPECT_EQ(fns(0b10110, 4, -2), 2u);  // second set bit at or below 4
  EXPECT_EQ(bmsk(4, 8, ShiftMode::clamp), 0x00000ff0u);
  EXPECT_EQ(szext(0x80, 8, ShiftMode::clamp, true), 0xffffff80u);
  EXPECT_EQ(dp4a(0x01020304, 0xffffffff, 10, false, true), 0u);  // -(1+2+3+4) + 10
}

TEST(IntegerHandComputed, SixteenBitMultiplies) {
  EXPECT_EQ(mul_lo<uint16_t>(0xffff, 0xffff), 0x0001);
  EXPECT_EQ(mul_hi_u16(0xffff, 0xffff), 0xfffe);
  EXPECT_EQ(mul_hi_s16(0xffff, 0xffff), 0x0000);  // (-1) * (-1) = 1
  EXPECT_EQ(mul_wide_s16(0x8000, 0x8000), 0x40000000u);
  EXPECT_EQ(mul_wide_u16(0xffff, 0xffff), 0xfffe0001u);
  EXPECT_EQ(mul24_hi(0x00ffffff, 0x00ffffff, false), 0xfffffe00u);  // bits 47..16 of (2^24-1)^2
}

TEST(IntegerHandComputed, CarryChainAddsAcrossWords) {
  // 0xffffffff_ffffffff + 1 as two 32-bit words.
  const auto lo = add_cc<uint32_t>(0xffffffffu, 1);
  const auto hi = add_with_carry<uint32_t>(0xffffffffu, 0, lo.carry);
  EXPECT_EQ(lo.value, 0u);
  EXPECT_EQ(hi.value, 0u);
  EXPECT_TRUE(hi.carry);
  // 0x1_00000000 - 1: the low word borrows.
  const auto slo = sub_cc<uint32_t>(0, 1);
  const auto shi = sub_with_carry<uint32_t>(1, 0, slo.carry);
  EXPECT_EQ(slo.value, 0xffffffffu);
  EXPECT_EQ(shi.value, 0u);
}

// ptx_float_modifiers' H100 golden: div.rn.ftz flushes (1 - 2^-24) / 2^126,
// which rounds to 2^-126 but is tiny with an unbounded exponent, as the
// measured add/mul/fma rule (flush_if_tiny) does.
TEST(FloatHandComputed, FtzDivisionFlushesQuotientsTinyBeforeRounding) {
  EXPECT_EQ(div_f32(0x3f7fffff, 0x7e800000, Rounding::nearest_even, true), 0u);
  EXPECT_EQ(div_f32(0xbf7fffff, 0x7e800000, Rounding::nearest_even, true), 0x80000000u);
  EXPECT_EQ(div_f32(0x3f7fffff, 0x7e800000, Rounding::nearest_even, false), 0x00800000u);
  // Exactly 2^-126, and a quotient just above it, stay.
  EXPECT_EQ(div_f32(0x3f800000, 0x7e800000, Rounding::nearest_even, true), 0x00800000u);
  EXPECT_EQ(div_f32(0x3f800001, 0x7e800000, Rounding::nearest_even, true), 0x00800001u);
  // Rounded up from below 2^-126 by .rp: tiny, flushed.
  EXPECT_EQ(div_f32(0x3f7fffff, 0x7e800000, Rounding::toward_positive, true), 0u);
}

// SM 1.x's FMAD: (1 + 2^-23) * (1.5 + 2^-23) = 1.5 + 2.5 * 2^-23 + 2^-46 is
// cut to 1.5 + 2 * 2^-23, so adding -1.5 leaves 2^-22. Rounding the product
// instead would leave 3 * 2^-23, and fma 2.5 * 2^-23.
// Form sweep (mul.ftz.f16x2, lane 8): 2^-14 * (1 - 2^-11) rounds to 2^-14
// but is tiny with an unbounded exponent, so .ftz flushes it, as for f32.
TEST(FloatHandComputed, HalfFtzFlushesResultsTinyBeforeRounding) {
  constexpr HalfOptions ftz{.ftz = true};
  EXPECT_EQ(mul_half(HalfType::f16, 0x0400, 0x3bff, ftz), 0u);
  EXPECT_EQ(mul_half(HalfType::f16, 0x8400, 0x3bff, ftz), 0x8000u);
  EXPECT_EQ(mul_half(HalfType::f16, 0x0400, 0x3bff, {}), 0x0400u);
  EXPECT_EQ(fma_half(HalfType::f16, 0x0400, 0x3bff, 0x0000, ftz), 0u);
  // Exactly 2^-14 stays.
  EXPECT_EQ(mul_half(HalfType::f16, 0x0400, 0x3c00, ftz), 0x0400u);
}

TEST(FloatHandComputed, Sm1xFmadTruncatesTheIntermediateProduct) {
  constexpr uint32_t a = 0x3f800001, b = 0x3fc00001, c = 0xbfc00000;
  EXPECT_EQ(fmad_truncated_f32(a, b, c, true, false), 0x34800000u);
  EXPECT_EQ(add_f32(mul_f32(a, b, Rounding::nearest_even, true, false), c,
                    Rounding::nearest_even, true, false),
            0x34c00000u);
  EXPECT_EQ(fma_f32(a, b, c, Rounding::nearest_even, true, false), 0x34a00000u);
  // The truncated product keeps its exponent: 2^64 * 2^64 - (2^128 - 2^104)
  // does not overflow on the way.
  EXPECT_EQ(fmad_truncated_f32(0x5f800000, 0x5f800000, 0xff7fffff, true, false), 0x73800000u);
  // No subnormals: an input 2^-127 is zero, and so is a result below 2^-126.
  EXPECT_EQ(fmad_truncated_f32(0x00400000, 0x40000000, 0, true, false), 0u);
  EXPECT_EQ(fmad_truncated_f32(0x00800000, 0x3f000000, 0, true, false), 0u);
  EXPECT_EQ(fmad_truncated_f32(0x7fc00000, 0x3f800000, 0, true, false), 0x7fffffffu);
}

TEST(ConvertHandComputed, OutOfRangeAndNaN) {
  const uint32_t three_billion = 0x4f32d05e;  // 3e9f
  EXPECT_EQ(cvt_int_from_float(IntType::s32, kF32, three_billion, Rounding::toward_zero, false),
            0x7fffffffu);
  EXPECT_EQ(cvt_int_from_float(IntType::u32, kF32, three_billion, Rounding::toward_zero, false),
            3000000000u);
  EXPECT_EQ(cvt_int_from_float(IntType::s32, kF32, 0xff800000, Rounding::toward_zero, false),
            0x80000000u);
  EXPECT_EQ(cvt_int_from_float(IntType::s32, kF32, 0x7fc00000, Rounding::toward_zero, false), 0u);
  EXPECT_EQ(cvt_int_from_float(IntType::s64, kF32, 0x7fc00000, Rounding::toward_zero, false),
            0x8000000000000000ull);
  EXPECT_EQ(cvt_int_from_float(IntType::u64, kF64, bits_of(-5.0), Rounding::toward_zero, false),
            0u);
  EXPECT_EQ(cvt_int_from_float(IntType::s32, kF32, bits_of(2.5f), Rounding::nearest_even, false),
            2u);
  EXPECT_EQ(
      cvt_int_from_float(IntType::s32, kF32, bits_of(-2.5f), Rounding::toward_negative, false),
      static_cast<uint32_t>(-3));
  // 65520 is the f16 rounding boundary: nearest-even goes to infinity.
  EXPECT_EQ(cvt_f16_from_f32(0x477ff000, {}), 0x7c00);
  EXPECT_EQ(cvt_f16_from_f32(0x477ff000, {.rounding = Rounding::toward_zero}), 0x7bff);
  EXPECT_EQ(cvt_f16_from_f32(0x477ff000, {.satfinite = true}), 0x7bff);
  // e4m3: 448 is the largest finite; anything above saturates.
  EXPECT_EQ(cvt_fp8x2_from_f32(Fp8Format::e4m3, bits_of(1000.0f), bits_of(-1.0f), false), 0x7eb8);
  EXPECT_EQ(cvt_f16x2_from_f32(bits_of(1.0f), bits_of(2.0f), {}),
            0x3c004000u);  // a in the upper half
}

// cvt.rn/.rz(.relu).tf32.f32: the f32 rounded to 10 fraction bits in the
// register's upper 19; every NaN gives 0x7fffe000 (the form sweep's goldens).
TEST(ConvertHandComputed, Tf32RoundsToTenFractionBits) {
  const ConvertOptions rn{}, rz{.rounding = Rounding::toward_zero};
  const ConvertOptions rn_relu{.relu = true},
      rz_relu{.rounding = Rounding::toward_zero, .relu = true};
  EXPECT_EQ(cvt_tf32_from_f32(0x3f801000, rn), 0x3f800000u);  // tie: to the even 1.0
  EXPECT_EQ(cvt_tf32_from_f32(0x3f803000, rn), 0x3f804000u);  // tie: to the even 1 + 2^-9
  EXPECT_EQ(cvt_tf32_from_f32(0x3f801001, rn), 0x3f802000u);
  EXPECT_EQ(cvt_tf32_from_f32(0x3f803fff, rz), 0x3f802000u);
  EXPECT_EQ(cvt_tf32_from_f32(0x7f7fffff, rn), 0x7f800000u);  // overflows to infinity
  EXPECT_EQ(cvt_tf32_from_f32(0x7f7fffff, rz), 0x7f7fe000u);
  EXPECT_EQ(cvt_tf32_from_f32(0x003fffff, rn), 0x00400000u);  // subnormals round too
  EXPECT_EQ(cvt_tf32_from_f32(0xbf800000, rn_relu), 0u);
  EXPECT_EQ(cvt_tf32_from_f32(0x80000000, rz_relu), 0u);
  EXPECT_EQ(cvt_tf32_from_f32(0xff800001, rn), 0x7fffe000u);
  EXPECT_EQ(cvt_tf32_from_f32(0xffc00000, rz_relu), 0x7fffe000u);
  // .rna truncates a NaN instead (cvt.rna.tf32.f32, exhaustively measured).
  EXPECT_EQ(cvt_tf32_from_f32(0x7f800001, {.rounding = Rounding::nearest_away}), 0x7f800000u);
}

TEST(CompareHandComputed, UnorderedAndSet) {
  const uint32_t nan = 0x7fc00000;
  EXPECT_FALSE(compare_f32(FloatCompare::ne, nan, 0, false));
  EXPECT_TRUE(compare_f32(FloatCompare::neu, nan, 0, false));
  EXPECT_TRUE(compare_f32(FloatCompare::eq, 0x80000000, 0, false));  // -0 == +0
  EXPECT_TRUE(compare_f32(FloatCompare::eq, 0x00000001, 0, true));   // ftz: subnormal == 0
  EXPECT_EQ(set_result(true, SetDestination::f32), 0x3f800000u);
  EXPECT_EQ(set_result(true, SetDestination::s32), 0xffffffffu);
  // A half-precision destination gets 1.0 in its own format (H100, form sweep).
  EXPECT_EQ(set_result(true, SetDestination::f16), 0x3c00u);
  EXPECT_EQ(set_result(true, SetDestination::bf16), 0x3f80u);
  EXPECT_EQ(set_result(false, SetDestination::bf16), 0u);
  EXPECT_TRUE(compare_int<uint32_t>(IntCompare::gt, 0xffffffffu, 1));  // hi
  EXPECT_FALSE(compare_int<int32_t>(IntCompare::gt, -1, 1));
  EXPECT_TRUE(combine_predicate(true, PredicateCombine::xor_, false));
}

}  // namespace
}  // namespace smsim::isa::sem

namespace smsim::isa::sem {
namespace {

// Regression (simd_video conformance, vsub.u32.u32.s32.sat): an unsigned
// word destination clamps negative results to 0 but keeps the low 32 bits of
// results of 2^32 and more, as the H100's golden shows on 5,120 inputs.
TEST(VideoHandComputed, UnsignedWordSaturationClampsOnlyBelowZero) {
  constexpr VideoResult unsigned_sat{.saturate = true};
  const auto vsub = [&](uint32_t a, uint32_t b) {
    return video_op(VideoOp::sub, {a, false}, {b, true}, 0, unsigned_sat);
  };
  EXPECT_EQ(vsub(0, 1), 0u);                       // -1
  EXPECT_EQ(vsub(5, 0xfffffffe), 7u);              // 5 - (-2)
  EXPECT_EQ(vsub(0xffffffff, 0xffffffff), 0u);     // 2^32
  EXPECT_EQ(vsub(0xfffffff0, 0xffffff00), 0xf0u);  // 2^32 + 0xf0
  // A signed destination still clamps both ways.
  EXPECT_EQ(video_op(VideoOp::sub, {0x7fffffff, true}, {0xffffffff, true}, 0,
                     {.dest_signed = true, .saturate = true}),
            0x7fffffffu);
}

}  // namespace
}  // namespace smsim::isa::sem
