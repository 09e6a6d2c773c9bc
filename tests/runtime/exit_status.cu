// Exits with status 3 after a kernel ran and with its output on stdout and
// stderr: `smsim run` must pass all three through unchanged.
#include <cstdio>

#include <cuda_runtime.h>

__global__ void write_value(int* out) { *out = 41 + threadIdx.x; }

int main() {
  int* device = nullptr;
  if (cudaMalloc(&device, sizeof(int)) != cudaSuccess) return 1;
  write_value<<<1, 1>>>(device);
  int value = 0;
  if (cudaMemcpy(&value, device, sizeof value, cudaMemcpyDeviceToHost) != cudaSuccess) return 1;
  std::printf("value %d\n", value);
  std::fprintf(stderr, "to stderr\n");
  return value == 41 ? 3 : 1;
}
