#pragma once
// Whether a launch configuration is accepted, with the codes the CUDA 13
// runtime returns on an H100 (tests/runtime/errors/golden): every bad block
// or grid dimension, zero size, too much dynamic shared memory and a
// violated __launch_bounds__ is cudaErrorInvalidValue, never
// cudaErrorInvalidConfiguration.

#include <cstdint>

#include "arch/gpu_model.h"
#include "func/exec/launch_types.h"
#include "ptx/ir.h"
#include "runtime/context.h"

namespace smsim::runtime {

// The largest dynamic shared memory a launch of this kernel may request:
// the opt-in value the program set, else what is left of 48 KiB (the
// per-block default) after static shared memory.
std::int64_t max_dynamic_shared_bytes(const arch::GpuModel& gpu, const func::DecodedKernel& kernel,
                                      const KernelSettings& settings);

// The threads per block the kernel accepts: the GPU's limit, lowered by
// .maxntid / .reqntid.
std::uint32_t max_threads_per_block(const arch::GpuModel& gpu, const ptx::Function* function);

std::int32_t check_launch(const arch::GpuModel& gpu, const ResolvedKernel& kernel,
                          const func::LaunchConfig& config);

}  // namespace smsim::runtime
