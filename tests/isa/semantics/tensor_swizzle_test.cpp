// The tensor-copy swizzle, against address maps worked out by hand from the
// rule: the 16-byte chunk index within the span is XORed with address bits
// 7 and up (as many bits as the span has chunks to choose from).

#include "isa/semantics/tensor_swizzle.h"

#include <gtest/gtest.h>

namespace smsim::isa::sem {
namespace {

TEST(TensorSwizzle, NoneKeepsEveryAddress) {
  for (uint64_t a = 0; a < 4096; a += 4) EXPECT_EQ(tensor_swizzle(a, 0), a);
}

TEST(TensorSwizzle, ThirtyTwoByteSpanSwapsChunkPairsOnOddRows) {
  // Row 0 (bytes 0..127) stays; row 1 (128..255) swaps chunk 0 and 1.
  EXPECT_EQ(tensor_swizzle(0x00, 32), 0x00u);
  EXPECT_EQ(tensor_swizzle(0x14, 32), 0x14u);
  EXPECT_EQ(tensor_swizzle(0x80, 32), 0x90u);
  EXPECT_EQ(tensor_swizzle(0x94, 32), 0x84u);
  EXPECT_EQ(tensor_swizzle(0xA0, 32), 0xB0u);  // chunk 2 -> 3 (only bit 4 flips)
  EXPECT_EQ(tensor_swizzle(0x100, 32), 0x100u);  // row 2: bit 7 clear again
}

TEST(TensorSwizzle, SixtyFourByteSpanUsesTwoRowBits) {
  // Row 3 (0x180): chunk index XOR 3.
  EXPECT_EQ(tensor_swizzle(0x180, 64), 0x1B0u);
  EXPECT_EQ(tensor_swizzle(0x19C, 64), 0x1ACu);
  // Row 4 (0x200) repeats row 0.
  EXPECT_EQ(tensor_swizzle(0x210, 64), 0x210u);
  // Chunks 4..7 of a row only swap among themselves.
  EXPECT_EQ(tensor_swizzle(0x1C0, 64), 0x1F0u);
}

TEST(TensorSwizzle, OneTwentyEightByteSpanRepeatsEveryKilobyte) {
  // Row 5 (0x280): chunk XOR 5, byte offset inside the chunk kept.
  EXPECT_EQ(tensor_swizzle(0x280, 128), 0x2D0u);
  EXPECT_EQ(tensor_swizzle(0x2BC, 128), 0x2ECu);
  EXPECT_EQ(tensor_swizzle(0x380 + 0x70 + 8, 128), 0x380u + 8);  // row 7, chunk 7 -> 0
  EXPECT_EQ(tensor_swizzle(0x400 + 0x30, 128), 0x430u);          // row 8 = row 0
  // Every 1 KiB block is a permutation of itself.
  bool seen[64] = {};
  for (uint64_t a = 0x800; a < 0xC00; a += 16) {
    const uint64_t s = tensor_swizzle(a, 128);
    ASSERT_GE(s, 0x800u);
    ASSERT_LT(s, 0xC00u);
    EXPECT_FALSE(seen[(s - 0x800) / 16]);
    seen[(s - 0x800) / 16] = true;
  }
}

}  // namespace
}  // namespace smsim::isa::sem
