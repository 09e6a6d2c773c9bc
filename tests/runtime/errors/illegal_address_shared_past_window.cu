// A shared-memory store at byte 256 KiB of the shared window, just past the
// 228 KiB an sm_90 SM has; compare with the store at 64 MiB
// (illegal_address_shared_out_of_bounds) and the one just past the block's
// allocation (illegal_address_shared_just_past_end).
#include "report.h"

constexpr int kSharedWords = 64;
constexpr int kWordAt256KiB = 256 * 1024 / 4;

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
  shared_store_at<<<1, kSharedWords>>>(kWordAt256KiB, out);
  golden::call("launch shared store at byte 256 KiB", cudaGetLastError());
  golden::call("cudaDeviceSynchronize", cudaDeviceSynchronize());
  return golden::finish();
}
