#pragma once
// What the throughput microbenchmark (throughput.cu) and
// tools/probes/load_window_probe.cu share: the load kernel, and the timing of
// a case: each block records its SM and its start and stop clocks, and a case
// is the median over SMs of the cycles from the SM's first start to its last
// stop.
#include <algorithm>
#include <map>
#include <utility>
#include <vector>

struct BlockTimes {
  long long start;
  long long stop;
  unsigned sm;
  unsigned pad;
};

__device__ __forceinline__ unsigned sm_id() {
  unsigned id;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(id));
  return id;
}

// Each thread issues N independent coalesced 4-byte loads (one 128-byte line
// per warp-load), N * threads floats apart, and sums them.
template <int N>
__global__ void load_kernel(const float* in, float* out, BlockTimes* times) {
  const size_t threads = static_cast<size_t>(gridDim.x) * blockDim.x;
  const size_t me = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  __syncthreads();
  const long long start = clock64();
#pragma unroll
  for (int i = 0; i < N; ++i) sum += __ldcg(in + me + i * threads);
  __syncthreads();
  const long long stop = clock64();
  out[me] = sum;
  if (threadIdx.x == 0) times[blockIdx.x] = {start, stop, sm_id(), 0};
}

// The median over SMs of (last stop - first start) of the blocks on that SM.
inline double median_sm_cycles(const std::vector<BlockTimes>& blocks) {
  std::map<unsigned, std::pair<long long, long long>> per_sm;
  for (const BlockTimes& b : blocks) {
    auto [it, fresh] = per_sm.try_emplace(b.sm, b.start, b.stop);
    if (!fresh) {
      it->second.first = std::min(it->second.first, b.start);
      it->second.second = std::max(it->second.second, b.stop);
    }
  }
  std::vector<long long> spans;
  for (const auto& [sm, span] : per_sm) spans.push_back(span.second - span.first);
  std::sort(spans.begin(), spans.end());
  return static_cast<double>(spans[spans.size() / 2]);
}
