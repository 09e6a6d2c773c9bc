// A shared-memory store 16 bytes past the block's only shared array (the
// block's whole shared allocation), far inside the SM's shared window: shows
// whether hardware checks against the block's allocation or only the window.
#include "report.h"

constexpr int kSharedWords = 64;

__global__ void shared_store_at(int index, int* out) {
  __shared__ int words[kSharedWords];
  words[threadIdx.x] = threadIdx.x;
  __syncthreads();
  if (threadIdx.x == 0) words[index] = 7;
  __syncthreads();
  out[threadIdx.x] = words[threadIdx.x];
}

int main() {
  golden::start();
  int* out = nullptr;
  golden::call("cudaMalloc", cudaMalloc(&out, kSharedWords * sizeof(int)));
  shared_store_at<<<1, kSharedWords>>>(kSharedWords + 4, out);
  golden::call("launch shared store at word 68 of 64", cudaGetLastError());
  golden::call("cudaDeviceSynchronize", cudaDeviceSynchronize());
  return golden::finish();
}
