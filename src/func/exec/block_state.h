#pragma once
// The state of one resident block: its warps (SIMT control plus a register
// file laid out as one contiguous 32-lane row per register), its shared and
// local memory and its named barriers.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "func/exec/launch_types.h"
#include "func/exec/warp_control.h"
#include "func/memory/byte_window.h"
#include "func/memory/device_memory.h"
#include "func/memory/local_memory.h"

namespace smsim::func {

inline constexpr std::uint32_t kWarpSize = 32;
inline constexpr std::uint32_t kNamedBarrierCount = 16;

// One activation of a function called for real, per lane: what its return
// restores (the caller's frame pointer and the callee's registers as they were
// before the call) and the call site whose return values it copies back.
struct LaneFrame {
  std::uint64_t caller_fp = 0;
  std::uint32_t site = 0;
  std::uint32_t function = 0;  // module function index
  std::size_t saved_at = 0;    // where its registers start in LaneCalls::saved
  std::uint64_t stack_bytes = 0;  // what it took from cudaLimitStackSize
  std::uint64_t caller_sp = 0;    // alloca's stack pointer: the return frees the callee's
};

struct LaneCalls {
  std::vector<LaneFrame> frames;
  std::vector<std::uint64_t> saved;
  std::uint64_t stack_used = 0;  // of cudaLimitStackSize, by the live frames
  // alloca's stack (ops/stack_ops.cpp): it grows down from stack_top, a
  // local-memory offset above the kernel's frame and the call frames.
  std::uint64_t stack_top = 0;
  std::uint64_t stack_pointer = 0;
};

// Lanes of a warp parked at a warp-synchronous instruction until every lane
// their member masks name has arrived (independent thread scheduling).
struct WarpSyncWaiter {
  PathGroup group;
  std::uint32_t instruction = 0;
  // Lanes of the arriving group whose guard was false: they issued the
  // instruction without executing it and are not waited for.
  std::uint32_t excused = 0;
};

struct WarpState {
  WarpControl control;
  std::vector<std::uint64_t> regs;  // regs[reg * kWarpSize + lane]
  std::uint32_t index = 0;          // warp number in the block
  std::uint32_t lanes = kWarpSize;  // fewer in a partial last warp
  std::uint64_t executed = 0;       // warp-instructions so far (its %clock)
  std::uint64_t timed_clock = 0;    // the simulated SM cycle, with LaunchOptions::timed_clock
  GlobalAccessCache cache;
  std::uint32_t spins = 0;  // backward branches while other lanes wait to reconverge
  bool at_barrier = false;
  std::vector<WarpSyncWaiter> sync_waiters;  // in arrival order
  // One per lane when the kernel makes real calls or allocas, else empty:
  // a lane's record is 80 bytes, and keeping 32 of them in every warp made
  // the warps of a large grid 2.7 KB apart, so that the scheduler's reads of
  // their hot fields missed the host's caches and TLB (docs/timing.md, "Speed").
  std::vector<LaneCalls> calls;
  // barrier.cluster.arrive calls per lane; a lane's wait completes once the
  // cluster has completed that many phases.
  std::array<std::uint32_t, kWarpSize> cluster_arrivals{};
};

struct BarrierWaiter {
  std::uint32_t warp = 0;
  PathGroup group;
  std::uint32_t instruction = 0;  // the barrier instruction (bar.red writes its result)
};

struct NamedBarrier {
  std::uint32_t expected = 0;  // threads; 0 means every thread of the block
  std::uint32_t arrived = 0;
  std::uint32_t popc = 0;  // bar.red accumulators
  bool all = true;
  bool any = false;
  std::uint32_t ptx_line = 0;  // of the first arrival, for diagnostics
  std::vector<BarrierWaiter> waiters;
};

struct BlockState;

// A group parked at barrier.cluster.wait until the cluster completes `phase`.
struct ClusterWaiter {
  BlockState* block = nullptr;
  std::uint32_t warp = 0;
  PathGroup group;
  std::uint32_t instruction = 0;
  std::uint32_t phase = 0;
};

// The blocks of one thread-block cluster, run together by one host thread so
// that they can read each other's shared memory and wait for each other.
struct ClusterState {
  Dim3 dims;                        // blocks per cluster
  Dim3 id;                          // %clusterid
  std::vector<BlockState*> blocks;  // by %cluster_ctarank
  std::uint32_t thread_count = 0;   // of all its blocks
  std::uint32_t arrived = 0;        // barrier.cluster arrivals in the current phase
  std::uint32_t phase = 0;          // barrier.cluster phases completed
  std::vector<ClusterWaiter> waiters;
};

struct BlockState {
  Dim3 ctaid;
  std::uint64_t linear_id = 0;
  std::uint32_t thread_count = 0;
  std::uint32_t exited_threads = 0;
  ByteWindow shared;
  LocalMemory local;
  std::vector<WarpState> warps;
  std::array<NamedBarrier, kNamedBarrierCount> barriers;
  std::string printf_output;        // this block's vprintf text, in execution order
  ClusterState* cluster = nullptr;  // the cluster it belongs to (one block when not clustered)
  std::uint32_t cluster_rank = 0;
};

}  // namespace smsim::func
