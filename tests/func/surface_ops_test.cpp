// suld.b and sust.b in the .trap, .clamp and .zero boundary modes, one form
// of the catalog per family (1d .b32, a2d .b32, 2d .v2.b16, 2d .v4.b32, 3d
// .v4.b8), suq and txq size queries, istypep on a handle and prefetch of
// every form, through the front end, loader and engine (kernels/surfaces.cu
// -> kernels/surfaces.ptx). Expectations are computed here from the PTX ISA's
// boundary rules: x counts bytes; .clamp moves an outside coordinate to the
// nearest element on the edge; .zero loads zeros and drops stores; .trap
// fails the launch with an illegal address, as the H100 does
// (tests/conformance/golden/h100/surface_trap.out).

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <ostream>
#include <string>

#include "compiled_kernels.h"
#include "module_fixture.h"

namespace smsim::func {
namespace {

using testing::ParamBytes;
namespace sem = isa::sem;

struct Int4 {
  int x, y, z, layer;
};
struct UInt4 {
  std::uint32_t v[4];
  bool operator==(const UInt4&) const = default;
};

std::ostream& operator<<(std::ostream& os, const UInt4& u) {
  return os << std::hex << "{" << u.v[0] << ", " << u.v[1] << ", " << u.v[2] << ", " << u.v[3]
            << "}" << std::dec;
}

// One family of forms: the surface it runs on and its access shape.
struct Family {
  const char* name;           // kernel name part
  int dimensions;             // 1, 2 or 3
  bool layered;               // a2d
  int width, height, extent;  // extent: depth (3d) or layers (a2d)
  unsigned element_bytes;     // .b8/.b16/.b32
  unsigned vector;            // elements per access
  unsigned texel_bytes() const { return element_bytes * vector; }
  int depth() const { return dimensions == 3 ? extent : 1; }
  int layers() const { return layered ? extent : 1; }
  int rows() const { return dimensions >= 2 ? height : 1; }
};

const Family kFamilies[] = {
    {"1d_b32", 1, false, 5, 1, 1, 4, 1},     {"a2d_b32", 2, true, 3, 2, 2, 4, 1},
    {"2d_v2_b16", 2, false, 4, 3, 1, 2, 2},  {"2d_v4_b32", 2, false, 3, 2, 1, 4, 4},
    {"3d_v4_b8", 3, false, 3, 2, 2, 1, 4},
};

struct SurfacesPtx {
  static constexpr const char* path = "surfaces.ptx";
};

class SurfaceForms : public testing::CompiledKernels<SurfacesPtx> {
 protected:
  // A surface of `f`'s shape whose byte k holds (7k + 3) mod 256; `bytes_`
  // mirrors its memory.
  std::uint64_t surface(const Family& f) {
    family_ = f;
    const std::size_t size =
        std::size_t{f.texel_bytes()} * f.width * f.rows() * f.depth() * f.layers();
    bytes_.resize(size);
    for (std::size_t k = 0; k < size; ++k) bytes_[k] = static_cast<std::uint8_t>(7 * k + 3);
    TextureHeader h;
    h.surface = true;
    h.dimensions = static_cast<std::uint8_t>(f.dimensions);
    h.layered = f.layered;
    h.layers = f.layered ? f.extent : 0;
    h.format = sem::TexelFormat{.channels = static_cast<std::uint8_t>(f.vector),
                                .channel_bytes = static_cast<std::uint8_t>(f.element_bytes),
                                .kind = sem::TexelKind::unsigned_int};
    h.base = base_ = upload(bytes_);
    h.width = f.width;
    h.height = f.rows();
    h.depth = f.depth();
    h.row_pitch = std::uint64_t{f.texel_bytes()} * f.width;
    h.slice_pitch = h.row_pitch * f.rows();
    return device_.create_texture(h);
  }

  bool inside(const Int4& c) const {
    const Family& f = family_;
    return c.x >= 0 && c.x < f.width && c.y >= 0 && c.y < f.rows() && c.z >= 0 &&
           c.z < f.depth() && c.layer >= 0 && c.layer < f.layers();
  }
  Int4 clamped(const Int4& c) const {
    const Family& f = family_;
    return {std::clamp(c.x, 0, f.width - 1), std::clamp(c.y, 0, f.rows() - 1),
            std::clamp(c.z, 0, f.depth() - 1), std::clamp(c.layer, 0, f.layers() - 1)};
  }
  std::size_t offset(const Int4& c) const {
    const Family& f = family_;
    const std::size_t row = std::size_t{f.texel_bytes()} * f.width;
    return ((static_cast<std::size_t>(c.z + c.layer) * f.rows()) + c.y) * row +
           std::size_t{f.texel_bytes()} * c.x;
  }
  // What a load of an inside element returns, from the mirror.
  UInt4 element(const Int4& c) const {
    UInt4 u{};
    for (unsigned e = 0; e < family_.vector; ++e) {
      std::memcpy(&u.v[e], &bytes_[offset(c) + e * family_.element_bytes], family_.element_bytes);
    }
    return u;
  }
  void store_mirror(const Int4& c, const UInt4& value) {
    for (unsigned e = 0; e < family_.vector; ++e) {
      std::memcpy(&bytes_[offset(c) + e * family_.element_bytes], &value.v[e],
                  family_.element_bytes);
    }
  }

  // The element window around the surface (layers stay inside: an array
  // index outside is not what these forms are about) and far coordinates.
  std::vector<Int4> window() const {
    const Family& f = family_;
    std::vector<Int4> out;
    const int ylo = f.dimensions >= 2 ? -1 : 0, yhi = f.dimensions >= 2 ? f.height : 0;
    const int zlo = f.dimensions == 3 ? -1 : 0, zhi = f.dimensions == 3 ? f.extent : 0;
    for (int layer = 0; layer < f.layers(); ++layer)
      for (int z = zlo; z <= zhi; ++z)
        for (int y = ylo; y <= yhi; ++y)
          for (int x = -2; x <= f.width + 1; ++x) out.push_back({x, y, z, layer});
    for (int far : {1 << 20, -(1 << 20)}) {
      out.push_back({far, 0, 0, 0});
      if (f.dimensions >= 2) out.push_back({1, far, 0, 0});
      if (f.dimensions == 3) out.push_back({1, 1, far, 0});
    }
    return out;
  }

  std::string kernel_name(const char* op, const char* mode) const {
    return std::string(op) + "_" + family_.name + "_" + mode;
  }

  LaunchResult load(std::uint64_t surf, const char* mode, const std::vector<Int4>& at,
                    std::vector<UInt4>& got) {
    const std::uint64_t coords = upload(at);
    const std::uint64_t out = upload(std::vector<UInt4>(at.size(), UInt4{{9, 9, 9, 9}}));
    const LaunchResult r =
        run(kernel_name("load", mode).c_str(), {1}, {static_cast<std::uint32_t>(at.size())},
            ParamBytes().add(surf).add(coords).add(out).add(static_cast<int>(at.size())));
    got = download<UInt4>(out, at.size());
    return r;
  }
  LaunchResult store(std::uint64_t surf, const char* mode, const std::vector<Int4>& at,
                     const std::vector<UInt4>& values) {
    const std::uint64_t coords = upload(at);
    const std::uint64_t v = upload(values);
    return run(kernel_name("store", mode).c_str(), {1}, {1},
               ParamBytes().add(surf).add(coords).add(v).add(static_cast<int>(at.size())));
  }
  std::vector<std::uint8_t> memory() { return download<std::uint8_t>(base_, bytes_.size()); }

  // Distinct values that fit the family's elements.
  UInt4 value(int i) const {
    UInt4 u{};
    const std::uint32_t mask =
        family_.element_bytes == 4 ? ~0u : (1u << (8 * family_.element_bytes)) - 1;
    for (unsigned e = 0; e < family_.vector; ++e) {
      u.v[e] = (0x9e3779b9u * static_cast<std::uint32_t>(i + 1) + 0x1234567u * e) & mask;
    }
    return u;
  }

  // A distinct value for each window coordinate outside the surface.
  struct Stores {
    std::vector<Int4> at;
    std::vector<UInt4> values;
  };
  Stores stores_outside() const {
    Stores s;
    for (const Int4& c : window()) {
      if (inside(c)) continue;
      s.values.push_back(value(static_cast<int>(s.at.size())));
      s.at.push_back(c);
    }
    return s;
  }

  // A w x h x d float volume texture (zeros).
  TextureHeader volume_header(std::uint32_t w, std::uint32_t h, std::uint32_t d) {
    TextureHeader t;
    t.dimensions = 3;
    t.base = upload(std::vector<float>(std::size_t{w} * h * d));
    t.width = w;
    t.height = h;
    t.depth = d;
    t.row_pitch = std::uint64_t{w} * sizeof(float);
    t.slice_pitch = t.row_pitch * h;
    return t;
  }

  Family family_{};
  std::vector<std::uint8_t> bytes_;
  std::uint64_t base_ = 0;
};

TEST_F(SurfaceForms, EveryKernelDecodes) {
  for (const ModuleKernel& k : loaded_.kernels) {
    EXPECT_TRUE(k.kernel.has_value()) << k.name << ": " << (k.errors.empty() ? "" : k.errors[0]);
  }
}

TEST_F(SurfaceForms, ClampLoadsReadTheNearestEdgeElement) {
  for (const Family& f : kFamilies) {
    SCOPED_TRACE(f.name);
    const std::uint64_t surf = surface(f);
    const std::vector<Int4> at = window();
    std::vector<UInt4> got;
    ASSERT_TRUE(load(surf, "clamp", at, got).ok());
    for (std::size_t i = 0; i < at.size(); ++i) {
      EXPECT_EQ(got[i], element(clamped(at[i])))
          << "x " << at[i].x << " y " << at[i].y << " z " << at[i].z << " layer " << at[i].layer;
    }
  }
}

TEST_F(SurfaceForms, ZeroLoadsReadZerosOutside) {
  for (const Family& f : kFamilies) {
    SCOPED_TRACE(f.name);
    const std::uint64_t surf = surface(f);
    const std::vector<Int4> at = window();
    std::vector<UInt4> got;
    ASSERT_TRUE(load(surf, "zero", at, got).ok());
    for (std::size_t i = 0; i < at.size(); ++i) {
      EXPECT_EQ(got[i], inside(at[i]) ? element(at[i]) : UInt4{})
          << "x " << at[i].x << " y " << at[i].y << " z " << at[i].z << " layer " << at[i].layer;
    }
  }
}

TEST_F(SurfaceForms, TrapLoadsReadInsideAndFaultOutside) {
  for (const Family& f : kFamilies) {
    SCOPED_TRACE(f.name);
    const std::uint64_t surf = surface(f);
    std::vector<Int4> at;
    for (const Int4& c : window()) {
      if (inside(c)) at.push_back(c);
    }
    std::vector<UInt4> got;
    ASSERT_TRUE(load(surf, "trap", at, got).ok());
    for (std::size_t i = 0; i < at.size(); ++i) EXPECT_EQ(got[i], element(at[i])) << i;
    // One element past the end of the first row.
    const LaunchResult r = load(surf, "trap", {{f.width, 0, 0, 0}}, got);
    EXPECT_EQ(r.error.code, CudaError::illegal_address);
  }
}

TEST_F(SurfaceForms, TrapStoresWriteInsideAndFaultOutside) {
  for (const Family& f : kFamilies) {
    SCOPED_TRACE(f.name);
    const std::uint64_t surf = surface(f);
    std::vector<Int4> at;
    std::vector<UInt4> values;
    for (const Int4& c : window()) {
      if (!inside(c)) continue;
      values.push_back(value(static_cast<int>(at.size())));
      store_mirror(c, values.back());
      at.push_back(c);
    }
    ASSERT_TRUE(store(surf, "trap", at, values).ok());
    EXPECT_EQ(memory(), bytes_);
    const LaunchResult r = store(surf, "trap", {{-1, 0, 0, 0}}, {value(99)});
    EXPECT_EQ(r.error.code, CudaError::illegal_address);
    EXPECT_EQ(memory(), bytes_) << "the faulting store wrote";
  }
}

TEST_F(SurfaceForms, ClampStoresLandOnTheEdgeAndTheLastOneWins) {
  for (const Family& f : kFamilies) {
    SCOPED_TRACE(f.name);
    const std::uint64_t surf = surface(f);
    const Stores outside = stores_outside();
    for (std::size_t i = 0; i < outside.at.size(); ++i) {
      store_mirror(clamped(outside.at[i]), outside.values[i]);
    }
    ASSERT_TRUE(store(surf, "clamp", outside.at, outside.values).ok());
    EXPECT_EQ(memory(), bytes_);
  }
}

TEST_F(SurfaceForms, ZeroStoresOutsideAreDropped) {
  for (const Family& f : kFamilies) {
    SCOPED_TRACE(f.name);
    const std::uint64_t surf = surface(f);
    Stores stores = stores_outside();
    // The last store is inside and lands.
    const Int4 last{f.width - 1, f.rows() - 1, f.depth() - 1, f.layers() - 1};
    stores.at.push_back(last);
    stores.values.push_back(value(500));
    store_mirror(last, stores.values.back());
    ASSERT_TRUE(store(surf, "zero", stores.at, stores.values).ok());
    EXPECT_EQ(memory(), bytes_);
  }
}

TEST_F(SurfaceForms, SurfaceSizeQueries) {
  // suq on a 3D surface (width, height, depth) and a layered one.
  const std::uint64_t out = upload(std::vector<std::uint32_t>(4, 77));
  const std::uint64_t volume = surface(kFamilies[4]);
  ASSERT_TRUE(run("surface_sizes", {1}, {1}, ParamBytes().add(volume).add(out)).ok());
  const auto v = download<std::uint32_t>(out, 4);
  EXPECT_EQ(v[0], 3u);
  EXPECT_EQ(v[1], 2u);
  EXPECT_EQ(v[2], 2u);
  const std::uint64_t layered = surface(kFamilies[1]);
  ASSERT_TRUE(run("surface_sizes", {1}, {1}, ParamBytes().add(layered).add(out)).ok());
  const auto l = download<std::uint32_t>(out, 4);
  EXPECT_EQ(l[0], 3u);
  EXPECT_EQ(l[1], 2u);
  EXPECT_EQ(l[2], 2u);  // the H100 answers a 2D layered surface's layers as its depth
  EXPECT_EQ(l[3], 77u);
  // An axis the surface lacks answers 0 (H100: suq of a 1D surface 37, 0, 0;
  // of a 2D one 19, 7, 0).
  ASSERT_TRUE(
      run("surface_sizes", {1}, {1}, ParamBytes().add(surface(kFamilies[0])).add(out)).ok());
  const auto one = download<std::uint32_t>(out, 3);
  EXPECT_EQ(one, (std::vector<std::uint32_t>{5, 0, 0}));
  ASSERT_TRUE(
      run("surface_sizes", {1}, {1}, ParamBytes().add(surface(kFamilies[2])).add(out)).ok());
  const auto two = download<std::uint32_t>(out, 3);
  EXPECT_EQ(two, (std::vector<std::uint32_t>{4, 3, 0}));
}

TEST_F(SurfaceForms, TextureSizeQueries) {
  TextureHeader h = volume_header(7, 5, 3);
  h.normalized_coords = true;
  const std::uint64_t volume = device_.create_texture(h);
  const std::uint64_t out = upload(std::vector<std::uint32_t>(5, 77));
  ASSERT_TRUE(run("texture_sizes", {1}, {1}, ParamBytes().add(volume).add(out)).ok());
  EXPECT_EQ(download<std::uint32_t>(out, 5), (std::vector<std::uint32_t>{7, 5, 3, 77, 77}));
  h.dimensions = 2;
  h.depth = 1;
  h.layered = true;
  h.layers = 3;
  h.normalized_coords = false;
  const std::uint64_t layered = device_.create_texture(h);
  ASSERT_TRUE(run("texture_sizes", {1}, {1}, ParamBytes().add(layered).add(out)).ok());
  const auto v = download<std::uint32_t>(out, 5);
  EXPECT_EQ(v[0], 7u);
  EXPECT_EQ(v[1], 5u);
  EXPECT_EQ(v[2], 3u);  // the H100 answers a 2D layered texture's layers as its depth
  // As the H100 answers: a 2D texture has depth 0, a 1D array height 1,
  // linear memory height 0.
  h.layered = false;
  h.layers = 0;
  ASSERT_TRUE(
      run("texture_sizes", {1}, {1}, ParamBytes().add(device_.create_texture(h)).add(out)).ok());
  EXPECT_EQ(download<std::uint32_t>(out, 3), (std::vector<std::uint32_t>{7, 5, 0}));
  h.dimensions = 1;
  h.height = 1;
  ASSERT_TRUE(
      run("texture_sizes", {1}, {1}, ParamBytes().add(device_.create_texture(h)).add(out)).ok());
  EXPECT_EQ(download<std::uint32_t>(out, 3), (std::vector<std::uint32_t>{7, 1, 0}));
  h.shape = TextureShape::linear;
  ASSERT_TRUE(
      run("texture_sizes", {1}, {1}, ParamBytes().add(device_.create_texture(h)).add(out)).ok());
  EXPECT_EQ(download<std::uint32_t>(out, 3), (std::vector<std::uint32_t>{7, 0, 0}));
}

TEST_F(SurfaceForms, DescriptorQueriesFailTheLaunchAsOnTheH100) {
  // The H100 never runs a kernel holding a query that reads the descriptor
  // (tools/probes/results/h100-2026-11-22/texture_queries.txt: txq
  // cudaErrorSymbolNotFound, suq cudaErrorNotSupported): nothing is written.
  TextureHeader h = volume_header(7, 5, 3);
  const std::uint64_t texture = device_.create_texture(h);
  const std::uint64_t out = upload(std::vector<std::uint32_t>(7, 77));
  struct Case {
    const char* kernel;
    std::uint64_t handle;
    CudaError code;
    const char* form;
  };
  const Case cases[] = {
      {"texture_sampler_state", texture, CudaError::symbol_not_found, "txq.filter_mode.b32"},
      {"texture_array_size", texture, CudaError::symbol_not_found, "txq.array_size.b32"},
      {"surface_array_size", surface(kFamilies[1]), CudaError::not_supported,
       "suq.array_size.b32"},
  };
  for (const Case& c : cases) {
    const LaunchResult r = run(c.kernel, {1}, {1}, ParamBytes().add(c.handle).add(out));
    EXPECT_EQ(r.error.code, c.code) << c.kernel;
    EXPECT_NE(r.error.message.find(c.form), std::string::npos) << r.error.message;
    EXPECT_NE(r.error.message.find("PTX line "), std::string::npos) << r.error.message;
    EXPECT_EQ(download<std::uint32_t>(out, 7), std::vector<std::uint32_t>(7, 77)) << c.kernel;
  }
}

TEST_F(SurfaceForms, TextureLevelSizeQueries) {
  // As the H100 answers for CUDA arrays (tools/probes/texture_queries_probe.cu,
  // objects section: array3d_short2 5 x 6 x 7 answered 0,0,0 at level -1,
  // 5,6,7 at level 0 and 0 beyond): a texture without mipmaps has level 0
  // only, the size txq answers.
  const std::uint64_t out = upload(std::vector<std::uint32_t>(30, 77));
  ASSERT_TRUE(run("texture_level_sizes", {1}, {10},
                  ParamBytes().add(device_.create_texture(volume_header(5, 6, 7))).add(out))
                  .ok());
  std::vector<std::uint32_t> expected(30, 0);
  expected[3] = 5;
  expected[4] = 6;
  expected[5] = 7;
  EXPECT_EQ(download<std::uint32_t>(out, 30), expected);
}

TEST_F(SurfaceForms, IstypepOfAHandleIsFalseForEveryType) {
  // The H100 answers false for texture and surface object handles
  // (matrix_movement.out, istypep/texture_and_surface_objects).
  const std::uint64_t surf = surface(kFamilies[0]);
  const std::uint64_t out = upload(std::vector<std::uint32_t>(3, 77));
  ASSERT_TRUE(run("handle_types", {1}, {1}, ParamBytes().add(surf).add(out)).ok());
  EXPECT_EQ(download<std::uint32_t>(out, 3), (std::vector<std::uint32_t>{0, 0, 0}));
}

TEST_F(SurfaceForms, PrefetchOfAnyAddressDoesNotFault) {
  // Addresses that map nothing, as in surface_trap.cu on the H100: the
  // kernel runs to its end.
  const std::uint64_t out = upload(std::vector<int>(32, 0));
  ASSERT_TRUE(run("prefetch_all", {1}, {32},
                  ParamBytes().add(std::uint64_t{1} << 42).add(std::uint64_t{0xfffff000}).add(out))
                  .ok());
  const auto v = download<int>(out, 32);
  for (int i = 0; i < 32; ++i) EXPECT_EQ(v[i], i + 1);
}

// Tensor-map prefetches in the const and param spaces (ptxas accepts both
// with a variable's name), and a query whose H100 value is not measured.
constexpr const char* kMaps = R"(
.version 8.5
.target sm_90
.address_size 64

.const .align 64 .b8 cmap[128];

.visible .entry maps(.param .align 64 .b8 map[128], .param .u64 out)
{
  .reg .b64 %rd<4>;
  .reg .b32 %r<2>;
  prefetch.param.tensormap [map];
  prefetch.const.tensormap [cmap];
  ld.param.u64 %rd2, [out];
  cvta.to.global.u64 %rd3, %rd2;
  mov.u32 %r1, 7;
  st.global.u32 [%rd3], %r1;
  ret;
}

.visible .entry channel_query(.param .u64 t, .param .u64 out)
{
  .reg .b64 %rd<4>;
  .reg .b32 %r<2>;
  ld.param.u64 %rd1, [t];
  txq.channel_order.b32 %r1, [%rd1];
  ld.param.u64 %rd2, [out];
  st.global.u32 [%rd2], %r1;
  ret;
}
)";

class TensorMapPrefetch : public testing::ModuleTest {
 protected:
  TensorMapPrefetch() : ModuleTest("maps", kMaps) {}
};

TEST_F(TensorMapPrefetch, ConstAndParamTensorMapsArePrefetchedWithoutEffect) {
  const std::uint64_t out = upload(std::vector<std::uint32_t>{0});
  struct Map {
    std::uint64_t words[16];
  };
  const LaunchResult r = device_.launch(kernel("maps"), LaunchConfig{.grid = {1}, .block = {1}},
                                        ParamBytes().add(Map{}).add(out).span());
  ASSERT_TRUE(r.ok()) << r.error.message;
  EXPECT_EQ(download<std::uint32_t>(out, 1)[0], 7u);
}

// The H100 never runs such a kernel (tools/probes/descriptor_query_probe.cu):
// it loads, and every launch fails naming the query and its line.
TEST_F(TensorMapPrefetch, ChannelQueriesFailTheLaunchNamingTheLine) {
  const ModuleKernel& k = kernel("channel_query");
  ASSERT_TRUE(k.kernel.has_value());
  const std::uint64_t out = upload(std::vector<std::uint32_t>{5});
  const LaunchResult r = device_.launch(k, LaunchConfig{.grid = {1}, .block = {1}},
                                        ParamBytes().add(std::uint64_t{0}).add(out).span());
  EXPECT_EQ(r.error.code, CudaError::symbol_not_found);
  EXPECT_EQ(r.error.message,
            "kernel channel_query, PTX line 26: txq.channel_order.b32 reads the texture "
            "descriptor, which the H100 driver cannot link (ptxas makes it a relocation against "
            ".nv.unified.texrefDescSize): the kernel never runs (cudaErrorSymbolNotFound)");
  EXPECT_EQ(download<std::uint32_t>(out, 1)[0], 5u);
}

}  // namespace
}  // namespace smsim::func
