// Mipmapped textures and cube maps: cudaMallocMipmappedArray and its levels,
// tex1DLod/tex2DLod/tex3DLod/tex2DLayeredLod with point and linear mipmap
// filtering, level bias and clamps; tex2DGrad with isotropic and axis-aligned
// gradients; texCubemap and texCubemapLayered (point and linear); and the
// runtime's answers to bad arguments (cube sizes, levels, linear filtering of
// integer texels).
#include <algorithm>

#include "../common/conformance.cuh"

using namespace conf;

using u32 = uint32_t;

struct LodSample {
  float x, y, z, lod;
  float dxx, dxy, dyx, dyy;  // tex2DGrad: d(x,y)/dx and d(x,y)/dy
  int layer;
};

enum class Op { k1DLod, k2DLod, k3DLod, kA2DLod, k2DGrad };

template <Op op>
__global__ void sample_kernel(cudaTextureObject_t t, const LodSample* at, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const LodSample s = at[i];
  float v = 0.0f;
  if constexpr (op == Op::k1DLod) v = tex1DLod<float>(t, s.x, s.lod);
  if constexpr (op == Op::k2DLod) v = tex2DLod<float>(t, s.x, s.y, s.lod);
  if constexpr (op == Op::k3DLod) v = tex3DLod<float>(t, s.x, s.y, s.z, s.lod);
  if constexpr (op == Op::kA2DLod) v = tex2DLayeredLod<float>(t, s.x, s.y, s.layer, s.lod);
  if constexpr (op == Op::k2DGrad) {
    v = tex2DGrad<float>(t, s.x, s.y, make_float2(s.dxx, s.dxy), make_float2(s.dyx, s.dyy));
  }
  out[i] = v;
}

__global__ void sample_uchar4_lod(cudaTextureObject_t t, const LodSample* at, float4* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2DLod<float4>(t, at[i].x, at[i].y, at[i].lod);
}

__global__ void sample_cube(cudaTextureObject_t t, const float4* at, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = texCubemap<float>(t, at[i].x, at[i].y, at[i].z);
}

__global__ void sample_cube_layered(cudaTextureObject_t t, const float4* at, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    out[i] = texCubemapLayered<float>(t, at[i].x, at[i].y, at[i].z, static_cast<int>(at[i].w));
  }
}

cudaTextureDesc mip_desc(cudaTextureFilterMode filter, cudaTextureFilterMode mip, float bias,
                         float min_clamp, float max_clamp) {
  cudaTextureDesc t{};
  t.filterMode = filter;
  t.addressMode[0] = cudaAddressModeClamp;
  t.addressMode[1] = cudaAddressModeClamp;
  t.addressMode[2] = cudaAddressModeClamp;
  t.normalizedCoords = 1;
  t.readMode = cudaReadModeElementType;
  t.mipmapFilterMode = mip;
  t.mipmapLevelBias = bias;
  t.minMipmapLevelClamp = min_clamp;
  t.maxMipmapLevelClamp = max_clamp;
  return t;
}

cudaTextureObject_t mip_texture(cudaMipmappedArray_t m, const cudaTextureDesc& t) {
  cudaResourceDesc r{};
  r.resType = cudaResourceTypeMipmappedArray;
  r.res.mipmap.mipmap = m;
  cudaTextureObject_t tex = 0;
  CONF_CHECK(cudaCreateTextureObject(&tex, &r, &t, nullptr));
  return tex;
}

template <Op op, typename T = float>
void run_case(const char* name, cudaTextureObject_t t, const std::vector<LodSample>& at) {
  DeviceBuffer<LodSample> in(at);
  DeviceBuffer<float> out(at.size());
  sample_kernel<op>
      <<<blocks_for(at.size()), kBlockSize>>>(t, in.get(), out.get(), static_cast<int>(at.size()));
  CONF_CHECK_LAUNCH();
  print_case(name, out.download());
}

struct Sampler {
  const char* name;
  cudaTextureFilterMode filter, mip;
  float bias, min_clamp, max_clamp;
};

const Sampler kSamplers[] = {
    {"point_point", cudaFilterModePoint, cudaFilterModePoint, 0.0f, 0.0f, 16.0f},
    {"point_linear", cudaFilterModePoint, cudaFilterModeLinear, 0.0f, 0.0f, 16.0f},
    {"linear_point", cudaFilterModeLinear, cudaFilterModePoint, 0.0f, 0.0f, 16.0f},
    {"linear_linear", cudaFilterModeLinear, cudaFilterModeLinear, 0.0f, 0.0f, 16.0f},
    {"linear_linear_bias", cudaFilterModeLinear, cudaFilterModeLinear, 0.75f, 0.0f, 16.0f},
    {"point_linear_clamped", cudaFilterModePoint, cudaFilterModeLinear, -0.3f, 1.25f, 2.5f},
    {"point_point_negative_bias", cudaFilterModePoint, cudaFilterModePoint, -1.5f, 0.0f, 3.0f},
    {"linear_point_default_clamp", cudaFilterModeLinear, cudaFilterModePoint, 0.0f, 0.0f, 0.0f},
};

// Levels of arbitrary f32 texels (so the blends round) from a fixed seed.
template <typename T>
std::vector<T> level_texels(size_t count, u32 seed, T (*make)(u32)) {
  Rng rng(seed);
  std::vector<T> out(count);
  for (auto& v : out) v = make(rng.next32());
  return out;
}

float float_texel(u32 r) {
  return static_cast<float>(r % 20000) * 0.0137f - 100.0f;
}
uchar4 uchar4_texel(u32 r) {
  return make_uchar4(r & 0xff, (r >> 8) & 0xff, (r >> 16) & 0xff, r >> 24);
}

constexpr int kW = 32, kH = 16, kLevels = 6;
constexpr int k1dW = 64, k1dLevels = 7;

const float kLods[] = {-2.0f, -0.01f, 0.0f, 0.1f, 0.25f, 0.4999f, 0.5f,  0.51f, 0.73f,
                       0.99f, 1.0f,   1.2f, 1.5f, 1.77f, 2.0f,    2.49f, 2.5f,  3.01f,
                       3.9f,  4.5f,   5.0f, 5.3f, 6.0f,  8.5f,    100.0f};

std::vector<LodSample> lod_samples(bool one_d) {
  const float points[][3] = {{0.1f, 0.2f, 0.3f},   {0.37f, 0.81f, 0.6f}, {0.5f, 0.5f, 0.5f},
                             {0.03f, 0.97f, 0.1f}, {0.9f, 0.06f, 0.95f}, {0.611f, 0.333f, 0.7f},
                             {-0.2f, 1.3f, 0.45f}, {0.77f, 0.45f, 0.21f}};
  std::vector<LodSample> out;
  int k = 0;
  for (const auto& p : points)
    for (float lod : kLods) {
      LodSample s{};
      s.x = p[0];
      s.y = one_d ? 0.0f : p[1];
      s.z = p[2];
      s.lod = lod;
      s.layer = (k++) % 4 - 1;
      out.push_back(s);
    }
  return out;
}

// tex2DGrad: gradients of isotropic and axis-aligned footprints (in texels
// of level 0, given in normalized coordinates).
std::vector<LodSample> grad_samples() {
  const float iso[] = {0.0f, 0.5f, 1.0f, 1.05f, 1.1f, 1.25f, 1.5f,  1.75f, 2.0f,  2.5f,
                       3.0f, 4.0f, 5.0f, 6.0f,  7.0f, 8.0f,  12.0f, 16.0f, 31.0f, 40.0f};
  const float aniso[][2] = {{4, 1}, {1, 4}, {2, 8}, {8, 0.5f}, {3, 3}, {0, 5}, {6, 0}, {2.5f, 1}};
  const float points[][2] = {{0.1f, 0.2f}, {0.37f, 0.81f}, {0.5f, 0.5f}, {0.77f, 0.45f}};
  std::vector<LodSample> out;
  for (const auto& p : points) {
    for (float s : iso) out.push_back({p[0], p[1], 0, 0, s / kW, 0, 0, s / kH, 0});
    for (const auto& a : aniso) out.push_back({p[0], p[1], 0, 0, a[0] / kW, 0, 0, a[1] / kH, 0});
    // Only one of the two gradients non-zero.
    for (const auto& a : aniso) out.push_back({p[0], p[1], 0, 0, 0, a[1] / kH, a[0] / kW, 0, 0});
  }
  return out;
}

void mipmapped_2d() {
  const cudaChannelFormatDesc f32 = cudaCreateChannelDesc<float>();
  cudaMipmappedArray_t m = nullptr;
  CONF_CHECK(cudaMallocMipmappedArray(&m, &f32, make_cudaExtent(kW, kH, 0), kLevels, 0));
  for (int level = 0; level < kLevels; ++level) {
    cudaArray_t a = nullptr;
    CONF_CHECK(cudaGetMipmappedArrayLevel(&a, m, level));
    const int w = std::max(kW >> level, 1), h = std::max(kH >> level, 1);
    cudaExtent e{};
    CONF_CHECK(cudaArrayGetInfo(nullptr, &e, nullptr, a));
    print_case(CaseName("mip2d/level_extent", level),
               std::vector<u32>{static_cast<u32>(e.width), static_cast<u32>(e.height),
                                static_cast<u32>(e.depth)});
    const std::vector<float> texels = level_texels<float>(w * h, 100 + level, float_texel);
    CONF_CHECK(cudaMemcpy2DToArray(a, 0, 0, texels.data(), w * sizeof(float), w * sizeof(float), h,
                                   cudaMemcpyHostToDevice));
  }
  const std::vector<LodSample> lods = lod_samples(false);
  const std::vector<LodSample> grads = grad_samples();
  for (const Sampler& s : kSamplers) {
    const cudaTextureObject_t t =
        mip_texture(m, mip_desc(s.filter, s.mip, s.bias, s.min_clamp, s.max_clamp));
    run_case<Op::k2DLod>(CaseName("mip2d/lod", s.name), t, lods);
    run_case<Op::k2DGrad>(CaseName("mip2d/grad", s.name), t, grads);
    CONF_CHECK(cudaDestroyTextureObject(t));
  }
  CONF_CHECK(cudaFreeMipmappedArray(m));
}

void mipmapped_1d() {
  const cudaChannelFormatDesc f32 = cudaCreateChannelDesc<float>();
  cudaMipmappedArray_t m = nullptr;
  CONF_CHECK(cudaMallocMipmappedArray(&m, &f32, make_cudaExtent(k1dW, 0, 0), k1dLevels, 0));
  for (int level = 0; level < k1dLevels; ++level) {
    cudaArray_t a = nullptr;
    CONF_CHECK(cudaGetMipmappedArrayLevel(&a, m, level));
    const int w = std::max(k1dW >> level, 1);
    const std::vector<float> texels = level_texels<float>(w, 200 + level, float_texel);
    CONF_CHECK(cudaMemcpy2DToArray(a, 0, 0, texels.data(), w * sizeof(float), w * sizeof(float), 1,
                                   cudaMemcpyHostToDevice));
  }
  const std::vector<LodSample> lods = lod_samples(true);
  for (const Sampler& s : kSamplers) {
    const cudaTextureObject_t t =
        mip_texture(m, mip_desc(s.filter, s.mip, s.bias, s.min_clamp, s.max_clamp));
    run_case<Op::k1DLod>(CaseName("mip1d/lod", s.name), t, lods);
    CONF_CHECK(cudaDestroyTextureObject(t));
  }
  CONF_CHECK(cudaFreeMipmappedArray(m));
}

// A 3D and a layered 2D mipmapped array, filled level by level with cudaMemcpy3D.
void mipmapped_3d_and_layered() {
  const cudaChannelFormatDesc f32 = cudaCreateChannelDesc<float>();
  const struct {
    const char* name;
    cudaExtent extent;
    unsigned flags;
    int levels;
  } shapes[] = {{"mip3d", make_cudaExtent(16, 8, 4), 0, 5},
                {"mipa2d", make_cudaExtent(16, 8, 3), cudaArrayLayered, 4}};
  for (const auto& shape : shapes) {
    const bool layered = shape.flags & cudaArrayLayered;
    cudaMipmappedArray_t m = nullptr;
    CONF_CHECK(cudaMallocMipmappedArray(&m, &f32, shape.extent, shape.levels, shape.flags));
    for (int level = 0; level < shape.levels; ++level) {
      cudaArray_t a = nullptr;
      CONF_CHECK(cudaGetMipmappedArrayLevel(&a, m, level));
      const size_t w = std::max<size_t>(shape.extent.width >> level, 1);
      const size_t h = std::max<size_t>(shape.extent.height >> level, 1);
      const size_t d =
          layered ? shape.extent.depth : std::max<size_t>(shape.extent.depth >> level, 1);
      std::vector<float> texels = level_texels<float>(w * h * d, 300 + level, float_texel);
      cudaMemcpy3DParms copy{};
      copy.srcPtr = make_cudaPitchedPtr(texels.data(), w * sizeof(float), w, h);
      copy.dstArray = a;
      copy.extent = make_cudaExtent(w, h, d);
      copy.kind = cudaMemcpyHostToDevice;
      CONF_CHECK(cudaMemcpy3D(&copy));
    }
    const std::vector<LodSample> lods = lod_samples(false);
    for (const Sampler& s : {kSamplers[0], kSamplers[3], kSamplers[5]}) {
      // Linear filtering within and between the levels of a 3D texture is
      // left out: smsim refuses it (its H100 values, recorded with this
      // program, are in golden/h100/raw/texture_mipmaps_raw-2026-11-22.tar.xz).
      if (!layered && s.filter == cudaFilterModeLinear && s.mip == cudaFilterModeLinear) continue;
      const cudaTextureObject_t t =
          mip_texture(m, mip_desc(s.filter, s.mip, s.bias, s.min_clamp, s.max_clamp));
      if (layered) {
        run_case<Op::kA2DLod>(CaseName(shape.name, s.name), t, lods);
      } else {
        run_case<Op::k3DLod>(CaseName(shape.name, s.name), t, lods);
      }
      CONF_CHECK(cudaDestroyTextureObject(t));
    }
    CONF_CHECK(cudaFreeMipmappedArray(m));
  }
}

// uchar4 levels read as normalized floats: the mipmap blend of filtered
// integer texels.
void mipmapped_uchar4() {
  const cudaChannelFormatDesc c = cudaCreateChannelDesc<uchar4>();
  cudaMipmappedArray_t m = nullptr;
  CONF_CHECK(cudaMallocMipmappedArray(&m, &c, make_cudaExtent(kW, kH, 0), kLevels, 0));
  for (int level = 0; level < kLevels; ++level) {
    cudaArray_t a = nullptr;
    CONF_CHECK(cudaGetMipmappedArrayLevel(&a, m, level));
    const int w = std::max(kW >> level, 1), h = std::max(kH >> level, 1);
    const std::vector<uchar4> texels = level_texels<uchar4>(w * h, 400 + level, uchar4_texel);
    CONF_CHECK(cudaMemcpy2DToArray(a, 0, 0, texels.data(), w * sizeof(uchar4), w * sizeof(uchar4),
                                   h, cudaMemcpyHostToDevice));
  }
  const std::vector<LodSample> lods = lod_samples(false);
  DeviceBuffer<LodSample> in(lods);
  for (const Sampler& s : {kSamplers[1], kSamplers[3]}) {
    cudaTextureDesc d = mip_desc(s.filter, s.mip, s.bias, s.min_clamp, s.max_clamp);
    d.readMode = cudaReadModeNormalizedFloat;
    const cudaTextureObject_t t = mip_texture(m, d);
    DeviceBuffer<float4> out(lods.size());
    sample_uchar4_lod<<<blocks_for(lods.size()), kBlockSize>>>(t, in.get(), out.get(),
                                                               static_cast<int>(lods.size()));
    CONF_CHECK_LAUNCH();
    print_case(CaseName("mip2d_uchar4", s.name), out.download());
    CONF_CHECK(cudaDestroyTextureObject(t));
  }
  CONF_CHECK(cudaFreeMipmappedArray(m));
}

constexpr int kCube = 8;

// Directions along every face's major axis with the minor coordinates on a
// grid reaching the edges (ties between axes included), at two lengths.
std::vector<float4> cube_directions(int layers) {
  std::vector<float4> dirs;
  const float minor[] = {-1.0f, -0.97f, -0.5f, -0.11f, 0.0f, 0.3f, 0.62f, 0.93f, 1.0f};
  for (int axis = 0; axis < 3; ++axis)
    for (float sign : {1.0f, -1.0f})
      for (float a1 : minor)
        for (float a2 : minor) {
          float v[3];
          v[axis] = sign;
          v[(axis + 1) % 3] = a1;
          v[(axis + 2) % 3] = a2;
          const float length = (dirs.size() % 3 == 0) ? 3.5f : 0.75f;
          const float layer = static_cast<float>(dirs.size() % (layers + 1));
          dirs.push_back(make_float4(v[0] * length, v[1] * length, v[2] * length, layer));
        }
  return dirs;
}

void cube_maps() {
  const cudaChannelFormatDesc f32 = cudaCreateChannelDesc<float>();
  for (int layers : {0, 2}) {
    const int faces = 6 * (layers == 0 ? 1 : layers);
    cudaArray_t a = nullptr;
    CONF_CHECK(cudaMalloc3DArray(&a, &f32, make_cudaExtent(kCube, kCube, faces),
                                 cudaArrayCubemap | (layers ? cudaArrayLayered : 0)));
    std::vector<float> texels =
        level_texels<float>(kCube * kCube * faces, 500 + layers, float_texel);
    cudaMemcpy3DParms copy{};
    copy.srcPtr = make_cudaPitchedPtr(texels.data(), kCube * sizeof(float), kCube, kCube);
    copy.dstArray = a;
    copy.extent = make_cudaExtent(kCube, kCube, faces);
    copy.kind = cudaMemcpyHostToDevice;
    CONF_CHECK(cudaMemcpy3D(&copy));
    const std::vector<float4> dirs = cube_directions(layers);
    DeviceBuffer<float4> in(dirs);
    DeviceBuffer<float> out(dirs.size());
    cudaResourceDesc r{};
    r.resType = cudaResourceTypeArray;
    r.res.array.array = a;
    for (cudaTextureFilterMode filter : {cudaFilterModePoint, cudaFilterModeLinear}) {
      cudaTextureDesc d{};
      d.filterMode = filter;
      d.normalizedCoords = 1;
      d.readMode = cudaReadModeElementType;
      cudaTextureObject_t t = 0;
      CONF_CHECK(cudaCreateTextureObject(&t, &r, &d, nullptr));
      if (layers == 0) {
        sample_cube<<<blocks_for(dirs.size()), kBlockSize>>>(t, in.get(), out.get(),
                                                             static_cast<int>(dirs.size()));
      } else {
        sample_cube_layered<<<blocks_for(dirs.size()), kBlockSize>>>(t, in.get(), out.get(),
                                                                     static_cast<int>(dirs.size()));
      }
      CONF_CHECK_LAUNCH();
      print_case(CaseName(layers == 0 ? "cube" : "cube_layered",
                          filter == cudaFilterModePoint ? "point" : "linear"),
                 out.download());
      CONF_CHECK(cudaDestroyTextureObject(t));
    }
    cudaExtent e{};
    unsigned flags = 0;
    CONF_CHECK(cudaArrayGetInfo(nullptr, &e, &flags, a));
    print_case(CaseName(layers == 0 ? "cube" : "cube_layered", "info"),
               std::vector<u32>{static_cast<u32>(e.width), static_cast<u32>(e.height),
                                static_cast<u32>(e.depth), flags});
    CONF_CHECK(cudaFreeArray(a));
  }
}

// What the runtime answers to bad arguments (error codes; the sticky error
// is cleared after each).
void bad_arguments() {
  std::vector<int> codes;
  const auto note = [&](cudaError_t e) {
    codes.push_back(static_cast<int>(e));
    cudaGetLastError();
  };
  const cudaChannelFormatDesc f32 = cudaCreateChannelDesc<float>();
  const cudaChannelFormatDesc i32 = cudaCreateChannelDesc<int>();
  const cudaChannelFormatDesc u8 = cudaCreateChannelDesc<unsigned char>();
  cudaArray_t a = nullptr;
  // Cube maps: width != height, depth not 6, layered depth not a multiple of 6.
  note(cudaMalloc3DArray(&a, &f32, make_cudaExtent(8, 4, 6), cudaArrayCubemap));
  note(cudaMalloc3DArray(&a, &f32, make_cudaExtent(8, 8, 5), cudaArrayCubemap));
  note(cudaMalloc3DArray(&a, &f32, make_cudaExtent(8, 8, 7), cudaArrayCubemap | cudaArrayLayered));
  note(cudaMalloc3DArray(&a, &f32, make_cudaExtent(8, 8, 0), cudaArrayCubemap));
  // Mipmapped arrays: null output, zero levels, more levels than the size allows.
  cudaMipmappedArray_t m = nullptr;
  note(cudaMallocMipmappedArray(nullptr, &f32, make_cudaExtent(8, 8, 0), 2, 0));
  note(cudaMallocMipmappedArray(&m, nullptr, make_cudaExtent(8, 8, 0), 2, 0));
  note(cudaMallocMipmappedArray(&m, &f32, make_cudaExtent(8, 8, 0), 0, 0));
  note(cudaMallocMipmappedArray(&m, &f32, make_cudaExtent(0, 0, 0), 2, 0));
  cudaMipmappedArray_t big = nullptr;
  note(cudaMallocMipmappedArray(&big, &f32, make_cudaExtent(8, 4, 0), 9, 0));
  if (big != nullptr) {
    // How many levels it got: the last level that exists.
    int levels = 0;
    for (int level = 0; level < 12; ++level) {
      cudaArray_t l = nullptr;
      if (cudaGetMipmappedArrayLevel(&l, big, level) != cudaSuccess) {
        cudaGetLastError();
        break;
      }
      levels = level + 1;
    }
    codes.push_back(levels);
    note(cudaFreeMipmappedArray(big));
  }
  CONF_CHECK(cudaMallocMipmappedArray(&m, &f32, make_cudaExtent(8, 8, 0), 3, 0));
  cudaArray_t level = nullptr;
  note(cudaGetMipmappedArrayLevel(&level, m, 3));
  note(cudaGetMipmappedArrayLevel(nullptr, m, 0));
  CONF_CHECK(cudaGetMipmappedArrayLevel(&level, m, 2));
  cudaExtent e{};
  CONF_CHECK(cudaArrayGetInfo(nullptr, &e, nullptr, level));
  codes.push_back(static_cast<int>(e.width));
  codes.push_back(static_cast<int>(e.height));
  note(cudaFreeMipmappedArray(m));
  note(cudaFreeMipmappedArray(nullptr));
  // Linear filtering of integer texels read as integers.
  const struct {
    cudaChannelFormatDesc channel;
    cudaTextureFilterMode filter, mip;
    cudaTextureReadMode read;
  } filters[] = {
      {i32, cudaFilterModeLinear, cudaFilterModePoint, cudaReadModeElementType},
      {i32, cudaFilterModePoint, cudaFilterModeLinear, cudaReadModeElementType},
      {u8, cudaFilterModeLinear, cudaFilterModePoint, cudaReadModeElementType},
      {u8, cudaFilterModeLinear, cudaFilterModePoint, cudaReadModeNormalizedFloat},
      {f32, cudaFilterModeLinear, cudaFilterModeLinear, cudaReadModeElementType},
  };
  for (const auto& f : filters) {
    CONF_CHECK(cudaMallocArray(&a, &f.channel, 8, 8, 0));
    cudaResourceDesc r{};
    r.resType = cudaResourceTypeArray;
    r.res.array.array = a;
    cudaTextureDesc d = mip_desc(f.filter, f.mip, 0.0f, 0.0f, 0.0f);
    d.readMode = f.read;
    cudaTextureObject_t t = 0;
    note(cudaCreateTextureObject(&t, &r, &d, nullptr));
    if (t != 0) CONF_CHECK(cudaDestroyTextureObject(t));
    CONF_CHECK(cudaFreeArray(a));
    cudaMipmappedArray_t mm = nullptr;
    CONF_CHECK(cudaMallocMipmappedArray(&mm, &f.channel, make_cudaExtent(8, 8, 0), 2, 0));
    cudaTextureDesc dm = d;
    dm.maxMipmapLevelClamp = 1.0f;
    cudaResourceDesc rm{};
    rm.resType = cudaResourceTypeMipmappedArray;
    rm.res.mipmap.mipmap = mm;
    t = 0;
    note(cudaCreateTextureObject(&t, &rm, &dm, nullptr));
    if (t != 0) CONF_CHECK(cudaDestroyTextureObject(t));
    CONF_CHECK(cudaFreeMipmappedArray(mm));
  }
  print_case("errors/codes", codes);
}

int main() {
  begin("texture_mipmaps");
  mipmapped_2d();
  mipmapped_1d();
  mipmapped_3d_and_layered();
  mipmapped_uchar4();
  cube_maps();
  bad_arguments();
  return 0;
}
