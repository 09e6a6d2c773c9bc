// What branches and fences cost an sm_90 warp, and what the first load
// launch of a program pays, for the cycle model (docs/timing.md, issue 8).
// All times are clock64 deltas; each timed body runs twice and the second
// pass is kept (code and operands warm).
//
//   branch NAME  one warp (one block), 32 steps in one asm block; cycles per
//                step. Each step is one FFMA of a dependent chain
//                (f = f * a + a) followed by:
//                  chain     nothing (the baseline)
//                  nottaken  @q BRA to a cold block, q false
//                  taken     @q BRA over a cold block of 24 FFMAs, q true
//                  diamond_t / diamond_n  if/else of 24 dependent FFMAs a
//                            side: q true (a taken BRA to the else side) or
//                            false (the then side, then a taken BRA over the
//                            else side); against chain25 (25 FFMAs a step)
//                and with four independent chains per step (issue-bound):
//                  chain4 / nottaken4 / taken4
//                Each step's q compares p (0xffffffff) with the step's own
//                constant, so that ptxas keeps every branch (with one
//                predicate for all it drops all but the first).
//   loop K       a loop (#pragma unroll 1) of 64 iterations of K dependent
//                FFMAs: cycles per iteration (the back-edge is a taken
//                uniform BRA each iteration), K = 1 ... 32
//   fence        W warps in each of B blocks run 16 timed fences of one form
//                (membar / fence.sc / fence.acq_rel at cta, cluster, gpu,
//                sys), each right after a global store of every thread or
//                without one; the mean over the warps of their cycles per
//                fence, and the slowest warp's
//   loads MODE   the micro throughput's load_tput_w1 (tests/timing/micro:
//                32 loads a thread, one warp per SM) on a 256 MiB buffer that
//                MODE prepared (fresh: nothing; memset; copy: cudaMemcpy from
//                the host), launched twice over the same 540 KB: the first
//                is the program's first touch of the buffer; the second finds
//                the lines in L2 unless ncu flushed the caches before it.
//                Run it with and without ncu (branch_fence_probe.sh).
//
//   nvcc -O3 -arch=sm_90 -cudart shared branch_fence_probe.cu -o bfp
//   ./bfp branch; ./bfp fence; ./bfp loads memset   (tools/probes/README.md)
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "../../tests/timing/cuda_check.cuh"
#include "../../tests/timing/micro/load_spans.cuh"

constexpr int kSteps = 32;

// ---------------------------------------------------------------- branches
#include "../../tests/timing/micro/branch_kernels.cuh"

template <int kKind>
int branch_case(const char* name, float* sink, long long* cycles) {
  constexpr int steps = kSteps;
  branch_kernel<kKind><<<1, 32>>>(0xffffffffu, 1.0001f, sink, cycles);
  TIMING_CHECK(cudaGetLastError());
  long long c = 0;
  TIMING_CHECK(cudaMemcpy(&c, cycles, sizeof c, cudaMemcpyDeviceToHost));
  std::printf("branch %-10s %8.2f cycles/step (%lld for %d steps)\n", name, double(c) / steps, c, steps);
  return 0;
}

template <int K>
int loop_case(float* sink, long long* cycles) {
  constexpr int kIterations = 64;
  loop_kernel<K><<<1, 32>>>(kIterations, 1.0001f, sink, cycles);
  TIMING_CHECK(cudaGetLastError());
  long long c = 0;
  TIMING_CHECK(cudaMemcpy(&c, cycles, sizeof c, cudaMemcpyDeviceToHost));
  std::printf("loop K=%-3d %8.2f cycles/iteration (%.2f per FFMA)\n", K, double(c) / kIterations,
              double(c) / kIterations / K);
  return 0;
}

int run_branches() {
  float* sink = nullptr;
  long long* cycles = nullptr;
  TIMING_CHECK(cudaMalloc(&sink, 32 * sizeof(float)));
  TIMING_CHECK(cudaMalloc(&cycles, sizeof(long long)));
  int e = 0;
  for (int rep = 0; rep < 2; ++rep) {
    e |= branch_case<kChain>("chain", sink, cycles);
    e |= branch_case<kNotTaken>("nottaken", sink, cycles);
    e |= branch_case<kTaken>("taken", sink, cycles);
    e |= branch_case<kChain4>("chain4", sink, cycles);
    e |= branch_case<kNotTaken4>("nottaken4", sink, cycles);
    e |= branch_case<kTaken4>("taken4", sink, cycles);
    e |= branch_case<kDiamondTaken>("diamond_t", sink, cycles);
    e |= branch_case<kDiamondNotTaken>("diamond_n", sink, cycles);
    e |= branch_case<kChain25>("chain25", sink, cycles);
    e |= loop_case<1>(sink, cycles);
    e |= loop_case<2>(sink, cycles);
    e |= loop_case<4>(sink, cycles);
    e |= loop_case<8>(sink, cycles);
    e |= loop_case<16>(sink, cycles);
    e |= loop_case<32>(sink, cycles);
  }
  return e;
}

// ---------------------------------------------------------------- fences
constexpr int kFences = 16;

#define FENCE_FORMS(M)                                                  \
  M(membar_cta, "membar.cta;") M(membar_gl, "membar.gl;")              \
  M(membar_sys, "membar.sys;") M(sc_cta, "fence.sc.cta;")              \
  M(sc_cluster, "fence.sc.cluster;") M(sc_gpu, "fence.sc.gpu;")        \
  M(sc_sys, "fence.sc.sys;") M(acqrel_cta, "fence.acq_rel.cta;")       \
  M(acqrel_cluster, "fence.acq_rel.cluster;") M(acqrel_gpu, "fence.acq_rel.gpu;") \
  M(acqrel_sys, "fence.acq_rel.sys;")

#define FENCE_ENUM(name, text) k_##name,
enum Fence { FENCE_FORMS(FENCE_ENUM) kThreadfence, kFenceForms };
#define FENCE_NAME(name, text) #name,
const char* const kFenceNames[] = {FENCE_FORMS(FENCE_NAME) "threadfence"};

template <int kForm>
__device__ __forceinline__ void fence() {
#define FENCE_CASE(name, text) \
  if (kForm == k_##name) asm volatile(text ::: "memory");
  FENCE_FORMS(FENCE_CASE)
  if (kForm == kThreadfence) __threadfence();
}

template <int kForm, bool kStore>
__global__ void fence_kernel(unsigned* slots, long long* per_warp) {
  const unsigned me = blockIdx.x * blockDim.x + threadIdx.x;
  long long start = 0, stop = 0;
#pragma unroll 1
  for (int pass = 0; pass < 2; ++pass) {
    __syncthreads();
    start = clock64();
#pragma unroll 1
    for (int i = 0; i < kFences; ++i) {
      if (kStore) slots[me] = i + pass;
      fence<kForm>();
    }
    stop = clock64();
  }
  if (threadIdx.x % 32 == 0) per_warp[me / 32] = stop - start;
}

template <int kForm, bool kStore>
int fence_case(int blocks, int warps, unsigned* slots, long long* per_warp) {
  fence_kernel<kForm, kStore><<<blocks, 32 * warps>>>(slots, per_warp);
  TIMING_CHECK(cudaGetLastError());
  std::vector<long long> host(blocks * warps);
  TIMING_CHECK(cudaMemcpy(host.data(), per_warp, host.size() * sizeof(long long), cudaMemcpyDeviceToHost));
  double sum = 0;
  long long worst = 0;
  for (long long c : host) {
    sum += c;
    worst = std::max(worst, c);
  }
  std::printf("fence %-15s %-7s blocks=%-3d warps=%-2d %8.1f cycles/fence mean, %8.1f slowest warp\n",
              kFenceNames[kForm], kStore ? "store" : "nostore", blocks, warps,
              sum / host.size() / kFences, double(worst) / kFences);
  return 0;
}

template <int kForm>
int fence_form(int sms, unsigned* slots, long long* per_warp) {
  int e = 0;
  for (int warps : {1, 4, 8, 12, 16, 32}) {
    e |= fence_case<kForm, false>(1, warps, slots, per_warp);
    e |= fence_case<kForm, true>(1, warps, slots, per_warp);
  }
  e |= fence_case<kForm, false>(sms, 1, slots, per_warp);
  e |= fence_case<kForm, true>(sms, 1, slots, per_warp);
  e |= fence_case<kForm, true>(sms, 8, slots, per_warp);
  return e;
}

int run_fences() {
  int sms = 0;
  TIMING_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  unsigned* slots = nullptr;
  long long* per_warp = nullptr;
  TIMING_CHECK(cudaMalloc(&slots, size_t(sms) * 1024 * sizeof(unsigned)));
  TIMING_CHECK(cudaMalloc(&per_warp, size_t(sms) * 32 * sizeof(long long)));
  int e = 0;
  for (int rep = 0; rep < 2; ++rep) {
#define FENCE_RUN(name, text) e |= fence_form<k_##name>(sms, slots, per_warp);
    FENCE_FORMS(FENCE_RUN)
    e |= fence_form<kThreadfence>(sms, slots, per_warp);
  }
  return e;
}

// ---------------------------------------------------------------- first loads
constexpr int kLoads = 32;

int run_loads(const char* mode) {
  int sms = 0;
  TIMING_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  constexpr size_t kInBytes = size_t{256} << 20;
  float* in = nullptr;
  float* out = nullptr;
  BlockTimes* times = nullptr;
  TIMING_CHECK(cudaMalloc(&in, kInBytes));
  TIMING_CHECK(cudaMalloc(&out, size_t(sms) * 32 * sizeof(float)));
  TIMING_CHECK(cudaMalloc(&times, size_t(sms) * sizeof(BlockTimes)));
  if (std::strcmp(mode, "memset") == 0) {
    TIMING_CHECK(cudaMemset(in, 0, kInBytes));
  } else if (std::strcmp(mode, "copy") == 0) {
    std::vector<char> host(kInBytes, 0);
    TIMING_CHECK(cudaMemcpy(in, host.data(), kInBytes, cudaMemcpyHostToDevice));
  } else if (std::strcmp(mode, "fresh") != 0) {
    std::printf("loads: unknown mode %s\n", mode);
    return 1;
  }
  TIMING_CHECK(cudaDeviceSynchronize());
  std::vector<BlockTimes> host(sms);
  for (const char* launch : {"first", "again"}) {
    load_kernel<kLoads><<<sms, 32>>>(in, out, times);
    TIMING_CHECK(cudaGetLastError());
    TIMING_CHECK(cudaMemcpy(host.data(), times, host.size() * sizeof(BlockTimes), cudaMemcpyDeviceToHost));
    std::printf("loads %-6s %-5s %.0f\n", mode, launch, median_sm_cycles(host));
  }
  return 0;
}

int main(int argc, char** argv) {
  const std::string what = argc > 1 ? argv[1] : "";
  if (what == "branch") return run_branches();
  if (what == "fence") return run_fences();
  if (what == "loads" && argc > 2) return run_loads(argv[2]);
  std::printf("usage: %s branch | fence | loads fresh|memset|copy\n", argv[0]);
  return 2;
}
