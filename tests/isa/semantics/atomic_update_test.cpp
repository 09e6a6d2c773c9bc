// Hand-computed values of the atom/red update rules.
#include "isa/semantics/atomic_update.h"

#include <gtest/gtest.h>

#include <cstdint>

namespace smsim::isa::sem {
namespace {

TEST(AtomicUpdate, IncDecWrapAtTheOperand) {
  EXPECT_EQ(atomic_integer<uint32_t>(AtomicOp::inc, false, 36, 37, 0), 37u);
  EXPECT_EQ(atomic_integer<uint32_t>(AtomicOp::inc, false, 37, 37, 0), 0u);
  EXPECT_EQ(atomic_integer<uint32_t>(AtomicOp::inc, false, 90, 37, 0), 0u);
  EXPECT_EQ(atomic_integer<uint32_t>(AtomicOp::dec, false, 0, 37, 0), 37u);
  EXPECT_EQ(atomic_integer<uint32_t>(AtomicOp::dec, false, 90, 37, 0), 37u);
  EXPECT_EQ(atomic_integer<uint32_t>(AtomicOp::dec, false, 5, 37, 0), 4u);
}

TEST(AtomicUpdate, SignednessOfMinMaxFollowsTheType) {
  EXPECT_EQ(atomic_update<uint32_t>(AtomicOp::min, AtomicValue::signed_int, 5, 0xffffffffu, 0),
            0xffffffffu);
  EXPECT_EQ(atomic_update<uint32_t>(AtomicOp::min, AtomicValue::unsigned_int, 5, 0xffffffffu, 0),
            5u);
  EXPECT_EQ(
      atomic_update<uint64_t>(AtomicOp::max, AtomicValue::signed_int, 1, 0x8000000000000000ull, 0),
      1u);
}

TEST(AtomicUpdate, CasAndExchOnSixteenBits) {
  EXPECT_EQ(atomic_update<uint16_t>(AtomicOp::cas, AtomicValue::unsigned_int, 7, 7, 14), 14);
  EXPECT_EQ(atomic_update<uint16_t>(AtomicOp::cas, AtomicValue::unsigned_int, 8, 7, 14), 8);
  EXPECT_EQ(atomic_update<uint16_t>(AtomicOp::exch, AtomicValue::unsigned_int, 8, 0xffff, 0),
            0xffff);
}

TEST(AtomicUpdate, HalfAddsRoundToNearestAndKeepSubnormals) {
  // 1 + 1 in each half; -3 + 1 = -2.
  EXPECT_EQ(atomic_update<uint32_t>(AtomicOp::add, AtomicValue::f16x2, 0xc2003c00u, 0x3c003c00u, 0),
            0xc0004000u);
  // .noftz: the smallest subnormals add up instead of flushing.
  EXPECT_EQ(atomic_update<uint32_t>(AtomicOp::add, AtomicValue::f16x2, 0x00010001u, 0x00018001u, 0),
            0x00020000u);
  // 2048 + 1 is a tie: it stays at 2048 (even); 2050 + 1 rounds up to 2052.
  EXPECT_EQ(atomic_update<uint16_t>(AtomicOp::add, AtomicValue::f16, 0x6800, 0x3c00, 0), 0x6800);
  EXPECT_EQ(atomic_update<uint16_t>(AtomicOp::add, AtomicValue::f16, 0x6801, 0x3c00, 0), 0x6802);
  EXPECT_EQ(
      atomic_update<uint32_t>(AtomicOp::add, AtomicValue::bf16x2, 0x3f803f80u, 0x3f80bf80u, 0),
      0x40000000u);
  EXPECT_EQ(atomic_update<uint16_t>(AtomicOp::max, AtomicValue::bf16, 0x3f80, 0x7fc1, 0), 0x3f80);
}

TEST(AtomicUpdate, FloatAddsAndMinMax) {
  EXPECT_EQ(atomic_update<uint32_t>(AtomicOp::add, AtomicValue::f32, 0x3f800000u, 0xbf800000u, 0),
            0u);
  EXPECT_EQ(atomic_update<uint32_t>(AtomicOp::add, AtomicValue::f32, 0x7f800000u, 0xff800000u, 0),
            kCanonicalNanF32);
  EXPECT_EQ(atomic_update<uint64_t>(AtomicOp::add, AtomicValue::f64, 0x3ff0000000000000ull,
                                    0x3ff0000000000000ull, 0),
            0x4000000000000000ull);
  EXPECT_EQ(atomic_update<uint32_t>(AtomicOp::min, AtomicValue::f32, 0u, 0x80000000u, 0),
            0x80000000u);
  EXPECT_EQ(atomic_update<uint32_t>(AtomicOp::max, AtomicValue::f32, 0x7fc00000u, 0x3f800000u, 0),
            0x3f800000u);
}

TEST(AtomicUpdate, B128SwapsCompareAllOneHundredTwentyEightBits) {
  const Bits128 old{1, 2}, same{1, 2}, other_hi{1, 3}, other_lo{0, 2}, c{7, 8};
  EXPECT_EQ(atomic_swap128(AtomicOp::cas, old, same, c), c);
  EXPECT_EQ(atomic_swap128(AtomicOp::cas, old, other_hi, c), old);
  EXPECT_EQ(atomic_swap128(AtomicOp::cas, old, other_lo, c), old);
  EXPECT_EQ(atomic_swap128(AtomicOp::exch, old, c, Bits128{}), c);
}

}  // namespace
}  // namespace smsim::isa::sem
