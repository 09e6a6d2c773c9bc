#include "timing/timing_params.h"

#include <fmt/format.h>

#include <algorithm>

namespace smsim::timing {
namespace {

std::uint32_t interval(int warp_size, int units, int schedulers) {
  const int per_partition = std::max(1, units / std::max(1, schedulers));
  return static_cast<std::uint32_t>(std::max(1, warp_size / per_partition));
}

bool latencies_measured(const arch::TimingLatencies& l) {
  for (int v : {l.alu, l.int_mul, l.fma, l.fp64, l.half, l.sfu, l.sfu_rcp, l.sfu_trig, l.convert,
                l.shuffle, l.shared, l.l1_hit, l.l2_hit, l.dram, l.barrier}) {
    if (v <= 0) return false;
  }
  return true;
}

}  // namespace

ParamsOrError timing_params(const arch::GpuModel& gpu) {
  const arch::TimingFacts& f = gpu.timing;
  if (!latencies_measured(f.latency) || f.l2_sectors_per_cycle <= 0.0 || f.dram_efficiency <= 0.0 ||
      f.dram_fetch_bytes <= 0 || f.l1_data_kib <= 0 || gpu.sm_count <= 0 ||
      gpu.clocks.sm_boost_mhz <= 0 || gpu.memory.bandwidth_gb_per_s <= 0.0) {
    return {std::nullopt,
            fmt::format("GPU model {} (CC {}.{}) has no cycle model yet: its [sm_XX.timing] facts "
                        "are missing (see docs/timing.md); --mode timing supports sm_90 models",
                        gpu.name, gpu.cc.major, gpu.cc.minor)};
  }
  if (f.warp_policy != "gto" && f.warp_policy != "lrr") {
    return {std::nullopt,
            fmt::format("GPU model {}: timing.warp_policy must be \"gto\" or \"lrr\", "
                        "not \"{}\"",
                        gpu.name, f.warp_policy)};
  }
  TimingParams p;
  p.facts = f;
  p.policy =
      f.warp_policy == "lrr" ? WarpPolicy::loose_round_robin : WarpPolicy::greedy_then_oldest;
  p.sm_count = static_cast<std::uint32_t>(gpu.sm_count);
  p.schedulers = static_cast<std::uint32_t>(std::max(1, gpu.sm.schedulers));
  p.issue_width = static_cast<std::uint32_t>(std::max(1, gpu.sm.issue_width));
  const int warp = std::max(1, gpu.limits.warp_size);
  p.fp32_interval = interval(warp, gpu.sm.units.fp32, gpu.sm.schedulers);
  p.int_interval = interval(warp, gpu.sm.units.int32, gpu.sm.schedulers);
  p.fp64_interval = interval(warp, gpu.sm.units.fp64, gpu.sm.schedulers);
  p.sfu_interval = interval(warp, gpu.sm.units.sfu, gpu.sm.schedulers);
  p.shared_banks = static_cast<std::uint32_t>(std::max(1, gpu.shared_memory.banks));
  p.l1_line_bytes = static_cast<std::uint32_t>(std::max(32, gpu.cache.l1.line_bytes));
  p.l2_bytes = static_cast<std::uint64_t>(std::max(1, gpu.cache.l2.size_kib)) * 1024;
  // GB/s over MHz is bytes per SM cycle at the boost clock.
  p.dram_bytes_per_cycle =
      gpu.memory.bandwidth_gb_per_s * 1000.0 / gpu.clocks.sm_boost_mhz * f.dram_efficiency;
  return {p, {}};
}

}  // namespace smsim::timing
