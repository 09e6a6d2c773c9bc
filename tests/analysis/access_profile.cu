// One warp with a known access mix, for the `smsim run --profile/--report`
// and `smsim annotate` checks (analysis_cli.sh): a stride-32 shared store
// (32-way bank conflict), the same stride-32 shared load, a stride-2 global load
// (8 sectors) and a loop whose trip count depends on the lane (divergent).
#include <cuda_runtime.h>

#include <cstdio>

__global__ void access_mix(const float* in, float* out) {
  __shared__ float tile[32 * 32];
  const unsigned t = threadIdx.x;
  tile[t * 32] = in[t * 2];
  __syncthreads();
  float v = tile[t * 32];
  for (unsigned i = 0; i < t; ++i) v += in[i];
  out[t] = v;
}

int main() {
  float* in = nullptr;
  float* out = nullptr;
  if (cudaMalloc(&in, 64 * sizeof(float)) != cudaSuccess) return 1;
  if (cudaMalloc(&out, 32 * sizeof(float)) != cudaSuccess) return 1;
  cudaMemset(in, 0, 64 * sizeof(float));
  access_mix<<<1, 32>>>(in, out);
  float host[32];
  if (cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost) != cudaSuccess) return 1;
  std::printf("out[31] = %g\n", host[31]);
  return 0;
}
