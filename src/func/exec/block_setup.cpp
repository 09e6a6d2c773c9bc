#include "func/exec/block_setup.h"

#include <fmt/format.h>

#include <algorithm>

#include "func/decode/stack_frames.h"
#include "func/memory/param_layout.h"

namespace smsim::func {
namespace {

constexpr std::uint64_t align_up(std::uint64_t v, std::uint64_t alignment) {
  return (v + alignment - 1) / alignment * alignment;
}

}  // namespace

Dim3 cluster_dims(const DecodedKernel& kernel, const LaunchConfig& config) {
  return config.cluster.count() > 1 ? config.cluster : kernel.cluster_dims;
}

bool explicit_cluster(const DecodedKernel& kernel, const LaunchConfig& config) {
  return config.cluster_given || config.cluster.count() > 1 || kernel.declares_cluster;
}

Dim3 block_index(const Dim3& grid, std::uint64_t linear) {
  return Dim3{static_cast<std::uint32_t>(linear % grid.x),
              static_cast<std::uint32_t>(linear / grid.x % grid.y),
              static_cast<std::uint32_t>(linear / (std::uint64_t{grid.x} * grid.y))};
}

void init_cluster_state(const LaunchState& launch, std::uint64_t index, ClusterState& cluster) {
  const Dim3& d = launch.cluster_dims;
  const Dim3& g = launch.config.grid;
  cluster.dims = d;
  cluster.id = block_index(Dim3{g.x / d.x, g.y / d.y, g.z / d.z}, index);
  cluster.blocks.clear();
  cluster.thread_count = 0;
  cluster.arrived = 0;
  cluster.phase = 0;
  cluster.waiters.clear();
}

std::uint64_t cluster_block_linear(const LaunchState& launch, const ClusterState& cluster,
                                   std::uint32_t rank) {
  const Dim3& d = cluster.dims;
  const Dim3& g = launch.config.grid;
  const Dim3 r = block_index(d, rank);
  const std::uint64_t x = std::uint64_t{cluster.id.x} * d.x + r.x;
  const std::uint64_t y = std::uint64_t{cluster.id.y} * d.y + r.y;
  const std::uint64_t z = std::uint64_t{cluster.id.z} * d.z + r.z;
  return x + g.x * (y + std::uint64_t{g.y} * z);
}

void add_cluster_block(ClusterState& cluster, BlockState& block) {
  block.cluster = &cluster;
  block.cluster_rank = static_cast<std::uint32_t>(cluster.blocks.size());
  cluster.blocks.push_back(&block);
  cluster.thread_count += block.thread_count;
}

// grid.sync() counts arriving blocks in the word at offset 4 (nvcc 13's
// cooperative groups).
constexpr std::uint64_t kGridWorkspaceBytes = 16;

std::optional<LaunchError> reserve_grid_workspace(LaunchState& launch) {
  if (!launch.config.cooperative) return std::nullopt;
  if (launch.cluster_dims.count() > 1) {
    return LaunchError{.code = CudaError::launch_failure,
                       .message = fmt::format("kernel {}: a cooperative launch with thread-block "
                                              "clusters is not supported by smsim yet",
                                              launch.kernel.name)};
  }
  launch.grid_workspace = launch.memory.allocate(kGridWorkspaceBytes);
  if (launch.grid_workspace != 0) return std::nullopt;
  return LaunchError{.code = CudaError::launch_failure,
                     .message = fmt::format("kernel {}: no device memory for the cooperative "
                                            "launch's grid-sync workspace",
                                            launch.kernel.name)};
}

void release_grid_workspace(LaunchState& launch) {
  if (launch.grid_workspace != 0) launch.memory.free(launch.grid_workspace);
  launch.grid_workspace = 0;
}

std::optional<std::string> validate(const DecodedKernel& kernel, const LaunchConfig& config,
                                    std::span<const std::byte> params, const LaunchLimits& l) {
  const Dim3& b = config.block;
  const Dim3& g = config.grid;
  if (b.count() == 0 || g.count() == 0) return "grid and block dimensions must be non-zero";
  // The H100 runs clusters of up to 16 blocks (8 without the non-portable opt-in).
  constexpr std::uint64_t kMaxClusterBlocks = 16;
  const Dim3 c = cluster_dims(kernel, config);
  if (c.count() == 0 || c.count() > kMaxClusterBlocks || g.x % c.x != 0 || g.y % c.y != 0 ||
      g.z % c.z != 0) {
    return fmt::format("clusters of ({},{},{}) blocks do not tile the grid ({},{},{}) or exceed {} "
                       "blocks",
                       c.x, c.y, c.z, g.x, g.y, g.z, kMaxClusterBlocks);
  }
  if (b.x > l.max_block_x || b.y > l.max_block_y || b.z > l.max_block_z ||
      b.count() > l.max_threads_per_block) {
    return fmt::format("block ({},{},{}) exceeds the limits ({},{},{}) and {} threads", b.x, b.y,
                       b.z, l.max_block_x, l.max_block_y, l.max_block_z, l.max_threads_per_block);
  }
  if (g.x > l.max_grid_x || g.y > l.max_grid_y || g.z > l.max_grid_z) {
    return fmt::format("grid ({},{},{}) exceeds the limits ({},{},{})", g.x, g.y, g.z, l.max_grid_x,
                       l.max_grid_y, l.max_grid_z);
  }
  const std::uint64_t shared =
      std::uint64_t{kernel.static_shared_bytes} + config.dynamic_shared_bytes;
  if (shared > l.max_shared_per_block) {
    return fmt::format("{} bytes of shared memory per block exceed the limit of {}", shared,
                       l.max_shared_per_block);
  }
  const ParamLayout layout(kernel.params);
  if (params.size() != layout.total_bytes()) {
    return fmt::format("kernel {} takes {} bytes of parameters, {} given", kernel.name,
                       layout.total_bytes(), params.size());
  }
  return std::nullopt;
}

void init_block(const LaunchState& launch, std::uint64_t linear, BlockState& block) {
  const DecodedKernel& k = launch.kernel;
  block.ctaid = block_index(launch.config.grid, linear);
  block.linear_id = linear;
  block.thread_count = static_cast<std::uint32_t>(launch.config.block.count());
  block.exited_threads = 0;
  block.shared = ByteWindow(MemorySpace::shared, std::uint64_t{k.static_shared_bytes} +
                                                     launch.config.dynamic_shared_bytes);
  // A kernel making real calls gets the stack after its own frame: room for
  // every chain of activations cudaLimitStackSize lets through. A kernel
  // running alloca gets cudaLimitStackSize bytes more above that, 16-byte
  // aligned, where alloca's stack grows down (ops/stack_ops.cpp).
  const std::uint64_t frames =
      std::uint64_t{k.local_bytes_per_thread} +
      (k.makes_calls() ? stack_reservation_bytes(k, launch.options.stack_bytes_per_thread) : 0);
  const std::uint64_t stack_top =
      k.allocates ? align_up(frames, 16) + align_up(launch.options.stack_bytes_per_thread, 16)
                  : frames;
  block.local = LocalMemory(block.thread_count, stack_top);
  block.barriers = {};
  block.printf_output.clear();
  const std::uint32_t warps = (block.thread_count + kWarpSize - 1) / kWarpSize;
  block.warps.resize(warps);
  for (std::uint32_t w = 0; w < warps; ++w) {
    WarpState& warp = block.warps[w];
    warp.index = w;
    warp.lanes = std::min(kWarpSize, block.thread_count - w * kWarpSize);
    warp.control = WarpControl(warp.lanes, 0);
    warp.regs.assign(std::size_t{k.register_count} * kWarpSize, 0);
    warp.executed = 0;
    warp.at_barrier = false;
    warp.sync_waiters.clear();
    warp.spins = 0;
    warp.cluster_arrivals = {};
    // warp.cache is kept from the state's previous block: its entries are
    // allocations, valid while the memory's generation is the one they were
    // taken at (GlobalAccessCache), whichever block uses them.
    warp.calls.clear();
    if (k.makes_calls() || k.allocates) {
      warp.calls.resize(kWarpSize);
      for (LaneCalls& lane : warp.calls) {
        lane.stack_top = stack_top;
        lane.stack_pointer = stack_top;
      }
    }
  }
}

}  // namespace smsim::func
