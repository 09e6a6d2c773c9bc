#include "func/exec/launch.h"

#include <fmt/format.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <thread>
#include <vector>

#include "func/exec/barriers.h"
#include "func/decode/descriptor_query.h"
#include "func/exec/block_setup.h"
#include "func/exec/cluster_barrier.h"
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

struct SharedProgress {
  std::atomic<std::uint64_t> next_block{0};
  std::atomic<std::uint64_t> executed{0};
  std::atomic<bool> stop{false};
  std::mutex mutex;
  std::optional<std::pair<std::uint64_t, LaunchError>> first_error;  // by block index
  LaunchStats stats;
  std::map<std::uint64_t, std::string> printf_output;  // by block index
  std::vector<std::uint8_t> executed_at;               // opcode coverage, when recorded
  // LaunchOptions::time_budget_ms from the launch's start; max() when none.
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
};

enum class Round { running, finished, stopped };

// `what` is the budget that ran out.
LaunchError watchdog_error(const LaunchState& launch, const BlockState& block,
                           const WarpState& warp, const std::string& what) {
  return LaunchError{
      .code = CudaError::launch_timeout,
      .message = fmt::format(
          "kernel {}: watchdog: {} (block ({},{},{}) warp {} at PTX line {}); the kernel may "
          "never finish",
          launch.kernel.name, what, block.ctaid.x, block.ctaid.y, block.ctaid.z, warp.index,
          warp.control.pc() < launch.kernel.code.size()
              ? launch.kernel.code[warp.control.pc()].ptx_line
              : 0)};
}

// One turn for every warp that can run of `blocks`: the blocks of a cluster
// (one block when the launch has no clusters), which share one host thread so
// that warps and blocks waiting on each other (barriers, shared-memory flags,
// barrier.cluster, distributed shared memory) make progress. A round in which
// no warp can run, with some not finished, is a deadlock.
Round run_round(const LaunchState& launch, std::span<BlockState> blocks, WarpCounters& counters,
                SharedProgress& progress, WarpObserver* observer,
                std::optional<LaunchError>& error) {
  bool any_live = false;
  bool ran = false;
  for (BlockState& block : blocks) {
    for (WarpState& warp : block.warps) {
      if (warp.control.finished()) continue;
      any_live = true;
      if (warp.control.mask() == 0) continue;
      ExecContext c{.launch = launch, .block = block, .warp = warp, .regs = warp.regs.data()};
      const std::uint64_t n = run_warp(c, kWarpSlice, counters, observer);
      ran = true;
      if (c.error) {
        error = std::move(c.error);
        return Round::stopped;
      }
      const std::uint64_t total = progress.executed.fetch_add(n, std::memory_order_relaxed) + n;
      if (total > launch.options.instruction_budget) {
        error = watchdog_error(launch, block, warp,
                               fmt::format("more than {} warp-instructions executed",
                                           launch.options.instruction_budget));
        return Round::stopped;
      }
      // One clock read per warp turn (up to 512 instructions) when a time
      // budget is set.
      if (launch.options.time_budget_ms != 0 && std::chrono::steady_clock::now() > progress.deadline) {
        error = watchdog_error(
            launch, block, warp,
            fmt::format("running for more than {} ms", launch.options.time_budget_ms));
        return Round::stopped;
      }
      if (progress.stop.load(std::memory_order_relaxed)) return Round::stopped;
    }
  }
  if (!any_live) return Round::finished;
  if (!ran) {
    bool released = false;
    for (BlockState& block : blocks) released = release_completed_barriers(launch, block) || released;
    if (released) return Round::running;
    error = LaunchError{.code = CudaError::launch_timeout,
                        .message = blocks.size() == 1
                                       ? describe_barrier_deadlock(launch, blocks.front())
                                       : describe_cluster_deadlock(launch, blocks)};
    return Round::stopped;
  }
  return Round::running;
}

// Records a block's printf text and, if it failed, its error (the lowest
// block index wins, so results do not depend on the thread count).
void finish_block(SharedProgress& progress, std::uint64_t linear, BlockState& block,
                  std::optional<LaunchError> error) {
  std::scoped_lock lock(progress.mutex);
  if (!block.printf_output.empty()) {
    progress.printf_output[linear] = std::move(block.printf_output);
  }
  if (!error) return;
  if (!progress.first_error || progress.first_error->first > linear) {
    progress.first_error.emplace(linear, std::move(*error));
  }
  progress.stop.store(true, std::memory_order_relaxed);
}

// Opcode coverage, when recorded: the worker's own executed-instruction flags.
void enable_coverage(const LaunchState& launch, WarpCounters& counters,
                     std::vector<std::uint8_t>& executed_at) {
  if (launch.kernel.forms.empty()) return;
  executed_at.assign(launch.kernel.code.size(), 0);
  counters.executed_at = executed_at.data();
}

void merge_counters(SharedProgress& progress, const WarpCounters& counters,
                    const std::vector<std::uint8_t>& executed_at) {
  std::scoped_lock lock(progress.mutex);
  for (std::size_t i = 0; i < executed_at.size(); ++i) progress.executed_at[i] |= executed_at[i];
  progress.stats.thread_instructions += counters.thread_instructions;
  for (std::size_t i = 0; i < counters.per_opcode.size(); ++i) {
    progress.stats.per_opcode[i] += counters.per_opcode[i];
    progress.stats.warp_instructions += counters.per_opcode[i];
  }
}

// Blocks of cluster `index`, initialised and linked to `cluster`.
void init_cluster(const LaunchState& launch, std::uint64_t index, ClusterState& cluster,
                  std::vector<BlockState>& blocks) {
  init_cluster_state(launch, index, cluster);
  for (std::uint32_t rank = 0; rank < blocks.size(); ++rank) {
    init_block(launch, cluster_block_linear(launch, cluster, rank), blocks[rank]);
    add_cluster_block(cluster, blocks[rank]);
  }
}

void worker(const LaunchState& launch, SharedProgress& progress) {
  std::vector<BlockState> blocks(launch.cluster_dims.count());
  ClusterState cluster;
  WarpCounters counters;
  std::vector<std::uint8_t> executed_at;
  enable_coverage(launch, counters, executed_at);
  LaunchObserver* launch_observer = launch.options.observer;
  std::unique_ptr<WarpObserver> observer;
  if (launch_observer != nullptr) observer = launch_observer->start_worker();
  const std::uint64_t clusters = launch.config.grid.count() / blocks.size();
  for (;;) {
    if (progress.stop.load(std::memory_order_relaxed)) break;
    const std::uint64_t index = progress.next_block.fetch_add(1, std::memory_order_relaxed);
    if (index >= clusters) break;
    init_cluster(launch, index, cluster, blocks);
    std::optional<LaunchError> error;
    Round round = Round::running;
    while (round == Round::running) round = run_round(launch, blocks, counters, progress, observer.get(), error);
    // A cluster's error belongs to its first block.
    std::uint64_t first_linear = UINT64_MAX;
    for (const BlockState& block : blocks) first_linear = std::min(first_linear, block.linear_id);
    for (BlockState& block : blocks) {
      finish_block(progress, block.linear_id, block,
                   block.linear_id == first_linear ? std::move(error) : std::nullopt);
    }
    if (round == Round::stopped) break;
  }
  merge_counters(progress, counters, executed_at);
  if (observer) {
    std::scoped_lock lock(progress.mutex);
    launch_observer->finish_worker(std::move(observer));
  }
}

// A cooperative grid: blocks may wait for each other (grid.sync()), so every
// block of the worker's share (every `stride`-th from `first`) is resident at
// once and they take turns, one round each.
void cooperative_worker(const LaunchState& launch, SharedProgress& progress, std::uint64_t first,
                        std::uint64_t stride) {
  const std::uint64_t blocks = launch.config.grid.count();
  std::vector<BlockState> resident;
  std::vector<std::uint64_t> ids;
  for (std::uint64_t linear = first; linear < blocks; linear += stride) ids.push_back(linear);
  resident.resize(ids.size());
  for (std::size_t i = 0; i < ids.size(); ++i) init_block(launch, ids[i], resident[i]);
  WarpCounters counters;
  std::vector<std::uint8_t> executed_at;
  enable_coverage(launch, counters, executed_at);
  LaunchObserver* launch_observer = launch.options.observer;
  std::unique_ptr<WarpObserver> observer;
  if (launch_observer != nullptr) observer = launch_observer->start_worker();
  std::vector<bool> done(ids.size(), false);
  std::size_t remaining = ids.size();
  while (remaining > 0 && !progress.stop.load(std::memory_order_relaxed)) {
    for (std::size_t i = 0; i < ids.size(); ++i) {
      if (done[i]) continue;
      std::optional<LaunchError> error;
      const Round round =
          run_round(launch, std::span(&resident[i], 1), counters, progress, observer.get(), error);
      if (round == Round::running) continue;
      done[i] = true;
      --remaining;
      finish_block(progress, ids[i], resident[i], std::move(error));
      if (round == Round::stopped) break;
    }
  }
  merge_counters(progress, counters, executed_at);
  if (observer) {
    std::scoped_lock lock(progress.mutex);
    launch_observer->finish_worker(std::move(observer));
  }
}

}  // namespace

LaunchResult launch_kernel(const DecodedKernel& kernel, const LaunchConfig& config,
                           const LaunchOptions& options, DeviceMemory& memory,
                           std::span<const std::byte> params, const LaunchLimits& limits,
                           DeviceHeap* heap) {
  LaunchResult result;
  if (kernel.descriptor_query) {
    result.error = descriptor_query_error(kernel.name, *kernel.descriptor_query);
    return result;
  }
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
                     .params = ByteWindow(MemorySpace::param, params.size()),
                     .heap = heap,
                     .cluster_dims = cluster_dims(kernel, config),
                     .explicit_cluster = explicit_cluster(kernel, config)};
  if (!params.empty()) std::memcpy(launch.params.data(), params.data(), params.size());
  SharedProgress progress;
  if (options.time_budget_ms != 0) {
    progress.deadline =
        std::chrono::steady_clock::now() + std::chrono::milliseconds(options.time_budget_ms);
  }
  if (!kernel.forms.empty()) progress.executed_at.assign(kernel.code.size(), 0);
  const std::uint64_t blocks = config.grid.count() / launch.cluster_dims.count();
  const auto threads = static_cast<std::uint32_t>(
      std::min<std::uint64_t>(std::max<std::uint32_t>(options.host_threads, 1), blocks));
  if (auto error = reserve_grid_workspace(launch)) {
    result.error = std::move(*error);
    return result;
  }
  auto work = [&launch, &progress, threads](std::uint32_t t) {
    if (launch.config.cooperative) {
      cooperative_worker(launch, progress, t, threads);
    } else {
      worker(launch, progress);
    }
  };
  if (threads <= 1) {
    work(0);
  } else {
    std::vector<std::jthread> pool;
    pool.reserve(threads);
    for (std::uint32_t t = 0; t < threads; ++t) pool.emplace_back(work, t);
  }
  release_grid_workspace(launch);
  result.stats = progress.stats;
  if (!kernel.forms.empty()) record_opcode_coverage(kernel, progress.executed_at);
  for (auto& [index, text] : progress.printf_output) result.printf_output += text;
  if (progress.first_error) result.error = std::move(progress.first_error->second);
  return result;
}

}  // namespace smsim::func
