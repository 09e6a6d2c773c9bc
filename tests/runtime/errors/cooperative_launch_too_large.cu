// A cooperative launch must fit all blocks on the device at once; one block
// more than the occupancy allows is rejected.
#include "report.h"

constexpr int kThreads = 1024;

__global__ void cooperative_kernel(int* out) {
  if (threadIdx.x == 0) atomicAdd(out, 1);
}

int main() {
  golden::start();
  int supported = 0;
  golden::call("cudaDeviceGetAttribute(CooperativeLaunch)",
               cudaDeviceGetAttribute(&supported, cudaDevAttrCooperativeLaunch, 0));
  golden::value("cooperativeLaunch", supported);
  int sm_count = 0;
  golden::call("cudaDeviceGetAttribute(MultiProcessorCount)",
               cudaDeviceGetAttribute(&sm_count, cudaDevAttrMultiProcessorCount, 0));
  golden::value("multiProcessorCount", sm_count);
  int blocks_per_sm = 0;
  golden::call("cudaOccupancyMaxActiveBlocksPerMultiprocessor",
               cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks_per_sm, cooperative_kernel,
                                                             kThreads, 0));
  golden::value("max active blocks per SM at 1024 threads", blocks_per_sm);
  int* out = nullptr;
  golden::call("cudaMalloc", cudaMalloc(&out, sizeof(int)));
  void* arguments[] = {&out};
  const int fitting_blocks = sm_count * blocks_per_sm;
  golden::call(
      "cudaLaunchCooperativeKernel(SMs * blocks per SM)",
      cudaLaunchCooperativeKernel(reinterpret_cast<const void*>(cooperative_kernel),
                                  dim3(fitting_blocks), dim3(kThreads), arguments, 0, nullptr));
  golden::call("cudaDeviceSynchronize", cudaDeviceSynchronize());
  golden::call(
      "cudaLaunchCooperativeKernel(SMs * blocks per SM + 1)",
      cudaLaunchCooperativeKernel(reinterpret_cast<const void*>(cooperative_kernel),
                                  dim3(fitting_blocks + 1), dim3(kThreads), arguments, 0, nullptr));
  return golden::finish();
}
