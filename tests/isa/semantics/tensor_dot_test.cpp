// Hand-computed values of the tensor-core dot-product model
// (isa/semantics/tensor_dot.h); the conformance programs tensor_core_mma and
// hopper_features hold it to the H100's bits over thousands of dot products.
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

TEST(TensorDot, IntegersWrap) {
  const std::vector<int32_t> a = {-128, 127}, b = {-128, 127};
  EXPECT_EQ(tensor_dot_int(a, b, 0x7fffffffu), 0x7fffffffu + 16384u + 16129u);
}

}  // namespace
}  // namespace smsim::isa::sem
