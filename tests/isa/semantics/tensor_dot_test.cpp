// Hand-computed values of the tensor-core dot-product model
// (isa/semantics/tensor_dot.h); the conformance programs tensor_core_mma,
// hopper_features, wgmma and wgmma_types hold it to the H100's bits over
// hundreds of thousands of dot products.
#include "isa/semantics/tensor_dot.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace smsim::isa::sem {
namespace {

constexpr uint32_t kOneF16 = 0x3c00;
constexpr uint32_t kOneF32 = 0x3f800000;

TEST(TensorDot, ExactSumsAreExact) {
  const std::vector<uint32_t> ones(16, kOneF16);
  EXPECT_EQ(tensor_dot_f32(TensorInput::f16, ones, ones, kOneF32), 0x41880000u);  // 17
  const std::vector<uint32_t> bf_ones(16, 0x3f80);
  EXPECT_EQ(tensor_dot_f32(TensorInput::bf16, bf_ones, bf_ones, 0), 0x41800000u);  // 16
}

TEST(TensorDot, TermsBelowTheAlignmentAreTruncatedTowardZero) {
  // 1 - 2^-27: the product lies below 2^(0 - 25) and is dropped, so the
  // result is 1, not the 0x3f7fffff that rounding the exact sum toward zero gives.
  const std::vector<uint32_t> a = {0x8400};  // -2^-14
  const std::vector<uint32_t> b = {0x0800};  // 2^-13: the product is -2^-27
  EXPECT_EQ(tensor_dot_f32(TensorInput::f16, a, b, kOneF32), kOneF32);
  // The sum itself rounds toward zero: 2^24 + 1 stays 2^24.
  EXPECT_EQ(tensor_dot_f32(TensorInput::f16, std::vector<uint32_t>{kOneF16},
                           std::vector<uint32_t>{kOneF16}, 0x4b800000u),
            0x4b800000u);
  // ... and toward zero for negative sums too: -(2^24 + 1) stays -2^24.
  EXPECT_EQ(tensor_dot_f32(TensorInput::f16, std::vector<uint32_t>{0xbc00},
                           std::vector<uint32_t>{kOneF16}, 0xcb800000u),
            0xcb800000u);
}

TEST(TensorDot, Tf32IgnoresTheLowThirteenBits) {
  const std::vector<uint32_t> a = {0x3f801fffu};  // 1 + 0x1fff ulps: read as 1
  const std::vector<uint32_t> b = {kOneF32};
  EXPECT_EQ(tensor_dot_f32(TensorInput::tf32, a, b, 0), kOneF32);
}

TEST(TensorDot, SpecialValues) {
  const std::vector<uint32_t> inf = {0x7c00}, zero = {0}, one = {kOneF16};
  EXPECT_EQ(tensor_dot_f32(TensorInput::f16, inf, zero, 0), kCanonicalNanF32);
  EXPECT_EQ(tensor_dot_f32(TensorInput::f16, inf, one, 0xff800000u), kCanonicalNanF32);
  EXPECT_EQ(tensor_dot_f32(TensorInput::f16, inf, one, 0), 0x7f800000u);
  // bf16 products can exceed the f32 range: the sum overflows to infinity.
  const std::vector<uint32_t> big = {0x7f00};  // 2^127
  EXPECT_EQ(tensor_dot_f32(TensorInput::bf16, big, big, 0), 0x7f800000u);
  EXPECT_EQ(tensor_dot_f16(one, one, 0x7bff), 0x7bffu);  // 65504 + 1 rounds back to 65504
  EXPECT_EQ(tensor_dot_f16(inf, zero, 0), kCanonicalNanF16);
}

TEST(TensorDot, FloatSixtyFourIsAnFmaChainInOrder) {
  const uint64_t one = 0x3ff0000000000000ull, tiny = 0x3ca0000000000000ull;  // 2^-53
  // ((1 * 1 + 0) + 2^-53 * 1) + 2^-53 * 1: each fma rounds, so both halves of an ulp are lost.
  const std::vector<uint64_t> a = {one, tiny, tiny}, b = {one, one, one};
  EXPECT_EQ(tensor_dot_f64(a, b, 0), one);
}

TEST(TensorDot, AnF16ResultIsRoundedOnceFromTheExactSum) {
  // 1 + 2^-11 + 2^-24 lies just above the f16 tie between 1 and 1 + 2^-10.
  // Through an f32 result truncated toward zero it would become the tie
  // (1 + 2^-11) and round to even (1); rounded once it goes up (0x3c01),
  // as the H100's wgmma with f16 accumulators does.
  const std::vector<uint32_t> a = {0x1000, 0x0001};  // 2^-11, 2^-24
  const std::vector<uint32_t> b = {0x3c00, 0x3c00};
  EXPECT_EQ(tensor_dot_to_f16(TensorInput::f16, TensorInput::f16, a, b, kOneF32, false), 0x3c01u);
  // 2^-24 * 2^-2 = 2^-26 is below the alignment (2^-25) and is dropped: a tie.
  const std::vector<uint32_t> quarter = {0x3c00, 0x3400};
  EXPECT_EQ(tensor_dot_to_f16(TensorInput::f16, TensorInput::f16, a, quarter, kOneF32, false),
            0x3c00u);
}

TEST(TensorDot, WgmmaF16ResultsThatRoundToZeroArePositive) {
  // 2^-14 * -2^-14 = -2^-28, below half the smallest f16 subnormal (2^-25):
  // a signed rounding gives -0, wgmma +0 (the sparse probe's f16 results).
  const std::vector<uint32_t> a = {0x0400}, b = {0x8400};
  EXPECT_EQ(tensor_dot_to_f16(TensorInput::f16, TensorInput::f16, a, b, 0, true), 0x8000u);
  EXPECT_EQ(tensor_dot_to_f16(TensorInput::f16, TensorInput::f16, a, b, 0, true,
                              Underflow::positive_zero),
            0u);
  // A result that does not underflow keeps its sign; so does an exact -0
  // (only -0 terms), which is no rounding.
  const std::vector<uint32_t> minus_one = {0xbc00}, one = {0x3c00}, minus_zero = {0x8000};
  EXPECT_EQ(tensor_dot_to_f16(TensorInput::f16, TensorInput::f16, minus_one, one, 0, true,
                              Underflow::positive_zero),
            0xbc00u);
  EXPECT_EQ(tensor_dot_to_f16(TensorInput::f16, TensorInput::f16, minus_zero, one, 0x8000, true,
                              Underflow::positive_zero),
            0x8000u);
}

TEST(TensorDot, Fp8KeepsThirteenAlignedBitsAndFourteenResultBits) {
  // e4m3: 1.0 = 0x38, 0x01 = 2^-9 (subnormal), 0x18 = 2^-4, 0x10 = 2^-5.
  // 1 + 2^-13: the second product sits exactly at 2^(0 - 13) and is kept.
  const std::vector<uint32_t> one_and_tiny = {0x38, 0x01}, b = {0x38, 0x18};
  EXPECT_EQ(tensor_dot_f32(TensorInput::e4m3, TensorInput::e4m3, one_and_tiny, b, 0, false),
            0x3f800400u);  // 1 + 2^-13
  // 2^-14 is below the alignment and is dropped.
  const std::vector<uint32_t> smaller = {0x38, 0x10};
  EXPECT_EQ(tensor_dot_f32(TensorInput::e4m3, TensorInput::e4m3, one_and_tiny, smaller, 0, false),
            kOneF32);
  // The accumulator joins the alignment: 1 * 1 + (3 + 2^-13), whose largest
  // field exponent is 1, so c is cut to a multiple of 2^-12: 4.
  EXPECT_EQ(tensor_dot_f32(TensorInput::e4m3, TensorInput::e4m3, std::vector<uint32_t>{0x38},
                           std::vector<uint32_t>{0x38}, 0x40400200u, false),
            0x40800000u);
  // The result keeps 14 significant bits: 1.75 * 1.75 + 2^-13 = 3.0625 +
  // 2^-13 is exact in the aligned sum (quantum 2^-13) but needs 15 bits, so
  // it becomes 3.0625 (f32 would keep 0x40440200).
  const std::vector<uint32_t> a2 = {0x3e, 0x01}, b2 = {0x3e, 0x18};
  EXPECT_EQ(tensor_dot_f32(TensorInput::e4m3, TensorInput::e4m3, a2, b2, 0, false), 0x40440000u);
  // e5m2 x e4m3 pairs decode each side in its own format: 2^14 (0x74) * 1.
  EXPECT_EQ(tensor_dot_f32(TensorInput::e5m2, TensorInput::e4m3, std::vector<uint32_t>{0x74},
                           std::vector<uint32_t>{0x38}, 0, false),
            0x46800000u);
}

TEST(TensorDot, E4m3HasNoInfinity) {
  // 0x7e is 448 (the largest finite e4m3); only 0x7f is NaN.
  const std::vector<uint32_t> max = {0x7e}, one = {0x38}, nan = {0x7f};
  EXPECT_EQ(tensor_dot_f32(TensorInput::e4m3, TensorInput::e4m3, max, one, 0, false),
            0x43e00000u);  // 448
  EXPECT_EQ(tensor_dot_f32(TensorInput::e4m3, TensorInput::e4m3, nan, one, 0, false),
            kCanonicalNanF32);
}

TEST(TensorDot, SatfiniteClampsTheExactSum) {
  const std::vector<int32_t> a = {127, 127}, b = {127, 127};
  EXPECT_EQ(tensor_dot_int_saturating(a, b, 0x7fffff00u), 0x7fffffffu);
  EXPECT_EQ(
      tensor_dot_int_saturating(std::vector<int32_t>{-128}, std::vector<int32_t>{127}, 0x80000010u),
      0x80000000u);
  EXPECT_EQ(tensor_dot_int_saturating(a, b, 5), 5u + 2 * 16129u);
}

TEST(TensorDot, IntegersWrap) {
  const std::vector<int32_t> a = {-128, 127}, b = {-128, 127};
  EXPECT_EQ(tensor_dot_int(a, b, 0x7fffffffu), 0x7fffffffu + 16384u + 16129u);
}

TEST(TensorDot, SatfiniteClampsAtBothEndsAndIsThePlainSumInRange) {
  const std::vector<int32_t> a = {-128, 127}, b = {-128, 127};
  EXPECT_EQ(tensor_dot_int_saturating(a, b, 0x7fffffffu), 0x7fffffffu);
  EXPECT_EQ(tensor_dot_int_saturating(a, std::vector<int32_t>{128, -127}, 0x80000000u),
            0x80000000u);
  // In range, it is the plain sum: -16384 - 16129 + 40000.
  EXPECT_EQ(tensor_dot_int_saturating(a, std::vector<int32_t>{128, -127}, 40000u), 7487u);
}

TEST(TensorDot, B1CountsTheBitsTheOperationSetsAndWraps) {
  const std::vector<int32_t> a{1, 1, 0, 0, 1}, b{1, 0, 1, 0, 1};
  EXPECT_EQ(tensor_dot_b1(BitOp::and_popc, a, b, 10), 12u);
  EXPECT_EQ(tensor_dot_b1(BitOp::xor_popc, a, b, 10), 12u);
  EXPECT_EQ(tensor_dot_b1(BitOp::xor_popc, a, std::vector<int32_t>{0, 0, 1, 1, 0}, 0xffffffffu),
            4u);  // five set, wrapped past 2^32
  EXPECT_EQ(tensor_dot_b1(BitOp::and_popc, a, std::vector<int32_t>{0, 0, 1, 1, 0}, 7), 7u);
}

TEST(TensorDot, SparseFp8Inputs) {
  // e4m3 0x7e = 448 (its largest normal: the all-ones exponent is a number),
  // 0x38 = 1; e5m2 0x3c = 1, 0x7c = infinity.
  const std::vector<uint32_t> e4m3_448 = {0x7e}, e4m3_one = {0x38}, e5m2_one = {0x3c};
  const auto e4m3 = TensorInput::e4m3, e5m2 = TensorInput::e5m2;
  EXPECT_EQ(tensor_dot_fp8_f32(e4m3, e4m3, e4m3_448, e4m3_one, 0), 0x43e00000u);  // 448
  EXPECT_EQ(tensor_dot_fp8_f32(e4m3, e5m2, e4m3_448, e5m2_one, kOneF32),
            0x43e08000u);  // 449
  EXPECT_EQ(tensor_dot_fp8_f32(e4m3, e4m3, std::vector<uint32_t>{0x7f}, e4m3_one, 0),
            kCanonicalNanF32);  // S.1111.111 is the NaN
  EXPECT_EQ(tensor_dot_fp8_f32(e5m2, e5m2, std::vector<uint32_t>{0x7c}, e5m2_one, 0), 0x7f800000u);
}

TEST(TensorDot, SparseFp8AccumulatorIsAddedAfterTheProductsRoundedToNearest) {
  // Products 2^-24 + 2^-24 (e5m2 2^-12 squared, twice) and c = 1: fused with
  // c they would be truncated away; added to 1 after their own sum (2^-23)
  // they give 1 + 2^-23.
  const std::vector<uint32_t> tiny = {0x0c, 0x0c};  // e5m2 2^-12
  EXPECT_EQ(tensor_dot_fp8_f32(TensorInput::e5m2, TensorInput::e5m2, tiny, tiny, kOneF32),
            0x3f800001u);
}

TEST(TensorDot, SparseFp8SumsTheEvenChunksFirstAndTheOddOnesOntoThem) {
  // Packed products 0, 1 and 4 (chunks 0 and 2) are 2^-18 each (e4m3 2^-9
  // squared): the first step sums them exactly to 3 * 2^-18. The second
  // step (chunks 1 and 3) holds 256, -256 and 1: aligned to 256's exponent
  // its accumulator keeps only 2^-17 of 3 * 2^-18, so d = 1 + 2^-17. One
  // step over all products would truncate each 2^-18 to 0 (d = 1), and so
  // would two steps of packed products 0-15 and 16-31.
  const auto e4m3 = TensorInput::e4m3;
  const std::vector<uint32_t> a = {0x01, 0x01, 0x58, 0x58, 0x01, 0x00, 0x38, 0x00};
  const std::vector<uint32_t> b = {0x01, 0x01, 0x58, 0xd8, 0x01, 0x00, 0x38, 0x00};
  EXPECT_EQ(tensor_dot_fp8_f32(e4m3, e4m3, a, b, 0), 0x3f800040u);
  // The same products in the other order of steps: 256 - 256 + 1 first
  // (exactly 1), then 3 * 2^-18 aligned to 1's exponent: kept whole (1 + 3 * 2^-18).
  const std::vector<uint32_t> a2 = {0x58, 0x58, 0x01, 0x01, 0x38, 0x00, 0x01, 0x00};
  const std::vector<uint32_t> b2 = {0x58, 0xd8, 0x01, 0x01, 0x38, 0x00, 0x01, 0x00};
  EXPECT_EQ(tensor_dot_fp8_f32(e4m3, e4m3, a2, b2, 0), 0x3f800060u);
}

TEST(TensorDot, SparseFp8InputsAlignAsTheirF16Values) {
  // e4m3 0x07 (7 * 2^-9, an e4m3 subnormal) is the f16 normal 1.75 * 2^-7:
  // times e5m2 0x7b (1.75 * 2^15) its product's field exponent is 8, not the
  // 9 that e4m3's own minimum exponent (-6) would give. So the step keeps
  // bits down to 2^-17: 784 - 784 + 2^-17 (e4m3 0.5 times e5m2 2^-16).
  const std::vector<uint32_t> a = {0x07, 0x87, 0x00, 0x00, 0x30};
  const std::vector<uint32_t> b = {0x7b, 0x7b, 0x00, 0x00, 0x01};
  EXPECT_EQ(tensor_dot_fp8_f32(TensorInput::e4m3, TensorInput::e5m2, a, b, 0), 0x37000000u);
}

TEST(TensorDot, Fp8WithAnF16AccumulatorRoundsTheProductsThenAddsC) {
  // Products 1 and -2^-12 (e4m3 2^-6 squared, negated): the first step rounds
  // 1 - 2^-12, a tie between f16 neighbours, to 1; HADD2 then adds c = 2050
  // (an odd f16) and 2051 rounds to the even 2052. Fusing c with the
  // products, 2051 - 2^-12 would round down to 2050 (0x6801).
  const std::vector<uint32_t> a = {0x38, 0x08}, b = {0x38, 0x88};
  EXPECT_EQ(tensor_dot_fp8_f16(TensorInput::e4m3, TensorInput::e4m3, a, b, 0x6801), 0x6802u);
  EXPECT_EQ(tensor_dot_fp8_f16(TensorInput::e4m3, TensorInput::e4m3, std::vector<uint32_t>{0x7f},
                               std::vector<uint32_t>{0x38}, 0),
            kCanonicalNanF16);
}

TEST(TensorDot, M8n8k4F16RoundsEachProductIntoAnF32ChainThenAddsC) {
  // 1 + 2^-24 + 2^-24: each FFMA of the chain rounds 1 + 2^-24 to even (1),
  // where one fused sum would keep 1 + 2^-23.
  const std::vector<uint32_t> x = {kOneF16, 0x0c00, 0x0c00, 0};  // 1, 2^-12, 2^-12, 0
  EXPECT_EQ(tensor_dot_m8n8k4_f32(x, x, 0), kOneF32);
  // C comes last, to nearest: 1 + 2^-23 is exact.
  EXPECT_EQ(tensor_dot_m8n8k4_f32(x, x, 0x34000000u), 0x3f800001u);
  // An infinite product and the opposite infinite C: the canonical NaN.
  const std::vector<uint32_t> inf = {0x7c00, 0, 0, 0};
  EXPECT_EQ(tensor_dot_m8n8k4_f32(inf, x, 0xff800000u), 0x7fffffffu);
}

TEST(TensorDot, M8n8k4F16AddsThePairsToCInTheLayoutsOrder) {
  // Pairs k = 0,1 (-1) and k = 2,3 (2^-24) onto C = 1: 1 + 2^-24 rounds to
  // even first (.row A: 0), or 1 - 1 leaves 2^-24 (.col A: f16 0x0001).
  const std::vector<uint32_t> a = {0xbc00, 0, 0x0c00, 0}, b = {kOneF16, 0, 0x0c00, 0};
  EXPECT_EQ(tensor_dot_m8n8k4_f16(a, b, kOneF16, 2), 0x0000u);
  EXPECT_EQ(tensor_dot_m8n8k4_f16(a, b, kOneF16, 0), 0x0001u);
}

TEST(TensorDot, F64TakesTheLatestNanOfBThenTheOneInTheSum) {
  const uint64_t one = 0x3ff0000000000000, nan_a0 = 0x7ff0000000000001,
                 nan_a1 = 0x7ff0000000000002, nan_b1 = 0x7ff0000000000003,
                 nan_c = 0x7ff0000000000004, quiet = uint64_t{1} << 51;
  EXPECT_EQ(tensor_dot_f64(std::vector<uint64_t>{nan_a0, one}, std::vector<uint64_t>{one, nan_b1},
                           nan_c),
            nan_b1 | quiet);
  EXPECT_EQ(tensor_dot_f64(std::vector<uint64_t>{nan_a0, one}, std::vector<uint64_t>{one, one},
                           nan_c),
            nan_c | quiet);
  EXPECT_EQ(tensor_dot_f64(std::vector<uint64_t>{nan_a0, nan_a1}, std::vector<uint64_t>{one, one},
                           0),
            nan_a0 | quiet);
}

}  // namespace
}  // namespace smsim::isa::sem
