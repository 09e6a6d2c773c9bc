// Kernels the functional engine's tests run from nvcc's own PTX
// (kernels.ptx is generated from this file; see the command at its top).
#include <cstdint>

extern "C" __global__ void block_sum(const int* in, int* out, int n) {
  __shared__ int partial[256];
  const int t = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + t;
  partial[t] = i < n ? in[i] : 0;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (t < stride) partial[t] += partial[t + stride];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = partial[0];
}

extern "C" __global__ void warp_sum(const float* in, float* out) {
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
  if ((threadIdx.x & 31) == 0) out[(blockIdx.x * blockDim.x + threadIdx.x) / 32] = v;
}

extern "C" __global__ void histogram(const unsigned char* in, unsigned* bins, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    atomicAdd(&bins[in[i] % 16], 1u);
  }
}

extern "C" __global__ void collatz_steps(const unsigned* in, unsigned* out) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned x = in[i], steps = 0;
  while (x != 1) {
    x = (x & 1) ? 3 * x + 1 : x / 2;
    ++steps;
  }
  out[i] = steps;
}

extern "C" __global__ void ballots(unsigned* out) {
  const unsigned t = threadIdx.x;
  const unsigned b = __ballot_sync(0xffffffffu, t % 3 == 0);
  const int all = __all_sync(0xffffffffu, t < 64);
  const int any = __any_sync(0xffffffffu, t == 5);
  out[t] = b ^ (all << 1) ^ (any << 2) ^ __popc(t * 2654435761u) ^ (__clz(t + 1) << 8) ^
           __brev(t);
}

extern "C" __global__ void dynamic_reverse(int* data, int n) {
  extern __shared__ int tile[];
  const int t = threadIdx.x;
  tile[t] = data[t];
  __syncthreads();
  data[t] = tile[n - 1 - t];
}

extern "C" __global__ void local_array(const int* index, int* out) {
  int scratch[16];
  const int t = threadIdx.x;
  for (int k = 0; k < 16; ++k) scratch[k] = k * t;
  out[t] = scratch[index[t] & 15];
}

extern "C" __global__ void float_math(const float* x, float* out, double* dout) {
  const int t = threadIdx.x;
  const float v = x[t];
  out[4 * t + 0] = __fdiv_rn(v, 3.0f);
  out[4 * t + 1] = sqrtf(fabsf(v));
  out[4 * t + 2] = fmaxf(v, -v * 0.5f);
  out[4 * t + 3] = __int2float_rz(static_cast<int>(v * 1000.0f) * 16777217);
  dout[t] = static_cast<double>(v) / 7.0 + static_cast<double>(static_cast<long long>(v * 1e6));
}

extern "C" __global__ void transpose(const float* in, float* out, int width, int height) {
  __shared__ float tile[16][17];
  int x = blockIdx.x * 16 + threadIdx.x;
  int y = blockIdx.y * 16 + threadIdx.y;
  if (x < width && y < height) tile[threadIdx.y][threadIdx.x] = in[y * width + x];
  __syncthreads();
  x = blockIdx.y * 16 + threadIdx.x;
  y = blockIdx.x * 16 + threadIdx.y;
  if (x < height && y < width) out[y * height + x] = tile[threadIdx.x][threadIdx.y];
}

__constant__ int kWeights[4] = {3, -1, 4, 1};
__device__ int g_calls;

extern "C" __global__ void weighted(const int* in, long long* out) {
  const int t = threadIdx.x;
  long long acc = 0;
  for (int k = 0; k < 4; ++k) acc += static_cast<long long>(in[t + k]) * kWeights[k];
  out[t] = acc;
  atomicAdd(&g_calls, 1);
}
