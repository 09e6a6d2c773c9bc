// zero_copy: mapped pinned memory and registered host memory read and written
// by a kernel directly, without copies.
#include <cstdio>
#include <cstdlib>

#include "check.h"

__global__ void square(const int* in, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] * in[i];
}

int main() {
  const int n = 1000;
  int* in = nullptr;
  CHECK(cudaHostAlloc(&in, n * sizeof(int), cudaHostAllocMapped | cudaHostAllocPortable));
  int* out = static_cast<int*>(std::aligned_alloc(4096, 4096));
  CHECK(cudaHostRegister(out, 4096, cudaHostRegisterMapped));
  for (int i = 0; i < n; ++i) in[i] = i - 500;
  int *device_in = nullptr, *device_out = nullptr;
  CHECK(cudaHostGetDevicePointer(reinterpret_cast<void**>(&device_in), in, 0));
  CHECK(cudaHostGetDevicePointer(reinterpret_cast<void**>(&device_out), out, 0));
  square<<<(n + 255) / 256, 256>>>(device_in, device_out, n);
  CHECK(cudaDeviceSynchronize());
  int wrong = 0;
  for (int i = 0; i < n; ++i) wrong += out[i] != (i - 500) * (i - 500);
  unsigned flags = 0;
  CHECK(cudaHostGetFlags(&flags, in));
  std::printf("zero_copy: wrong=%d mapped flag %s\n", wrong,
              (flags & cudaHostAllocMapped) ? "set" : "missing");
  CHECK(cudaHostUnregister(out));
  std::free(out);
  CHECK(cudaFreeHost(in));
  return wrong == 0 ? 0 : 1;
}
