// Which CUDA error a shared-memory store far outside the block's allocation
// raises on the GPU, as a function of the byte offset. The error-matrix goldens
// show cudaErrorIllegalAddress at 256 KiB and cudaErrorIllegalInstruction at
// 64 MiB; this probe finds the boundary. One offset per process (the error is
// sticky): `shared_window_probe BYTE_OFFSET` prints `OFFSET ERROR_NAME`.
#include <cstdio>
#include <cstdlib>

__global__ void store_at(unsigned offset, int* sink) {
  __shared__ int words[64];
  words[threadIdx.x] = threadIdx.x;
  __syncthreads();
  // The address is computed at run time so ptxas cannot fold it.
  asm volatile("st.shared.u32 [%0], %1;" ::"r"(offset), "r"(7) : "memory");
  __syncthreads();
  *sink = words[0];
}

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  const unsigned offset = static_cast<unsigned>(std::strtoul(argv[1], nullptr, 0));
  int* sink = nullptr;
  cudaMalloc(&sink, sizeof(int));
  store_at<<<1, 1>>>(offset, sink);
  const cudaError_t e = cudaDeviceSynchronize();
  std::printf("%u %s\n", offset, cudaGetErrorName(e));
  return 0;
}
