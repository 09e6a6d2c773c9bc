#include "func/exec/exec_context.h"
#include "func/exec/special_row.h"

#include <fmt/format.h>

#include <bit>

namespace smsim::func {
namespace {

std::uint32_t component(const Dim3& d, isa::SregComponent c) {
  switch (c) {
    case isa::SregComponent::X:
      return d.x;
    case isa::SregComponent::Y:
      return d.y;
    case isa::SregComponent::Z:
      return d.z;
    case isa::SregComponent::None:
      return d.x;
  }
  return d.x;
}

Dim3 thread_index(const LaunchState& launch, std::uint32_t linear) {
  const Dim3& b = launch.config.block;
  return Dim3{linear % b.x, linear / b.x % b.y, linear / (b.x * b.y)};
}

// A simulated clock for functional mode: one tick per warp-instruction, so
// programs that time themselves see time pass, deterministically.
constexpr std::uint64_t kNanosecondsPerInstruction = 1;

std::uint64_t clock_of(const ExecContext& c) {
  return c.launch.options.timed_clock ? c.warp.timed_clock : c.warp.executed;
}

// %globaltimer: simulated nanoseconds in timed launches (the launch's start
// plus its cycles at the SM clock); otherwise one per executed instruction.
std::uint64_t globaltimer_of(const ExecContext& c) {
  const LaunchOptions& o = c.launch.options;
  if (!o.timed_clock || o.clock_mhz == 0) return clock_of(c) * kNanosecondsPerInstruction;
  constexpr std::uint64_t kNanosecondsPerMicrosecond = 1000;
  return o.globaltimer_origin_ns + c.warp.timed_clock * kNanosecondsPerMicrosecond / o.clock_mhz;
}

}  // namespace

std::uint64_t special_value(const ExecContext& c, const isa::SpecialRegisterRef& ref,
                            unsigned lane) {
  using S = isa::SpecialRegister;
  const std::uint32_t lane_bit = std::uint32_t{1} << lane;
  switch (ref.reg) {
    case S::Tid:
      return component(thread_index(c.launch, thread_in_block(c, lane)), ref.component);
    case S::Ntid:
      return component(c.launch.config.block, ref.component);
    case S::Ctaid:
      return component(c.block.ctaid, ref.component);
    case S::Nctaid:
      return component(c.launch.config.grid, ref.component);
    case S::Laneid:
      return lane;
    case S::Warpid:
      return c.warp.index;
    case S::Nwarpid:
      return c.launch.options.warp_slots_per_sm;
    case S::Smid:
      return c.block.linear_id % c.launch.options.sm_count;
    case S::Nsmid:
      return c.launch.options.sm_count;
    case S::Gridid:
      return c.launch.options.grid_id;
    case S::LanemaskEq:
      return lane_bit;
    case S::LanemaskLe:
      return lane_bit | (lane_bit - 1);
    case S::LanemaskLt:
      return lane_bit - 1;
    case S::LanemaskGe:
      return ~(lane_bit - 1) & 0xFFFF'FFFFu;
    case S::LanemaskGt:
      return ~(lane_bit | (lane_bit - 1)) & 0xFFFF'FFFFu;
    case S::Clock:
      return clock_of(c) & 0xFFFF'FFFFu;
    case S::ClockHi:
      return clock_of(c) >> 32;
    case S::Clock64:
      return clock_of(c);
    case S::Globaltimer:
      return globaltimer_of(c);
    case S::GlobaltimerLo:
      return globaltimer_of(c) & 0xFFFF'FFFFu;
    case S::GlobaltimerHi:
      return globaltimer_of(c) >> 32;
    case S::DynamicSmemSize:
      return c.launch.config.dynamic_shared_bytes;
    case S::TotalSmemSize:
    case S::AggrSmemSize:
      return c.block.shared.size();
    case S::Envreg:
      // nvcc's grid.sync() builds its workspace pointer as %envreg1:%envreg2
      // (high:low) and traps when it is 0 (grid.is_valid() is false).
      if (ref.index == 1) return c.launch.grid_workspace >> 32;
      if (ref.index == 2) return c.launch.grid_workspace & 0xFFFF'FFFFu;
      return 0;
    case S::IsExplicitCluster:
      return c.launch.explicit_cluster ? 1 : 0;
    case S::Clusterid:
      return component(c.block.cluster != nullptr ? c.block.cluster->id : c.block.ctaid,
                       ref.component);
    case S::Nclusterid: {
      const Dim3& g = c.launch.config.grid;
      const Dim3& d = c.launch.cluster_dims;
      return component(Dim3{g.x / d.x, g.y / d.y, g.z / d.z}, ref.component);
    }
    case S::ClusterCtaid: {
      const Dim3& d = c.launch.cluster_dims;
      const Dim3& b = c.block.ctaid;
      return component(Dim3{b.x % d.x, b.y % d.y, b.z % d.z}, ref.component);
    }
    case S::ClusterNctaid:
      return component(c.launch.cluster_dims, ref.component);
    case S::ClusterCtarank:
      return c.block.cluster_rank;
    case S::ClusterNctarank:
      return c.launch.cluster_dims.count();
    default:
      // The decoder refuses every other special register (is_supported).
      return 0;
  }
}

namespace {

// Special registers with one value for the whole warp: a move of one is the
// hot start of most kernels (%ctaid, %ntid), so it is worked out once per
// warp instead of once per lane.
bool warp_uniform(isa::SpecialRegister r) {
  using S = isa::SpecialRegister;
  switch (r) {
    case S::Ntid:
    case S::Ctaid:
    case S::Nctaid:
    case S::Warpid:
    case S::Nwarpid:
    case S::Smid:
    case S::Nsmid:
    case S::Gridid:
    case S::DynamicSmemSize:
    case S::TotalSmemSize:
    case S::AggrSmemSize:
    case S::Envreg:
    case S::IsExplicitCluster:
    case S::Clusterid:
    case S::Nclusterid:
    case S::ClusterCtaid:
    case S::ClusterNctaid:
    case S::ClusterCtarank:
    case S::ClusterNctarank:
      return true;
    default:
      return false;
  }
}

}  // namespace

void special_row(const ExecContext& c, const isa::SpecialRegisterRef& ref, std::uint32_t mask,
                 std::uint64_t* row) {
  if (mask == 0) return;
  if (warp_uniform(ref.reg)) {
    const std::uint64_t v = special_value(c, ref, static_cast<unsigned>(std::countr_zero(mask)));
    for_each_lane(mask, [&](unsigned lane) { row[lane] = v; });
    return;
  }
  if (ref.reg == isa::SpecialRegister::Tid) {
    // Consecutive lanes are consecutive threads of the block: x counts up
    // and carries into y, then z, instead of two divisions per lane.
    const Dim3& b = c.launch.config.block;
    Dim3 t = thread_index(c.launch, thread_in_block(c, 0));
    for (unsigned lane = 0; lane < kWarpSize; ++lane) {
      if ((mask >> lane & 1) != 0) row[lane] = component(t, ref.component);
      if (++t.x == b.x) {
        t.x = 0;
        if (++t.y == b.y) {
          t.y = 0;
          ++t.z;
        }
      }
    }
    return;
  }
  for_each_lane(mask, [&](unsigned lane) { row[lane] = special_value(c, ref, lane); });
}

bool is_supported(const isa::SpecialRegisterRef& ref) {
  if (warp_uniform(ref.reg)) return true;
  // The registers whose value differs between the lanes of a warp.
  using S = isa::SpecialRegister;
  switch (ref.reg) {
    case S::Tid:
    case S::Laneid:
    case S::LanemaskEq:
    case S::LanemaskLe:
    case S::LanemaskLt:
    case S::LanemaskGe:
    case S::LanemaskGt:
    case S::Clock:
    case S::ClockHi:
    case S::Clock64:
    case S::Globaltimer:
    case S::GlobaltimerLo:
    case S::GlobaltimerHi:
      return true;
    default:
      return false;
  }
}

void report_error(ExecContext& c, CudaError code, std::string message) {
  if (c.error) return;
  c.error = LaunchError{.code = code, .message = std::move(message)};
}

void report_fault(ExecContext& c, MemoryFault fault, unsigned lane) {
  const Dim3 t = thread_index(c.launch, thread_in_block(c, lane));
  fault.site = FaultSite{.block_x = c.block.ctaid.x,
                         .block_y = c.block.ctaid.y,
                         .block_z = c.block.ctaid.z,
                         .thread_x = t.x,
                         .thread_y = t.y,
                         .thread_z = t.z,
                         .instruction = c.pc,
                         .ptx_line = c.launch.kernel.code[c.pc].ptx_line};
  report_error(c, cuda_error_of(fault),
               fmt::format("kernel {}: {}", c.launch.kernel.name, describe(fault)));
}

}  // namespace smsim::func
