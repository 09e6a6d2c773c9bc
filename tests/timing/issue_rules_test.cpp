// The per-CC issue rules as pure functions: pipe intervals from the units,
// when a pipe accepts an instruction, and which instructions change pipe.
#include "timing/issue_rules.h"

#include <gtest/gtest.h>

#include "isa/opcode.h"
#include "isa/type.h"

namespace smsim::timing {
namespace {

TEST(IssueRules, PipeIntervalIsTheWarpOverTheLanesOfOneScheduler) {
  EXPECT_DOUBLE_EQ(pipe_interval(32, 8, 1), 4.0);   // 1.x: 8 SPs, slides' 4 cycles per warp
  EXPECT_DOUBLE_EQ(pipe_interval(32, 2, 1), 16.0);  // 1.x: 2 SFUs, 16 cycles
  EXPECT_DOUBLE_EQ(pipe_interval(32, 32, 2), 2.0);  // 2.0: 16 cores per scheduler
  EXPECT_NEAR(pipe_interval(32, 192, 4), 2.0 / 3.0, 1e-12);  // 3.x: 48 cores per scheduler
  EXPECT_DOUBLE_EQ(pipe_interval(32, 0, 1), 32.0);  // no such unit: one lane
  EXPECT_DOUBLE_EQ(pipe_interval(32, 128, 4), 1.0);  // sm_90
}

TEST(IssueRules, APipeAcceptsWithinTheIssueInWhichItFreesUp) {
  EXPECT_EQ(pipe_accepts_at(0.0, 1), 0u);
  EXPECT_EQ(pipe_accepts_at(4.0, 1), 4u);  // integer intervals: the cycle it is free
  EXPECT_EQ(pipe_accepts_at(3.99, 1), 3u);
  EXPECT_EQ(pipe_accepts_at(0.67, 1), 0u);  // a second 2/3-cycle op in the same cycle
  EXPECT_EQ(pipe_accepts_at(1.34, 1), 1u);
  EXPECT_EQ(pipe_accepts_at(1.34, 2), 0u);  // a two-cycle issue started at 0 covers 1.34
  EXPECT_EQ(pipe_accepts_at(2.0, 2), 1u);
}

TEST(IssueRules, PairingNeedsDualIssueAndStopsAtControlFlowAndBarriers) {
  TimingParams p;
  p.issue_width = 2;
  OpTiming plain;
  EXPECT_FALSE(may_pair_after(plain, 1, p));
  p.facts.issue.dual_issue = true;
  EXPECT_TRUE(may_pair_after(plain, 1, p));
  EXPECT_FALSE(may_pair_after(plain, 2, p));  // the width is used up
  OpTiming branch;
  branch.ends_window = true;
  EXPECT_FALSE(may_pair_after(branch, 1, p));
  OpTiming barrier;
  barrier.barrier = true;
  EXPECT_FALSE(may_pair_after(barrier, 1, p));
}

TEST(IssueRules, OnlyDoublePrecisionStopsTheOtherSchedulersWhereTheCcSaysSo) {
  TimingParams p;
  OpTiming dp;
  dp.pipe = Pipe::fp64;
  OpTiming sp;
  sp.pipe = Pipe::fp32;
  EXPECT_FALSE(stops_other_schedulers(dp, p));
  p.facts.issue.fp64_blocks_other_schedulers = true;
  EXPECT_TRUE(stops_other_schedulers(dp, p));
  EXPECT_FALSE(stops_other_schedulers(sp, p));
}

TimingParams tesla_like() {
  TimingParams p;
  p.fp32_interval = 4;
  p.sfu_interval = 16;
  p.facts.latency.sfu = 24;
  p.facts.latency.sfu_rcp = 24;
  p.facts.latency.fma = 24;
  p.facts.issue.sqrt_sfu_passes = 2;
  p.facts.issue.cores_execute_integer = true;
  return p;
}

func::DecodedInstruction instruction(isa::Opcode op, isa::Type type) {
  func::DecodedInstruction in;
  in.opcode = op;
  in.type = type;
  return in;
}

TEST(IssueRules, ApproximateDivisionIsAReciprocalThenAMultiply) {
  const TimingParams p = tesla_like();
  OpTiming t;
  apply_issue_rules(t, instruction(isa::Opcode::Div, isa::Type::F32), p);
  EXPECT_EQ(t.pipe, Pipe::sfu);
  EXPECT_FLOAT_EQ(t.interval, 20.0f);  // slides: 20 cycles per warp
  EXPECT_EQ(t.latency, 48);
  // Integer and IEEE-rounded division keep op_timing's choice.
  OpTiming integer;
  apply_issue_rules(integer, instruction(isa::Opcode::Div, isa::Type::S32), p);
  EXPECT_EQ(integer.pipe, Pipe::fp32);  // on the cores, as every integer instruction here
  func::DecodedInstruction rn = instruction(isa::Opcode::Div, isa::Type::F32);
  rn.rounding = func::Rounding::rn;
  OpTiming ieee;
  ieee.pipe = Pipe::fp32;
  ieee.interval = 4;
  apply_issue_rules(ieee, rn, p);
  EXPECT_FLOAT_EQ(ieee.interval, 4.0f);
}

TEST(IssueRules, SqrtTakesTheCcsSfuPasses) {
  TimingParams p = tesla_like();
  OpTiming t;
  t.pipe = Pipe::sfu;
  apply_issue_rules(t, instruction(isa::Opcode::Sqrt, isa::Type::F32), p);
  EXPECT_FLOAT_EQ(t.interval, 32.0f);  // slides: rcp(rsqrt(x)), 32 cycles per warp
  EXPECT_EQ(t.latency, 48);
  p.facts.issue.sqrt_sfu_passes = 1;
  apply_issue_rules(t, instruction(isa::Opcode::Sqrt, isa::Type::F32), p);
  EXPECT_FLOAT_EQ(t.interval, 16.0f);
}

TEST(IssueRules, IntegerInstructionsMoveToTheCoresOnlyWhereTheCcSaysSo) {
  TimingParams p = tesla_like();
  OpTiming t;
  t.pipe = Pipe::alu;
  apply_issue_rules(t, instruction(isa::Opcode::Add, isa::Type::S32), p);
  EXPECT_EQ(t.pipe, Pipe::fp32);
  EXPECT_FLOAT_EQ(t.interval, 4.0f);
  p.facts.issue.cores_execute_integer = false;
  OpTiming separate;
  separate.pipe = Pipe::alu;
  apply_issue_rules(separate, instruction(isa::Opcode::Add, isa::Type::S32), p);
  EXPECT_EQ(separate.pipe, Pipe::alu);
  EXPECT_FLOAT_EQ(separate.interval, 1.0f);
}

}  // namespace
}  // namespace smsim::timing
