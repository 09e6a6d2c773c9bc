// managed_saxpy: unified memory from cudaMallocManaged and a __managed__
// variable, written by the host and the device without explicit copies.
#include <cstdio>

#include "check.h"

__managed__ float scale = 0.0f;

__global__ void saxpy(const float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = scale * x[i] + y[i];
}

int main() {
  const int n = 4096;
  float *x = nullptr, *y = nullptr;
  CHECK(cudaMallocManaged(&x, n * sizeof(float)));
  CHECK(cudaMallocManaged(&y, n * sizeof(float)));
  for (int i = 0; i < n; ++i) {
    x[i] = static_cast<float>(i);
    y[i] = 1.0f;
  }
  scale = 2.5f;
  saxpy<<<(n + 127) / 128, 128>>>(x, y, n);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  int wrong = 0;
  for (int i = 0; i < n; ++i) wrong += y[i] != 2.5f * static_cast<float>(i) + 1.0f;
  std::printf("managed_saxpy: n=%d wrong=%d y[4095]=%.1f\n", n, wrong, y[n - 1]);
  CHECK(cudaFree(x));
  CHECK(cudaFree(y));
  return wrong == 0 ? 0 : 1;
}
