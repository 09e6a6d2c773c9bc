// Matrix transpose of a kDim x kDim float matrix, the slides' three
// variants: naive (coalesced reads, strided writes), through a 32x32 shared
// tile, and the same tile padded to 33 columns (no bank conflicts). Blocks of
// 32x8 threads, each thread moving four elements.
#include <vector>

#include "kernels.cuh"

constexpr int kDim = 2048;
constexpr int kTile = 32;
constexpr int kRows = 8;

__global__ void transpose_naive(const float* in, float* out) {
  const int x = blockIdx.x * kTile + threadIdx.x;
  const int y = blockIdx.y * kTile + threadIdx.y;
  for (int j = 0; j < kTile; j += kRows) out[x * kDim + y + j] = in[(y + j) * kDim + x];
}

template <int kPad>
__global__ void transpose_tiled(const float* in, float* out) {
  __shared__ float tile[kTile][kTile + kPad];
  int x = blockIdx.x * kTile + threadIdx.x;
  int y = blockIdx.y * kTile + threadIdx.y;
  for (int j = 0; j < kTile; j += kRows) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * kDim + x];
  __syncthreads();
  x = blockIdx.y * kTile + threadIdx.x;
  y = blockIdx.x * kTile + threadIdx.y;
  for (int j = 0; j < kTile; j += kRows) out[(y + j) * kDim + x] = tile[threadIdx.x][threadIdx.y + j];
}

bool check(const float* device, const std::vector<float>& in) {
  TIMING_CHECK(cudaGetLastError());
  std::vector<float> out(in.size());
  TIMING_CHECK(cudaMemcpy(out.data(), device, out.size() * sizeof(float), cudaMemcpyDeviceToHost));
  for (int r = 0; r < kDim; ++r) {
    for (int c = 0; c < kDim; ++c) {
      if (out[static_cast<size_t>(c) * kDim + r] != in[static_cast<size_t>(r) * kDim + c]) return false;
    }
  }
  return true;
}

int main() {
  const size_t n = static_cast<size_t>(kDim) * kDim;
  std::vector<float> host(n);
  for (size_t i = 0; i < n; ++i) host[i] = kernels::pattern(i);
  float* in = nullptr;
  float* out = nullptr;
  TIMING_CHECK(cudaMalloc(&in, n * sizeof(float)));
  TIMING_CHECK(cudaMalloc(&out, n * sizeof(float)));
  TIMING_CHECK(cudaMemcpy(in, host.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  const dim3 grid(kDim / kTile, kDim / kTile);
  const dim3 block(kTile, kRows);
  transpose_naive<<<grid, block>>>(in, out);
  kernels::report("transpose_naive", check(out, host));
  TIMING_CHECK(cudaMemset(out, 0, n * sizeof(float)));
  transpose_tiled<0><<<grid, block>>>(in, out);
  kernels::report("transpose_shared", check(out, host));
  TIMING_CHECK(cudaMemset(out, 0, n * sizeof(float)));
  transpose_tiled<1><<<grid, block>>>(in, out);
  kernels::report("transpose_padded", check(out, host));
  TIMING_CHECK(cudaFree(in));
  TIMING_CHECK(cudaFree(out));
  return 0;
}
