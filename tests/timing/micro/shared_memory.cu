// Shared-memory load latency and the bank-conflict stride sweep.
//  - smem_latency: one thread chases pointers through shared memory (each
//    word holds the shared address of the next), kChase dependent loads.
//  - smem_stride_S (S = 1..33): a full warp, lane t loading word t*S, which
//    holds its own address, so each of kChase dependent warp-loads touches
//    gcd(S, 32)-way conflicting banks. Cycles per warp-load.
#include "micro.cuh"

constexpr int kChase = 256;
constexpr int kWords = 32 * 33;

__device__ __forceinline__ unsigned chase(unsigned p) {
#pragma unroll
  for (int i = 0; i < kChase; ++i) asm volatile("ld.shared.u32 %0, [%0];" : "+r"(p));
  return p;
}

__global__ void latency_kernel(unsigned* out, long long* cycles) {
  __shared__ unsigned words[kWords];
  const unsigned base = static_cast<unsigned>(__cvta_generic_to_shared(words));
  if (threadIdx.x == 0) {
    // A cycle through 64 words, 17 words apart, so that consecutive loads differ.
    for (int i = 0; i < 64; ++i) words[(i * 17) % kWords] = base + 4u * (((i + 1) % 64) * 17 % kWords);
  }
  __syncthreads();
  if (threadIdx.x != 0) return;
  unsigned p = base;
  *cycles = micro::second_pass_cycles([&] { p = chase(p); });
  *out = p;
}

__global__ void stride_kernel(int stride, unsigned* out, long long* cycles) {
  __shared__ unsigned words[kWords];
  const unsigned base = static_cast<unsigned>(__cvta_generic_to_shared(words));
  const unsigned mine = threadIdx.x * static_cast<unsigned>(stride);
  words[mine] = base + 4u * mine;
  __syncwarp();
  unsigned p = base + 4u * mine;
  const long long elapsed = micro::second_pass_cycles([&] { p = chase(p); });
  out[threadIdx.x] = p;
  if (threadIdx.x == 0) *cycles = elapsed;
}

int main() {
  unsigned* out = nullptr;
  long long* cycles = nullptr;
  TIMING_CHECK(cudaMalloc(&out, 32 * sizeof(unsigned)));
  TIMING_CHECK(cudaMalloc(&cycles, sizeof(long long)));
  long long host = 0;
  latency_kernel<<<1, 32>>>(out, cycles);
  TIMING_CHECK(cudaGetLastError());
  TIMING_CHECK(cudaMemcpy(&host, cycles, sizeof host, cudaMemcpyDeviceToHost));
  micro::print_case("smem_latency", static_cast<double>(host) / kChase);
  for (int stride = 1; stride <= 33; ++stride) {
    stride_kernel<<<1, 32>>>(stride, out, cycles);
    TIMING_CHECK(cudaGetLastError());
    TIMING_CHECK(cudaMemcpy(&host, cycles, sizeof host, cudaMemcpyDeviceToHost));
    micro::print_case("smem_stride_", stride, static_cast<double>(host) / kChase);
  }
  TIMING_CHECK(cudaFree(out));
  TIMING_CHECK(cudaFree(cycles));
  return 0;
}
