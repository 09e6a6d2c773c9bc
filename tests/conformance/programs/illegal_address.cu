// A kernel that stores through a wild pointer: the error the runtime reports
// (an illegal address), and that the context is unusable afterwards.
#include "../common/conformance.cuh"

using namespace conf;

__global__ void wild_store_kernel(int* base, long long offset) {
  if (threadIdx.x == 3) base[offset] = 42;
}

int main() {
  begin("illegal_address");
  DeviceBuffer<int> data(64);
  // Far beyond any allocation: 2^40 ints past the buffer.
  wild_store_kernel<<<1, 32>>>(data.get(), 1ll << 40);
  const cudaError_t launch = cudaGetLastError();
  const cudaError_t sync = cudaDeviceSynchronize();
  std::printf("RESULT launch %s\n", cudaGetErrorName(launch));
  std::printf("RESULT synchronize %s: %s\n", cudaGetErrorName(sync), cudaGetErrorString(sync));
  std::printf("RESULT last_error_after %s\n", cudaGetErrorName(cudaGetLastError()));
  int* more = nullptr;
  std::printf("RESULT malloc_after %s\n", cudaGetErrorName(cudaMalloc(&more, 16)));
  return 0;
}
