// Stepping an SM ahead of the others on one host thread (grid_run_step_ahead.cpp)
// gives what lock-step gives: every statistic equal to a run on two host
// threads, which keeps all SMs in lock-step, for arithmetic loops beside
// SMs whose warps issue ahead of loads, several waves of blocks, and a
// launch that fails while other SMs are ahead.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "timing/timed_launch.h"
#include "timing/timing_params.h"
#include "timing_test_models.h"

namespace smsim::timing {
namespace {

// Each thread of an even block loads in[i], runs `iterations` rounds of
// FMAs and stores the result; the thread of `bad` (a global index) loads
// from address 8 instead, once `bad_after` rounds are done. Odd blocks
// (on the odd SMs) load in[i] every round, with independent FMAs that issue
// ahead of the load's consumer while it waits (look-aheads).
const std::string kKernel = R"(.version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 in, .param .u64 out, .param .u32 iterations, .param .u32 bad,
                  .param .u32 bad_after)
{
  .reg .b32 %r<12>;
  .reg .b64 %rd<10>;
  .reg .f32 %f<8>;
  .reg .pred %p<5>;
  ld.param.u64 %rd1, [in];
  ld.param.u64 %rd2, [out];
  ld.param.u32 %r9, [iterations];
  ld.param.u32 %r10, [bad];
  ld.param.u32 %r11, [bad_after];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %ctaid.x;
  mov.u32 %r3, %ntid.x;
  mad.lo.s32 %r4, %r2, %r3, %r1;
  mul.wide.u32 %rd5, %r4, 4;
  add.s64 %rd6, %rd1, %rd5;
  ld.global.f32 %f1, [%rd6];
  mov.f32 %f2, 0f3F7FFFFE;
  mov.f32 %f7, 0f3F800000;
  mov.u32 %r5, 0;
  and.b32 %r6, %r2, 1;
  setp.eq.u32 %p4, %r6, 1;
  @%p4 bra LOADS;
LOOP:
  fma.rn.f32 %f1, %f1, %f2, %f2;
  fma.rn.f32 %f4, %f2, %f2, %f2;
  fma.rn.f32 %f1, %f1, %f2, %f4;
  add.s32 %r5, %r5, 1;
  setp.ne.u32 %p2, %r5, %r11;
  @%p2 bra NEXT;
  setp.ne.u32 %p3, %r4, %r10;
  @%p3 bra NEXT;
  mov.u64 %rd9, 8;
  ld.global.f32 %f5, [%rd9];
  add.f32 %f1, %f1, %f5;
NEXT:
  setp.lt.u32 %p1, %r5, %r9;
  @%p1 bra LOOP;
  bra STORE;
LOADS:
  ld.global.f32 %f6, [%rd6];
  add.f32 %f1, %f1, %f6;
  fma.rn.f32 %f7, %f7, %f2, %f2;
  fma.rn.f32 %f7, %f7, %f2, %f2;
  add.s32 %r5, %r5, 1;
  setp.lt.u32 %p1, %r5, %r9;
  @%p1 bra LOADS;
  add.f32 %f1, %f1, %f7;
STORE:
  add.s64 %rd7, %rd2, %rd5;
  st.global.f32 [%rd7], %f1;
  ret;
}
)";

struct Outcome {
  TimedLaunchResult result;
  std::vector<float> out;
};

Outcome run_with(std::uint32_t threads, std::uint32_t blocks, std::uint32_t iterations,
             std::uint32_t bad, std::uint32_t bad_after) {
  constexpr std::uint32_t kThreads = 128;
  func::LaunchOptions options;
  options.host_threads = threads;
  func::Device device(options, std::uint64_t{1} << 30);
  const func::LoadedModule loaded = test_models::load_one_kernel(device, kKernel);
  const std::uint32_t count = blocks * kThreads;
  std::vector<float> in(count);
  for (std::uint32_t i = 0; i < count; ++i) in[i] = 1.0f + static_cast<float>(i % 97) / 64.0f;
  const std::uint64_t in_buf = device.allocate(count * 4);
  const std::uint64_t out_buf = device.allocate(count * 4);
  device.copy_to_device(in_buf, in.data(), count * 4);
  std::byte params[28];
  std::memcpy(params, &in_buf, 8);
  std::memcpy(params + 8, &out_buf, 8);
  std::memcpy(params + 16, &iterations, 4);
  std::memcpy(params + 20, &bad, 4);
  std::memcpy(params + 24, &bad_after, 4);
  const auto timing = timing_params(test_models::gpu("h100"));
  Outcome r;
  r.result = launch_timed(*loaded.kernels[0].kernel, {.grid = {blocks}, .block = {kThreads}},
                          device.options(), device.memory(), params, *timing.params, 4);
  r.out.resize(count);
  device.copy_to_host(r.out.data(), out_buf, count * 4);
  return r;
}

void expect_same(const Outcome& a, const Outcome& b) {
  const TimingStats& x = a.result.timing;
  const TimingStats& y = b.result.timing;
  EXPECT_EQ(a.result.launch.error.code, b.result.launch.error.code);
  EXPECT_EQ(a.result.launch.error.message, b.result.launch.error.message);
  EXPECT_EQ(x.cycles, y.cycles);
  EXPECT_EQ(x.issued, y.issued);
  EXPECT_EQ(x.sm_active_cycles_avg, y.sm_active_cycles_avg);
  EXPECT_EQ(x.warps_active_pct, y.warps_active_pct);
  EXPECT_EQ(x.dram_read_bytes, y.dram_read_bytes);
  EXPECT_EQ(x.l2_sectors, y.l2_sectors);
  EXPECT_EQ(x.warp_cycles, y.warp_cycles);
  EXPECT_EQ(a.result.launch.stats.thread_instructions, b.result.launch.stats.thread_instructions);
  EXPECT_EQ(a.result.launch.stats.per_opcode, b.result.launch.stats.per_opcode);
  EXPECT_EQ(std::memcmp(a.out.data(), b.out.data(), a.out.size() * 4), 0);
}

TEST(StepAhead, SeveralWavesOfArithmeticGiveWhatLockStepGives) {
  // 1200 blocks at 4 per SM: more than two waves of the H100's 132 SMs.
  const Outcome ahead = run_with(1, 1200, 24, UINT32_MAX, 0);
  ASSERT_TRUE(ahead.result.launch.ok()) << ahead.result.launch.error.message;
  EXPECT_GT(ahead.result.timing.warp_cycles[static_cast<std::size_t>(Stall::long_scoreboard)], 0u);
  expect_same(ahead, run_with(2, 1200, 24, UINT32_MAX, 0));
}

TEST(StepAhead, LaunchThatFailsWhileOtherSmsAreAheadGivesWhatLockStepGives) {
  // Thread 4900 (block 38, an even one) faults after 3 rounds of 40, while
  // the SMs of the other even blocks are in their loops.
  const Outcome ahead = run_with(1, 264, 40, 4900, 3);
  ASSERT_FALSE(ahead.result.launch.ok());
  expect_same(ahead, run_with(2, 264, 40, 4900, 3));
}

}  // namespace
}  // namespace smsim::timing
