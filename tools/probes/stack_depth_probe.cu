// Finds at which recursion depth a given cudaLimitStackSize overflows on the
// H100: one launch per process (the error is sticky). Usage: probe VARIANT LIMIT DEPTH
#include <cstdio>
#include <cstdlib>

template <int N>
__device__ __noinline__ int recurse(int depth, int seed) {
  volatile int frame[N];
  for (int i = 0; i < N; ++i) frame[i] = seed + i;
  if (depth == 0) return frame[seed % N];
  return recurse<N>(depth - 1, seed + 1) + frame[depth % N];
}
__device__ __noinline__ int plain(int depth, int seed) {
  if (depth == 0) return seed;
  return plain(depth - 1, seed * 3 + 1) + 1;
}
template <int N>
__global__ void kern(int depth, int* out) { out[threadIdx.x] = recurse<N>(depth, threadIdx.x); }
__global__ void kern_plain(int depth, int* out) { out[threadIdx.x] = plain(depth, threadIdx.x); }

int main(int argc, char** argv) {
  const int variant = atoi(argv[1]);
  const size_t limit = strtoul(argv[2], nullptr, 10);
  const int depth = atoi(argv[3]);
  if (limit != 0) cudaDeviceSetLimit(cudaLimitStackSize, limit);
  size_t got = 0;
  cudaDeviceGetLimit(&got, cudaLimitStackSize);
  int* out;
  cudaMalloc(&out, 32 * sizeof(int));
  if (variant == 0) kern<16><<<1, 32>>>(depth, out);
  if (variant == 1) kern<64><<<1, 32>>>(depth, out);
  if (variant == 2) kern_plain<<<1, 32>>>(depth, out);
  if (variant == 3) kern<3><<<1, 32>>>(depth, out);
  cudaError_t e = cudaDeviceSynchronize();
  printf("variant %d limit %zu depth %d -> %s\n", variant, got, depth, cudaGetErrorName(e));
  return e == cudaSuccess ? 0 : 1;
}
