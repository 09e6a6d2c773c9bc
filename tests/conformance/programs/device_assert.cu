// A failing device-side assert: the kernel's message, the sticky
// cudaErrorAssert from the synchronization, and that later calls keep
// reporting it. A passing assert before it must print nothing.
#include <cassert>

#include "../common/conformance.cuh"

using namespace conf;

__global__ void passing_kernel(const int* values) {
  assert(values[threadIdx.x] >= 0);
}

// Only thread 5 of block 1 fails, so the message names exactly one thread.
__global__ void failing_kernel(const int* values) {
  const int v = values[blockIdx.x * blockDim.x + threadIdx.x];
  assert(v != 12345);
}

int main() {
  begin("device_assert");
  std::vector<int> values(64);
  for (int i = 0; i < 64; ++i) values[i] = i * 3;
  values[32 + 5] = 12345;
  DeviceBuffer<int> d(values);
  passing_kernel<<<1, 32>>>(d.get());
  CONF_CHECK_LAUNCH();
  std::printf("RESULT passing_assert %s\n", cudaGetErrorName(cudaGetLastError()));
  std::fflush(stdout);
  failing_kernel<<<2, 32>>>(d.get());
  const cudaError_t launch = cudaGetLastError();
  const cudaError_t sync = cudaDeviceSynchronize();
  std::fflush(stdout);
  std::printf("RESULT launch %s\n", cudaGetErrorName(launch));
  std::printf("RESULT synchronize %s: %s\n", cudaGetErrorName(sync), cudaGetErrorString(sync));
  // The error is sticky: the context cannot be used any more.
  int* more = nullptr;
  const cudaError_t after = cudaMalloc(&more, 16);
  std::printf("RESULT malloc_after_assert %s\n", cudaGetErrorName(after));
  std::printf("RESULT peek_last_error %s\n", cudaGetErrorName(cudaPeekAtLastError()));
  // The expected exit status of this program is 0: it reports the error itself.
  return 0;
}
