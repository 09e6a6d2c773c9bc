// streams_events: pinned host memory, async copies and launches on two
// streams, an event dependency, a host callback and elapsed time.
#include <cstdio>

#include "check.h"

__global__ void increment(int* data, int n, int by) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] += by;
}

void CUDART_CB mark_done(void* flag) { *static_cast<int*>(flag) = 1; }

int main() {
  const int n = 1 << 12;
  int* host = nullptr;
  CHECK(cudaMallocHost(&host, n * sizeof(int)));
  for (int i = 0; i < n; ++i) host[i] = i;
  int* device = nullptr;
  CHECK(cudaMalloc(&device, n * sizeof(int)));
  cudaStream_t first, second;
  CHECK(cudaStreamCreate(&first));
  CHECK(cudaStreamCreateWithFlags(&second, cudaStreamNonBlocking));
  cudaEvent_t start, copied, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&copied));
  CHECK(cudaEventCreate(&stop));
  CHECK(cudaEventRecord(start, first));
  CHECK(cudaMemcpyAsync(device, host, n * sizeof(int), cudaMemcpyHostToDevice, first));
  CHECK(cudaEventRecord(copied, first));
  CHECK(cudaStreamWaitEvent(second, copied, 0));
  increment<<<n / 256, 256, 0, second>>>(device, n, 5);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpyAsync(host, device, n * sizeof(int), cudaMemcpyDeviceToHost, second));
  int done = 0;
  CHECK(cudaLaunchHostFunc(second, mark_done, &done));
  CHECK(cudaEventRecord(stop, second));
  CHECK(cudaStreamSynchronize(second));
  CHECK(cudaEventSynchronize(stop));
  float ms = -1.0f;
  CHECK(cudaEventElapsedTime(&ms, start, stop));
  int wrong = 0;
  for (int i = 0; i < n; ++i) wrong += host[i] != i + 5;
  std::printf("streams_events: wrong=%d callback=%d elapsed %s\n", wrong, done,
              ms >= 0.0f ? "non-negative" : "negative");
  CHECK(cudaStreamQuery(first));
  CHECK(cudaEventDestroy(start));
  CHECK(cudaEventDestroy(copied));
  CHECK(cudaEventDestroy(stop));
  CHECK(cudaStreamDestroy(first));
  CHECK(cudaStreamDestroy(second));
  CHECK(cudaFree(device));
  CHECK(cudaFreeHost(host));
  return wrong == 0 && done == 1 ? 0 : 1;
}
