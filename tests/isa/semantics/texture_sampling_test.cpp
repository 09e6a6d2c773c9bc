// Texture sampling semantics (isa/semantics/texture_sampling), with the cases
// worked out from the H100's results in tests/conformance/golden/h100/
// textures.out.

#include "isa/semantics/texture_sampling.h"

#include <gtest/gtest.h>

#include <bit>

namespace smsim::isa::sem {
namespace {

TEST(TextureAddressing, EveryModeOnIndicesOutside) {
  EXPECT_EQ(address_texel(-1, 5, TexAddress::clamp).index, 0);
  EXPECT_EQ(address_texel(7, 5, TexAddress::clamp).index, 4);
  EXPECT_TRUE(address_texel(-1, 5, TexAddress::border).border);
  EXPECT_TRUE(address_texel(5, 5, TexAddress::border).border);
  EXPECT_FALSE(address_texel(4, 5, TexAddress::border).border);
  EXPECT_EQ(address_texel(-1, 5, TexAddress::wrap).index, 4);
  EXPECT_EQ(address_texel(12, 5, TexAddress::wrap).index, 2);
  EXPECT_EQ(address_texel(5, 5, TexAddress::mirror).index, 4);
  EXPECT_EQ(address_texel(-1, 5, TexAddress::mirror).index, 0);
  EXPECT_EQ(address_texel(-6, 5, TexAddress::mirror).index, 4);
  EXPECT_EQ(address_texel(11, 5, TexAddress::mirror).index, 1);
}

TEST(TextureAxis, NormalizedCoordinatesAreCutBeforeScaling) {
  // (1/19 as f32) · 19 rounds to 1.0 in f32 arithmetic, but the H100 reads
  // texel 0: the coordinate is cut to 21 fractional bits first.
  const TexAxis a = texture_axis(1.0f / 19, 19, true, TexFilter::point, TexAddress::clamp);
  EXPECT_EQ(a.texel[0].index, 0);
  const TexAxis b = texture_axis(1.0f, 19, false, TexFilter::point, TexAddress::clamp);
  EXPECT_EQ(b.texel[0].index, 1);
}

TEST(TextureAxis, LinearWeightsRoundHalfUpToOne256th) {
  // x = 16 + 233/256 + 1/512: x - 0.5 is 105.5/256 past texel 16.
  const TexAxis a = texture_axis(16.91210938f, 19, false, TexFilter::linear, TexAddress::clamp);
  EXPECT_EQ(a.texel[0].index, 16);
  EXPECT_EQ(a.texel[1].index, 17);
  EXPECT_EQ(a.weight, 106);
  // A weight that rounds up to a whole texel moves on to the next pair.
  const TexAxis b =
      texture_axis(2.5f - 1.0f / 1024, 19, false, TexFilter::linear, TexAddress::clamp);
  EXPECT_EQ(b.texel[0].index, 2);
  EXPECT_EQ(b.weight, 0);
}

TEST(TextureAxis, ClampFiltersAnEdgeTexelAlone) {
  // Less than half a texel from an edge, clamp gives the edge texel weight
  // 0: it matters in 3D, where weights are split slice by slice. The
  // footprint keeps both copies of it (what tld4 returns).
  const TexAxis low = texture_axis(0.25f, 7, false, TexFilter::linear, TexAddress::clamp);
  EXPECT_EQ(low.texel[0].index, 0);
  EXPECT_EQ(low.texel[1].index, 0);
  EXPECT_EQ(low.weight, 0);
  const TexAxis high = texture_axis(6.75f, 7, false, TexFilter::linear, TexAddress::clamp);
  EXPECT_EQ(high.texel[0].index, 6);
  EXPECT_EQ(high.weight, 0);
  // Border mode still blends with the border color there.
  const TexAxis border = texture_axis(0.25f, 7, false, TexFilter::linear, TexAddress::border);
  EXPECT_TRUE(border.texel[0].border);
  EXPECT_EQ(border.weight, 192);
}

TEST(TextureAxis, UnnormalizedWrapActsAsClamp) {
  const TexAxis a = texture_axis(-3.0f, 4, false, TexFilter::point, TexAddress::wrap);
  EXPECT_EQ(a.texel[0].index, 0);
}

TEST(CornerWeights, TwoAxesKeepEachAxisExact) {
  // α = 106, β = 57 (textures.out, array2d/linear_clamp_unnormalized, third
  // value): the products round to 117, 82, 33, 24.
  const std::int32_t w[2] = {106, 57};
  const auto c = corner_weights(w, 2);
  EXPECT_EQ(c[0], 117);
  EXPECT_EQ(c[1], 82);
  EXPECT_EQ(c[2], 33);
  EXPECT_EQ(c[3], 24);
  // Half weights along y (a 1D array sampled as 2D) leave x's weights exact.
  const std::int32_t h[2] = {105, 128};
  const auto d = corner_weights(h, 2);
  EXPECT_EQ(d[0] + d[2], 256 - 105);
  EXPECT_EQ(d[1] + d[3], 105);
}

TEST(CornerWeights, ThreeAxesSplitSliceBySlice) {
  // array3d/linear_clamp_unnormalized sample 198: α = 154, β = 192, γ = 85.
  // These are the only weights near the exact products that give the H100's
  // value; inclusion-exclusion over the three axes gives 8, 13, 26, 38 in
  // the far slice instead.
  const std::int32_t w[3] = {154, 192, 85};
  EXPECT_EQ(corner_weights(w, 3), (std::array<std::int32_t, 8>{17, 26, 51, 77, 9, 13, 25, 38}));
  // Sample 22: α = 141, β = 87, γ = 128. Both slices get 57 and 71 along x,
  // so x's weights add up to 142, not 141.
  const std::int32_t h[3] = {141, 87, 128};
  EXPECT_EQ(corner_weights(h, 3), (std::array<std::int32_t, 8>{38, 47, 19, 24, 38, 47, 19, 24}));
}

TEST(FilterF32, BlockNormalizedSumRoundsTiesAway) {
  // (13.312315 + 49.156353) / 2 is a tie at f32 precision: the H100 returns
  // the larger magnitude (textures.out, array1d/linear_clamp_unnormalized).
  const float v[2] = {std::bit_cast<float>(0x4154ff3eu), std::bit_cast<float>(0x4244a01bu)};
  const std::int32_t w[2] = {128, 128};
  EXPECT_EQ(std::bit_cast<std::uint32_t>(filter_f32(v, w, 2)), 0x41f9dfebu);
  // Bits below the four guard bits of the largest exponent are dropped.
  const float small[2] = {1.0f, 0x1p-30f};
  const std::int32_t whole[2] = {128, 128};
  EXPECT_EQ(filter_f32(small, whole, 2), 0.5f);
}

TEST(FilterF32, EightTapsSumEachSliceSeparately) {
  // array3d/linear_mirror_normalized sample 1169 (all weights 32): one block
  // over all eight texels drops two bits of -1.70 against 98.3's exponent and
  // rounds to ...14; the H100 aligns each z slice to its own largest exponent,
  // loses nothing and returns ...12.
  const float z0[2] = {-0x1.dbf91ap+3f, -0x1.b38346p+0f};
  const float z1[2] = {-0x1.d2ba3ep+5f, 0x1.8911d4p+6f};
  const float v[8] = {z0[0], z0[0], z0[1], z0[1], z1[0], z1[0], z1[1], z1[1]};
  const std::int32_t w[8] = {32, 32, 32, 32, 32, 32, 32, 32};
  EXPECT_EQ(filter_f32(v, w, 8), 0x1.759e12p+2f);
}

TEST(FilterChannel, UnsignedNormalized8BitFiltersIn16Bits) {
  // Four texels averaging 92.5 → 92.5 · 257 = 23772.5 → 23773 / 65535
  // (uchar4/normalized_float_linear, second value).
  const TexelFormat f{.channels = 4, .channel_bytes = 1, .kind = TexelKind::unsigned_int};
  const std::uint32_t v[4] = {90, 95, 90, 95};
  const std::int32_t w[4] = {64, 64, 64, 64};
  EXPECT_EQ(filter_channel(v, w, 4, f, true), 0x3eb9babau);
}

TEST(TexelFormats, NormalizedReadsAndMissingChannels) {
  const TexelFormat u8x4{.channels = 4, .channel_bytes = 1, .kind = TexelKind::unsigned_int};
  const std::uint8_t texel[4] = {0, 255, 128, 1};
  const auto r = texel_result(load_texel(texel, u8x4), u8x4, true);
  EXPECT_EQ(r[0], 0u);
  EXPECT_EQ(r[1], std::bit_cast<std::uint32_t>(1.0f));
  EXPECT_EQ(r[2], 0x3f008081u);  // 128/255
  EXPECT_EQ(r[3], 0x3b808081u);  // 1/255
  const TexelFormat s16{.channels = 1, .channel_bytes = 2, .kind = TexelKind::signed_int};
  const std::uint8_t minus[2] = {0x00, 0x80};  // -32768
  const auto m = texel_result(load_texel(minus, s16), s16, true);
  EXPECT_EQ(m[0], std::bit_cast<std::uint32_t>(-1.0f));
  EXPECT_EQ(m[3], std::bit_cast<std::uint32_t>(1.0f));
  const auto e = texel_result(load_texel(minus, s16), s16, false);
  EXPECT_EQ(e[0], 0xffff8000u);
  EXPECT_EQ(e[3], 1u);
}

TEST(SampleTexture, PointAndLinearOverATinyTexture) {
  TexSampler s;
  s.axes = 2;
  s.size[0] = 2;
  s.size[1] = 1;
  const float texels[2] = {10.0f, 20.0f};
  const auto fetch = [&](std::int32_t x, std::int32_t, std::int32_t) {
    return TexelChannels{std::bit_cast<std::uint32_t>(texels[x]), 0, 0, 0};
  };
  const float mid[3] = {1.0f, 0.5f, 0.0f};
  EXPECT_EQ(std::bit_cast<float>(sample_texture(s, mid, fetch)[0]), 20.0f);
  s.filter = TexFilter::linear;
  EXPECT_EQ(std::bit_cast<float>(sample_texture(s, mid, fetch)[0]), 15.0f);
  EXPECT_EQ(sample_texture(s, mid, fetch)[3], std::bit_cast<std::uint32_t>(1.0f));
}

}  // namespace
}  // namespace smsim::isa::sem
