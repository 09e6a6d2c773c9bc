// A kernel whose registers per thread times 1024 threads exceed the 64 K
// registers of an SM cannot launch with 1024 threads; the function's own
// maxThreadsPerBlock attribute says how many it can.
#include "report.h"

constexpr int kLiveValues = 96;

__global__ void register_hungry_kernel(const float* in, float* out) {
  float live[kLiveValues];
#pragma unroll
  for (int i = 0; i < kLiveValues; ++i) live[i] = in[i * blockDim.x + threadIdx.x];
#pragma unroll
  for (int round = 0; round < 4; ++round) {
#pragma unroll
    for (int i = 0; i < kLiveValues; ++i) live[i] = live[i] * live[(i + 7) % kLiveValues] + 1.0f;
  }
  float sum = 0.0f;
#pragma unroll
  for (int i = 0; i < kLiveValues; ++i) sum += live[i] * static_cast<float>(i);
  out[threadIdx.x] = sum;
}

int main() {
  golden::start();
  cudaFuncAttributes attributes{};
  golden::call("cudaFuncGetAttributes", cudaFuncGetAttributes(&attributes, register_hungry_kernel));
  golden::value("numRegs", attributes.numRegs);
  golden::value("maxThreadsPerBlock (function)", attributes.maxThreadsPerBlock);
  constexpr int kMaxThreads = 1024;
  float* in = nullptr;
  float* out = nullptr;
  golden::call("cudaMalloc in", cudaMalloc(&in, kLiveValues * kMaxThreads * sizeof(float)));
  golden::call("cudaMalloc out", cudaMalloc(&out, kMaxThreads * sizeof(float)));
  register_hungry_kernel<<<1, attributes.maxThreadsPerBlock>>>(in, out);
  golden::call("launch with the function's maxThreadsPerBlock", cudaGetLastError());
  golden::call("cudaDeviceSynchronize", cudaDeviceSynchronize());
  register_hungry_kernel<<<1, kMaxThreads>>>(in, out);
  golden::call("launch with 1024 threads", cudaPeekAtLastError());
  return golden::finish();
}
