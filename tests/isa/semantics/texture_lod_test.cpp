// Mipmap level selection, the LOD from gradients and cube-map faces
// (isa/semantics/texture_lod), against values the H100 gave
// (tools/probes/results/h100-2026-11-22-grad, texture_queries.txt and
// tests/conformance/golden/h100/texture_mipmaps.out).

#include "isa/semantics/texture_lod.h"

#include <gtest/gtest.h>

#include <cmath>

namespace smsim::isa::sem {
namespace {

MipSampler sampler(TexFilter filter, float bias = 0.0f, float min_clamp = 0.0f,
                   float max_clamp = 16.0f, std::int32_t levels = 6) {
  return MipSampler{.filter = filter,
                    .bias = bias,
                    .min_clamp = min_clamp,
                    .max_clamp = max_clamp,
                    .levels = levels};
}

TEST(MipLevels, PointRoundsHalfUp) {
  const MipSampler s = sampler(TexFilter::point);
  EXPECT_EQ(select_mip_levels(s, 0.49f).level[0], 0);
  EXPECT_EQ(select_mip_levels(s, 0.5f).level[0], 1);
  EXPECT_EQ(select_mip_levels(s, 1.5f).level[0], 2);
  EXPECT_EQ(select_mip_levels(s, -3.0f).level[0], 0);
  EXPECT_EQ(select_mip_levels(s, 9.0f).level[0], 5);  // the last level
  EXPECT_EQ(select_mip_levels(s, 1.5f).weight, 0);
}

TEST(MipLevels, LinearCutsTheFractionTo256ths) {
  const MipSampler s = sampler(TexFilter::linear);
  const MipLevels a = select_mip_levels(s, 0.1f);
  EXPECT_EQ(a.level[0], 0);
  EXPECT_EQ(a.level[1], 1);
  EXPECT_EQ(a.weight, 25);  // 25.6
  EXPECT_EQ(select_mip_levels(s, 0.51f).weight, 130);
  const MipLevels b = select_mip_levels(s, 1.3f);
  EXPECT_EQ(b.level[0], 1);
  EXPECT_EQ(b.weight, 76);
  // Past the last level: that level alone.
  const MipLevels c = select_mip_levels(s, 7.5f);
  EXPECT_EQ(c.level[0], 5);
  EXPECT_EQ(c.weight, 0);
}

TEST(MipLevels, BiasAndLodAreEachCutTowardsZeroBeforeTheyAdd) {
  // -0.01 is -2.56/256 -> -2; 0.75 is 192/256: 190, where the f32 sum
  // 0.74 would give 189 (texture_mipmaps, mip2d/lod/linear_linear_bias).
  const MipLevels a = select_mip_levels(sampler(TexFilter::linear, 0.75f), -0.01f);
  EXPECT_EQ(a.level[0], 0);
  EXPECT_EQ(a.weight, 190);
}

TEST(MipLevels, ClampsBeforeTheLevelIsChosen) {
  const MipSampler s = sampler(TexFilter::linear, -0.3f, 1.25f, 2.5f);
  EXPECT_EQ(select_mip_levels(s, 0.0f).level[0], 1);
  EXPECT_EQ(select_mip_levels(s, 0.0f).weight, 64);  // the min clamp 1.25
  const MipLevels top = select_mip_levels(s, 9.0f);  // the max clamp 2.5
  EXPECT_EQ(top.level[0], 2);
  EXPECT_EQ(top.weight, 128);
  // A max clamp of 0 (the descriptor's default) keeps level 0.
  EXPECT_EQ(select_mip_levels(sampler(TexFilter::point, 0, 0, 0), 3.0f).level[0], 0);
}

TEST(Log2Lod, ExponentPlusTheMeasuredTableOfEightFractionBits) {
  EXPECT_EQ(log2_lod(1.0), 0.0f);
  EXPECT_EQ(log2_lod(1.1) * 256, 35.0f);
  EXPECT_EQ(log2_lod(1.5) * 256, 150.0f);
  EXPECT_EQ(log2_lod(3.0) * 256, 406.0f);
  EXPECT_EQ(log2_lod(5.0) * 256, 595.0f);  // 256 log2(5) = 594.4
  EXPECT_EQ(log2_lod(6.0) * 256, 662.0f);
  // 1 + 2/256 gives 4 where the exact 2.87 rounds to 3.
  EXPECT_EQ(log2_lod(1.0 + 2.0 / 256) * 256, 4.0f);
  // The bits below the top eight of the fraction do not count.
  EXPECT_EQ(log2_lod(1.0 + 2.99 / 256), log2_lod(1.0 + 2.0 / 256));
  EXPECT_EQ(log2_lod(0.5) * 256, -256.0f);
  EXPECT_TRUE(std::isinf(log2_lod(0.0)) && log2_lod(0.0) < 0);
}

float grad_lod_256(float xx, float xy, float yx, float yy) {
  const float ddx[2] = {xx, xy}, ddy[2] = {yx, yy};
  return gradient_lod(ddx, ddy, 2) * 256;
}

TEST(GradientLod, AxisAlignedTakesTheLongerAxis) {
  EXPECT_EQ(grad_lod_256(4, 0, 0, 1), 512.0f);
  EXPECT_EQ(grad_lod_256(2, 0, 0, 8), 768.0f);
  EXPECT_EQ(grad_lod_256(0, 0, 0, 5), 595.0f);
  EXPECT_EQ(grad_lod_256(1.5f, 0, 0, 1.5f), 150.0f);
}

TEST(GradientLod, OneGradientIsItsLongerComponentPlus11_32OfTheShorter) {
  // (0.25, 1): 1 + 11/128 = 1.0859375 -> 31 (the exact length 1.031 gives 11).
  EXPECT_EQ(grad_lod_256(0.25f, 1, 0, 0), 31.0f);
  EXPECT_EQ(grad_lod_256(5, 5, 0, 0), grad_lod_256(6.71875f, 0, 0, 0));
}

TEST(GradientLod, RotatedSquaresAndParallelGradients) {
  // The H100's values (texture_queries.txt, texture_grad_probe): 45 degrees
  // takes 11/16 of the diagonal (2, 0): 1.375 -> 118, shorter than sqrt 2;
  // other rotations the gradients themselves.
  EXPECT_EQ(grad_lod_256(1, 1, -1, 1), 118.0f);
  EXPECT_EQ(grad_lod_256(3, 4, -4, 3), 598.0f);
  EXPECT_EQ(grad_lod_256(5, 12, -12, 5), 968.0f);
  EXPECT_EQ(grad_lod_256(2, 1, -1, 2), 315.0f);
  // Parallel gradients of equal length: 11/16 of twice the length.
  EXPECT_EQ(grad_lod_256(4, 0, 4, 0), grad_lod_256(5.5f, 0, 0, 0));
}

TEST(CubeFace, MajorAxisWithTiesToZThenY) {
  CubeFace f = cube_face(1.0f, 0.5f, -0.5f);
  EXPECT_EQ(f.face, 0);  // +x: s from -z, t from -y
  EXPECT_EQ(f.s, 0.75f);
  EXPECT_EQ(f.t, 0.25f);
  f = cube_face(0.2f, -3.0f, 0.9f);
  EXPECT_EQ(f.face, 3);  // -y: s from x, t from -z
  EXPECT_FLOAT_EQ(f.s, (0.2f / 3.0f + 1.0f) * 0.5f);
  EXPECT_FLOAT_EQ(f.t, (-0.9f / 3.0f + 1.0f) * 0.5f);
  EXPECT_EQ(cube_face(1.0f, 1.0f, 1.0f).face, 4);   // all equal: z
  EXPECT_EQ(cube_face(2.0f, -2.0f, 1.0f).face, 3);  // x and y equal: y
  f = cube_face(-1.0f, -1.0f, -1.0f);
  EXPECT_EQ(f.face, 5);  // -z: s from -x, t from -y
  EXPECT_EQ(f.s, 1.0f);
  EXPECT_EQ(f.t, 1.0f);
  f = cube_face(-3.0f, 1.5f, 0.0f);
  EXPECT_EQ(f.face, 1);  // -x: s from z, t from -y
  EXPECT_EQ(f.s, 0.5f);
  EXPECT_EQ(f.t, 0.25f);
}

}  // namespace
}  // namespace smsim::isa::sem
