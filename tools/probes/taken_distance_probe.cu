// What a taken forward branch costs an sm_90 warp by the distance it jumps
// (the kernels: tests/timing/micro/taken_distance_kernels.cuh; the same
// cases, checked against this probe's H100 output, are the timing micro
// branch_distance.cu). `cuobjdump -sass` of this program tells which N keep
// their BRA (the script counts them per kernel). Prints
// `taken N <cycles per step>` against `chain` (no branch): the second pass
// of each kernel is kept.
//   nvcc -O3 -arch=sm_90 -cudart shared taken_distance_probe.cu -o tdp && ./tdp
#include <cstdio>

#include "../../tests/timing/cuda_check.cuh"
#include "../../tests/timing/micro/taken_distance_kernels.cuh"

template <int N>
void run_case(float* sink, long long* cycles) {
  taken_kernel<N><<<1, 32>>>(0xffffffffu, 1.0001f, sink, cycles);
  TIMING_CHECK(cudaGetLastError());
  long long c = 0;
  TIMING_CHECK(cudaMemcpy(&c, cycles, sizeof c, cudaMemcpyDeviceToHost));
  if (N == 0) {
    std::printf("chain      %8.2f cycles/step\n", double(c) / 32);
  } else {
    std::printf("taken %-4d %8.2f cycles/step\n", N, double(c) / 32);
  }
}

int main() {
  float* sink = nullptr;
  long long* cycles = nullptr;
  TIMING_CHECK(cudaMalloc(&sink, 32 * sizeof(float)));
  TIMING_CHECK(cudaMalloc(&cycles, sizeof(long long)));
  for (int rep = 0; rep < 2; ++rep) {
    run_case<0>(sink, cycles);
    run_case<2>(sink, cycles);
    run_case<3>(sink, cycles);
    run_case<4>(sink, cycles);
    run_case<6>(sink, cycles);
    run_case<8>(sink, cycles);
    run_case<10>(sink, cycles);
    run_case<12>(sink, cycles);
    run_case<16>(sink, cycles);
    run_case<20>(sink, cycles);
    run_case<24>(sink, cycles);
  }
  TIMING_CHECK(cudaFree(sink));
  TIMING_CHECK(cudaFree(cycles));
  return 0;
}
