// Static shared memory counts against the same per-block opt-in maximum as
// the dynamic part: static + dynamic one byte over must fail.
#include "report.h"

constexpr int kStaticInts = 10 * 1024;  // 40 KiB of static shared memory

__global__ void static_and_dynamic_smem_kernel(int* out) {
  __shared__ int static_smem[kStaticInts];
  extern __shared__ int dynamic_smem[];
  static_smem[threadIdx.x * 300] = threadIdx.x;
  dynamic_smem[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = static_smem[(31 - threadIdx.x) * 300] + dynamic_smem[31 - threadIdx.x];
}

int main() {
  golden::start();
  int optin_max = 0;
  golden::call("cudaDeviceGetAttribute(MaxSharedMemoryPerBlockOptin)",
               cudaDeviceGetAttribute(&optin_max, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0));
  golden::value("sharedMemPerBlockOptin", optin_max);
  cudaFuncAttributes attributes{};
  golden::call("cudaFuncGetAttributes",
               cudaFuncGetAttributes(&attributes, static_and_dynamic_smem_kernel));
  golden::value("sharedSizeBytes (static)", static_cast<long long>(attributes.sharedSizeBytes));
  golden::value("maxDynamicSharedSizeBytes (default)", attributes.maxDynamicSharedSizeBytes);
  const int dynamic_room = optin_max - static_cast<int>(attributes.sharedSizeBytes);
  int* out = nullptr;
  golden::call("cudaMalloc", cudaMalloc(&out, 32 * sizeof(int)));
  golden::call("cudaFuncSetAttribute(MaxDynamicSharedMemorySize, optin max - static)",
               cudaFuncSetAttribute(static_and_dynamic_smem_kernel,
                                    cudaFuncAttributeMaxDynamicSharedMemorySize, dynamic_room));
  static_and_dynamic_smem_kernel<<<1, 32, dynamic_room>>>(out);
  golden::call("launch static + dynamic = optin max", cudaGetLastError());
  golden::call("cudaDeviceSynchronize", cudaDeviceSynchronize());
  static_and_dynamic_smem_kernel<<<1, 32, dynamic_room + 1>>>(out);
  golden::call("launch static + dynamic = optin max + 1 (attribute not raised)",
               cudaGetLastError());
  golden::call("cudaFuncSetAttribute(MaxDynamicSharedMemorySize, optin max - static + 1)",
               cudaFuncSetAttribute(static_and_dynamic_smem_kernel,
                                    cudaFuncAttributeMaxDynamicSharedMemorySize, dynamic_room + 1));
  golden::report_error_state("after raising the attribute past the limit");
  static_and_dynamic_smem_kernel<<<1, 32, dynamic_room + 1>>>(out);
  golden::call("launch static + dynamic = optin max + 1", cudaPeekAtLastError());
  return golden::finish();
}
