// A kernel that executes trap: the launch itself succeeds, the synchronization
// reports the failure, and the context stays unusable afterwards.
#include "../common/conformance.cuh"

using namespace conf;

__global__ void trap_kernel(const int* flags, int* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = i;
  if (flags[i] != 0) __trap();
}

int main() {
  begin("kernel_trap");
  std::vector<int> flags(128, 0);
  flags[77] = 1;
  DeviceBuffer<int> dflags(flags);
  DeviceBuffer<int> out(128);
  trap_kernel<<<2, 64>>>(dflags.get(), out.get());
  const cudaError_t launch = cudaGetLastError();
  const cudaError_t sync = cudaDeviceSynchronize();
  std::printf("RESULT launch %s\n", cudaGetErrorName(launch));
  std::printf("RESULT synchronize %s: %s\n", cudaGetErrorName(sync), cudaGetErrorString(sync));
  int* more = nullptr;
  std::printf("RESULT malloc_after_trap %s\n", cudaGetErrorName(cudaMalloc(&more, 16)));
  return 0;
}
