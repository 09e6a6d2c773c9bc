// __launch_bounds__(128) makes 128 the function's maxThreadsPerBlock even
// though the registers would allow more; launching 256 threads must fail.
#include "report.h"

constexpr int kBoundThreads = 128;

__global__ void __launch_bounds__(kBoundThreads) bounded_kernel(int* out) {
  out[threadIdx.x] = threadIdx.x;
}

int main() {
  golden::start();
  cudaFuncAttributes attributes{};
  golden::call("cudaFuncGetAttributes", cudaFuncGetAttributes(&attributes, bounded_kernel));
  golden::value("numRegs", attributes.numRegs);
  golden::value("maxThreadsPerBlock (function)", attributes.maxThreadsPerBlock);
  int* out = nullptr;
  golden::call("cudaMalloc", cudaMalloc(&out, 2 * kBoundThreads * sizeof(int)));
  bounded_kernel<<<1, kBoundThreads>>>(out);
  golden::call("launch 128 threads (bound)", cudaGetLastError());
  golden::call("cudaDeviceSynchronize", cudaDeviceSynchronize());
  bounded_kernel<<<1, 2 * kBoundThreads>>>(out);
  golden::call("launch 256 threads", cudaPeekAtLastError());
  return golden::finish();
}
