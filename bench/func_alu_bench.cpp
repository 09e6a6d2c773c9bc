// Functional-engine speed on ALU-bound kernels: dependent and independent
// FFMA and IMAD chains over full warps, against a native C++ loop doing the
// same arithmetic, on 1, 2, 4 and 8 host threads (speedup_vs_1_thread).

#include <benchmark/benchmark.h>

#include <chrono>
#include <cmath>
#include <cstring>
#include <vector>

#include "func_bench_kernels.h"

namespace smsim::bench {
namespace {

constexpr std::uint32_t kBlocks = 16;
constexpr std::uint32_t kThreads = 256;
constexpr std::uint32_t kIterations = 64;
constexpr int kUnroll = 16;

// One kernel per (operation, dependency) pair: each loop iteration runs
// kUnroll arithmetic instructions on 1 chain (dependent) or 4 (independent).
std::string alu_kernel(bool integer, bool independent) {
  const char* op = integer ? "mad.lo.s32" : "fma.rn.f32";
  const char* type = integer ? ".b32" : ".f32";
  std::string body;
  for (int i = 0; i < kUnroll; ++i) {
    const int chain = independent ? i % 4 : 0;
    body += "  " + std::string(op) + " %v" + std::to_string(chain) + ", %v" +
            std::to_string(chain) + ", %m, %a;\n";
  }
  std::string init = integer ? "  mov.b32 %m, 3;\n  mov.b32 %a, 1;\n"
                             : "  mov.f32 %m, 0f3F7FFFFE;\n  mov.f32 %a, 0f3F800000;\n";
  std::string combine =
      integer ? "  add.s32 %v0, %v0, %v1;\n  add.s32 %v2, %v2, %v3;\n  add.s32 %v0, %v0, %v2;\n"
              : "  add.f32 %v0, %v0, %v1;\n  add.f32 %v2, %v2, %v3;\n  add.f32 %v0, %v0, %v2;\n";
  return std::string(R"(.version 8.0
.target sm_90
.address_size 64
.visible .entry alu(.param .u64 out, .param .u32 iters)
{
  .reg )") +
         type + R"( %v<4>;
  .reg )" +
         type + R"( %m;
  .reg )" +
         type + R"( %a;
  .reg .b32 %r<4>;
  .reg .pred %p;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  ld.param.u32 %r1, [iters];
  mov.u32 %r2, %tid.x;
)" + (integer ? "  mov.b32 %v0, %r2;\n" : "  cvt.rn.f32.u32 %v0, %r2;\n") +
         "  mov" + type + " %v1, %v0;\n  mov" + type + " %v2, %v0;\n  mov" + type + " %v3, %v0;\n" +
         init + R"(  mov.u32 %r3, 0;
LOOP:
)" + body +
         R"(  add.s32 %r3, %r3, 1;
  setp.lt.u32 %p, %r3, %r1;
  @%p bra LOOP;
)" + combine +
         R"(  mov.u32 %r0, %ctaid.x;
  mad.lo.s32 %r0, %r0, 256, %r2;
  mul.wide.u32 %rd2, %r0, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global)" +
         type + R"( [%rd3], %v0;
  ret;
}
)";
}

void BM_Alu(benchmark::State& state) {
  const bool integer = state.range(0) != 0;
  const bool independent = state.range(1) != 0;
  const auto host_threads = static_cast<std::uint32_t>(state.range(2));
  func::LaunchOptions options;
  options.host_threads = host_threads;
  func::Device device(options, std::uint64_t{1} << 32);
  func::LoadedModule module = load_or_die(device, alu_kernel(integer, independent));
  const std::uint64_t out = device.allocate(kBlocks * kThreads * 4);
  std::vector<std::byte> params(12);
  std::memcpy(params.data(), &out, 8);
  std::memcpy(params.data() + 8, &kIterations, 4);
  std::uint64_t executed = 0;
  const auto begin = std::chrono::steady_clock::now();
  for (auto _ : state) {
    const auto r =
        device.launch(module.kernels[0], {.grid = {kBlocks}, .block = {kThreads}}, params);
    if (!r.ok()) state.SkipWithError(r.error.message.c_str());
    executed += r.stats.warp_instructions;
  }
  const std::chrono::duration<double> wall = std::chrono::steady_clock::now() - begin;
  report(state, executed, host_threads);
  report_speedup(state, std::to_string(state.range(0)) + "," + std::to_string(state.range(1)),
                 host_threads, wall.count());
}
BENCHMARK(BM_Alu)
    ->ArgNames({"int", "independent", "threads"})
    ->ArgsProduct({{0, 1}, {0, 1}, {1, 2, 4, 8}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// The same arithmetic natively: one chain per simulated thread, so the ratio
// of warp-instructions per second compares like with like.
void BM_NativeAlu(benchmark::State& state) {
  const bool integer = state.range(0) != 0;
  std::vector<float> f(kBlocks * kThreads);
  std::vector<std::int32_t> n(kBlocks * kThreads);
  for (std::size_t t = 0; t < f.size(); ++t) {
    f[t] = static_cast<float>(t % kThreads);
    n[t] = static_cast<std::int32_t>(t % kThreads);
  }
  for (auto _ : state) {
    for (std::size_t t = 0; t < f.size(); ++t) {
      if (integer) {
        std::uint32_t v = static_cast<std::uint32_t>(n[t]);
        for (std::uint32_t i = 0; i < kIterations * kUnroll; ++i) v = v * 3u + 1u;
        n[t] = static_cast<std::int32_t>(v);
      } else {
        float v = f[t];
        for (std::uint32_t i = 0; i < kIterations * kUnroll; ++i)
          v = std::fma(v, 0.99999988f, 1.0f);
        f[t] = v;
      }
    }
    benchmark::DoNotOptimize(f.data());
    benchmark::DoNotOptimize(n.data());
  }
  // Arithmetic warp-instructions only (the engine's count also includes the
  // loop control, about 1/5 more).
  const double warp_ops = static_cast<double>(kBlocks) * kThreads / 32 * kIterations * kUnroll;
  state.counters["arith_warp_inst_per_s"] = benchmark::Counter(
      warp_ops * static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_NativeAlu)->ArgNames({"int"})->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace smsim::bench

BENCHMARK_MAIN();
