#include "timing/issue_rules.h"

#include <algorithm>

#include "isa/opcode.h"
#include "isa/type.h"

namespace smsim::timing {

double pipe_interval(int warp_size, int units, int schedulers) {
  // A CC without the unit (fp64 on 1.0) still runs the PTX: one lane per
  // sub-partition, the slowest rate the model can state.
  const double per_partition =
      std::max(1.0, static_cast<double>(units) / static_cast<double>(std::max(1, schedulers)));
  return std::max(1, warp_size) / per_partition;
}

void apply_issue_rules(OpTiming& t, const func::DecodedInstruction& in, const TimingParams& p) {
  const arch::IssueFacts& rules = p.facts.issue;
  const arch::TimingLatencies& l = p.facts.latency;
  // The slides' issue costs: y / x is rcp(x) * y (16 + 4 cycles per warp on
  // 1.x), and on 1.x sqrt(x) is rcp(rsqrt(x)) (2 x 16 cycles).
  if (in.type == isa::Type::F32 && in.rounding == func::Rounding::none) {
    if (in.opcode == isa::Opcode::Div) {
      t.pipe = Pipe::sfu;
      t.interval = static_cast<float>(p.sfu_interval + p.fp32_interval);
      t.latency = static_cast<std::uint16_t>(l.sfu_rcp + l.fma);
      t.dependency = Stall::short_scoreboard;
      return;
    }
    if (in.opcode == isa::Opcode::Sqrt) {
      const int passes = std::max(1, rules.sqrt_sfu_passes);
      t.interval = static_cast<float>(p.sfu_interval * passes);
      t.latency = static_cast<std::uint16_t>(l.sfu * passes);
      return;
    }
  }
  // Tesla and Fermi cores (and Kepler's) execute integer and floating-point
  // instructions alike: one pipe, at the cores' rate.
  if (rules.cores_execute_integer && (t.pipe == Pipe::alu || t.pipe == Pipe::int_mul)) {
    t.pipe = Pipe::fp32;
    t.interval = static_cast<float>(p.fp32_interval);
  }
}

bool stops_other_schedulers(const OpTiming& op, const TimingParams& p) {
  return p.facts.issue.fp64_blocks_other_schedulers && op.pipe == Pipe::fp64;
}

bool may_pair_after(const OpTiming& op, std::uint32_t issued, const TimingParams& p) {
  return p.facts.issue.dual_issue && issued < p.issue_width && !op.barrier && !op.ends_window;
}

}  // namespace smsim::timing
