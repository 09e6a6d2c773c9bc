#include "func/exec/barriers.h"

#include <fmt/format.h>

#include <bit>

#include "func/exec/cluster_barrier.h"
#include "func/exec/warp_sync.h"

namespace smsim::func {
namespace {

constexpr std::uint32_t kBarrierIdOperand = 0;
constexpr std::uint32_t kThreadCountOperand = 1;

std::uint32_t expected_threads(const LaunchState& launch, const BlockState& block,
                               const NamedBarrier& b) {
  if (b.expected != 0) return b.expected;
  return launch.options.exited_threads_satisfy_barriers ? block.thread_count - block.exited_threads
                                                        : block.thread_count;
}

// Threads that count toward `b`: those that arrived, plus (in the hardware's
// lenient mode) the lanes of each waiting warp that are held at a
// convergence point. Those lanes cannot move until the lanes at the barrier
// reach the join, so the H100 counts them as it counts exited threads: a
// barrier reached by half a warp whose other half skipped it completes there
// (error-matrix case divergent_syncthreads_partial).
std::uint32_t counted_threads(const LaunchState& launch, const BlockState& block,
                              const NamedBarrier& b) {
  std::uint32_t counted = b.arrived;
  if (!launch.options.exited_threads_satisfy_barriers) return counted;
  std::uint64_t seen = 0;  // warps already looked at (at most 32 per block)
  for (const BarrierWaiter& w : b.waiters) {
    const std::uint64_t bit = std::uint64_t{1} << (w.warp % 64);
    if (seen & bit) continue;
    seen |= bit;
    counted += static_cast<std::uint32_t>(std::popcount(block.warps[w.warp].control.waiting_lanes()));
  }
  return counted;
}

bool complete(const LaunchState& launch, const BlockState& block, const NamedBarrier& b) {
  return b.arrived != 0 && counted_threads(launch, block, b) >= expected_threads(launch, block, b);
}

// bar.red's result for one lane.
std::uint64_t reduction_result(const DecodedInstruction& in, const NamedBarrier& b) {
  if (in.mode == isa::Modifier::Popc) return b.popc;
  if (in.mode == isa::Modifier::And) return b.all ? 1 : 0;
  return b.any ? 1 : 0;
}

void release(const LaunchState& launch, BlockState& block, NamedBarrier& b) {
  for (const BarrierWaiter& w : b.waiters) {
    WarpState& warp = block.warps[w.warp];
    const DecodedInstruction& in = launch.kernel.code[w.instruction];
    if (in.combine == isa::Modifier::Red && in.dst[0].kind == OperandKind::reg) {
      const std::uint64_t value = reduction_result(in, b);
      for (std::uint32_t m = w.group.mask; m != 0; m &= m - 1) {
        const auto lane = static_cast<unsigned>(std::countr_zero(m));
        warp.regs[in.dst[0].reg * kWarpSize + lane] = value & width_mask(in.dst[0].bits);
      }
    }
    warp.control.resume(w.group, w.instruction + 1);
    warp.at_barrier = false;
  }
  b = NamedBarrier{};
}

bool is_reduction(const DecodedInstruction& in) {
  return in.combine == isa::Modifier::Red;
}

}  // namespace

void barrier_arrive(ExecContext& c, const DecodedInstruction& in) {
  if (in.opcode == isa::Opcode::BarrierCluster) {
    cluster_barrier(c, in);
    return;
  }
  const std::uint32_t group = c.warp.control.mask();
  if (c.launch.options.report_divergent_barriers && in.has(kAligned) &&
      group != c.warp.control.live()) {
    report_error(
        c, CudaError::launch_failure,
        fmt::format("kernel {}: divergent barrier: block ({},{},{}) warp {} reached "
                    "the aligned barrier at PTX line {} with lanes {:#010x} of live "
                    "lanes {:#010x}",
                    c.launch.kernel.name, c.block.ctaid.x, c.block.ctaid.y, c.block.ctaid.z,
                    c.warp.index, in.ptx_line, group, c.warp.control.live()));
    return;
  }
  // The barrier id and thread count are uniform per warp: take the first lane's.
  const auto first = static_cast<unsigned>(std::countr_zero(group));
  const std::uint64_t id = read(c, in.src[kBarrierIdOperand], first);
  if (id >= kNamedBarrierCount) {
    report_error(c, CudaError::illegal_instruction,
                 fmt::format("kernel {}: barrier id {} at PTX line {} is not below {}",
                             c.launch.kernel.name, id, in.ptx_line, kNamedBarrierCount));
    return;
  }
  NamedBarrier& b = c.block.barriers[id];
  // bar.red's last source is its predicate, so a count is there only when
  // three sources are.
  const std::uint8_t sources_with_count = is_reduction(in) ? 3 : 2;
  const bool has_count =
      in.src_count >= sources_with_count && in.src[kThreadCountOperand].kind != OperandKind::none;
  if (has_count) {
    const std::uint64_t count = read(c, in.src[kThreadCountOperand], first);
    if (count == 0 || count % kWarpSize != 0 || count > c.block.thread_count + kWarpSize - 1) {
      report_error(c, CudaError::illegal_instruction,
                   fmt::format("kernel {}: barrier thread count {} at PTX line {} must be a "
                               "non-zero multiple of {} covering at most the block",
                               c.launch.kernel.name, count, in.ptx_line, kWarpSize));
      return;
    }
    b.expected = static_cast<std::uint32_t>(count);
  }
  if (b.arrived == 0) b.ptx_line = in.ptx_line;
  // Every thread of the running group arrives (the guard does not change who
  // does); threads count individually, as on sm_70+.
  b.arrived += static_cast<std::uint32_t>(std::popcount(group));
  if (is_reduction(in)) {
    const Operand& predicate = in.src[in.src_count - 1];
    for (std::uint32_t m = group; m != 0; m &= m - 1) {
      const auto lane = static_cast<unsigned>(std::countr_zero(m));
      const bool p = read(c, predicate, lane) != 0;
      b.popc += p ? 1 : 0;
      b.all = b.all && p;
      b.any = b.any || p;
    }
  }
  const bool waits = in.combine != isa::Modifier::Arrive;
  if (waits) {
    b.waiters.push_back(BarrierWaiter{
        .warp = c.warp.index, .group = c.warp.control.take_current(), .instruction = c.pc});
    c.warp.at_barrier = c.warp.control.mask() == 0;
  }
  if (complete(c.launch, c.block, b)) release(c.launch, c.block, b);
}

bool release_completed_barriers(const LaunchState& launch, BlockState& block) {
  bool released = false;
  for (NamedBarrier& b : block.barriers) {
    if (complete(launch, block, b)) {
      release(launch, block, b);
      released = true;
    }
  }
  if (block.cluster != nullptr && release_completed_cluster_phase(launch, *block.cluster)) {
    released = true;
  }
  return released;
}

std::string describe_barrier_deadlock(const LaunchState& launch, const BlockState& block) {
  std::string text;
  for (std::uint32_t id = 0; id < kNamedBarrierCount; ++id) {
    const NamedBarrier& b = block.barriers[id];
    if (b.waiters.empty()) continue;
    std::string warps;
    for (const BarrierWaiter& w : b.waiters) {
      warps += fmt::format("{}{}", warps.empty() ? "" : ",", w.warp);
    }
    text += fmt::format(" warps {} wait at barrier {} (PTX line {}) with {} of {} threads arrived;",
                        warps, id, b.ptx_line, counted_threads(launch, block, b), expected_threads(launch, block, b));
  }
  const std::string warp_sync = describe_warp_sync_waits(launch, block);
  text = fmt::format("kernel {}: {} deadlock in block ({},{},{}):", launch.kernel.name,
                     text.empty() && !warp_sync.empty() ? "warp-synchronous" : "barrier",
                     block.ctaid.x, block.ctaid.y, block.ctaid.z) +
         text + warp_sync;
  text += fmt::format(" {} of {} threads have exited", block.exited_threads, block.thread_count);
  return text;
}

}  // namespace smsim::func
