// Recursion far deeper than the per-thread stack (cudaLimitStackSize).
#include "report.h"

__device__ __noinline__ int recurse(int depth, int seed) {
  volatile int frame[16];
  for (int i = 0; i < 16; ++i) frame[i] = seed + i;
  if (depth == 0) return frame[seed & 15];
  return recurse(depth - 1, seed + 1) + frame[depth & 15];
}

__global__ void recurse_kernel(int depth, int* out) {
  out[threadIdx.x] = recurse(depth, threadIdx.x);
}

int main() {
  golden::start();
  size_t stack_size = 0;
  golden::call("cudaDeviceGetLimit(StackSize)",
               cudaDeviceGetLimit(&stack_size, cudaLimitStackSize));
  golden::value("cudaLimitStackSize", static_cast<long long>(stack_size));
  int* out = nullptr;
  golden::call("cudaMalloc", cudaMalloc(&out, 32 * sizeof(int)));
  recurse_kernel<<<1, 32>>>(4, out);
  golden::call("launch recursion depth 4", cudaGetLastError());
  golden::call("cudaDeviceSynchronize", cudaDeviceSynchronize());
  recurse_kernel<<<1, 32>>>(1 << 20, out);
  golden::call("launch recursion depth 2^20", cudaGetLastError());
  golden::call("cudaDeviceSynchronize", cudaDeviceSynchronize());
  return golden::finish();
}
