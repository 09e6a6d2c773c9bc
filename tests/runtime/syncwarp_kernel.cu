// A kernel with __syncwarp() (bar.warp.sync, compute capability 7.0 and
// later): run on an older model its launch must fail, naming the instruction,
// instead of running. Prints the names of the launch's error and of the
// synchronisation's; exits 0 when it ran.
#include <cstdio>

#include <cuda_runtime.h>

__global__ void sync_in_warp(int* out) {
  out[threadIdx.x] = threadIdx.x;
  __syncwarp();
  out[threadIdx.x] += out[threadIdx.x ^ 1];
}

int main() {
  int* device = nullptr;
  if (cudaMalloc(&device, 32 * sizeof(int)) != cudaSuccess) return 1;
  sync_in_warp<<<1, 32>>>(device);
  const cudaError_t launch = cudaGetLastError();
  const cudaError_t sync = cudaDeviceSynchronize();
  std::printf("%s %s\n", cudaGetErrorName(launch), cudaGetErrorName(sync));
  return launch == cudaSuccess && sync == cudaSuccess ? 0 : 4;
}
