// Functional-engine speed on a memory copy kernel (grid-stride ld.global /
// st.global of f32, full warps) against memcpy-like native copying, on 1 and
// 2 host threads.

#include <benchmark/benchmark.h>

#include <cstring>
#include <vector>

#include "func_bench_kernels.h"

namespace smsim::bench {
namespace {

constexpr std::uint32_t kElements = 1u << 22;

const char* kCopyKernel = R"(.version 8.0
.target sm_90
.address_size 64
.visible .entry copy(.param .u64 dst, .param .u64 src, .param .u32 n)
{
  .reg .b32 %r<8>;
  .reg .f32 %f;
  .reg .pred %p;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [dst];
  ld.param.u64 %rd2, [src];
  ld.param.u32 %r1, [n];
  mov.u32 %r2, %ctaid.x;
  mov.u32 %r3, %ntid.x;
  mov.u32 %r4, %tid.x;
  mad.lo.s32 %r5, %r2, %r3, %r4;
  mov.u32 %r6, %nctaid.x;
  mul.lo.s32 %r7, %r6, %r3;
  setp.ge.u32 %p, %r5, %r1;
  @%p bra DONE;
LOOP:
  mul.wide.u32 %rd3, %r5, 4;
  add.s64 %rd4, %rd2, %rd3;
  ld.global.f32 %f, [%rd4];
  add.s64 %rd5, %rd1, %rd3;
  st.global.f32 [%rd5], %f;
  add.s32 %r5, %r5, %r7;
  setp.lt.u32 %p, %r5, %r1;
  @%p bra LOOP;
DONE:
  ret;
}
)";

void BM_Copy(benchmark::State& state) {
  const auto host_threads = static_cast<std::uint32_t>(state.range(0));
  func::LaunchOptions options;
  options.host_threads = host_threads;
  func::Device device(options, std::uint64_t{1} << 34);
  func::LoadedModule module = load_or_die(device, kCopyKernel);
  const std::uint64_t src = device.allocate(kElements * 4);
  const std::uint64_t dst = device.allocate(kElements * 4);
  std::vector<std::byte> params(20);
  std::memcpy(params.data(), &dst, 8);
  std::memcpy(params.data() + 8, &src, 8);
  std::memcpy(params.data() + 16, &kElements, 4);
  std::uint64_t executed = 0;
  for (auto _ : state) {
    const auto r = device.launch(module.kernels[0], {.grid = {256}, .block = {256}}, params);
    if (!r.ok()) state.SkipWithError(r.error.message.c_str());
    executed += r.stats.warp_instructions;
  }
  report(state, executed, host_threads);
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * kElements * 8);
}
BENCHMARK(BM_Copy)
    ->ArgNames({"threads"})
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

void BM_NativeCopy(benchmark::State& state) {
  std::vector<float> src(kElements, 1.0f), dst(kElements);
  for (auto _ : state) {
    for (std::uint32_t i = 0; i < kElements; ++i) dst[i] = src[i];
    benchmark::DoNotOptimize(dst.data());
  }
  // Warp-instructions the same copy takes in the kernel's loop (8 per 32
  // elements), for a like-for-like rate.
  state.counters["warp_inst_per_s"] = benchmark::Counter(
      static_cast<double>(kElements) / 32 * 8 * static_cast<double>(state.iterations()),
      benchmark::Counter::kIsRate);
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * kElements * 8);
}
BENCHMARK(BM_NativeCopy)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace smsim::bench

BENCHMARK_MAIN();
