#include <algorithm>

#include "arch/occupancy_graph.h"

namespace smsim::arch {

namespace {

// Enough shared-memory samples for a smooth staircase without a huge file.
constexpr std::int64_t kSmemSamples = 256;

double occupancy_or_zero(const GpuModel& gpu, const OccupancyInput& input) {
  const auto outcome = occupancy(gpu, input);
  const auto* result = std::get_if<OccupancyResult>(&outcome);
  return result != nullptr ? result->occupancy : 0.0;
}

template <typename Vary>
OccupancySeries sweep(const GpuModel& gpu, const OccupancyInput& base, std::vector<std::int64_t> xs,
                      std::int64_t current_x, Vary vary) {
  xs.push_back(current_x);
  std::sort(xs.begin(), xs.end());
  xs.erase(std::unique(xs.begin(), xs.end()), xs.end());
  OccupancySeries series;
  for (const std::int64_t x : xs) {
    OccupancyInput input = base;
    vary(input, x);
    series.points.push_back({x, occupancy_or_zero(gpu, input)});
  }
  series.current = {current_x, occupancy_or_zero(gpu, base)};
  return series;
}

}  // namespace

OccupancyCurves occupancy_curves(const GpuModel& gpu, const OccupancyInput& input) {
  OccupancyInput base = input;
  base.dynamic_smem_per_block += base.static_smem_per_block;
  base.static_smem_per_block = 0;

  std::vector<std::int64_t> threads;
  for (int t = gpu.limits.warp_size; t <= gpu.limits.max_threads_per_block;
       t += gpu.limits.warp_size) {
    threads.push_back(t);
  }
  std::vector<std::int64_t> regs;
  for (int r = 1; r <= gpu.registers.max_per_thread; ++r) regs.push_back(r);

  const auto& smem = gpu.shared_memory;
  const std::int64_t smem_max =
      input.smem_limit == SharedMemoryLimit::kOptIn ? smem.max_per_block_optin : smem.max_per_block;
  const std::int64_t step = std::max<std::int64_t>(
      smem.allocation_unit, (smem_max / kSmemSamples + smem.allocation_unit - 1) /
                                smem.allocation_unit * smem.allocation_unit);
  std::vector<std::int64_t> smem_sizes;
  for (std::int64_t s = 0; s <= smem_max; s += step) smem_sizes.push_back(s);
  smem_sizes.push_back(smem_max);

  OccupancyCurves curves;
  curves.title = gpu.display_name + " (CC " + gpu.cc.to_string() + ")";
  curves.series[0] =
      sweep(gpu, base, threads, input.threads_per_block,
            [](OccupancyInput& in, std::int64_t x) { in.threads_per_block = static_cast<int>(x); });
  curves.series[0].id = "threads";
  curves.series[0].title = "Varying block size";
  curves.series[0].x_label = "Threads per block";

  curves.series[1] =
      sweep(gpu, base, regs, input.regs_per_thread,
            [](OccupancyInput& in, std::int64_t x) { in.regs_per_thread = static_cast<int>(x); });
  curves.series[1].id = "registers";
  curves.series[1].title = "Varying register count";
  curves.series[1].x_label = "Registers per thread";

  curves.series[2] = sweep(
      gpu, base, smem_sizes, base.dynamic_smem_per_block, [](OccupancyInput& in, std::int64_t x) {
        in.dynamic_smem_per_block = x;
        in.max_dynamic_smem_per_block = std::max(in.max_dynamic_smem_per_block, x);
      });
  curves.series[2].id = "shared-memory";
  curves.series[2].title = "Varying shared memory usage";
  curves.series[2].x_label = "Shared memory per block (bytes)";
  return curves;
}

}  // namespace smsim::arch
