// tex.level, tex.grad and tex.cube/acube (kernels/textures.cu ->
// kernels/textures.ptx) through the front end, loader and engine, on headers
// made as the runtime makes them for mipmapped arrays and cube maps. The
// expected values are worked out by hand from the H100's rules
// (isa/semantics/texture_lod.h); every texel value and blend is exact.

#include <gtest/gtest.h>

#include "compiled_kernels.h"

namespace smsim::func {
namespace {

using testing::ParamBytes;
namespace sem = isa::sem;

struct Float2 {
  float x, y;
};
struct Float4 {
  float x, y, z, w;
};

struct TexturesPtx {
  static constexpr const char* path = "textures.ptx";
};

class MipmapOps : public testing::CompiledKernels<TexturesPtx> {
 protected:
  // Three levels: 4 x 4 texels of 10, 2 x 2 of 20, 1 x 1 of 30 (4 x 1,
  // 2 x 1, 1 x 1 in 1D).
  std::uint64_t mipmapped(int dimensions, sem::TexFilter mip_filter, float bias = 0.0f,
                          float min_clamp = 0.0f, float max_clamp = 16.0f) {
    TextureHeader h;
    h.dimensions = static_cast<std::uint8_t>(dimensions);
    h.width = 4;
    h.height = dimensions == 1 ? 1 : 4;
    h.normalized_coords = true;
    h.levels = 3;
    for (int level = 0; level < 3; ++level) {
      const int w = 4 >> level, rows = dimensions == 1 ? 1 : w;
      h.level_base[level] = upload(std::vector<float>(w * rows, 10.0f * (level + 1)));
    }
    h.base = h.level_base[0];
    h.row_pitch = 16;
    h.slice_pitch = h.row_pitch * h.height;
    h.mip = {.filter = mip_filter, .bias = bias, .min_clamp = min_clamp, .max_clamp = max_clamp};
    return device_.create_texture(h);
  }

  // `cubes` cube maps of 2 x 2 faces; face f of cube c holds
  // 100 c + 10 f + 2 y + x.
  std::uint64_t cube_map(int cubes) {
    std::vector<float> texels;
    for (int c = 0; c < cubes; ++c)
      for (int f = 0; f < 6; ++f)
        for (int y = 0; y < 2; ++y)
          for (int x = 0; x < 2; ++x) texels.push_back(100.0f * c + 10.0f * f + 2.0f * y + x);
    TextureHeader h;
    h.dimensions = 2;
    h.cube = true;
    h.layers = 6 * cubes;
    h.width = h.height = 2;
    h.base = h.level_base[0] = upload(texels);
    h.row_pitch = 8;
    h.slice_pitch = 16;
    h.normalized_coords = true;
    return device_.create_texture(h);
  }

  template <typename In>
  std::vector<float> sample(const char* kernel, std::uint64_t tex, const std::vector<In>& at,
                            int n) {
    const std::uint64_t in = upload(at);
    const std::uint64_t out = upload(std::vector<float>(n));
    const LaunchResult r = run(kernel, {1}, {32}, ParamBytes().add(tex).add(in).add(out).add(n));
    EXPECT_TRUE(r.ok()) << r.error.message;
    return download<float>(out, n);
  }
};

TEST_F(MipmapOps, LevelWithPointMipmapFilterRoundsHalfUp) {
  const std::uint64_t t = mipmapped(2, sem::TexFilter::point);
  const std::vector<Float4> at = {{0.3f, 0.6f, -1.0f, 0},
                                  {0.3f, 0.6f, 0.49f, 0},
                                  {0.3f, 0.6f, 0.5f, 0},
                                  {0.3f, 0.6f, 1.5f, 0},
                                  {0.3f, 0.6f, 9.0f, 0}};
  EXPECT_EQ(sample("_Z13sample_2d_lodyPK6float4Pfi", t, at, 5),
            (std::vector<float>{10, 10, 20, 30, 30}));
}

TEST_F(MipmapOps, LevelWithLinearMipmapFilterBlendsIn256ths) {
  const std::uint64_t t = mipmapped(2, sem::TexFilter::linear);
  // LOD 0.1: 25/256 of level 1; 1.25: 64/256 of level 2.
  const std::vector<Float4> at = {{0.5f, 0.5f, 0.1f, 0}, {0.5f, 0.5f, 1.25f, 0}};
  EXPECT_EQ(sample("_Z13sample_2d_lodyPK6float4Pfi", t, at, 2),
            (std::vector<float>{(10.0f * 231 + 20.0f * 25) / 256, 22.5f}));
}

TEST_F(MipmapOps, BiasAndClampsMoveTheLevel) {
  // 0.9 + 0.5 = 1.4, clamped to the max clamp 1: level 1 alone; -2 + 0.5,
  // raised to the min clamp 0.75: 192/256 of level 1.
  const std::uint64_t t = mipmapped(2, sem::TexFilter::linear, 0.5f, 0.75f, 1.0f);
  const std::vector<Float4> at = {{0.5f, 0.5f, 0.9f, 0}, {0.5f, 0.5f, -2.0f, 0}};
  EXPECT_EQ(sample("_Z13sample_2d_lodyPK6float4Pfi", t, at, 2), (std::vector<float>{20, 17.5f}));
}

TEST_F(MipmapOps, OneDimensionalLevels) {
  const std::uint64_t t = mipmapped(1, sem::TexFilter::point);
  const std::vector<Float2> at = {{0.7f, 0.0f}, {0.7f, 1.0f}, {0.7f, 2.0f}};
  EXPECT_EQ(sample("_Z13sample_1d_lodyPK6float2Pfi", t, at, 3), (std::vector<float>{10, 20, 30}));
}

TEST_F(MipmapOps, GradientsChooseTheLevel) {
  const std::uint64_t t = mipmapped(2, sem::TexFilter::linear);
  // Gradients in normalized coordinates of the 4 x 4 level 0: 2 texels
  // along x (LOD 1); 1.5 texels isotropic (150/256); the 45-degree rotated
  // square of 1 texel (118/256).
  const std::vector<Float2> at = {
      {0.5f, 0.5f}, {0.5f, 0.0f},   {0.0f, 0.125f},  // ddx (2, 0), ddy (0, 0.5)
      {0.5f, 0.5f}, {0.375f, 0.0f}, {0.0f, 0.375f},  // (1.5, 0), (0, 1.5)
      {0.5f, 0.5f}, {0.25f, 0.25f}, {-0.25f, 0.25f}};
  EXPECT_EQ(sample("_Z14sample_2d_gradyPK6float2Pfi", t, at, 3),
            (std::vector<float>{20, (10.0f * 106 + 20.0f * 150) / 256,
                                (10.0f * 138 + 20.0f * 118) / 256}));
}

TEST_F(MipmapOps, CubeFacesAndTheirCoordinates) {
  const std::uint64_t t = cube_map(1);
  const std::vector<Float4> at = {{1.0f, 0.5f, -0.5f, 0},    // +x at s 0.75, t 0.25: texel (1, 0)
                                  {0.2f, -3.0f, 0.9f, 0},    // -y at s 0.53, t 0.35: (1, 0)
                                  {-1.0f, -1.0f, 1.0f, 0},   // a tie: +z at s 0, t 1: (0, 1)
                                  {0.0f, 0.0f, -2.0f, 0},    // -z at the centre: (1, 1)
                                  {-3.0f, -1.5f, 0.0f, 0}};  // -x at s 0.5, t 0.75: (1, 1)
  EXPECT_EQ(sample("_Z11sample_cubeyPK6float4Pfi", t, at, 5),
            (std::vector<float>{1, 31, 42, 53, 13}));
}

TEST_F(MipmapOps, LayeredCubeIndexOutsideReadsTheLastCube) {
  const std::uint64_t t = cube_map(2);
  const std::vector<Float4> at = {
      {0.0f, 0.0f, -2.0f, 0}, {0.0f, 0.0f, -2.0f, 1}, {0.0f, 0.0f, -2.0f, 7}};
  EXPECT_EQ(sample("_Z19sample_cube_layeredyPK6float4Pfi", t, at, 3),
            (std::vector<float>{53, 153, 153}));
}

}  // namespace
}  // namespace smsim::func
