// A shared-memory store a few words past the declared array but inside the
// SM's shared window: hardware does not bound-check per array, so this is
// expected to complete silently (the simulator must not invent an error).
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
