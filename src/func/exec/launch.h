#pragma once
// Runs a whole grid: validates the configuration, gives each block its state,
// runs blocks in parallel on host threads and gathers statistics. Blocks are
// independent, so a deterministic program gives the same results whatever
// the thread count.

#include <cstddef>
#include <span>

#include "func/decode/decoded_kernel.h"
#include "func/exec/launch_types.h"
#include "func/memory/device_heap.h"
#include "func/memory/device_memory.h"

namespace smsim::func {

// Per-block limits the launch enforces (those of CUDA for every CC since 2.0,
// and of the H100 for shared memory).
struct LaunchLimits {
  std::uint32_t max_threads_per_block = 1024;
  std::uint32_t max_block_x = 1024, max_block_y = 1024, max_block_z = 64;
  std::uint32_t max_grid_x = 0x7FFF'FFFF, max_grid_y = 65535, max_grid_z = 65535;
  std::uint32_t max_shared_per_block = 227 * 1024;
};

// `heap` serves malloc/free in kernels; a kernel calling them without one
// gets NULL from malloc.
LaunchResult launch_kernel(const DecodedKernel& kernel, const LaunchConfig& config,
                           const LaunchOptions& options, DeviceMemory& memory,
                           std::span<const std::byte> params, const LaunchLimits& limits = {},
                           DeviceHeap* heap = nullptr);

}  // namespace smsim::func
