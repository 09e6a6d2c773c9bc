#include "timing/timing_params.h"

#include <fmt/format.h>

#include <algorithm>

#include "timing/branch_cost.h"
#include "timing/cluster_release.h"
#include "timing/fence_cost.h"
#include "timing/issue_rules.h"

namespace smsim::timing {
namespace {

// Every latency the model uses must be stated; the cache levels' only where
// the GPU has the level.
bool latencies_stated(const arch::GpuModel& gpu) {
  const arch::TimingLatencies& l = gpu.timing.latency;
  for (int v : {l.alu, l.int_mul, l.fma, l.fp64, l.half, l.sfu, l.sfu_rcp, l.sfu_trig, l.convert,
                l.shuffle, l.shared, l.dram, l.barrier}) {
    if (v <= 0) return false;
  }
  const bool has_l2 = gpu.cache.l2.size_kib > 0;
  return (l.l1_hit > 0 || gpu.cache.l1.size_kib == 0) && (l.l2_hit > 0 || !has_l2);
}

// The clock the cycle model counts: the boost clock where the GPU has one.
int sm_clock_mhz(const arch::GpuModel& gpu) {
  return gpu.clocks.sm_boost_mhz > 0 ? gpu.clocks.sm_boost_mhz : gpu.clocks.sm_base_mhz;
}

}  // namespace

ParamsOrError timing_params(const arch::GpuModel& gpu) {
  const arch::TimingFacts& f = gpu.timing;
  const bool has_l1 = gpu.cache.l1.size_kib > 0;
  const bool has_l2 = gpu.cache.l2.size_kib > 0;
  if (!latencies_stated(gpu) || (has_l2 && f.l2_sectors_per_cycle <= 0.0) ||
      f.dram_efficiency <= 0.0 || (has_l2 && f.dram_fetch_bytes <= 0) ||
      (has_l1 && f.l1_data_kib <= 0) || gpu.sm_count <= 0 || sm_clock_mhz(gpu) <= 0 ||
      gpu.memory.bandwidth_gb_per_s <= 0.0) {
    return {std::nullopt,
            fmt::format("GPU model {} (CC {}.{}) has no cycle model yet: its [sm_XX.timing] facts "
                        "are missing (see docs/timing.md)",
                        gpu.name, gpu.cc.major, gpu.cc.minor)};
  }
  if (f.warp_policy != "gto" && f.warp_policy != "lrr") {
    return {std::nullopt,
            fmt::format("GPU model {}: timing.warp_policy must be \"gto\" or \"lrr\", "
                        "not \"{}\"",
                        gpu.name, f.warp_policy)};
  }
  if (auto e = cluster_release_error(f.cluster_release)) {
    return {std::nullopt, fmt::format("GPU model {}: {}", gpu.name, *e)};
  }
  if (auto e = fence_error(f.fence)) {
    return {std::nullopt, fmt::format("GPU model {}: {}", gpu.name, *e)};
  }
  if (auto e = branch_facts_error(f.branch)) {
    return {std::nullopt, fmt::format("GPU model {}: {}", gpu.name, *e)};
  }
  TimingParams p;
  p.facts = f;
  p.policy =
      f.warp_policy == "lrr" ? WarpPolicy::loose_round_robin : WarpPolicy::greedy_then_oldest;
  p.sm_count = static_cast<std::uint32_t>(gpu.sm_count);
  p.gpc_count = static_cast<std::uint32_t>(std::max(0, gpu.gpc_count));
  p.schedulers = static_cast<std::uint32_t>(std::max(1, gpu.sm.schedulers));
  p.issue_width = static_cast<std::uint32_t>(std::max(1, gpu.sm.issue_width));
  const int warp = std::max(1, gpu.limits.warp_size);
  p.fp32_interval = pipe_interval(warp, gpu.sm.units.fp32, gpu.sm.schedulers);
  p.int_interval = pipe_interval(warp, gpu.sm.units.int32, gpu.sm.schedulers);
  // Where a DP issue stops the other schedulers, the SM's DP units serve the
  // one scheduler that issues: the pipe is as fast as all of them together.
  p.fp64_interval = pipe_interval(warp, gpu.sm.units.fp64,
                                  f.issue.fp64_blocks_other_schedulers ? 1 : gpu.sm.schedulers);
  p.sfu_interval = pipe_interval(warp, gpu.sm.units.sfu, gpu.sm.schedulers);
  p.shared_banks = analysis::default_banks(gpu);
  p.shared_rules = gpu.access.shared;
  p.l1_line_bytes = static_cast<std::uint32_t>(std::max(32, gpu.cache.l1.line_bytes));
  p.l1_bytes = has_l1 ? static_cast<std::uint64_t>(f.l1_data_kib) * 1024 : 0;
  p.l2_bytes = has_l2 ? static_cast<std::uint64_t>(gpu.cache.l2.size_kib) * 1024 : 0;
  p.global_rules = gpu.access.global;
  // GB/s over MHz is bytes per SM cycle at the SM clock.
  p.dram_bytes_per_cycle =
      gpu.memory.bandwidth_gb_per_s * 1000.0 / sm_clock_mhz(gpu) * f.dram_efficiency;
  p.sm_clock_mhz = static_cast<std::uint32_t>(sm_clock_mhz(gpu));
  return {p, {}};
}

}  // namespace smsim::timing
