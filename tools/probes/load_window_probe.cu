// What sets the time of a few warps' streaming loads (tests/timing/micro/throughput.cu,
// load_tput_w1..w4) on the H100: how many loads a warp keeps in flight, what a load
// round costs, and what the first run of a kernel's code costs (instruction fetch).
//
//  - load_N_wW_first / _again: the micro's load_kernel with N loads per thread, W warps
//    per SM (one block per SM), launched twice in a row on parts of the buffer that
//    nothing read before; prints the median over SMs of the cycles from the SM's
//    first clock64() start to its last stop. "first" runs code that never ran.
//  - straight_K_wW_first / _again: K FFMAs in 8 independent chains (straight-line
//    code, 16 bytes of SASS each), one block of W warps per SM, the clock64() delta.
//
// nvcc -arch=sm_90 -O3 load_window_probe.cu -o load_window_probe && ./load_window_probe
// (the load kernel is the micro's, tests/timing/micro/throughput.cu, with N loads)
#include <cstdio>
#include <vector>

#include "../../tests/timing/micro/load_spans.cuh"

#define CHECK(x)                                                              \
  do {                                                                        \
    cudaError_t e = (x);                                                      \
    if (e != cudaSuccess) {                                                   \
      std::printf("CUDA error %s at line %d\n", cudaGetErrorString(e), __LINE__); \
      return 1;                                                               \
    }                                                                         \
  } while (0)


template <int K>
__global__ void straight_kernel(float a, float* out, BlockTimes* times) {
  float f[8];
#pragma unroll
  for (int c = 0; c < 8; ++c) f[c] = a + static_cast<float>(threadIdx.x + c);
  __syncthreads();
  const long long start = clock64();
#pragma unroll
  for (int i = 0; i < K / 8; ++i) {
#pragma unroll
    for (int c = 0; c < 8; ++c) asm volatile("fma.rn.f32 %0, %0, %1, %1;" : "+f"(f[c]) : "f"(a));
  }
  __syncthreads();
  const long long stop = clock64();
  float s = 0.0f;
#pragma unroll
  for (int c = 0; c < 8; ++c) s += f[c];
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
  if (threadIdx.x == 0) times[blockIdx.x] = {start, stop, sm_id(), 0};
}

struct Probe {
  int sms;
  float* in;
  float* out;
  BlockTimes* times;
  size_t offset = 0;
  std::vector<BlockTimes> host;
};

template <int N>
int run_loads(Probe& p) {
  for (int warps = 1; warps <= 8; warps *= 2) {
    for (int pass = 0; pass < 2; ++pass) {
      load_kernel<N><<<p.sms, 32 * warps>>>(p.in + p.offset, p.out, p.times);
      p.offset += static_cast<size_t>(p.sms) * 32 * warps * N;
      CHECK(cudaGetLastError());
      p.host.resize(p.sms);
      CHECK(cudaMemcpy(p.host.data(), p.times, p.sms * sizeof(BlockTimes), cudaMemcpyDeviceToHost));
      std::printf("load_%d_w%d_%s %.0f\n", N, warps, pass ? "again" : "first", median_sm_cycles(p.host));
    }
  }
  return 0;
}

template <int K>
int run_straight(Probe& p) {
  for (int warps = 1; warps <= 4; warps *= 4) {
    for (int pass = 0; pass < 2; ++pass) {
      straight_kernel<K><<<p.sms, 32 * warps>>>(1.0001f, p.out, p.times);
      CHECK(cudaGetLastError());
      p.host.resize(p.sms);
      CHECK(cudaMemcpy(p.host.data(), p.times, p.sms * sizeof(BlockTimes), cudaMemcpyDeviceToHost));
      std::printf("straight_%d_w%d_%s %.0f\n", K, warps, pass ? "again" : "first", median_sm_cycles(p.host));
    }
  }
  return 0;
}

int main() {
  Probe p{};
  int device = 0;
  CHECK(cudaGetDevice(&device));
  CHECK(cudaDeviceGetAttribute(&p.sms, cudaDevAttrMultiProcessorCount, device));
  constexpr size_t kInBytes = 256u << 20;
  CHECK(cudaMalloc(&p.in, kInBytes));
  CHECK(cudaMalloc(&p.out, static_cast<size_t>(p.sms) * 1024 * sizeof(float)));
  CHECK(cudaMalloc(&p.times, p.sms * sizeof(BlockTimes)));
  CHECK(cudaMemset(p.in, 0, kInBytes));
  CHECK(cudaDeviceSynchronize());
  if (run_straight<64>(p) || run_straight<256>(p) || run_straight<1024>(p) || run_straight<2048>(p)) return 1;
  if (run_loads<8>(p) || run_loads<16>(p) || run_loads<18>(p) || run_loads<24>(p) || run_loads<32>(p) ||
      run_loads<48>(p))
    return 1;
  CHECK(cudaFree(p.in));
  CHECK(cudaFree(p.out));
  CHECK(cudaFree(p.times));
  return 0;
}
