// Texture objects (Handbook 8.5): 1D/2D/3D CUDA arrays, 1D and 2D layered
// arrays, linear and pitch-linear memory; point and linear filtering; wrap,
// clamp, mirror and border addressing; normalized and unnormalized
// coordinates; element and normalized-float read modes; 2D gather.
#include "../common/conformance.cuh"

using namespace conf;

using u32 = uint32_t;

constexpr int kW = 19, kH = 11, kD = 7, kLayers = 3;
constexpr int kSamples = 1536;

struct Coord {
  float x, y, z;
  int layer;
};

enum class Shape { k1D, k2D, k3D, k1DLayered, k2DLayered };

template <Shape shape>
__global__ void sample_kernel(cudaTextureObject_t tex, const Coord* coords, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const Coord c = coords[i];
  float v = 0.0f;
  if constexpr (shape == Shape::k1D) v = tex1D<float>(tex, c.x);
  if constexpr (shape == Shape::k2D) v = tex2D<float>(tex, c.x, c.y);
  if constexpr (shape == Shape::k3D) v = tex3D<float>(tex, c.x, c.y, c.z);
  if constexpr (shape == Shape::k1DLayered) v = tex1DLayered<float>(tex, c.x, c.layer);
  if constexpr (shape == Shape::k2DLayered) v = tex2DLayered<float>(tex, c.x, c.y, c.layer);
  out[i] = v;
}

__global__ void sample_uchar4_kernel(cudaTextureObject_t tex, const Coord* coords, float4* out,
                                     int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2D<float4>(tex, coords[i].x, coords[i].y);
}

__global__ void gather_kernel(cudaTextureObject_t tex, const Coord* coords, float4* out, int n,
                              int component) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2Dgather<float4>(tex, coords[i].x, coords[i].y, component);
}

__global__ void fetch_kernel(cudaTextureObject_t tex_float, cudaTextureObject_t tex_int,
                             cudaTextureObject_t tex_norm, const Coord* coords, uint4* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const int index = static_cast<int>(coords[i].x * 40.0f) - 100;  // includes out-of-range indices
  const float f = tex1Dfetch<float>(tex_float, index);
  const int k = tex1Dfetch<int>(tex_int, index);
  const float4 q = tex1Dfetch<float4>(tex_norm, index);
  out[i] = make_uint4(__float_as_uint(f), static_cast<u32>(k), __float_as_uint(q.x + q.y * 2.0f),
                      __float_as_uint(q.z - q.w));
}

// Coordinates: texel centres, texel edges, fractions near the 1/256 weight
// grid, and values far outside the texture on both sides.
std::vector<Coord> coordinates(bool normalized) {
  std::vector<Coord> out;
  Rng rng(normalized ? 0x7e7e1ull : 0x7e7e0ull);
  const float sx = normalized ? 1.0f / kW : 1.0f, sy = normalized ? 1.0f / kH : 1.0f,
              sz = normalized ? 1.0f / kD : 1.0f;
  for (int i = 0; i < kSamples; ++i) {
    float x, y, z;
    switch (i % 4) {
      case 0:
        x = (i % 40) - 10 + 0.5f;
        y = (i % 23) - 6 + 0.5f;
        z = (i % 15) - 4 + 0.5f;
        break;
      case 1:
        x = static_cast<float>(i % 25);
        y = static_cast<float>(i % 13);
        z = static_cast<float>(i % 9);
        break;
      case 2:
        x = static_cast<float>(rng.below(kW * 256)) / 256.0f + 1.0f / 512.0f;
        y = static_cast<float>(rng.below(kH * 256)) / 256.0f;
        z = static_cast<float>(rng.below(kD * 256)) / 256.0f;
        break;
      default:
        x = static_cast<float>(rng.uniform(-3.0 * kW, 4.0 * kW));
        y = static_cast<float>(rng.uniform(-3.0 * kH, 4.0 * kH));
        z = static_cast<float>(rng.uniform(-3.0 * kD, 4.0 * kD));
        break;
    }
    out.push_back(Coord{x * sx, y * sy, z * sz, static_cast<int>(i % 5) - 1});
  }
  return out;
}

std::vector<float> texels(size_t count, uint64_t seed) {
  std::vector<float> out(count);
  Rng rng(seed);
  for (auto& v : out) v = static_cast<float>(rng.uniform(-100.0, 100.0));
  return out;
}

cudaTextureDesc texture_desc(cudaTextureFilterMode filter, cudaTextureAddressMode address,
                             bool normalized, cudaTextureReadMode read = cudaReadModeElementType) {
  cudaTextureDesc desc{};
  for (auto& m : desc.addressMode) m = address;
  desc.filterMode = filter;
  desc.readMode = read;
  desc.normalizedCoords = normalized ? 1 : 0;
  desc.borderColor[0] = 42.5f;
  return desc;
}

// Owns a CUDA array of floats with the given extent and flags.
struct FloatArray {
  cudaArray_t array = nullptr;
  FloatArray(int w, int h, int d, unsigned flags, uint64_t seed) {
    const cudaChannelFormatDesc channel = cudaCreateChannelDesc<float>();
    const cudaExtent extent = make_cudaExtent(w, h, d);
    CONF_CHECK(cudaMalloc3DArray(&array, &channel, extent, flags));
    const int rows = h ? h : 1, slices = d ? d : 1;
    const auto data = texels(static_cast<size_t>(w) * rows * slices, seed);
    cudaMemcpy3DParms copy{};
    copy.srcPtr = make_cudaPitchedPtr(const_cast<float*>(data.data()), w * sizeof(float), w, rows);
    copy.dstArray = array;
    copy.extent = make_cudaExtent(w, rows, slices);
    copy.kind = cudaMemcpyHostToDevice;
    CONF_CHECK(cudaMemcpy3D(&copy));
  }
  ~FloatArray() { cudaFreeArray(array); }
};

template <Shape shape>
void sample_all_modes(const char* prefix, const cudaResourceDesc& resource) {
  const struct {
    cudaTextureAddressMode mode;
    const char* name;
    bool normalized_only;
  } addresses[] = {{cudaAddressModeClamp, "clamp", false},
                   {cudaAddressModeBorder, "border", false},
                   {cudaAddressModeWrap, "wrap", true},
                   {cudaAddressModeMirror, "mirror", true}};
  const struct {
    cudaTextureFilterMode mode;
    const char* name;
  } filters[] = {{cudaFilterModePoint, "point"}, {cudaFilterModeLinear, "linear"}};
  for (bool normalized : {false, true}) {
    DeviceBuffer<Coord> coords(coordinates(normalized));
    for (const auto& filter : filters) {
      for (const auto& address : addresses) {
        if (address.normalized_only && !normalized) continue;
        const cudaTextureDesc desc = texture_desc(filter.mode, address.mode, normalized);
        cudaTextureObject_t tex = 0;
        CONF_CHECK(cudaCreateTextureObject(&tex, &resource, &desc, nullptr));
        DeviceBuffer<float> out(kSamples);
        sample_kernel<shape>
            <<<blocks_for(kSamples), kBlockSize>>>(tex, coords.get(), out.get(), kSamples);
        CONF_CHECK_LAUNCH();
        char name[128];
        std::snprintf(name, sizeof(name), "%s/%s_%s_%s", prefix, filter.name, address.name,
                      normalized ? "normalized" : "unnormalized");
        print_case(name, out.download());
        CONF_CHECK(cudaDestroyTextureObject(tex));
      }
    }
  }
}

cudaResourceDesc array_resource(cudaArray_t array) {
  cudaResourceDesc r{};
  r.resType = cudaResourceTypeArray;
  r.res.array.array = array;
  return r;
}

int main() {
  begin("textures");
  {
    FloatArray a(kW, 0, 0, cudaArrayDefault, 1);
    sample_all_modes<Shape::k1D>("array1d", array_resource(a.array));
  }
  {
    FloatArray a(kW, kH, 0, cudaArrayDefault, 2);
    sample_all_modes<Shape::k2D>("array2d", array_resource(a.array));
  }
  {
    FloatArray a(kW, kH, kD, cudaArrayDefault, 3);
    sample_all_modes<Shape::k3D>("array3d", array_resource(a.array));
  }
  {
    FloatArray a(kW, 0, kLayers, cudaArrayLayered, 4);
    sample_all_modes<Shape::k1DLayered>("layered1d", array_resource(a.array));
  }
  {
    FloatArray a(kW, kH, kLayers, cudaArrayLayered, 5);
    sample_all_modes<Shape::k2DLayered>("layered2d", array_resource(a.array));
  }
  {
    // Pitch-linear 2D memory.
    float* dev = nullptr;
    size_t pitch = 0;
    CONF_CHECK(cudaMallocPitch(reinterpret_cast<void**>(&dev), &pitch, kW * sizeof(float), kH));
    const auto data = texels(kW * kH, 6);
    CONF_CHECK(cudaMemcpy2D(dev, pitch, data.data(), kW * sizeof(float), kW * sizeof(float), kH,
                            cudaMemcpyHostToDevice));
    cudaResourceDesc r{};
    r.resType = cudaResourceTypePitch2D;
    r.res.pitch2D.devPtr = dev;
    r.res.pitch2D.desc = cudaCreateChannelDesc<float>();
    r.res.pitch2D.width = kW;
    r.res.pitch2D.height = kH;
    r.res.pitch2D.pitchInBytes = pitch;
    sample_all_modes<Shape::k2D>("pitch2d", r);
    CONF_CHECK(cudaFree(dev));
  }
  {
    // uchar4 texels read as normalized floats, with both filters, and gathers.
    cudaArray_t array = nullptr;
    const cudaChannelFormatDesc channel = cudaCreateChannelDesc<uchar4>();
    CONF_CHECK(cudaMallocArray(&array, &channel, kW, kH));
    std::vector<uchar4> data(kW * kH);
    Rng rng(7);
    for (auto& p : data) {
      const u32 r = rng.next32();
      p = make_uchar4(r & 0xff, (r >> 8) & 0xff, (r >> 16) & 0xff, r >> 24);
    }
    data[0] = make_uchar4(0, 255, 128, 1);
    CONF_CHECK(cudaMemcpy2DToArray(array, 0, 0, data.data(), kW * sizeof(uchar4),
                                   kW * sizeof(uchar4), kH, cudaMemcpyHostToDevice));
    const cudaResourceDesc resource = array_resource(array);
    DeviceBuffer<Coord> coords(coordinates(false));
    for (auto filter : {cudaFilterModePoint, cudaFilterModeLinear}) {
      const cudaTextureDesc desc =
          texture_desc(filter, cudaAddressModeClamp, false, cudaReadModeNormalizedFloat);
      cudaTextureObject_t tex = 0;
      CONF_CHECK(cudaCreateTextureObject(&tex, &resource, &desc, nullptr));
      DeviceBuffer<float4> out(kSamples);
      sample_uchar4_kernel<<<blocks_for(kSamples), kBlockSize>>>(tex, coords.get(), out.get(),
                                                                 kSamples);
      CONF_CHECK_LAUNCH();
      print_case(filter == cudaFilterModePoint ? "uchar4/normalized_float_point"
                                               : "uchar4/normalized_float_linear",
                 out.download());
      CONF_CHECK(cudaDestroyTextureObject(tex));
    }
    const cudaTextureDesc desc =
        texture_desc(cudaFilterModePoint, cudaAddressModeClamp, false, cudaReadModeNormalizedFloat);
    cudaTextureObject_t tex = 0;
    CONF_CHECK(cudaCreateTextureObject(&tex, &resource, &desc, nullptr));
    for (int component = 0; component < 4; ++component) {
      DeviceBuffer<float4> out(kSamples);
      gather_kernel<<<blocks_for(kSamples), kBlockSize>>>(tex, coords.get(), out.get(), kSamples,
                                                          component);
      CONF_CHECK_LAUNCH();
      print_case(CaseName("uchar4/gather_component", component), out.download());
    }
    CONF_CHECK(cudaDestroyTextureObject(tex));
    CONF_CHECK(cudaFreeArray(array));
  }
  {
    // 1D linear memory through tex1Dfetch: float, int and normalized ushort4.
    const int n = 300;
    DeviceBuffer<float> f(texels(n, 8));
    std::vector<int> ints(n);
    std::vector<ushort4> shorts(n);
    Rng rng(9);
    for (int i = 0; i < n; ++i) {
      ints[i] = static_cast<int>(rng.next32());
      const u32 r = rng.next32(), s = rng.next32();
      shorts[i] = make_ushort4(r & 0xffff, r >> 16, s & 0xffff, s >> 16);
    }
    DeviceBuffer<int> di(ints);
    DeviceBuffer<ushort4> ds(shorts);
    auto linear = [&](void* ptr, cudaChannelFormatDesc channel, size_t bytes,
                      cudaTextureReadMode read) {
      cudaResourceDesc r{};
      r.resType = cudaResourceTypeLinear;
      r.res.linear.devPtr = ptr;
      r.res.linear.desc = channel;
      r.res.linear.sizeInBytes = bytes;
      const cudaTextureDesc desc =
          texture_desc(cudaFilterModePoint, cudaAddressModeClamp, false, read);
      cudaTextureObject_t tex = 0;
      CONF_CHECK(cudaCreateTextureObject(&tex, &r, &desc, nullptr));
      return tex;
    };
    cudaTextureObject_t tf =
        linear(f.get(), cudaCreateChannelDesc<float>(), f.bytes(), cudaReadModeElementType);
    cudaTextureObject_t ti =
        linear(di.get(), cudaCreateChannelDesc<int>(), di.bytes(), cudaReadModeElementType);
    cudaTextureObject_t tn =
        linear(ds.get(), cudaCreateChannelDesc<ushort4>(), ds.bytes(), cudaReadModeNormalizedFloat);
    DeviceBuffer<Coord> coords(coordinates(false));
    DeviceBuffer<uint4> out(kSamples);
    fetch_kernel<<<blocks_for(kSamples), kBlockSize>>>(tf, ti, tn, coords.get(), out.get(),
                                                       kSamples);
    CONF_CHECK_LAUNCH();
    print_case("linear/tex1Dfetch_float_int_ushort4", out.download());
    CONF_CHECK(cudaDestroyTextureObject(tf));
    CONF_CHECK(cudaDestroyTextureObject(ti));
    CONF_CHECK(cudaDestroyTextureObject(tn));
  }
  return 0;
}
