// The classic reduction variants, one pass each (per-block partial sums of
// kN integers, blocks of kBlock threads):
//  reduce_interleaved_divergent: stride doubling, `tid % (2*s) == 0` (divergent);
//  reduce_interleaved_conflicts: stride doubling with strided indices (bank conflicts);
//  reduce_sequential:           stride halving, contiguous active threads;
//  reduce_first_add:            as sequential, two elements added while loading;
//  reduce_warp_shuffle:         first add, then the last 32 by __shfl_down_sync.
#include <vector>

#include "kernels.cuh"

constexpr size_t kN = 1u << 22;
constexpr int kBlock = 256;

__global__ void reduce_interleaved_divergent(const int* in, int* out) {
  __shared__ int s[kBlock];
  const unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
    if (tid % (2 * stride) == 0) s[tid] += s[tid + stride];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = s[0];
}

__global__ void reduce_interleaved_conflicts(const int* in, int* out) {
  __shared__ int s[kBlock];
  const unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
    const unsigned index = 2 * stride * tid;
    if (index < blockDim.x) s[index] += s[index + stride];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = s[0];
}

__global__ void reduce_sequential(const int* in, int* out) {
  __shared__ int s[kBlock];
  const unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (tid < stride) s[tid] += s[tid + stride];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = s[0];
}

__global__ void reduce_first_add(const int* in, int* out) {
  __shared__ int s[kBlock];
  const unsigned tid = threadIdx.x;
  const size_t i = static_cast<size_t>(blockIdx.x) * blockDim.x * 2 + tid;
  s[tid] = in[i] + in[i + blockDim.x];
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (tid < stride) s[tid] += s[tid + stride];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = s[0];
}

__global__ void reduce_warp_shuffle(const int* in, int* out) {
  __shared__ int s[kBlock];
  const unsigned tid = threadIdx.x;
  const size_t i = static_cast<size_t>(blockIdx.x) * blockDim.x * 2 + tid;
  s[tid] = in[i] + in[i + blockDim.x];
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 32; stride /= 2) {
    if (tid < stride) s[tid] += s[tid + stride];
    __syncthreads();
  }
  if (tid < 32) {
    int v = s[tid] + s[tid + 32];
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
    if (tid == 0) out[blockIdx.x] = v;
  }
}

bool check(const int* device, const std::vector<int>& in, size_t per_block) {
  TIMING_CHECK(cudaGetLastError());
  const size_t blocks = in.size() / per_block;
  std::vector<int> out(blocks);
  TIMING_CHECK(cudaMemcpy(out.data(), device, blocks * sizeof(int), cudaMemcpyDeviceToHost));
  for (size_t b = 0; b < blocks; ++b) {
    int sum = 0;
    for (size_t i = 0; i < per_block; ++i) sum += in[b * per_block + i];
    if (out[b] != sum) return false;
  }
  return true;
}

int main() {
  std::vector<int> host(kN);
  for (size_t i = 0; i < kN; ++i) host[i] = static_cast<int>(kernels::pattern(i));
  int* in = nullptr;
  int* out = nullptr;
  TIMING_CHECK(cudaMalloc(&in, kN * sizeof(int)));
  TIMING_CHECK(cudaMalloc(&out, kN / kBlock * sizeof(int)));
  TIMING_CHECK(cudaMemcpy(in, host.data(), kN * sizeof(int), cudaMemcpyHostToDevice));
  reduce_interleaved_divergent<<<kN / kBlock, kBlock>>>(in, out);
  kernels::report("reduce_interleaved_divergent", check(out, host, kBlock));
  reduce_interleaved_conflicts<<<kN / kBlock, kBlock>>>(in, out);
  kernels::report("reduce_interleaved_conflicts", check(out, host, kBlock));
  reduce_sequential<<<kN / kBlock, kBlock>>>(in, out);
  kernels::report("reduce_sequential", check(out, host, kBlock));
  reduce_first_add<<<kN / kBlock / 2, kBlock>>>(in, out);
  kernels::report("reduce_first_add", check(out, host, 2 * kBlock));
  reduce_warp_shuffle<<<kN / kBlock / 2, kBlock>>>(in, out);
  kernels::report("reduce_warp_shuffle", check(out, host, 2 * kBlock));
  TIMING_CHECK(cudaFree(in));
  TIMING_CHECK(cudaFree(out));
  return 0;
}
