// A dynamically indexed shared-memory store far past the block's shared
// window (index 1 << 24 words = 64 MiB).
#include "report.h"

constexpr int kSharedWords = 64;

__global__ void shared_store_at(int index, int* out) {
  __shared__ int words[kSharedWords];
  words[threadIdx.x] = threadIdx.x;
  __syncthreads();
  words[index] = 7;
  __syncthreads();
  out[threadIdx.x] = words[threadIdx.x];
}

int main() {
  golden::start();
  int* out = nullptr;
  golden::call("cudaMalloc", cudaMalloc(&out, kSharedWords * sizeof(int)));
  shared_store_at<<<1, kSharedWords>>>(1 << 24, out);
  golden::call("launch shared store at word 1<<24", cudaGetLastError());
  golden::call("cudaDeviceSynchronize", cudaDeviceSynchronize());
  return golden::finish();
}
