#pragma once
// Shared helpers of the timing microbenchmarks. Each program prints one
// `CASE name cycles` line per case: a clock64() delta on one SM, divided by
// the number of timed operations where the case measures one operation.
// tools/golden/timing.sh runs them on the H100 (median of three runs); under
// `smsim run --mode timing` the same binaries print simulated cycles.
#include <cstdio>

#include "../cuda_check.cuh"

namespace micro {

inline void print_case(const char* name, double cycles) { std::printf("CASE %s %.2f\n", name, cycles); }

inline void print_case(const char* prefix, int index, double cycles) {
  std::printf("CASE %s%d %.2f\n", prefix, index, cycles);
}

// Runs body twice and returns the clock64() cycles of the second pass, so
// that the instruction cache and the operands are warm on the timed pass.
template <typename Body>
__device__ __forceinline__ long long second_pass_cycles(Body body) {
  long long start = 0;
  long long stop = 0;
#pragma unroll 1
  for (int pass = 0; pass < 2; ++pass) {
    start = clock64();
    body();
    stop = clock64();
  }
  return stop - start;
}

// The clock64() delta a kernel left in device memory (after checking that its
// launch went through; the copy waits for the kernel).
inline long long read_cycles(const long long* cycles) {
  TIMING_CHECK(cudaGetLastError());
  long long host = 0;
  TIMING_CHECK(cudaMemcpy(&host, cycles, sizeof host, cudaMemcpyDeviceToHost));
  return host;
}

// For the one-warp branch programs: calls `cases(sink, cycles, print)` twice
// with a sink of 32 floats and a cycles word in device memory, `print` false
// the first time (each kernel launched once before the launch it reports, as
// the probes that recorded their goldens did).
template <typename Cases>
void run_twice_print_second(Cases cases) {
  float* sink = nullptr;
  long long* cycles = nullptr;
  TIMING_CHECK(cudaMalloc(&sink, 32 * sizeof(float)));
  TIMING_CHECK(cudaMalloc(&cycles, sizeof(long long)));
  cases(sink, cycles, false);
  cases(sink, cycles, true);
  TIMING_CHECK(cudaFree(sink));
  TIMING_CHECK(cudaFree(cycles));
}

// Reads the device's SM count (the throughput cases put work on every SM).
inline int sm_count() {
  int device = 0;
  int count = 0;
  TIMING_CHECK(cudaGetDevice(&device));
  TIMING_CHECK(cudaDeviceGetAttribute(&count, cudaDevAttrMultiProcessorCount, device));
  return count;
}

}  // namespace micro
