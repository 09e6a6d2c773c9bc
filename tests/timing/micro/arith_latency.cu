// Dependent-issue latency of arithmetic instructions: one warp runs a chain
// of kChain instructions, each reading the previous one's result, written as
// inline PTX so that the compiler keeps exactly one instruction per link.
// Prints cycles per instruction. A chain of rcp alone is folded away by
// ptxas (rcp(rcp(x)) = x), so lat_mufu_rcp_fadd times rcp + add pairs and
// prints cycles per pair.
#include "micro.cuh"

constexpr int kChain = 512;

enum Op { kFadd, kFmul, kFfma, kImad, kDfma, kDadd, kHfma2, kEx2, kLg2, kRsqrt, kRcp, kSin, kSqrt, kOps };
const char* const kNames[kOps] = {"lat_fadd",  "lat_fmul", "lat_ffma",  "lat_imad", "lat_dfma",
                                  "lat_dadd",  "lat_hfma2", "lat_mufu_ex2", "lat_mufu_lg2",
                                  "lat_mufu_rsqrt", "lat_mufu_rcp_fadd", "lat_mufu_sin", "lat_mufu_sqrt"};

template <Op op>
__device__ __forceinline__ void link(float& f, double& d, unsigned& u, float a, double da, unsigned ua) {
  if constexpr (op == kFadd) asm volatile("add.f32 %0, %0, %1;" : "+f"(f) : "f"(a));
  if constexpr (op == kFmul) asm volatile("mul.f32 %0, %0, %1;" : "+f"(f) : "f"(a));
  if constexpr (op == kFfma) asm volatile("fma.rn.f32 %0, %0, %1, %1;" : "+f"(f) : "f"(a));
  if constexpr (op == kImad) asm volatile("mad.lo.u32 %0, %0, %1, %1;" : "+r"(u) : "r"(ua));
  if constexpr (op == kDfma) asm volatile("fma.rn.f64 %0, %0, %1, %1;" : "+d"(d) : "d"(da));
  if constexpr (op == kDadd) asm volatile("add.f64 %0, %0, %1;" : "+d"(d) : "d"(da));
  if constexpr (op == kHfma2) asm volatile("fma.rn.f16x2 %0, %0, %1, %1;" : "+r"(u) : "r"(ua));
  if constexpr (op == kEx2) asm volatile("ex2.approx.ftz.f32 %0, %0;" : "+f"(f));
  if constexpr (op == kLg2) asm volatile("lg2.approx.ftz.f32 %0, %0;" : "+f"(f));
  if constexpr (op == kRsqrt) asm volatile("rsqrt.approx.ftz.f32 %0, %0;" : "+f"(f));
  if constexpr (op == kRcp) asm volatile("rcp.approx.ftz.f32 %0, %0;\n\tadd.f32 %0, %0, %1;" : "+f"(f) : "f"(a));
  if constexpr (op == kSin) asm volatile("sin.approx.ftz.f32 %0, %0;" : "+f"(f));
  if constexpr (op == kSqrt) asm volatile("sqrt.approx.ftz.f32 %0, %0;" : "+f"(f));
}

template <Op op>
__global__ void chain_kernel(float a, double da, unsigned ua, float* out, long long* cycles) {
  float f = a + static_cast<float>(threadIdx.x);
  double d = da;
  unsigned u = ua + threadIdx.x;
  const long long elapsed = micro::second_pass_cycles([&] {
#pragma unroll
    for (int i = 0; i < kChain; ++i) link<op>(f, d, u, a, da, ua);
  });
  out[threadIdx.x] = f + static_cast<float>(d) + static_cast<float>(u);
  if (threadIdx.x == 0) *cycles = elapsed;
}

template <Op op>
void run(float* out, long long* cycles) {
  chain_kernel<op><<<1, 32>>>(1.0001f, 1.0000001, 3u, out, cycles);
  TIMING_CHECK(cudaGetLastError());
  long long host = 0;
  TIMING_CHECK(cudaMemcpy(&host, cycles, sizeof host, cudaMemcpyDeviceToHost));
  micro::print_case(kNames[op], static_cast<double>(host) / kChain);
}

int main() {
  float* out = nullptr;
  long long* cycles = nullptr;
  TIMING_CHECK(cudaMalloc(&out, 32 * sizeof(float)));
  TIMING_CHECK(cudaMalloc(&cycles, sizeof(long long)));
  run<kFadd>(out, cycles);
  run<kFmul>(out, cycles);
  run<kFfma>(out, cycles);
  run<kImad>(out, cycles);
  run<kDfma>(out, cycles);
  run<kDadd>(out, cycles);
  run<kHfma2>(out, cycles);
  run<kEx2>(out, cycles);
  run<kLg2>(out, cycles);
  run<kRsqrt>(out, cycles);
  run<kRcp>(out, cycles);
  run<kSin>(out, cycles);
  run<kSqrt>(out, cycles);
  TIMING_CHECK(cudaFree(out));
  TIMING_CHECK(cudaFree(cycles));
  return 0;
}
