// Opting in to more dynamic shared memory than the device's per-block opt-in
// maximum: which call fails, the attribute or the launch?
#include "report.h"

__global__ void dynamic_smem_kernel(int* out) {
  extern __shared__ int dynamic_smem[];
  dynamic_smem[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = dynamic_smem[31 - threadIdx.x];
}

int main() {
  golden::start();
  int optin_max = 0;
  golden::call("cudaDeviceGetAttribute(MaxSharedMemoryPerBlockOptin)",
               cudaDeviceGetAttribute(&optin_max, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0));
  golden::value("sharedMemPerBlockOptin", optin_max);
  int* out = nullptr;
  golden::call("cudaMalloc", cudaMalloc(&out, 32 * sizeof(int)));
  golden::call("cudaFuncSetAttribute(MaxDynamicSharedMemorySize, optin max)",
               cudaFuncSetAttribute(dynamic_smem_kernel,
                                    cudaFuncAttributeMaxDynamicSharedMemorySize, optin_max));
  dynamic_smem_kernel<<<1, 32, optin_max>>>(out);
  golden::call("launch dynamic smem = optin max", cudaGetLastError());
  golden::call("cudaDeviceSynchronize", cudaDeviceSynchronize());
  golden::call("cudaFuncSetAttribute(MaxDynamicSharedMemorySize, optin max + 1)",
               cudaFuncSetAttribute(dynamic_smem_kernel,
                                    cudaFuncAttributeMaxDynamicSharedMemorySize, optin_max + 1));
  golden::report_error_state("after the rejected attribute");
  dynamic_smem_kernel<<<1, 32, optin_max + 1>>>(out);
  golden::call("launch dynamic smem = optin max + 1", cudaPeekAtLastError());
  return golden::finish();
}
