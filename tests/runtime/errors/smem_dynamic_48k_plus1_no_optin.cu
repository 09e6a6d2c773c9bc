// Without cudaFuncAttributeMaxDynamicSharedMemorySize a kernel may ask for at
// most 48 KiB of dynamic shared memory.
#include "report.h"

__global__ void dynamic_smem_kernel(int* out) {
  extern __shared__ int dynamic_smem[];
  dynamic_smem[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = dynamic_smem[31 - threadIdx.x];
}

int main() {
  golden::start();
  constexpr size_t kDefaultLimit = 48 * 1024;
  int* out = nullptr;
  golden::call("cudaMalloc", cudaMalloc(&out, 32 * sizeof(int)));
  dynamic_smem_kernel<<<1, 32, kDefaultLimit>>>(out);
  golden::call("launch dynamic smem 49152 (limit)", cudaGetLastError());
  golden::call("cudaDeviceSynchronize", cudaDeviceSynchronize());
  dynamic_smem_kernel<<<1, 32, kDefaultLimit + 1>>>(out);
  golden::call("launch dynamic smem 49153", cudaPeekAtLastError());
  return golden::finish();
}
