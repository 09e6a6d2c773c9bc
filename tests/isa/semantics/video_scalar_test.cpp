// Scalar video instructions on whole words: how the H100 holds the primary
// result when .sat and the secondary .min/.max act on it. Every value is one
// lane of the form sweep's H100 golden (tests/func/forms), worked out by hand.
#include <gtest/gtest.h>

#include <cstdint>

#include "isa/semantics/video_scalar.h"

namespace smsim::isa::sem {
namespace {

VideoOperand u(uint32_t x) {
  return {x, false};
}
VideoOperand s(uint32_t x) {
  return {x, true};
}
constexpr VideoResult kUnsignedMax{.secondary = VideoSecondary::max};
constexpr VideoResult kUnsignedMin{.secondary = VideoSecondary::min};
constexpr VideoResult kSignedMax{.dest_signed = true, .secondary = VideoSecondary::max};

// vadd/vsub keep the 32-bit word of the sum, carry dropped, sign-extended;
// an unsigned destination then compares it with c unsigned, so a word with
// bit 31 set wins every .max (and loses every .min).
TEST(VideoScalar, AddKeepsTheWordSignExtendedForMinMax) {
  EXPECT_EQ(video_op(VideoOp::add, u(0x7ec5df34), u(0x23326d54), 0xf3bfaa32, kUnsignedMax),
            0xa1f84c88u);
  EXPECT_EQ(video_op(VideoOp::add, u(0x7ec5df34), u(0x23326d54), 0xf3bfaa32, kUnsignedMin),
            0xf3bfaa32u);
  EXPECT_EQ(video_op(VideoOp::add, u(0), u(1), 0xffffffff, kUnsignedMax), 0xffffffffu);
  // 0xffffffff + 0x10 carries out: the word 0xf is compared, not 2^32 + 0xf.
  EXPECT_EQ(video_op(VideoOp::add, u(0xffffffff), u(0x10), 0xff, kUnsignedMax), 0xffu);
  EXPECT_EQ(video_op(VideoOp::add, u(0xffffffff), u(0x10), 0xff, kUnsignedMin), 0xfu);
  // Signed: 0x7fffffff + 0x100 is the negative word 0x800000ff.
  EXPECT_EQ(video_op(VideoOp::add, s(0x7fffffff), s(0x100), 0x55555555, kSignedMax), 0x55555555u);
  // After .sat the word is still sign-extended: vsub.u32.u32.s32.max.sat.
  EXPECT_EQ(video_op(VideoOp::sub, u(0xffffffff), s(0x10), 0xff,
                     {.saturate = true, .secondary = VideoSecondary::max}),
            0xffffffefu);
}

// vmin/vmax/vabsdiff compare their exact result: a negative minimum is above
// every unsigned c.
TEST(VideoScalar, MinOfSignedOperandsComparesExactly) {
  EXPECT_EQ(video_op(VideoOp::min, s(0xffffffff), s(0x10), 0xff, kUnsignedMax), 0xffffffffu);
  EXPECT_EQ(video_op(VideoOp::min, s(0xffffffff), s(0x10), 0xff, kUnsignedMin), 0xffu);
}

// vshl without .sat compares its 64-bit shifted value as a signed number.
TEST(VideoScalar, ShiftLeftComparesTheSixtyFourBitValue) {
  EXPECT_EQ(video_shift(VideoShift::left, false, u(0x80000000), u(0x40), 5, kSignedMax), 5u);
  EXPECT_EQ(video_shift(VideoShift::left, false, u(0x80000001), u(0x80000001), 0x80000001,
                        kSignedMax),
            0x80000001u);
}

// vshl.sat saturates a 34-bit signed intermediate: bits above 33 are lost,
// then the value is clamped to the destination's range.
TEST(VideoScalar, ShiftLeftSaturatesAThirtyFourBitIntermediate) {
  constexpr VideoResult sat{.saturate = true};
  const auto clamp = [&](uint32_t a, uint32_t b) {
    return video_shift(VideoShift::left, false, u(a), u(b), 0, sat);
  };
  EXPECT_EQ(clamp(0x80000001, 0x80000001), 0xffffffffu);  // 2^63 + 2^32: bits 33:32 = 01
  EXPECT_EQ(clamp(0xa0fb451b, 3), 0xffffffffu);           // 0x5_07da28d8
  EXPECT_EQ(clamp(0xffffffff, 0x10), 0u);                 // 0xffff_ffff0000: negative
  EXPECT_EQ(clamp(0x2dd17bdf, 4), 0u);                    // 0x2_dd17bdf0: negative
  EXPECT_EQ(clamp(0x7fffffff, 0x100), 0u);                // 0x7fffffff_00000000: negative
  EXPECT_EQ(video_shift(VideoShift::left, true, u(0x5b359516), u(0x816ed1d3), 0, sat),
            0xa8b00000u);  // 0x2d9ac_a8b00000: bits 33:32 = 00, in range
  // The saturated word is compared sign-extended, as vadd's is.
  EXPECT_EQ(video_shift(VideoShift::left, true, u(0x80000000), u(0x40), 5,
                        {.saturate = true, .secondary = VideoSecondary::max}),
            0x80000000u);
  // Signed: -0x5f04bae5 << 3 keeps 0x1_07da28d8 in 34 bits, above INT32_MAX.
  EXPECT_EQ(video_shift(VideoShift::left, false, s(0xa0fb451b), u(3), 0,
                        {.dest_signed = true, .saturate = true}),
            0x7fffffffu);
}

// vset's secondary operation is signed when a is: its result type follows a.
TEST(VideoScalar, SetComparesWithCAsTheFirstOperandsType) {
  EXPECT_EQ(video_set(VideoCompare::eq, s(0), s(1), 0xffffffff,
                      {.dest_signed = true, .secondary = VideoSecondary::max}),
            0u);
  EXPECT_EQ(video_set(VideoCompare::eq, s(5), u(5), 0x80000001,
                      {.dest_signed = true, .secondary = VideoSecondary::max}),
            1u);
}

// vmad with .shr7/.shr15 of two unsigned operands shifts logically: a
// negative a*b + c becomes huge and .sat gives 0xffffffff, not 0.
TEST(VideoScalar, MadScaleOfUnsignedOperandsShiftsLogically) {
  const VideoMad shr7_sat{.scale = VideoScale::shr7, .saturate = true};
  EXPECT_EQ(video_mad(u(0), u(1), 0xffffffff, shr7_sat), 0xffffffffu);
  EXPECT_EQ(video_mad(u(0x80000000), u(0x40), 5, shr7_sat), 0xffffffffu);
  EXPECT_EQ(video_mad(u(0xffffffff), u(0x10), 0xff, shr7_sat), 1u);  // (-16 + 255) >> 7
  // Without .sat the low word is that of the arithmetic shift.
  EXPECT_EQ(video_mad(u(0), u(1), 0xffffffff, {.scale = VideoScale::shr7}), 0xffffffffu);
  // A signed operand keeps the arithmetic shift and the signed range.
  EXPECT_EQ(video_mad(s(0x80000000), u(0x40), 5, shr7_sat), 0xc0000000u);
}

}  // namespace
}  // namespace smsim::isa::sem
