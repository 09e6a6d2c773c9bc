// The per-instruction timing the cycle model derives from decoded PTX, with
// the H100 model's facts (configs/arch/hopper.toml).
#include "timing/op_timing.h"

#include <gtest/gtest.h>

#include <deque>
#include <string>
#include <vector>

#include "arch/gpu_database.h"
#include "func/device.h"
#include "ptx/frontend.h"

namespace smsim::timing {
namespace {

const arch::GpuModel& h100() {
  static const arch::GpuDatabase db = arch::GpuDatabase::load(SMSIM_CONFIG_DIR);
  return *db.find("h100");
}

// The decoded kernels stay alive for for_each_list_register (a deque keeps them in place).
std::deque<func::DecodedKernel> kernels_;

// The timing of each instruction of a one-kernel module built from `body`.
std::vector<OpTiming> timings_of(const std::string& body, const std::string& target = "sm_90") {
  const std::string ptx =
      ".version 8.0\n.target " + target + "\n.address_size 64\n"
      ".visible .entry k(.param .u64 out) {\n  .reg .b32 %r<8>; .reg .b64 %rd<8>;\n" +
      body + "  ret;\n}\n";
  ptx::Diagnostics diags("test.ptx", ptx);
  const ptx::Module module = ptx::parse_and_check(ptx, diags);
  EXPECT_FALSE(diags.has_errors()) << diags.format();
  func::Device device(func::LaunchOptions{}, std::uint64_t{1} << 20);
  const func::LoadedModule loaded = device.load(module);
  const auto p = timing_params(h100());
  EXPECT_TRUE(p.params) << p.error;
  kernels_.push_back(*loaded.kernels.at(0).kernel);
  return op_timings(kernels_.back(), *p.params);
}

TEST(OpTiming, IntegerRemainderByARegisterIsTheDivisionSequenceOnTheXu) {
  const auto t = timings_of(
      "  mov.u32 %r1, %tid.x;\n  rem.u32 %r2, %r1, %r1;\n"
      "  div.s32 %r3, %r1, %r1;\n");
  const auto p = *timing_params(h100()).params;
  const auto& l = h100().timing.latency;
  for (std::size_t pc : {1u, 2u}) {
    EXPECT_EQ(t[pc].pipe, Pipe::sfu) << pc;
    EXPECT_DOUBLE_EQ(t[pc].interval, 3 * p.sfu_interval) << pc;  // I2F, MUFU.RCP, F2I
    EXPECT_EQ(t[pc].latency, 2 * l.sfu + l.sfu_rcp + 10 * l.int_mul) << pc;
    EXPECT_EQ(t[pc].dependency, Stall::short_scoreboard) << pc;
    // Each of its machine instructions is an issue (hopper.toml: 17).
    EXPECT_EQ(t[pc].issues, 17u) << pc;
  }
  EXPECT_EQ(t[0].issues, 1u);
}

TEST(OpTiming, IfConvertedBranchKnowsTheEndOfItsBody) {
  const auto t = timings_of(
      "  .reg .pred %p<2>; .shared .align 4 .b32 sh[1];\n"
      "  mov.u32 %r1, %tid.x;\n  setp.lt.u32 %p1, %r1, 4;\n  @%p1 bra DONE;\n"
      "  ld.shared.u32 %r2, [sh];\n  add.s32 %r2, %r2, 1;\n  st.shared.u32 [sh], %r2;\n"
      "DONE:\n  bar.sync 0;\n");
  EXPECT_EQ(t[2].converted_end, 6u);
  for (std::size_t pc : {0u, 1u, 3u, 4u, 5u, 6u}) EXPECT_EQ(t[pc].converted_end, UINT32_MAX) << pc;
}

TEST(OpTiming, DivisionByAConstantIsNoDivisionSequence) {
  // ptxas turns it into a multiply-high and shifts.
  const auto t = timings_of("  mov.u32 %r1, %tid.x;\n  rem.u32 %r2, %r1, 6;\n");
  EXPECT_EQ(t[1].pipe, Pipe::int_mul);
}

// wgmma names its 4..128 accumulators in an operand list: they are read
// (the accumulator) and written, so a load into one of them must complete
// before the wgmma issues (in timing mode a load's value arrives late, and
// without this the wgmma's result was overwritten by it).
TEST(OpTiming, WgmmaReadsAndWritesItsOperandList) {
  const auto t = timings_of(
      "  .reg .f32 %f<4>; .reg .pred %p<2>;\n"
      "  ld.global.f32 %f0, [%rd1];\n  setp.ne.u32 %p1, %r1, 0;\n"
      "  wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%f0, %f1, %f2, %f3}, %rd2, %rd3, %p1, "
      "1, 1, 0, 0;\n",
      "sm_90a");
  const OpTiming& w = t[2];
  EXPECT_NE(w.list, UINT32_MAX);
  EXPECT_EQ(w.list_dests, 4u);
  EXPECT_TRUE(w.list_dests_read);
  EXPECT_FALSE(w.hoistable);
  std::vector<std::uint32_t> read, written;
  for_each_list_register(kernels_.back(), w, true, [&](std::uint32_t r) { read.push_back(r); });
  for_each_list_register(kernels_.back(), w, false, [&](std::uint32_t r) { written.push_back(r); });
  EXPECT_EQ(written.size(), 4u);
  EXPECT_EQ(read.size(), 4u + 3u);  // D, the two descriptors and the predicate
  EXPECT_EQ(read[0], written[0]);
  EXPECT_EQ(t[0].dest_count, 1u);
  EXPECT_EQ(t[0].dests[0], written[0]);  // the load's destination is the first accumulator
}

// Only results that a kept branch's predicate can depend on keep an early
// cycle (branch_feeders.h). Too few and the branch costs would read a stale
// cycle; too many costs host time at every issue (an FFMA loop's arithmetic).
TEST(OpTiming, OnlyWhatFeedsAKeptBranchTracksItsEarlyCycle) {
  const auto t = timings_of(
      "  .reg .pred %p<2>;\n"
      "  mov.u32 %r1, 0;\n"                         // 0: the counter's start
      "  ld.param.u64 %rd1, [out];\n"               // 1: only the load's address
      "  mov.u32 %r5, %r6;\n"                       // 2: feeds nothing
      "LOOP:\n  fma.rn.f32 %r2, %r2, %r2, %r2;\n"  // 3: arithmetic the branch never reads
      "  ld.global.u32 %r3, [%rd1];\n"              // 4: the bound, a load (never early)
      "  add.u32 %r1, %r1, 1;\n"                    // 5: the counter, carried round the loop
      "  setp.lt.u32 %p1, %r1, %r3;\n"              // 6: the predicate
      "  @%p1 bra LOOP;\n");                        // 7
  ASSERT_TRUE(t[7].kept_branch);
  ASSERT_NE(t[7].branch_guard, UINT32_MAX);
  for (std::size_t pc : {0u, 4u, 5u, 6u}) EXPECT_TRUE(t[pc].tracks_early) << pc;
  // A load's early cycle is its ready cycle: its address does not matter.
  for (std::size_t pc : {1u, 2u, 3u, 7u}) EXPECT_FALSE(t[pc].tracks_early) << pc;
}

// Without a kept conditional branch no result is tracked.
TEST(OpTiming, NoKeptBranchNoEarlyCycles) {
  const auto t = timings_of("  mov.u32 %r1, %tid.x;\n  add.u32 %r2, %r1, 1;\n");
  for (const OpTiming& op : t) EXPECT_FALSE(op.tracks_early);
}

}  // namespace
}  // namespace smsim::timing
