// Texture and surface instructions on objects (kernels/textures.cu ->
// kernels/textures.ptx) through the front end, loader and engine, with
// headers made as the runtime makes them.

#include <gtest/gtest.h>

#include <bit>

#include "compiled_kernels.h"

namespace smsim::func {
namespace {

using testing::ParamBytes;
namespace sem = isa::sem;

struct Float2 {
  float x, y;
};
struct Int2 {
  int x, y;
};

struct TexturesPtx {
  static constexpr const char* path = "textures.ptx";
};

class TextureOps : public testing::CompiledKernels<TexturesPtx> {
 protected:
  LaunchResult run(const char* name, Dim3 block, const ParamBytes& params) {
    return CompiledKernels::run(name, {1}, block, params);
  }
  // A 2D float texture over `texels` (width × height, row-major).
  std::uint64_t texture_2d(const std::vector<float>& texels, int width, int height,
                           sem::TexFilter filter, sem::TexAddress mode, int layers = 0) {
    TextureHeader h;
    h.dimensions = 2;
    h.layered = layers != 0;
    h.layers = layers;
    h.base = upload(texels);
    h.width = width;
    h.height = height;
    h.row_pitch = static_cast<std::uint64_t>(width) * 4;
    h.slice_pitch = h.row_pitch * height;
    h.filter = filter;
    for (auto& a : h.address) a = mode;
    h.border[0] = 42.5f;
    return device_.create_texture(h);
  }
};

TEST_F(TextureOps, EveryKernelDecodes) {
  for (const ModuleKernel& k : loaded_.kernels) {
    EXPECT_TRUE(k.kernel.has_value()) << k.name << ": " << (k.errors.empty() ? "" : k.errors[0]);
  }
}

TEST_F(TextureOps, PointSamplingWithClampAndBorder) {
  const std::vector<float> texels = {1, 2, 3, 4, 5, 6};  // 3 × 2
  const std::vector<Float2> at = {{0.5f, 0.5f}, {2.9f, 1.2f}, {-4.0f, 0.5f}, {1.5f, 7.0f}};
  const std::uint64_t coords = upload(at);
  const std::uint64_t out = upload(std::vector<float>(at.size()));
  const std::uint64_t clamp =
      texture_2d(texels, 3, 2, sem::TexFilter::point, sem::TexAddress::clamp);
  ASSERT_TRUE(
      run("_Z9sample_2dyPK6float2Pfi", {32}, ParamBytes().add(clamp).add(coords).add(out).add(4))
          .ok());
  EXPECT_EQ(download<float>(out, 4), (std::vector<float>{1, 6, 1, 5}));
  const std::uint64_t border =
      texture_2d(texels, 3, 2, sem::TexFilter::point, sem::TexAddress::border);
  ASSERT_TRUE(
      run("_Z9sample_2dyPK6float2Pfi", {32}, ParamBytes().add(border).add(coords).add(out).add(4))
          .ok());
  EXPECT_EQ(download<float>(out, 4), (std::vector<float>{1, 6, 42.5f, 42.5f}));
}

TEST_F(TextureOps, LinearFilteringAtTexelEdges) {
  // Halfway between the centres of texels (0,0) and (1,0): their mean; at
  // a texel centre: the texel.
  const std::vector<float> texels = {10, 20, 30, 40};  // 2 × 2
  const std::vector<Float2> at = {{1.0f, 0.5f}, {0.5f, 1.5f}, {1.0f, 1.0f}};
  const std::uint64_t coords = upload(at);
  const std::uint64_t out = upload(std::vector<float>(at.size()));
  const std::uint64_t tex =
      texture_2d(texels, 2, 2, sem::TexFilter::linear, sem::TexAddress::clamp);
  ASSERT_TRUE(
      run("_Z9sample_2dyPK6float2Pfi", {32}, ParamBytes().add(tex).add(coords).add(out).add(3))
          .ok());
  EXPECT_EQ(download<float>(out, 3), (std::vector<float>{15, 30, 25}));
}

TEST_F(TextureOps, OneDimensionalArraysSampleAsHeightOneIn2D) {
  // Border mode mixes half the border color in at y = 0 (the H100's result
  // in textures.out, array1d/linear_border_unnormalized).
  TextureHeader h;
  h.dimensions = 1;
  h.base = upload(std::vector<float>{2, 4, 6});
  h.width = 3;
  h.row_pitch = 12;
  h.slice_pitch = 12;
  h.filter = sem::TexFilter::linear;
  for (auto& a : h.address) a = sem::TexAddress::border;
  h.border[0] = 42.5f;
  const std::uint64_t tex = device_.create_texture(h);
  const std::uint64_t coords = upload(std::vector<float>{1.5f});
  const std::uint64_t out = upload(std::vector<float>(1));
  ASSERT_TRUE(
      run("_Z9sample_1dyPKfPfi", {32}, ParamBytes().add(tex).add(coords).add(out).add(1)).ok());
  EXPECT_EQ(download<float>(out, 1)[0], (4.0f + 42.5f) / 2);
}

TEST_F(TextureOps, LayerIndexOutsideReadsTheLastLayer) {
  const std::vector<float> texels = {1, 2};  // 1 × 1, two layers
  const std::uint64_t tex =
      texture_2d(texels, 1, 1, sem::TexFilter::point, sem::TexAddress::clamp, 2);
  const std::uint64_t coords = upload(std::vector<Float2>{{0.5f, 0.5f}});
  const std::uint64_t out = upload(std::vector<float>(1));
  for (const auto& [layer, expected] : {std::pair{0, 1.0f}, {1, 2.0f}, {-1, 2.0f}, {9, 2.0f}}) {
    ASSERT_TRUE(run("_Z17sample_2d_layeredyPK6float2iPfi", {32},
                    ParamBytes().add(tex).add(coords).add(layer).add(out).add(1))
                    .ok());
    EXPECT_EQ(download<float>(out, 1)[0], expected) << "layer " << layer;
  }
}

TEST_F(TextureOps, LinearMemoryFetchReturnsZerosOutside) {
  TextureHeader h;
  h.shape = TextureShape::linear;
  h.format =
      sem::TexelFormat{.channels = 1, .channel_bytes = 4, .kind = sem::TexelKind::signed_int};
  h.base = upload(std::vector<int>{-7, 8, 9});
  h.width = 3;
  const std::uint64_t tex = device_.create_texture(h);
  const std::vector<int> at = {0, 2, 3, -1};
  const std::uint64_t coords = upload(at);
  const std::uint64_t out = upload(std::vector<int>(at.size(), 5));
  ASSERT_TRUE(
      run("_Z9fetch_intyPKiPii", {32}, ParamBytes().add(tex).add(coords).add(out).add(4)).ok());
  EXPECT_EQ(download<int>(out, 4), (std::vector<int>{-7, 9, 0, 0}));
}

TEST_F(TextureOps, GatherReturnsTheFootprintInCudaOrder) {
  TextureHeader h;
  h.dimensions = 2;
  h.format =
      sem::TexelFormat{.channels = 4, .channel_bytes = 1, .kind = sem::TexelKind::unsigned_int};
  h.normalized_read = true;
  // 2 × 2 texels; the green channel holds 0, 51, 102, 255 (row-major).
  h.base = upload(std::vector<std::uint8_t>{0, 0, 0, 0, 0, 51, 0, 0, 0, 102, 0, 0, 0, 255, 0, 0});
  h.width = 2;
  h.height = 2;
  h.row_pitch = 8;
  h.slice_pitch = 16;
  const std::uint64_t tex = device_.create_texture(h);
  const std::uint64_t coords = upload(std::vector<Float2>{{1.0f, 1.0f}});
  const std::uint64_t out = upload(std::vector<float>(4));
  ASSERT_TRUE(run("_Z12gather_greenyPK6float2P6float4i", {32},
                  ParamBytes().add(tex).add(coords).add(out).add(1))
                  .ok());
  // (i, j+1), (i+1, j+1), (i+1, j), (i, j).
  EXPECT_EQ(download<float>(out, 4), (std::vector<float>{102.0f / 255, 1.0f, 51.0f / 255, 0.0f}));
}

TEST_F(TextureOps, AHandleThatIsNoObjectIsAnIllegalAddress) {
  const std::uint64_t coords = upload(std::vector<Float2>{{0.5f, 0.5f}});
  const std::uint64_t out = upload(std::vector<float>(1));
  const LaunchResult r =
      run("_Z9sample_2dyPK6float2Pfi", {32}, ParamBytes().add(out).add(coords).add(out).add(1));
  EXPECT_EQ(r.error.code, CudaError::illegal_address);
}

class SurfaceOps : public TextureOps {
 protected:
  std::uint64_t surface(int width, int height) {
    TextureHeader h;
    h.surface = true;
    h.dimensions = 2;
    h.format =
        sem::TexelFormat{.channels = 1, .channel_bytes = 4, .kind = sem::TexelKind::unsigned_int};
    std::vector<unsigned> texels(static_cast<std::size_t>(width) * height);
    for (std::size_t i = 0; i < texels.size(); ++i) texels[i] = static_cast<unsigned>(100 + i);
    h.base = upload(texels);
    h.width = width;
    h.height = height;
    h.row_pitch = static_cast<std::uint64_t>(width) * 4;
    h.slice_pitch = h.row_pitch * height;
    base_ = h.base;
    return device_.create_texture(h);
  }
  std::uint64_t base_ = 0;
};

TEST_F(SurfaceOps, ZeroAndClampBoundaryModes) {
  const std::uint64_t surf = surface(3, 2);
  const std::vector<Int2> at = {{1, 1}, {-1, 0}, {5, 1}, {2, -3}};
  const std::uint64_t coords = upload(at);
  const std::uint64_t zero = upload(std::vector<unsigned>(4, 7));
  const std::uint64_t clamp = upload(std::vector<unsigned>(4, 7));
  ASSERT_TRUE(run("_Z12surface_readyPK4int2PjS2_i", {32},
                  ParamBytes().add(surf).add(coords).add(zero).add(clamp).add(4))
                  .ok());
  EXPECT_EQ(download<unsigned>(zero, 4), (std::vector<unsigned>{104, 0, 0, 0}));
  EXPECT_EQ(download<unsigned>(clamp, 4), (std::vector<unsigned>{104, 100, 105, 102}));
}

TEST_F(SurfaceOps, TrapModeOutsideFailsTheLaunch) {
  const std::uint64_t surf = surface(3, 2);
  ASSERT_TRUE(
      run("_Z13surface_writeyiij", {1}, ParamBytes().add(surf).add(2).add(1).add(77u)).ok());
  EXPECT_EQ(download<unsigned>(base_ + 20, 1)[0], 77u);
  const LaunchResult r =
      run("_Z13surface_writeyiij", {1}, ParamBytes().add(surf).add(3).add(1).add(77u));
  EXPECT_EQ(r.error.code, CudaError::illegal_address);
}

// Regression (surfaces.cu, rw_3d_short2): lanes that returned early wait at
// the branch's reconvergence point; under independent thread scheduling they
// must not keep the lanes at __syncthreads from completing it.
TEST_F(TextureOps, EarlyReturnBeforeBarrierInAPartialWarp) {
  const std::uint64_t out = upload(std::vector<unsigned>(64));
  const LaunchResult r =
      run("_Z25early_return_then_barrierPji", {64}, ParamBytes().add(out).add(37));
  ASSERT_TRUE(r.ok()) << r.error.message;
  const auto got = download<unsigned>(out, 37);
  for (int x = 0; x < 37; ++x) EXPECT_EQ(got[x], static_cast<unsigned>(((x + 1) % 37) * 3));
}

}  // namespace
}  // namespace smsim::func
