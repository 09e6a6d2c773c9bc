#include "timing/op_timing.h"

#include <algorithm>

#include "isa/opcode.h"
#include "isa/type.h"
#include "timing/branch_feeders.h"
#include "timing/branch_regions.h"
#include "timing/if_conversion.h"
#include "timing/issue_rules.h"

namespace smsim::timing {
namespace {

using isa::LatencyClass;
using isa::Opcode;

MemOp memory_op(Opcode op) {
  switch (op) {
    case Opcode::Ld:
    case Opcode::Ldu:
      return MemOp::load;
    case Opcode::St:
      return MemOp::store;
    case Opcode::Atom:
    case Opcode::Red:
      return MemOp::atomic;
    default:
      return MemOp::other;
  }
}

// Integer division and remainder by a register (32 bits or fewer) are no
// single machine instruction: ptxas expands them into a reciprocal
// approximation and a correction (golden sass/reduction.sass, the
// `tid % (2 * stride)` of reduce_interleaved_divergent: I2F.U32.RP,
// MUFU.RCP, F2I.FTZ.U32.TRUNC, then ten dependent integer operations). The
// two conversions and the reciprocal occupy the XU (the SFU: Nsight
// Compute's pipe for transcendentals and int/float conversions); the result
// comes after that chain. A divisor known at compile time becomes shifts and
// multiplies instead and is timed as an integer multiply.
constexpr std::uint32_t kIntDivXuOps = 3;
constexpr int kIntDivChainOps = 10;

bool expands_to_division_sequence(const func::DecodedInstruction& in) {
  return (in.opcode == Opcode::Div || in.opcode == Opcode::Rem) && isa::is_integer(in.type) &&
         isa::type_bits(in.type) <= 32 && in.src_count >= 2 &&
         in.src[1].kind == func::OperandKind::reg;
}

// Pipe, interval and latency of a non-memory instruction from the opcode
// table's latency class (and, for the SFU, which function it computes).
void set_arithmetic(OpTiming& t, const func::DecodedInstruction& in, const TimingParams& p) {
  const arch::TimingLatencies& l = p.facts.latency;
  const auto& info = isa::opcode_info(in.opcode);
  auto use = [&t](Pipe pipe, double interval, int latency) {
    t.pipe = pipe;
    t.interval = static_cast<float>(interval);
    t.latency = static_cast<std::uint16_t>(latency);
  };
  if (expands_to_division_sequence(in)) {
    // The XU's conversions are timed as its measured MUFU latency.
    use(Pipe::sfu, kIntDivXuOps * p.sfu_interval,
        2 * l.sfu + l.sfu_rcp + kIntDivChainOps * l.int_mul);
    t.dependency = Stall::short_scoreboard;
    t.issues = static_cast<std::uint8_t>(
        std::clamp(p.facts.issue.int_division_instructions, 1, 255));
    return;
  }
  // Double precision goes to the FP64 pipe whatever the table's class.
  if (in.type == isa::Type::F64 && info.unit != isa::ExecUnit::Conversion &&
      info.unit != isa::ExecUnit::LoadStore && in.opcode != Opcode::Mov &&
      in.opcode != Opcode::Setp && in.opcode != Opcode::Selp) {
    use(Pipe::fp64, p.fp64_interval, l.fp64);
    return;
  }
  // Packed half precision runs on the FP32 pipe with its own latency.
  if (info.unit == isa::ExecUnit::Half || isa::type_bits(in.type) == 16 ||
      in.type == isa::Type::F16x2 || in.type == isa::Type::Bf16x2) {
    if (info.latency == LatencyClass::Fma || info.unit == isa::ExecUnit::Half) {
      use(Pipe::fp32, p.fp32_interval, l.half);
      return;
    }
  }
  switch (info.latency) {
    case LatencyClass::Fma:
      use(Pipe::fp32, p.fp32_interval, l.fma);
      return;
    case LatencyClass::IntMul:
      use(Pipe::int_mul, p.int_interval, l.int_mul);
      return;
    case LatencyClass::Fp64:
      use(Pipe::fp64, p.fp64_interval, l.fp64);
      return;
    case LatencyClass::Sfu:
      t.dependency = Stall::short_scoreboard;
      if (in.opcode == Opcode::Sin || in.opcode == Opcode::Cos) {
        use(Pipe::sfu, p.sfu_interval, l.sfu_trig);
      } else if (in.opcode == Opcode::Rcp) {
        use(Pipe::sfu, p.sfu_interval, l.sfu_rcp);
      } else {
        use(Pipe::sfu, p.sfu_interval, l.sfu);
      }
      return;
    case LatencyClass::Convert:
      use(Pipe::alu, 1, l.convert);
      return;
    case LatencyClass::Shuffle:
      t.dependency = Stall::short_scoreboard;
      use(Pipe::alu, 1, l.shuffle);
      return;
    default:
      break;
  }
  if (info.unit == isa::ExecUnit::FpAlu) {
    use(Pipe::fp32, p.fp32_interval, l.fma);
    return;
  }
  if (info.unit == isa::ExecUnit::Branch || info.unit == isa::ExecUnit::Barrier) {
    use(Pipe::none, 1, 0);
    return;
  }
  use(Pipe::alu, 1, l.alu);
}

void add_source(OpTiming& t, std::uint32_t reg) {
  if (reg == func::kNoReg || t.source_count == kMaxSources) return;
  t.sources[t.source_count++] = reg;
}

// The decoder keeps a fence's scope in `mode` (proxy fences: Proxy). The
// cluster scope costs what the gpu scope does (fence_cost.h).
FenceScope fence_scope(isa::Modifier scope) {
  switch (scope) {
    case isa::Modifier::Cta:
      return FenceScope::cta;
    case isa::Modifier::Cluster:
    case isa::Modifier::Gpu:
      return FenceScope::gpu;
    case isa::Modifier::Sys:
      return FenceScope::sys;
    default:
      return FenceScope::none;
  }
}

}  // namespace

std::vector<OpTiming> op_timings(const func::DecodedKernel& kernel, const TimingParams& p) {
  std::vector<OpTiming> out(kernel.code.size());
  for (std::size_t pc = 0; pc < kernel.code.size(); ++pc) {
    const func::DecodedInstruction& in = kernel.code[pc];
    OpTiming& t = out[pc];
    const auto& info = isa::opcode_info(in.opcode);
    if (in.control == func::Control::barrier) {
      t.barrier = true;
      t.pipe = Pipe::none;
      t.cluster_release = in.opcode == Opcode::BarrierCluster &&
                          in.combine == isa::Modifier::Arrive && in.mode != isa::Modifier::Relaxed;
      t.cluster_wait = in.opcode == Opcode::BarrierCluster && in.combine != isa::Modifier::Arrive;
    } else if (info.unit == isa::ExecUnit::LoadStore) {
      t.mem = memory_op(in.opcode);
      t.pipe = Pipe::none;
      t.dependency = Stall::long_scoreboard;  // refined per access (shared: short)
      t.l2_only = in.has(func::kL2Only);
      t.access_bytes = static_cast<std::uint8_t>(
          std::max<unsigned>(1, isa::type_bits(in.type) / 8) * std::max<unsigned>(1, in.vector));
    } else {
      set_arithmetic(t, in, p);
      apply_issue_rules(t, in, p);
    }
    add_source(t, in.guard_reg);
    add_source(t, in.addr_reg);
    for (std::uint8_t i = 0; i < in.src_count && i < func::kMaxSrc; ++i) {
      if (in.src[i].kind == func::OperandKind::reg) add_source(t, in.src[i].reg);
    }
    bool special = false;
    for (std::uint8_t i = 0; i < in.dst_count && i < func::kMaxDst; ++i) {
      if (in.dst[i].kind == func::OperandKind::reg) t.dests[t.dest_count++] = in.dst[i].reg;
    }
    for (std::uint8_t i = 0; i < in.src_count && i < func::kMaxSrc; ++i) {
      special = special || in.src[i].kind == func::OperandKind::special;
    }
    if (in.operand_list != func::kNoPc) {
      t.list = in.operand_list;
      t.list_dests = in.dst_count;
      t.list_sources = in.src_count;
      t.list_dests_read = in.opcode == Opcode::WgmmaMmaAsync || in.opcode == Opcode::WgmmaMmaAsyncSp;
    }
    // Operand-list instructions are not hoisted (the window tracks only
    // sources/dests).
    const bool plain = in.control == func::Control::none && in.builtin == func::Builtin::none &&
                       !special && t.source_count < kMaxSources && t.list == UINT32_MAX;
    const bool fence = in.opcode == Opcode::Membar || in.opcode == Opcode::Fence;
    if (fence) t.fence = fence_scope(in.mode);
    t.orders_memory = t.barrier || fence || t.mem == MemOp::store || t.mem == MemOp::atomic ||
                      t.mem == MemOp::other || !plain;
    t.hoistable = plain && !fence;
    t.ends_window = !plain || fence;
    t.stops_others = stops_other_schedulers(t, p);
  }
  const std::vector<std::uint32_t> converted = if_converted_branches(kernel, p.facts.if_conversion);
  const bool branch_costs = p.facts.branch.any_cost();
  for (std::size_t pc = 0; pc < kernel.code.size(); ++pc) {
    OpTiming& t = out[pc];
    const func::DecodedInstruction& in = kernel.code[pc];
    t.converted_end = converted[pc];
    t.early_result = branch_costs && t.hoistable && t.mem == MemOp::none;
    const bool branch =
        in.control == func::Control::branch || in.control == func::Control::branch_indexed;
    t.kept_branch = branch_costs && branch && t.converted_end == func::kNoPc;
    t.if_else_join = t.kept_branch && if_else_join_starts_region(kernel, static_cast<std::uint32_t>(pc));
    if (t.kept_branch && in.control == func::Control::branch && in.guard_reg != func::kNoReg &&
        p.facts.branch.predicate_cycles > 0) {
      // It waits for its predicate as ptxas computes it (GridRun::predicate_wait),
      // not where the PTX does: the guard is no source of its own.
      t.branch_guard = in.guard_reg;
      std::uint8_t kept = 0;
      for (std::uint8_t i = 0; i < t.source_count; ++i) {
        if (t.sources[i] != in.guard_reg) t.sources[kept++] = t.sources[i];
      }
      t.source_count = kept;
    }
  }
  mark_branch_feeders(kernel, out);
  for (const func::DecodedInstruction& in : kernel.code) {
    if (in.target < out.size()) out[in.target].block_start = true;
    if (in.reconverge < out.size()) out[in.reconverge].block_start = true;
  }
  return out;
}

}  // namespace smsim::timing
