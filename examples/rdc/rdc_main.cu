// rdc: a program in two translation units (build with -rdc=true): the kernel
// here calls a device function and reads a device variable defined in
// rdc_helpers.cu.
#include <cstdio>

#include "../check.h"

extern __device__ int bias;
__device__ int transform(int value);

__global__ void apply(int* data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] = transform(data[i]) + bias;
}

int main() {
  const int n = 512;
  int host[n];
  for (int i = 0; i < n; ++i) host[i] = i;
  int* device = nullptr;
  CHECK(cudaMalloc(&device, sizeof host));
  CHECK(cudaMemcpy(device, host, sizeof host, cudaMemcpyHostToDevice));
  apply<<<n / 128, 128>>>(device, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(host, device, sizeof host, cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int i = 0; i < n; ++i) wrong += host[i] != 3 * i + 1 + 7;
  std::printf("rdc: wrong=%d host[511]=%d\n", wrong, host[n - 1]);
  CHECK(cudaFree(device));
  return wrong == 0 ? 0 : 1;
}
