// Dynamic shared memory equal to the opt-in maximum is fine for one block;
// a launch needs only one block resident, so many such blocks still run.
#include "report.h"

__global__ void dynamic_smem_kernel(int* out) {
  extern __shared__ int dynamic_smem[];
  dynamic_smem[threadIdx.x] = threadIdx.x;
  __syncthreads();
  if (threadIdx.x == 0) atomicAdd(out, dynamic_smem[0] + 1);
}

int main() {
  golden::start();
  int optin_max = 0;
  golden::call("cudaDeviceGetAttribute(MaxSharedMemoryPerBlockOptin)",
               cudaDeviceGetAttribute(&optin_max, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0));
  int* out = nullptr;
  golden::call("cudaMalloc", cudaMalloc(&out, sizeof(int)));
  golden::call("cudaMemset", cudaMemset(out, 0, sizeof(int)));
  golden::call("cudaFuncSetAttribute(MaxDynamicSharedMemorySize, optin max)",
               cudaFuncSetAttribute(dynamic_smem_kernel,
                                    cudaFuncAttributeMaxDynamicSharedMemorySize, optin_max));
  constexpr int kBlocks = 1000;
  dynamic_smem_kernel<<<kBlocks, 32, optin_max>>>(out);
  golden::call("launch 1000 blocks x optin max smem", cudaGetLastError());
  golden::call("cudaDeviceSynchronize", cudaDeviceSynchronize());
  int count = 0;
  golden::call("cudaMemcpy DeviceToHost",
               cudaMemcpy(&count, out, sizeof count, cudaMemcpyDeviceToHost));
  golden::value("blocks that ran", count);
  return golden::finish();
}
