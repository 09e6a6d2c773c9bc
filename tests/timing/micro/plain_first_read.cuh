#pragma once
// What tools/probes/plain_first_read_probe.cu and dirty_drain_probe.cu share:
// the buffers of a scenario, the sweep that leaves the L2 clean, and the
// throughput micro's load launches run on a scenario's buffer
// (docs/timing.md "First touch of a program's pages").
#include <cstdio>
#include <vector>

#include "micro.cuh"
#include "load_spans.cuh"

namespace plain_first_read {

constexpr size_t kBuffer = 256u << 20;
constexpr size_t kOther = 128u << 20;

// Reads (sums) `count` floats with every thread of a large grid: leaves the
// L2 holding clean lines of what it read.
__global__ void sweep(const float* in, size_t count, float* sink) {
  float sum = 0.0f;
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < count;
       i += size_t(gridDim.x) * blockDim.x)
    sum += __ldcg(in + i);
  if (sum == 12345.0f) *sink = sum;
}

struct Buffers {
  float* in = nullptr;
  float* other = nullptr;
  float* out = nullptr;
  BlockTimes* times = nullptr;
};

// The micro's load launches on `in` from offset 0: w1, w2, w4, and up to
// `max_warps` (two blocks of 1024 threads per SM past 32 warps, as the micro).
inline void run_cases(const char* scenario, const Buffers& b, int sms, int max_warps = 4) {
  size_t offset = 0;
  std::vector<BlockTimes> host;
  for (int warps = 1; warps <= max_warps; warps *= 2) {
    const int blocks = warps > 32 ? 2 * sms : sms;
    const int threads = 32 * (warps > 32 ? 32 : warps);
    load_kernel<32><<<blocks, threads>>>(b.in + offset, b.out, b.times);
    TIMING_CHECK(cudaGetLastError());
    offset += static_cast<size_t>(blocks) * threads * 32;
    host.resize(blocks);
    TIMING_CHECK(cudaMemcpy(host.data(), b.times, blocks * sizeof(BlockTimes), cudaMemcpyDeviceToHost));
    char name[96];
    std::snprintf(name, sizeof name, "%s_w", scenario);
    micro::print_case(name, warps, median_sm_cycles(host));
  }
}

inline Buffers allocate(int sms) {
  Buffers b;
  TIMING_CHECK(cudaMalloc(&b.in, kBuffer));
  TIMING_CHECK(cudaMalloc(&b.other, kOther));
  TIMING_CHECK(cudaMalloc(&b.out, size_t(2 * sms) * 1024 * sizeof(float)));
  TIMING_CHECK(cudaMalloc(&b.times, size_t(2 * sms) * sizeof(BlockTimes)));
  TIMING_CHECK(cudaMemset(b.other, 0, kOther));
  return b;
}

inline void release(Buffers& b) {
  TIMING_CHECK(cudaFree(b.in));
  TIMING_CHECK(cudaFree(b.other));
  TIMING_CHECK(cudaFree(b.out));
  TIMING_CHECK(cudaFree(b.times));
}

}  // namespace plain_first_read
