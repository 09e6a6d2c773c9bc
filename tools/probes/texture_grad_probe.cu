// Probe: the level of detail the GPU derives from tex2DGrad gradients. A
// mipmapped float texture whose level L holds L * 256 in every texel, point
// filtering within a level and linear filtering between levels: each sample
// returns the LOD in units of 1/256 (clamped to the levels there are), since
// the mipmap blend of those values is exact. Prints per set the gradients
// (in texels of level 0) and the LODs; CONF_RAW_DIR keeps the raw values.
// Build and run (device machine, repository root):
//   cd tools/probes && nvcc -arch=sm_90 -cudart shared texture_grad_probe.cu -o /tmp/tg
//   CONF_RAW_DIR=$OUT/raw /tmp/tg > $OUT/texture_grad.txt
#include <algorithm>

#include "../../tests/conformance/common/conformance.cuh"

using namespace conf;

struct Grad {
  float dxx, dxy, dyx, dyy;  // in texels of level 0
};

__global__ void lod_kernel(cudaTextureObject_t t, const Grad* g, float w, float h, float* out,
                           int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const Grad s = g[i];
  out[i] = tex2DGrad<float>(t, 0.5f, 0.5f, make_float2(s.dxx / w, s.dxy / h),
                            make_float2(s.dyx / w, s.dyy / h));
}

cudaMipmappedArray_t lod_texture(int w, int h, int levels) {
  const cudaChannelFormatDesc f32 = cudaCreateChannelDesc<float>();
  cudaMipmappedArray_t m = nullptr;
  CONF_CHECK(cudaMallocMipmappedArray(&m, &f32, make_cudaExtent(w, h, 0), levels, 0));
  for (int level = 0; level < levels; ++level) {
    cudaArray_t a = nullptr;
    CONF_CHECK(cudaGetMipmappedArrayLevel(&a, m, level));
    const int lw = std::max(w >> level, 1), lh = std::max(h >> level, 1);
    std::vector<float> texels(lw * lh, static_cast<float>(level * 256));
    CONF_CHECK(cudaMemcpy2DToArray(a, 0, 0, texels.data(), lw * sizeof(float), lw * sizeof(float),
                                   lh, cudaMemcpyHostToDevice));
  }
  return m;
}

void run_set(const char* name, int w, int h, const std::vector<Grad>& grads) {
  const int levels = 1 + static_cast<int>(std::log2(static_cast<double>(std::max(w, h))));
  cudaMipmappedArray_t m = lod_texture(w, h, levels);
  cudaResourceDesc r{};
  r.resType = cudaResourceTypeMipmappedArray;
  r.res.mipmap.mipmap = m;
  cudaTextureDesc d{};
  d.filterMode = cudaFilterModePoint;
  d.mipmapFilterMode = cudaFilterModeLinear;
  d.normalizedCoords = 1;
  d.maxMipmapLevelClamp = 100.0f;
  cudaTextureObject_t t = 0;
  CONF_CHECK(cudaCreateTextureObject(&t, &r, &d, nullptr));
  DeviceBuffer<Grad> in(grads);
  DeviceBuffer<float> out(grads.size());
  lod_kernel<<<blocks_for(grads.size()), kBlockSize>>>(t, in.get(), static_cast<float>(w),
                                                       static_cast<float>(h), out.get(),
                                                       static_cast<int>(grads.size()));
  CONF_CHECK_LAUNCH();
  std::vector<float> flat;
  for (const Grad& g : grads) {
    flat.push_back(g.dxx);
    flat.push_back(g.dxy);
    flat.push_back(g.dyx);
    flat.push_back(g.dyy);
  }
  print_case(CaseName(name, "gradients"), flat);
  print_case(CaseName(name, "lod256"), out.download());
  CONF_CHECK(cudaDestroyTextureObject(t));
  CONF_CHECK(cudaFreeMipmappedArray(m));
}

int main() {
  begin("texture_grad");
  std::vector<Grad> axis, vectors, rotated, pairs, fine_vectors, parallel;
  // One gradient along one axis: the log2 of a length.
  for (int k = 0; k <= 7 * 128; ++k) {
    const float a = 1.0f + k / 128.0f;
    axis.push_back({a, 0, 0, 0});
    if (k % 4 == 0) {
      axis.push_back({0, a, 0, 0});
      axis.push_back({0, 0, a, 0});
      axis.push_back({0, 0, 0, a});
    }
  }
  for (float a : {0.5f, 0.9f, 0.99f, 0.999f, 1.0f, 1.001f, 1.01f, 16.0f, 100.0f, 1000.0f}) {
    axis.push_back({a, 0, 0, 0});
  }
  // One vector (a, b): the length of a vector.
  for (int i = 0; i <= 32; ++i)
    for (int j = 0; j <= 32; ++j) vectors.push_back({i * 0.25f, j * 0.25f, 0, 0});
  for (int i = 0; i <= 32; ++i)
    for (int j = 0; j <= 32; j += 4) vectors.push_back({0, 0, -i * 0.25f, j * 0.25f});
  // An orthogonal pair of equal length (a rotated isotropic footprint).
  for (int i = 0; i <= 16; ++i)
    for (int j = 0; j <= 16; ++j) rotated.push_back({i * 0.5f, j * 0.5f, -j * 0.5f, i * 0.5f});
  // Two arbitrary vectors: how the two lengths combine.
  Rng rng(77);
  for (int k = 0; k < 2048; ++k) {
    float v[4];
    for (float& c : v) c = (static_cast<int>(rng.next32() % 4097) - 2048) / 256.0f;
    pairs.push_back({v[0], v[1], v[2], v[3]});
  }
  // One vector with components in steps of 1/256 texel (the precision of
  // the length), and two parallel ones along x (the diagonals' precision).
  for (int k = 0; k < 1024; ++k) {
    const float a = 4.0f + (rng.next32() % 1024) / 256.0f;
    const float b = (rng.next32() % 1025) / 256.0f * (a / 8.0f);
    fine_vectors.push_back({a, b, 0, 0});
    const float c = (static_cast<int>(rng.next32() % 2049) - 1024) / 256.0f;
    parallel.push_back({a, 0, c, 0});
  }
  run_set("square/axis", 1024, 1024, axis);
  run_set("square/vector", 1024, 1024, vectors);
  run_set("square/rotated", 1024, 1024, rotated);
  run_set("square/pairs", 1024, 1024, pairs);
  run_set("square/fine_vectors", 1024, 1024, fine_vectors);
  run_set("square/parallel", 1024, 1024, parallel);
  run_set("wide/vector", 1024, 128, vectors);
  run_set("wide/pairs", 1024, 128, pairs);
  return 0;
}
