#pragma once
// What the cycle model needs to know about each instruction of a kernel,
// computed once per launch from the decoded code: which pipe it occupies and
// for how long, when its result is ready, which registers it reads and
// writes, and whether it goes to the memory pipeline or a barrier.

#include <cstdint>
#include <vector>

#include "func/decode/decoded_kernel.h"
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
  bool l2_only = false;  // ld .cg/.cv: bypasses L1
  // May go ahead of a stalled older instruction of its basic block (see
  // docs/timing.md: the stand-in for ptxas's instruction scheduling): no
  // control flow, no special register, no call, no fence.
  bool hoistable = false;
  bool orders_memory = false;     // a store, atomic, fence or barrier: loads do not pass it
  bool ends_window = false;       // control flow, a call, a fence or a special register read
  bool block_start = false;       // a branch target or reconvergence point
  std::uint8_t access_bytes = 0;  // per lane, for memory ops
  std::uint8_t source_count = 0;
  std::uint8_t dest_count = 0;
  std::uint32_t sources[kMaxSources] = {};
  std::uint32_t dests[4] = {};
};

std::vector<OpTiming> op_timings(const func::DecodedKernel& kernel, const TimingParams& p);

}  // namespace smsim::timing
