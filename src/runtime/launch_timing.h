#pragma once
// What the runtime needs beyond validity for a launch: the elapsed time events
// report in functional mode, the cooperative-launch limit, and the occupancy
// inputs of a kernel.

#include <cstdint>
#include <optional>
#include <span>

#include "arch/gpu_model.h"
#include "arch/occupancy.h"
#include "func/exec/launch_types.h"
#include "runtime/context.h"
#include "timing/stall_reason.h"

namespace smsim::runtime {

// Functional mode has no cycle model: a launch takes as long as its
// warp-instructions need when every scheduler of every SM issues one per
// cycle at the boost clock (a lower bound, so event times are plausible and
// deterministic).
double estimated_milliseconds(const arch::GpuModel& gpu, const func::LaunchStats& stats);

// One launch run to completion by the engine of the run's mode: the
// functional engine, or in timing mode the cycle model (which also gives the
// launch's time and its ncu-style metrics).
struct KernelRun {
  func::LaunchResult result;
  std::optional<timing::TimingStats> timing;
  double milliseconds = 0.0;
};
// `start_ns`: the launch's start on the device timeline (%globaltimer's
// origin in timing mode).
KernelRun run_kernel(Context& context, const ResolvedKernel& kernel,
                     const func::LaunchConfig& config, std::span<const std::byte> params,
                     func::LaunchObserver* observer = nullptr, double start_ns = 0.0);

// Registers per thread of the kernel (ptxas on its PTX, remembered).
std::uint32_t registers_per_thread(Context& context, const ResolvedKernel& kernel);

arch::OccupancyInput occupancy_input(Context& context, const ResolvedKernel& kernel,
                                     std::uint32_t threads, std::int64_t dynamic_shared);

// Blocks of this configuration that fit on one SM at once (0 when none).
int active_blocks_per_sm(Context& context, const ResolvedKernel& kernel, std::uint32_t threads,
                         std::int64_t dynamic_shared);

// Cooperative launches need every block resident at once.
bool fits_cooperatively(Context& context, const ResolvedKernel& kernel,
                        const func::LaunchConfig& config);

// Registers × threads beyond the SM's or the block's register file is
// cudaErrorLaunchOutOfResources.
bool registers_fit(Context& context, const ResolvedKernel& kernel, std::uint32_t threads);

}  // namespace smsim::runtime
