#include "runtime/launch_timing.h"

#include <algorithm>
#include <variant>

#include "runtime/launch_check.h"
#include "func/gpu_model_options.h"
#include "runtime/module_ptxas.h"
#include "timing/timed_launch.h"

namespace smsim::runtime {
namespace {

constexpr double kMillisecondsPerSecond = 1e3;
constexpr double kHzPerMhz = 1e6;
constexpr std::uint32_t kMaxRegistersPerThread = 255;

// The SM clock times are taken at: the boost clock, or the base clock of a
// GPU without one (Tesla, Fermi).
int sm_clock_mhz(const arch::GpuModel& gpu) {
  return gpu.clocks.sm_boost_mhz != 0 ? gpu.clocks.sm_boost_mhz : gpu.clocks.sm_base_mhz;
}

}  // namespace

double estimated_milliseconds(const arch::GpuModel& gpu, const func::LaunchStats& stats) {
  const int mhz = sm_clock_mhz(gpu);
  const double issue_per_cycle =
      std::max(1.0, static_cast<double>(gpu.sm_count) * std::max(1, gpu.sm.schedulers));
  if (mhz <= 0) return 0.0;
  const double cycles = static_cast<double>(stats.warp_instructions) / issue_per_cycle;
  return cycles / (mhz * kHzPerMhz) * kMillisecondsPerSecond;
}

std::uint32_t registers_per_thread(Context& context, const ResolvedKernel& kernel) {
  if (const PtxasInfo* info = module_ptxas_info(*kernel.record->module, func::sm_number(context.gpu()))) {
    const auto it = info->registers.find(kernel.record->name);
    if (it != info->registers.end()) return it->second;
  }
  return std::min(kernel.kernel->kernel->register_count, kMaxRegistersPerThread);
}

arch::OccupancyInput occupancy_input(Context& context, const ResolvedKernel& kernel,
                                     std::uint32_t threads, std::int64_t dynamic_shared) {
  arch::OccupancyInput input;
  input.threads_per_block = static_cast<int>(threads);
  input.regs_per_thread = static_cast<int>(registers_per_thread(context, kernel));
  input.static_smem_per_block = kernel.kernel->kernel->static_shared_bytes;
  input.dynamic_smem_per_block = dynamic_shared;
  input.carveout_percent = kernel.record->settings.preferred_carveout;
  input.smem_limit = arch::SharedMemoryLimit::kOptIn;
  // The kernel's maxDynamicSharedSizeBytes (48 KiB less static memory
  // unless the program raised it) bounds what a block may ask for.
  input.max_dynamic_smem_per_block =
      max_dynamic_shared_bytes(context.gpu(), *kernel.kernel->kernel, kernel.record->settings);
  return input;
}

int active_blocks_per_sm(Context& context, const ResolvedKernel& kernel, std::uint32_t threads,
                         std::int64_t dynamic_shared) {
  const auto outcome =
      arch::occupancy(context.gpu(), occupancy_input(context, kernel, threads, dynamic_shared));
  const auto* result = std::get_if<arch::OccupancyResult>(&outcome);
  return result != nullptr ? result->active_blocks_per_sm : 0;
}

bool fits_cooperatively(Context& context, const ResolvedKernel& kernel,
                        const func::LaunchConfig& config) {
  const auto per_sm = static_cast<std::uint64_t>(std::max(
      0, active_blocks_per_sm(context, kernel, static_cast<std::uint32_t>(config.block.count()),
                              config.dynamic_shared_bytes)));
  return config.grid.count() <= per_sm * static_cast<std::uint64_t>(context.gpu().sm_count);
}

bool registers_fit(Context& context, const ResolvedKernel& kernel, std::uint32_t threads) {
  const arch::GpuModel& gpu = context.gpu();
  const std::uint64_t regs = registers_per_thread(context, kernel);
  const auto warp = static_cast<std::uint64_t>(std::max(1, gpu.limits.warp_size));
  const std::uint64_t warps = (threads + warp - 1) / warp;
  const auto unit = static_cast<std::uint64_t>(std::max(1, gpu.registers.allocation_unit));
  const std::uint64_t per_warp = (regs * warp + unit - 1) / unit * unit;
  return per_warp * warps <= static_cast<std::uint64_t>(gpu.registers.max_per_block);
}

KernelRun run_kernel(Context& context, const ResolvedKernel& kernel,
                     const func::LaunchConfig& config, std::span<const std::byte> params,
                     func::LaunchObserver* observer, double start_ns) {
  KernelRun run;
  func::Device& device = context.device();
  const timing::TimingParams* model = context.timing();
  if (model == nullptr) {
    run.result = device.launch(*kernel.kernel, config, params, observer);
    run.milliseconds = estimated_milliseconds(context.gpu(), run.result.stats);
    return run;
  }
  const int per_sm =
      active_blocks_per_sm(context, kernel, static_cast<std::uint32_t>(config.block.count()),
                           config.dynamic_shared_bytes);
  func::LaunchOptions options = device.next_launch_options();
  options.observer = observer;
  options.globaltimer_origin_ns = static_cast<std::uint64_t>(start_ns);
  const int mhz = std::max(1, sm_clock_mhz(context.gpu()));
  options.clock_mhz = static_cast<std::uint32_t>(mhz);
  options.host_threads = context.timing_threads();
  timing::TimedLaunchResult timed =
      timing::launch_timed(*kernel.kernel->kernel, config, options, device.memory(), params, *model,
                           static_cast<std::uint32_t>(std::max(1, per_sm)), {}, &device.heap(),
                           context.translation());
  device.add_to_totals(timed.launch.stats);
  run.result = std::move(timed.launch);
  run.timing = timed.timing;
  // SM cycles at the boost clock (the clock the model's latencies were
  // measured at), or the base clock where there is no boost clock.
  run.milliseconds =
      static_cast<double>(timed.timing.cycles) / (mhz * kHzPerMhz / kMillisecondsPerSecond);
  return run;
}

}  // namespace smsim::runtime
