// What a plain (un-profiled) launch of the throughput micro's load kernel pays
// on data no kernel read before (docs/timing.md "First touch of a program's
// pages"): the micro's w1/w2/w4 launches take 400-800 cycles more plainly than
// after ncu's replay. Two explanations predict different things here:
//  - pages: a launch pays for translation granules no kernel read before;
//    reading *other* data first does not help, reading the same pages does.
//  - dirty L2: the 256 MiB cudaMemset before them leaves the L2 full of dirty
//    lines, so the launch's misses evict dirty lines (DRAM writes among its
//    reads); reading any other 128 MiB first (clean lines replace the dirty
//    ones) helps, whatever pages it reads.
// Each scenario prints the w1, w2 and w4 launches of the micro (the `full_`
// scenarios every case to w64) (one block per
// SM, 1/2/4 warps, 32 loads a thread, each case on the next part of the
// buffer), as `CASE <scenario>_w<N> <cycles>` (median over SMs of the last stop
// less the first start, as the micro). Build: nvcc -arch=sm_90 -O3 -I
// tests/timing/micro tools/probes/plain_first_read_probe.cu.
#include "plain_first_read.cuh"

namespace {

using namespace plain_first_read;

// Reads one float every 4 KiB of `bytes`: the pages are read by a kernel,
// while only one 128-byte line in 32 comes into the L2.
__global__ void touch_pages(const float* in, size_t bytes, float* sink) {
  const size_t i = (blockIdx.x * size_t(blockDim.x) + threadIdx.x) * 1024;
  if (i * 4 < bytes && __ldcg(in + i) == 12345.0f) *sink = 1.0f;
}

// Writes `count` floats: leaves the L2 holding dirty lines.
__global__ void fill(float* out, size_t count) {
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < count;
       i += size_t(gridDim.x) * blockDim.x)
    out[i] = 1.0f;
}

// Writes `count` pseudo-random floats (an integer hash of the index and
// `seed`): dirty lines that no compression of repeated values can shrink.
__global__ void fill_random(float* out, size_t count, unsigned seed) {
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < count;
       i += size_t(gridDim.x) * blockDim.x) {
    unsigned h = static_cast<unsigned>(i) * 0x9E3779B1u ^ seed;
    h ^= h >> 15;
    h *= 0x85EBCA77u;
    h ^= h >> 13;
    out[i] = __uint_as_float((h & 0x007FFFFFu) | 0x3F800000u);
  }
}

}  // namespace

int main() {
  const int sms = micro::sm_count();
  const int grid = 8 * sms;
  // One scenario per fresh set of buffers (freed before the next), in the
  // micro's order: memset of the whole buffer, then the load launches.
  struct Scenario {
    const char* name;
    bool memset_in;        // cudaMemset the 256 MiB buffer first (the micro)
    int after;             // 0 nothing, 1 sweep `other` (clean L2, other pages),
                           // 2 sweep `in`'s last 128 MiB (clean L2, the buffer's
                           //   other pages), 3 fill `other` (dirty L2 by a kernel)
    bool touch_own;        // a kernel reads one float per 4 KiB of the cases'
                           // first 8 MiB (their pages read, few of their lines)
  };
  const Scenario scenarios[] = {
      {"memset", true, 0, false},          // the micro as recorded
      {"memset_sweep_other", true, 1, false},
      {"memset_sweep_tail", true, 2, false},
      {"memset_touch_own", true, 0, true},
      {"memset_sweep_other_touch_own", true, 1, true},
      {"memset_fill_other", true, 3, false},
      {"fresh", false, 0, false},          // never written
      {"fresh_sweep_other", false, 1, false},
      {"fresh_touch_own", false, 0, true},
  };
  for (const Scenario& s : scenarios) {
    Buffers b = allocate(sms);
    if (s.memset_in) TIMING_CHECK(cudaMemset(b.in, 0, kBuffer));
    if (s.after == 1) sweep<<<grid, 256>>>(b.other, kOther / 4, b.out);
    if (s.after == 2) sweep<<<grid, 256>>>(b.in + (kBuffer - kOther) / 4, kOther / 4, b.out);
    if (s.after == 3) fill<<<grid, 256>>>(b.other, kOther / 4);
    if (s.touch_own) touch_pages<<<(8u << 20) / 4096 / 256, 256>>>(b.in, 8u << 20, b.out);
    TIMING_CHECK(cudaGetLastError());
    TIMING_CHECK(cudaDeviceSynchronize());
    run_cases(s.name, b, sms);
    release(b);
  }
  // w1..w64 (the micro's every load case), to see how far the dirty L2's cost
  // reaches, with the dirty lines zeros (memset), one repeated value or
  // random bits, in the cases' buffer or another.
  struct FullScenario {
    const char* name;
    int in_data;    // 0 memset zeros, 1 random by a kernel
    int other;      // 0 nothing, 1 sweep (clean L2), 2 fill 1.0f, 3 fill random
  };
  const FullScenario full[] = {
      {"full_memset", 0, 0},          {"full_memset_sweep_other", 0, 1},
      {"full_memset_fill_other", 0, 2}, {"full_memset_random_other", 0, 3},
      {"full_random_in", 1, 0},       {"full_random_in_sweep_other", 1, 1},
  };
  for (const FullScenario& s : full) {
    Buffers b = allocate(sms);
    if (s.in_data == 0) TIMING_CHECK(cudaMemset(b.in, 0, kBuffer));
    if (s.in_data == 1) fill_random<<<grid, 256>>>(b.in, kBuffer / 4, 7u);
    if (s.other == 1) sweep<<<grid, 256>>>(b.other, kOther / 4, b.out);
    if (s.other == 2) fill<<<grid, 256>>>(b.other, kOther / 4);
    if (s.other == 3) fill_random<<<grid, 256>>>(b.other, kOther / 4, 11u);
    TIMING_CHECK(cudaGetLastError());
    TIMING_CHECK(cudaDeviceSynchronize());
    run_cases(s.name, b, sms, 64);
    release(b);
  }
  return 0;
}
