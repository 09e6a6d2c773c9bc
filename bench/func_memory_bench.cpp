// Functional-engine speed on a memory copy kernel (grid-stride ld.global /
// st.global of f32, full warps) against memcpy-like native copying, on 1, 2,
// 4 and 8 host threads (speedup_vs_1_thread).

#include <benchmark/benchmark.h>

#include <chrono>
#include <cstring>
#include <vector>

#include "func_bench_kernels.h"

namespace smsim::bench {
namespace {

constexpr std::uint32_t kElements = 1u << 22;

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
  const auto begin = std::chrono::steady_clock::now();
  for (auto _ : state) {
    const auto r = device.launch(module.kernels[0], {.grid = {256}, .block = {256}}, params);
    if (!r.ok()) state.SkipWithError(r.error.message.c_str());
    executed += r.stats.warp_instructions;
  }
  const std::chrono::duration<double> wall = std::chrono::steady_clock::now() - begin;
  report(state, executed, host_threads);
  report_speedup(state, "copy", host_threads, wall.count());
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * kElements * 8);
}
BENCHMARK(BM_Copy)
    ->ArgNames({"threads"})
    ->Arg(1)
    ->Arg(2)
    ->Arg(4)
    ->Arg(8)
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
