// Which global element each shared slot of a tensor copy holds, worked out by
// hand for small boxes: tile boxes inside and across the tensor's edges,
// element strides, and im2col pixel columns wrapping in the bounding box.

#include "func/tensor/tensor_walk.h"

#include <gtest/gtest.h>

namespace smsim::func {
namespace {

constexpr std::uint64_t kBase = 0x10000;

TensorMap tile_2d() {
  TensorMap m;
  m.type = TensorDataType::u32;
  m.rank = 2;
  m.address = kBase;
  m.dims = {10, 6, 1, 1, 1};
  m.strides = {4, 48, 0, 0, 0};  // rows padded to 12 elements
  m.box = {4, 2, 1, 1, 1};
  m.element_strides = {1, 1, 1, 1, 1};
  return m;
}

TEST(TensorWalk, TileBoxInsideTheTensor) {
  const TensorMap m = tile_2d();
  const std::int32_t at[] = {3, 2};
  const auto e = tensor_copy_elements(m, at, {});
  ASSERT_EQ(e.size(), 8u);
  // Element (x, y) lives at base + 4x + 48y; shared slots are dense.
  EXPECT_EQ(e[0].global_address, kBase + 4 * 3 + 48 * 2);
  EXPECT_EQ(e[3].global_address, kBase + 4 * 6 + 48 * 2);
  EXPECT_EQ(e[4].global_address, kBase + 4 * 3 + 48 * 3);
  EXPECT_EQ(e[5].shared_offset, 20u);
  for (const auto& x : e) EXPECT_TRUE(x.in_bounds);
  EXPECT_EQ(tensor_copy_bytes(m), 32u);
}

TEST(TensorWalk, TileBoxAcrossTheEdgesMarksOutsideElements) {
  const TensorMap m = tile_2d();
  const std::int32_t at[] = {8, -1};
  const auto e = tensor_copy_elements(m, at, {});
  // Row y = -1 is outside; in row 0 only x = 8, 9 are inside.
  const bool expected[8] = {false, false, false, false, true, true, false, false};
  for (int i = 0; i < 8; ++i) EXPECT_EQ(e[i].in_bounds, expected[i]) << i;
  EXPECT_EQ(e[5].global_address, kBase + 4 * 9);
}

TEST(TensorWalk, ElementStridesSkipRowsButNotColumns) {
  TensorMap m = tile_2d();
  m.box = {4, 5, 1, 1, 1};
  m.element_strides = {2, 2, 1, 1, 1};  // dimension 0's stride is ignored without interleave
  const std::int32_t at[] = {0, 0};
  const auto e = tensor_copy_elements(m, at, {});
  ASSERT_EQ(e.size(), 12u);  // 4 columns x ceil(5 / 2) rows
  EXPECT_EQ(e[1].global_address, kBase + 4);
  EXPECT_EQ(e[4].global_address, kBase + 2 * 48);
  EXPECT_EQ(e[8].global_address, kBase + 4 * 48);
  EXPECT_EQ(tensor_copy_bytes(m), 48u);
}

TEST(TensorWalk, Im2colColumnWrapsAtTheBoundingBox) {
  // NHWC, C 2 (f32 pairs padded to 16 bytes), W 3, H 3, N 2; corners -1/-1:
  // W and H run from -1 to 3 - 1 + (-1) = 1 before wrapping.
  TensorMap m;
  m.layout = TensorLayout::im2col;
  m.type = TensorDataType::f32;
  m.rank = 4;
  m.address = kBase;
  m.dims = {2, 3, 3, 2, 1};
  m.strides = {4, 16, 48, 144, 0};
  m.element_strides = {1, 1, 1, 1, 1};
  m.lower = {-1, -1, 0};
  m.upper = {-1, -1, 0};
  m.channels = 2;
  m.pixels = 5;
  const std::int32_t at[] = {0, 0, 0, 0};
  const std::uint16_t offsets[] = {1, 0};
  const auto e = tensor_copy_elements(m, at, offsets);
  ASSERT_EQ(e.size(), 10u);
  // Pixels (w, h, n): (0,0,0) (1,0,0) then wrap to (-1,1,0) (0,1,0) (1,1,0);
  // each read at w + 1.
  EXPECT_EQ(e[0].global_address, kBase + 16 * 1);
  EXPECT_EQ(e[2].global_address, kBase + 16 * 2);
  EXPECT_EQ(e[4].global_address, kBase + 16 * 0 + 48);
  EXPECT_EQ(e[9].global_address, kBase + 16 * 2 + 48 + 4);
  // After row h = 1, the box's far edge in H, both W and H wrap and N
  // advances: the sixth pixel is (-1,-1,1), read at w = 0, h = -1: outside.
  m.pixels = 6;
  const auto f = tensor_copy_elements(m, at, offsets);
  EXPECT_EQ(f[10].global_address, kBase + 144 - 48);
  EXPECT_FALSE(f[10].in_bounds);
  EXPECT_EQ(tensor_copy_bytes(m), 48u);
}

TEST(TensorWalk, SwizzledRowsStartAtSpanBoundaries) {
  // 32-byte rows (8 x u32): dense without a swizzle and under the 32-byte
  // one, a row per 64 bytes under the 64-byte swizzle (as the H100 lays out
  // tma_bulk_tensor's swizzle64_8x16 box).
  TensorMap m = tile_2d();
  m.box = {8, 3, 1, 1, 1};
  const std::int32_t at[] = {0, 0};
  EXPECT_EQ(tensor_copy_elements(m, at, {})[8].shared_offset, 32u);
  m.swizzle = TensorSwizzle::b32;
  EXPECT_EQ(tensor_copy_elements(m, at, {})[8].shared_offset, 32u);
  m.swizzle = TensorSwizzle::b64;
  const auto e = tensor_copy_elements(m, at, {});
  EXPECT_EQ(e[8].shared_offset, 64u);
  EXPECT_EQ(e[17].shared_offset, 132u);
  EXPECT_EQ(tensor_copy_bytes(m), 96u);  // the bytes moved stay the box's
}

TEST(TensorWalk, BoxStartMustBeSixteenByteAligned) {
  TensorMap m = tile_2d();  // u32
  EXPECT_TRUE(tensor_box_start_aligned(m, 4));
  EXPECT_TRUE(tensor_box_start_aligned(m, -4));
  EXPECT_FALSE(tensor_box_start_aligned(m, 2));
  EXPECT_FALSE(tensor_box_start_aligned(m, -2));
  m.type = TensorDataType::u8;
  EXPECT_FALSE(tensor_box_start_aligned(m, -8));
  EXPECT_TRUE(tensor_box_start_aligned(m, -16));
}

TEST(TensorWalk, NanFillIsTheSixteenBitPattern7FF7Repeated) {
  TensorMap m = tile_2d();
  EXPECT_EQ(tensor_fill_bits(m), 0u);
  m.type = TensorDataType::f32;
  m.nan_fill = true;
  EXPECT_EQ(static_cast<std::uint32_t>(tensor_fill_bits(m)), 0x7FF7'7FF7u);
  EXPECT_EQ(static_cast<std::uint16_t>(tensor_fill_bits(m)), 0x7FF7u);
}

}  // namespace
}  // namespace smsim::func
