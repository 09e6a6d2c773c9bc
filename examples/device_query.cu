// device_query: the modeled GPU as the runtime describes it, a kernel's
// attributes and its occupancy.
#include <cstdio>

#include "check.h"

__global__ void __launch_bounds__(256) stencil(const float* in, float* out, int n) {
  __shared__ float tile[256 + 2];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x + 1] = i < n ? in[i] : 0.0f;
  if (threadIdx.x == 0) tile[0] = i > 0 ? in[i - 1] : 0.0f;
  if (threadIdx.x == blockDim.x - 1) tile[blockDim.x + 1] = i + 1 < n ? in[i + 1] : 0.0f;
  __syncthreads();
  if (i < n) out[i] = tile[threadIdx.x] + tile[threadIdx.x + 1] + tile[threadIdx.x + 2];
}

int main() {
  int count = 0, device = -1;
  CHECK(cudaGetDeviceCount(&count));
  CHECK(cudaGetDevice(&device));
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, device));
  int sms = 0, major = 0, max_threads = 0;
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  CHECK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device));
  CHECK(cudaDeviceGetAttribute(&max_threads, cudaDevAttrMaxThreadsPerBlock, device));
  std::printf("device_query: %d device(s); %s, CC %d.%d, %d SMs, warp %d, %d threads/block\n",
              count, prop.name, prop.major, prop.minor, prop.multiProcessorCount, prop.warpSize,
              prop.maxThreadsPerBlock);
  cudaFuncAttributes attributes;
  CHECK(cudaFuncGetAttributes(&attributes, stencil));
  int blocks = 0;
  CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, stencil, 256, 0));
  std::printf("device_query: stencil uses %zu B static shared memory, max %d threads/block, "
              "%s registers, %s blocks/SM at 256 threads\n",
              attributes.sharedSizeBytes, attributes.maxThreadsPerBlock,
              attributes.numRegs > 0 ? "some" : "no", blocks > 0 ? "some" : "no");
  size_t free_bytes = 0, total_bytes = 0;
  CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
  int runtime = 0;
  CHECK(cudaRuntimeGetVersion(&runtime));
  std::printf("device_query: memory %s, runtime %d\n",
              free_bytes <= total_bytes && total_bytes > 0 ? "consistent" : "inconsistent", runtime);
  const bool ok = count >= 1 && sms == prop.multiProcessorCount && major == prop.major &&
                  max_threads == prop.maxThreadsPerBlock && attributes.maxThreadsPerBlock == 256 &&
                  attributes.sharedSizeBytes == sizeof(float) * 258 && blocks > 0;
  return ok ? 0 : 1;
}
