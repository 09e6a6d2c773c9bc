#pragma once
// PTX kernels and a runner shared by the functional-engine benchmarks.

#include <benchmark/benchmark.h>

#include <cstdlib>
#include <string>

#include "func/device.h"
#include "ptx/frontend.h"

namespace smsim::bench {

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

// Reports warp-instructions per second (and per host thread) for a launch.
inline void report(benchmark::State& state, std::uint64_t warp_instructions,
                   std::uint32_t host_threads) {
  state.counters["warp_inst_per_s"] =
      benchmark::Counter(static_cast<double>(warp_instructions), benchmark::Counter::kIsRate);
  state.counters["warp_inst_per_s_per_thread"] = benchmark::Counter(
      static_cast<double>(warp_instructions) / host_threads, benchmark::Counter::kIsRate);
}

}  // namespace smsim::bench
