#pragma once
// What the cycle model needs to know about each instruction of a kernel,
// computed once per launch from the decoded code: which pipe it occupies and
// for how long, when its result is ready, which registers it reads and
// writes, and whether it goes to the memory pipeline or a barrier.

#include <cstdint>
#include <vector>

#include "func/decode/decoded_kernel.h"
#include "timing/fence_cost.h"
#include "timing/stall_reason.h"
#include "timing/timing_params.h"

namespace smsim::timing {

// Per-sub-partition pipes with an initiation interval.
enum class Pipe : std::uint8_t { alu, fp32, int_mul, fp64, sfu, none, count };

enum class MemOp : std::uint8_t { none, load, store, atomic, other };

inline constexpr std::uint8_t kMaxSources = 12;

struct OpTiming {
  Pipe pipe = Pipe::alu;
  float interval = 1;              // cycles the pipe stays busy (fractional: issue_rules.h)
  std::uint16_t latency = 0;       // fixed result latency (memory ops: decided by the memory model)
  Stall dependency = Stall::wait;  // what a consumer of the result waits on
  MemOp mem = MemOp::none;
  bool barrier = false;
  // barrier.cluster.arrive with release semantics (not .relaxed): the warp
  // fences before it arrives (cluster_release.h).
  bool cluster_release = false;
  bool cluster_wait = false;  // barrier.cluster.wait
  // A membar or fence: the warp issues nothing more until it completes
  // (fence_cost.h); none for other instructions and for the proxy,
  // mbarrier_init and restricted fences (not measured: an issue).
  FenceScope fence = FenceScope::none;
  bool stops_others = false;  // stops the SM's other schedulers (issue_rules.h)
  bool l2_only = false;  // ld .cg/.cv: bypasses L1
  // May go ahead of a stalled older instruction of its basic block (see
  // docs/timing.md: the stand-in for ptxas's instruction scheduling): no
  // control flow, no special register, no call, no fence.
  bool hoistable = false;
  bool orders_memory = false;     // a store, atomic, fence or barrier: loads do not pass it
  bool ends_window = false;       // control flow, a call, a fence or a special register read
  bool block_start = false;       // a branch target or reconvergence point
  // Scheduler issues it takes: the machine instructions ptxas makes of it
  // (an integer division: int_division_instructions), each issued by the
  // warp's scheduler in a cycle of its own.
  std::uint8_t issues = 1;
  // A branch whose body ptxas predicates (if_conversion.h): the body's end
  // (the target). A warp that skips the body still issues it, no lane active.
  std::uint32_t converted_end = UINT32_MAX;
  // A branch that ptxas keeps (not if-converted; branch_cost.h): a taken one
  // delays its warp's next issue, and a conditional one (`branch_guard`, its
  // predicate) issues predicate_cycles after that predicate could be ready.
  bool kept_branch = false;
  std::uint32_t branch_guard = UINT32_MAX;
  // A kept branch that opens an if/else whose join starts a region
  // (branch_regions.h, if_else_join_starts_region).
  bool if_else_join = false;
  // A fixed-latency result (no memory access, no special register): ptxas
  // may compute it as early as its operands allow within its region, which
  // is when a branch's predicate counts as ready (branch_regions.h).
  bool early_result = false;
  // It writes a register whose early cycle a kept branch's predicate can
  // depend on (branch_feeders.h): only these keep WarpSlot::reg_early.
  bool tracks_early = false;
  std::uint8_t access_bytes = 0;  // per lane, for memory ops
  std::uint8_t source_count = 0;
  std::uint8_t dest_count = 0;
  std::uint32_t sources[kMaxSources] = {};
  std::uint32_t dests[4] = {};
  // mma, wmma and wgmma name more registers than sources/dests hold: their
  // operand list (DecodedKernel::operand_lists from `list`, destinations
  // first). wgmma's destinations are its accumulators, read as well.
  std::uint32_t list = UINT32_MAX;
  std::uint8_t list_dests = 0;
  std::uint8_t list_sources = 0;
  bool list_dests_read = false;
};

// Calls f(register) for each register of an operand-list instruction that
// it reads (`reads`) or writes.
template <typename F>
void for_each_list_register(const func::DecodedKernel& kernel, const OpTiming& op, bool reads,
                            F&& f) {
  if (op.list == UINT32_MAX) return;
  const func::Operand* o = kernel.operand_lists.data() + op.list;
  const unsigned first = reads && !op.list_dests_read ? op.list_dests : 0;
  const unsigned end = reads ? op.list_dests + op.list_sources : op.list_dests;
  for (unsigned i = first; i < end; ++i) {
    if (o[i].kind == func::OperandKind::reg) f(o[i].reg);
  }
}

std::vector<OpTiming> op_timings(const func::DecodedKernel& kernel, const TimingParams& p);

}  // namespace smsim::timing
