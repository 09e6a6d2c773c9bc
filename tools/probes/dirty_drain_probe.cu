// Does the L2 write dirty lines back while the GPU is idle or busy with
// kernels that touch little memory? (docs/timing.md "A dirty L2 carried
// across plain launches".) The micro `throughput` runs seven FFMA launches
// (and their host copies) between its 256 MiB cudaMemset and its load cases,
// and is 1-18% faster at w1..w64 than tools/probes/plain_first_read_probe.cu's
// `full_memset`, which loads right after the memset. Each scenario here
// allocates fresh buffers, memsets the 256 MiB `in`, then waits in one of
// these ways before the micro's load cases w1..w64 (plain_first_read.cuh):
//  - none:        nothing (the probe's full_memset)
//  - ffma7:       the micro's seven FFMA launches, each followed by its
//                 cudaMemcpy of the block times (as the micro)
//  - spin_T:      one kernel whose blocks (one per SM) spin T SM cycles on
//                 clock64() (no memory traffic)
//  - host_T:      the host sleeps T microseconds (GPU idle)
//  - sweep_other: a kernel reads another 128 MiB (clean L2, the reference)
// Build: nvcc -arch=sm_90 -O3 -cudart shared -I tests/timing/micro tools/probes/dirty_drain_probe.cu
#include <chrono>
#include <thread>

#include "plain_first_read.cuh"

namespace {

using namespace plain_first_read;

__global__ void spin(long long cycles, float* sink) {
  const long long start = clock64();
  while (clock64() - start < cycles) {
  }
  if (threadIdx.x == 0 && cycles < 0) *sink = 1.0f;
}

__global__ void ffma_kernel(float a, float* out, BlockTimes* times) {
  float f = a + static_cast<float>(threadIdx.x);
  __syncthreads();
  const long long start = clock64();
#pragma unroll
  for (int i = 0; i < 256; ++i) asm volatile("fma.rn.f32 %0, %0, %1, %1;" : "+f"(f) : "f"(a));
  __syncthreads();
  const long long stop = clock64();
  out[blockIdx.x * blockDim.x + threadIdx.x] = f;
  if (threadIdx.x == 0) times[blockIdx.x] = {start, stop, 0, 0};
}

}  // namespace

int main() {
  const int sms = micro::sm_count();
  struct Scenario {
    const char* name;
    int kind;          // 0 none, 1 ffma7, 2 spin, 3 host sleep, 4 sweep other
    long long amount;  // spin cycles or sleep microseconds
  };
  const Scenario scenarios[] = {
      {"none", 0, 0},           {"ffma7", 1, 0},           {"spin_20k", 2, 20000},
      {"spin_200k", 2, 200000}, {"spin_2m", 2, 2000000},   {"host_100us", 3, 100},
      {"host_10ms", 3, 10000},  {"sweep_other", 4, 0},
  };
  std::vector<BlockTimes> host;
  for (const Scenario& s : scenarios) {
    Buffers b = allocate(sms);
    TIMING_CHECK(cudaDeviceSynchronize());
    TIMING_CHECK(cudaMemset(b.in, 0, kBuffer));
    if (s.kind == 1) {
      for (int warps = 1; warps <= 64; warps *= 2) {
        const int blocks = warps > 32 ? 2 * sms : sms;
        const int threads = 32 * (warps > 32 ? 32 : warps);
        ffma_kernel<<<blocks, threads>>>(1.0001f, b.out, b.times);
        TIMING_CHECK(cudaGetLastError());
        host.resize(blocks);
        TIMING_CHECK(cudaMemcpy(host.data(), b.times, blocks * sizeof(BlockTimes), cudaMemcpyDeviceToHost));
      }
    }
    if (s.kind == 2) spin<<<sms, 32>>>(s.amount, b.out);
    if (s.kind == 3) {
      TIMING_CHECK(cudaDeviceSynchronize());
      std::this_thread::sleep_for(std::chrono::microseconds(s.amount));
    }
    if (s.kind == 4) sweep<<<8 * sms, 256>>>(b.other, kOther / 4, b.out);
    TIMING_CHECK(cudaGetLastError());
    TIMING_CHECK(cudaDeviceSynchronize());
    run_cases(s.name, b, sms, 64);
    release(b);
  }
  return 0;
}
