// Probe: which CUDA error a bad ldmatrix/stmatrix address gives on the GPU
// (results/h100-2026-11-22/matrix_faults.txt).
// Usage: matrix_faults_probe MODE (one fault per process: errors are sticky).
#include <cstdio>
#include <cstdlib>
#include <cstdint>
__global__ void k(int mode, unsigned* out) {
  __shared__ __align__(16) unsigned short tile[256];
  for (int i = threadIdx.x; i < 256; i += 32) tile[i] = i;
  __syncwarp();
  unsigned a = static_cast<unsigned>(__cvta_generic_to_shared(tile)) + (threadIdx.x % 8) * 16;
  if (mode == 1) a += 8;                // 8-byte aligned row
  if (mode == 2) a += 2;                // 2-byte aligned row
  if (mode == 3) a += 1u << 20;         // past the block's shared memory
  if (mode == 4) a += 1u << 24;         // past the 16 MiB shared window
  unsigned r0, r1, r2, r3;
  if (mode <= 4) {
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];"
                 : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "r"(a));
    out[threadIdx.x] = r0 ^ r1 ^ r2 ^ r3;
  }
  if (mode == 5) asm volatile("stmatrix.sync.aligned.m8n8.x1.shared.b16 [%0], {%1};" ::"r"(a + 8), "r"(a));
  if (mode == 6) asm volatile("stmatrix.sync.aligned.m8n8.x1.shared.b16 [%0], {%1};" ::"r"(a + (1u << 20)), "r"(a));
  if (mode == 7) {
    unsigned long long g = reinterpret_cast<unsigned long long>(out) + (threadIdx.x % 8) * 16;
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.b16 {%0,%1,%2,%3}, [%4];"
                 : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "l"(g));
    out[threadIdx.x] = r0 ^ r1 ^ r2 ^ r3;
  }
}
int main(int argc, char** argv) {
  const int mode = argc > 1 ? std::atoi(argv[1]) : 0;
  unsigned* out = nullptr;
  cudaMalloc(&out, 4096);
  k<<<1, 32>>>(mode, out);
  cudaError_t e = cudaDeviceSynchronize();
  std::printf("mode %d: %s\n", mode, cudaGetErrorName(e));
  return 0;
}
