#include "func/exec/launch.h"

#include <fmt/format.h>

#include <atomic>
#include <cstring>
#include <map>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "func/exec/barriers.h"
#include "func/exec/exec_context.h"
#include "func/exec/opcode_coverage.h"
#include "func/exec/warp_loop.h"
#include "func/memory/param_layout.h"

namespace smsim::func {
namespace {

// Warp-instructions a warp runs before the next warp of its block gets a turn:
// long enough to keep the loop hot, short enough that warps spinning on each
// other's shared-memory flags make progress.
constexpr std::uint64_t kWarpSlice = 512;

std::optional<std::string> validate(const DecodedKernel& kernel, const LaunchConfig& config,
                                    std::span<const std::byte> params, const LaunchLimits& l) {
  const Dim3& b = config.block;
  const Dim3& g = config.grid;
  if (b.count() == 0 || g.count() == 0) return "grid and block dimensions must be non-zero";
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

Dim3 block_index(const Dim3& grid, std::uint64_t linear) {
  return Dim3{static_cast<std::uint32_t>(linear % grid.x),
              static_cast<std::uint32_t>(linear / grid.x % grid.y),
              static_cast<std::uint32_t>(linear / (std::uint64_t{grid.x} * grid.y))};
}

void init_block(const LaunchState& launch, std::uint64_t linear, BlockState& block) {
  const DecodedKernel& k = launch.kernel;
  block.ctaid = block_index(launch.config.grid, linear);
  block.linear_id = linear;
  block.thread_count = static_cast<std::uint32_t>(launch.config.block.count());
  block.exited_threads = 0;
  block.shared = ByteWindow(MemorySpace::shared, std::uint64_t{k.static_shared_bytes} +
                                                     launch.config.dynamic_shared_bytes);
  block.local = LocalMemory(block.thread_count, k.local_bytes_per_thread);
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
    warp.spins = 0;
    warp.cache = GlobalAccessCache{};
  }
}

struct SharedProgress {
  std::atomic<std::uint64_t> next_block{0};
  std::atomic<std::uint64_t> executed{0};
  std::atomic<bool> stop{false};
  std::mutex mutex;
  std::optional<std::pair<std::uint64_t, LaunchError>> first_error;  // by block index
  LaunchStats stats;
  std::map<std::uint64_t, std::string> printf_output;  // by block index
  std::vector<std::uint8_t> executed_at;               // opcode coverage, when recorded
};

std::optional<LaunchError> run_block(const LaunchState& launch, BlockState& block,
                                     WarpCounters& counters, SharedProgress& progress) {
  for (;;) {
    bool any_live = false;
    bool ran = false;
    for (WarpState& warp : block.warps) {
      if (warp.control.finished()) continue;
      any_live = true;
      if (warp.control.mask() == 0) continue;
      ExecContext c{.launch = launch, .block = block, .warp = warp, .regs = warp.regs.data()};
      const std::uint64_t n = run_warp(c, kWarpSlice, counters);
      ran = true;
      if (c.error) return c.error;
      const std::uint64_t total = progress.executed.fetch_add(n, std::memory_order_relaxed) + n;
      if (total > launch.options.instruction_budget) {
        return LaunchError{
            .code = CudaError::launch_timeout,
            .message = fmt::format(
                "kernel {}: watchdog: more than {} warp-instructions executed (block ({},{},{}) "
                "warp {} at PTX line {}); the kernel may never finish",
                launch.kernel.name, launch.options.instruction_budget, block.ctaid.x, block.ctaid.y,
                block.ctaid.z, warp.index,
                warp.control.pc() < launch.kernel.code.size()
                    ? launch.kernel.code[warp.control.pc()].ptx_line
                    : 0)};
      }
      if (progress.stop.load(std::memory_order_relaxed)) return std::nullopt;
    }
    if (!any_live) return std::nullopt;
    if (!ran) {
      if (release_completed_barriers(launch, block)) continue;
      return LaunchError{.code = CudaError::launch_timeout,
                         .message = describe_barrier_deadlock(launch, block)};
    }
  }
}

void worker(const LaunchState& launch, SharedProgress& progress) {
  BlockState block;
  WarpCounters counters;
  std::vector<std::uint8_t> executed_at;
  if (!launch.kernel.forms.empty()) {
    executed_at.assign(launch.kernel.code.size(), 0);
    counters.executed_at = executed_at.data();
  }
  const std::uint64_t blocks = launch.config.grid.count();
  for (;;) {
    if (progress.stop.load(std::memory_order_relaxed)) break;
    const std::uint64_t linear = progress.next_block.fetch_add(1, std::memory_order_relaxed);
    if (linear >= blocks) break;
    init_block(launch, linear, block);
    auto error = run_block(launch, block, counters, progress);
    if (!block.printf_output.empty()) {
      std::scoped_lock lock(progress.mutex);
      progress.printf_output[linear] = std::move(block.printf_output);
    }
    if (error) {
      std::scoped_lock lock(progress.mutex);
      if (!progress.first_error || progress.first_error->first > linear) {
        progress.first_error.emplace(linear, std::move(*error));
      }
      progress.stop.store(true, std::memory_order_relaxed);
      break;
    }
  }
  std::scoped_lock lock(progress.mutex);
  progress.stats.thread_instructions += counters.thread_instructions;
  for (std::size_t i = 0; i < counters.per_opcode.size(); ++i) {
    progress.stats.per_opcode[i] += counters.per_opcode[i];
    progress.stats.warp_instructions += counters.per_opcode[i];
  }
  for (std::size_t i = 0; i < executed_at.size(); ++i) progress.executed_at[i] |= executed_at[i];
}

}  // namespace

LaunchResult launch_kernel(const DecodedKernel& kernel, const LaunchConfig& config,
                           const LaunchOptions& options, DeviceMemory& memory,
                           std::span<const std::byte> params, const LaunchLimits& limits) {
  LaunchResult result;
  if (auto problem = validate(kernel, config, params, limits)) {
    result.error =
        LaunchError{.code = CudaError::invalid_configuration,
                    .message = fmt::format("kernel {}: invalid launch: {}", kernel.name, *problem)};
    return result;
  }
  LaunchState launch{.kernel = kernel,
                     .config = config,
                     .options = options,
                     .memory = memory,
                     .params = ByteWindow(MemorySpace::param, params.size())};
  if (!params.empty()) std::memcpy(launch.params.data(), params.data(), params.size());
  SharedProgress progress;
  if (!kernel.forms.empty()) progress.executed_at.assign(kernel.code.size(), 0);
  const std::uint64_t blocks = config.grid.count();
  const auto threads = static_cast<std::uint32_t>(
      std::min<std::uint64_t>(std::max<std::uint32_t>(options.host_threads, 1), blocks));
  if (threads <= 1) {
    worker(launch, progress);
  } else {
    std::vector<std::jthread> pool;
    pool.reserve(threads);
    for (std::uint32_t t = 0; t < threads; ++t) {
      pool.emplace_back([&launch, &progress] { worker(launch, progress); });
    }
  }
  result.stats = progress.stats;
  if (!kernel.forms.empty()) record_opcode_coverage(kernel, progress.executed_at);
  for (auto& [index, text] : progress.printf_output) result.printf_output += text;
  if (progress.first_error) result.error = std::move(progress.first_error->second);
  return result;
}

}  // namespace smsim::func
