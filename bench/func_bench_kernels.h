#pragma once
// PTX kernels and a runner shared by the functional-engine benchmarks.

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <string>

#include "func/device.h"
#include "ptx/frontend.h"

namespace smsim::bench {

// Grid-stride f32 copy: copy(dst, src, n), one ld.global and one st.global per
// element, full warps.
inline constexpr const char* kCopyKernel = R"(.version 8.0
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

// Loads `source`, aborting with the diagnostics if it does not parse/decode.
inline func::LoadedModule load_or_die(func::Device& device, const std::string& source) {
  ptx::Diagnostics diags("bench.ptx", source);
  const ptx::Module module = ptx::parse_and_check(source, diags);
  if (diags.has_errors()) {
    std::fputs(diags.format().c_str(), stderr);
    std::abort();
  }
  func::LoadedModule loaded = device.load(module);
  for (const auto& k : loaded.kernels) {
    for (const auto& e : k.errors) std::fprintf(stderr, "%s\n", e.c_str());
    if (!k.kernel) std::abort();
  }
  return loaded;
}

// For a case run on several host threads: the speedup over the same case
// (`key`) on one thread, whose run comes first (Google Benchmark runs the
// cases in registration order) and leaves its wall seconds per iteration.
inline void report_speedup(benchmark::State& state, const std::string& key,
                           std::uint32_t host_threads, double wall_seconds) {
  static std::map<std::string, double> one_thread;
  const double per_iteration =
      wall_seconds / static_cast<double>(std::max<benchmark::IterationCount>(1, state.iterations()));
  if (host_threads == 1) one_thread[key] = per_iteration;
  const auto it = one_thread.find(key);
  if (it != one_thread.end() && per_iteration > 0.0) {
    state.counters["speedup_vs_1_thread"] = it->second / per_iteration;
  }
}

// Reports warp-instructions per second (and per host thread) for a launch.
inline void report(benchmark::State& state, std::uint64_t warp_instructions,
                   std::uint32_t host_threads) {
  state.counters["warp_inst_per_s"] =
      benchmark::Counter(static_cast<double>(warp_instructions), benchmark::Counter::kIsRate);
  state.counters["warp_inst_per_s_per_thread"] = benchmark::Counter(
      static_cast<double>(warp_instructions) / host_threads, benchmark::Counter::kIsRate);
}

}  // namespace smsim::bench
