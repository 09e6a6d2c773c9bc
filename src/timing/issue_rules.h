#pragma once
// Per-CC warp-scheduler rules (issue 8), as data from [sm_XX.timing.issue]
// (arch::IssueFacts): which pipe an instruction occupies and for how long
// where a generation's cores differ from the sm_90 model, the SFU sequences
// older hardware needs for sqrt and division, dual issue of a warp's
// independent instructions, and Fermi's double-precision issue that stops the
// SM's other scheduler. The cycle loop calls these; it holds no CC tests.

#include <cstdint>

#include "func/decode/decoded_instruction.h"
#include "timing/op_timing.h"
#include "timing/timing_params.h"

namespace smsim::timing {

// Cycles one warp-instruction holds a pipe that has `units` lanes per SM
// shared by `schedulers` sub-partitions: the warp size over the lanes per
// sub-partition. Fractional where the lanes do not divide the warp (48 CUDA
// cores per Kepler scheduler take two thirds of a cycle), so that dual issue
// can reach the pipe's throughput.
double pipe_interval(int warp_size, int units, int schedulers);

// The first cycle at which a pipe that is busy until `free` accepts an
// instruction from a scheduler whose issue takes `issue_cycles`: one may
// start within the issue in which the pipe frees up (Fermi dispatches a
// warp-instruction over two cycles, so a pipe free at 1.33 takes the issue
// of cycle 0).
inline std::uint64_t pipe_accepts_at(double free, int issue_cycles) {
  const double first = free - static_cast<double>(issue_cycles);
  return first < 0.0 ? 0 : static_cast<std::uint64_t>(first) + 1;
}

// Adjusts the pipe, interval and latency op_timing gave `in` for the CC's
// issue facts: integer and logic instructions on the FP32 cores (1.x-3.x),
// sqrt.approx.f32 as several SFU instructions (1.x: rcp(rsqrt(x))), and an
// approximate f32 division as an SFU reciprocal followed by a multiply.
void apply_issue_rules(OpTiming& t, const func::DecodedInstruction& in, const TimingParams& p);

// Whether issuing `op` stops every other scheduler of the SM for the cycles
// it occupies its pipe (App. G.3.1 on 2.x: "when a scheduler issues a
// double-precision floating-point instruction, the other scheduler cannot
// issue any instruction").
bool stops_other_schedulers(const OpTiming& op, const TimingParams& p);

// Whether a warp that has just issued `op` this cycle may issue its next
// instruction in the same cycle (dual issue, 2.1 and 3.x): the scheduler
// pairs consecutive instructions of one warp, never across control flow or a
// barrier; the scoreboard and the pipes decide whether the next one is ready.
bool may_pair_after(const OpTiming& op, std::uint32_t issued, const TimingParams& p);

}  // namespace smsim::timing
