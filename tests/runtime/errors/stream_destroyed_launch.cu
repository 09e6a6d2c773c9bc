// A kernel launched into a stream that was destroyed, as the first use after
// destruction (stream_invalid_handle synchronizes it first).
#include "report.h"

__global__ void empty_kernel() {}

int main() {
  golden::start();
  cudaStream_t stream = nullptr;
  golden::call("cudaStreamCreate", cudaStreamCreate(&stream));
  golden::call("cudaStreamDestroy", cudaStreamDestroy(stream));
  empty_kernel<<<1, 1, 0, stream>>>();
  golden::call("launch on destroyed stream", cudaGetLastError());
  golden::call("cudaDeviceSynchronize", cudaDeviceSynchronize());
  return golden::finish();
}
