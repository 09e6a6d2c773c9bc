// Throughput against warps per SM (1, 2, 4, ..., 64), for a dependent FFMA
// chain and for coalesced global loads. Every SM gets the same number of
// warps (one block per SM, two of 1024 threads for 64 warps); each block
// records its SM and its start and stop clocks, and a case prints the median
// over SMs of the cycles from the SM's first start to its last stop.
//  - ffma_tput_wN: each thread runs kFfmaChain dependent FFMAs.
//  - load_tput_wN: each thread issues kLoads independent coalesced 4-byte
//    loads (one 128-byte line per warp-load) and sums them; each case reads
//    its own part of a 256 MiB buffer that nothing read before, so the lines
//    come from DRAM.
#include <algorithm>
#include <vector>

#include "micro.cuh"
#include "load_spans.cuh"

constexpr int kFfmaChain = 256;
constexpr int kLoads = 32;

__global__ void ffma_kernel(float a, float* out, BlockTimes* times) {
  float f = a + static_cast<float>(threadIdx.x);
  __syncthreads();
  const long long start = clock64();
#pragma unroll
  for (int i = 0; i < kFfmaChain; ++i) asm volatile("fma.rn.f32 %0, %0, %1, %1;" : "+f"(f) : "f"(a));
  __syncthreads();
  const long long stop = clock64();
  out[blockIdx.x * blockDim.x + threadIdx.x] = f;
  if (threadIdx.x == 0) times[blockIdx.x] = {start, stop, sm_id(), 0};
}


int main() {
  const int sms = micro::sm_count();
  const int max_blocks = 2 * sms;
  const size_t max_threads = static_cast<size_t>(max_blocks) * 1024;
  constexpr size_t kInBytes = 256u << 20;
  float* in = nullptr;
  float* out = nullptr;
  BlockTimes* times = nullptr;
  TIMING_CHECK(cudaMalloc(&in, kInBytes));
  TIMING_CHECK(cudaMalloc(&out, max_threads * sizeof(float)));
  TIMING_CHECK(cudaMalloc(&times, max_blocks * sizeof(BlockTimes)));
  TIMING_CHECK(cudaMemset(in, 0, kInBytes));
  std::vector<BlockTimes> host;
  size_t offset = 0;
  for (int load = 0; load < 2; ++load) {
    for (int warps = 1; warps <= 64; warps *= 2) {
      const int blocks = warps > 32 ? 2 * sms : sms;
      const int threads = 32 * std::min(warps, 32);
      if (load) {
        load_kernel<kLoads><<<blocks, threads>>>(in + offset, out, times);
        offset += static_cast<size_t>(blocks) * threads * kLoads;
      } else {
        ffma_kernel<<<blocks, threads>>>(1.0001f, out, times);
      }
      TIMING_CHECK(cudaGetLastError());
      host.resize(blocks);
      TIMING_CHECK(cudaMemcpy(host.data(), times, blocks * sizeof(BlockTimes), cudaMemcpyDeviceToHost));
      micro::print_case(load ? "load_tput_w" : "ffma_tput_w", warps, median_sm_cycles(host));
    }
  }
  TIMING_CHECK(cudaFree(in));
  TIMING_CHECK(cudaFree(out));
  TIMING_CHECK(cudaFree(times));
  return 0;
}
