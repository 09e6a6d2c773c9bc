#pragma once
// What a GPU model of configs/ means to the functional engine: its compute
// capability as the engine's `sm` number (major * 10 + minor) and the launch
// options its SM implies. The runtime and the CLI both start from these, so
// per-CC behaviour comes from the model's data, not from CC comparisons.

#include <cstdint>

#include "arch/gpu_model.h"
#include "func/exec/launch_types.h"

namespace smsim::func {

inline std::uint32_t sm_number(const arch::GpuModel& gpu) {
  return static_cast<std::uint32_t>(gpu.cc.major * 10 + gpu.cc.minor);
}

inline LaunchOptions launch_options_for(const arch::GpuModel& gpu) {
  LaunchOptions options;
  options.independent_thread_scheduling = gpu.sm.independent_thread_scheduling;
  options.f32_subnormals = gpu.sm.f32_subnormals;
  options.fmad_truncated_product = gpu.sm.fmad_truncated_product;
  options.sm_count = static_cast<std::uint32_t>(gpu.sm_count);
  options.warp_slots_per_sm = static_cast<std::uint32_t>(gpu.limits.max_warps_per_sm);
  return options;
}

}  // namespace smsim::func
