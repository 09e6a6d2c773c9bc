// pitched_2d: cudaMallocPitch, cudaMemset2D, cudaMemcpy2D both ways and a
// kernel that walks rows by pitch; cudaMalloc3D with cudaMemset3D.
#include <cstdio>
#include <vector>

#include "check.h"

__global__ void add_row_index(char* base, size_t pitch, int width, int height) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y;
  if (x < width && y < height) {
    float* row = reinterpret_cast<float*>(base + y * pitch);
    row[x] += static_cast<float>(y);
  }
}

int main() {
  const int width = 100, height = 37;
  char* device = nullptr;
  size_t pitch = 0;
  CHECK(cudaMallocPitch(reinterpret_cast<void**>(&device), &pitch, width * sizeof(float), height));
  CHECK(cudaMemset2D(device, pitch, 0, width * sizeof(float), height));
  std::vector<float> host(width * height);
  for (int i = 0; i < width * height; ++i) host[i] = static_cast<float>(i % width);
  CHECK(cudaMemcpy2D(device, pitch, host.data(), width * sizeof(float), width * sizeof(float),
                     height, cudaMemcpyHostToDevice));
  add_row_index<<<dim3((width + 63) / 64, height), 64>>>(device, pitch, width, height);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy2D(host.data(), width * sizeof(float), device, pitch, width * sizeof(float),
                     height, cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) wrong += host[y * width + x] != static_cast<float>(x + y);
  }
  cudaPitchedPtr volume;
  const cudaExtent extent = make_cudaExtent(64, 8, 4);
  CHECK(cudaMalloc3D(&volume, extent));
  CHECK(cudaMemset3D(volume, 7, extent));
  unsigned char corner = 0;
  const size_t last = (extent.depth - 1) * volume.pitch * extent.height +
                      (extent.height - 1) * volume.pitch + extent.width - 1;
  CHECK(cudaMemcpy(&corner, static_cast<char*>(volume.ptr) + last, 1, cudaMemcpyDeviceToHost));
  std::printf("pitched_2d: pitch is a multiple of 256: %s, wrong=%d, 3D corner=%d\n",
              pitch % 256 == 0 ? "yes" : "no", wrong, corner);
  CHECK(cudaFree(device));
  CHECK(cudaFree(volume.ptr));
  return wrong == 0 && corner == 7 ? 0 : 1;
}
