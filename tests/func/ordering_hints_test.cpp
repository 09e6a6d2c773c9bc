// Instructions with no result of their own: every fence spelling, pmevent,
// griddepcontrol, nanosleep, bar.arrive and cp.async.bulk.wait_group.read
// must leave a program's results as the H100 computes them (it gives the
// same words for `hints`, driver-API run of this PTX on 2026-11-22);
// nanosleep gives the other warps their turn; brkpt without a debugger
// ends the launch with cudaErrorLaunchFailure, as on the H100.

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "engine_harness.h"
#include "module_fixture.h"

namespace smsim::func {
namespace {

using testing::ParamBytes;

constexpr const char* kModule = R"(
.version 9.0
.target sm_90
.address_size 64

// Warp 0 fills a shared array, passes every fence, profiler and grid
// dependency hint and two nanosleeps, and signals named barrier 1 with
// bar.arrive; warp 1 waits there with bar.sync and copies the array out,
// then once more with a bulk copy whose source it overwrites as soon as
// cp.async.bulk.wait_group.read says the copy has read it.
.visible .entry hints(.param .u64 out)
{
  .reg .b32 %r<16>;
  .reg .b64 %rd<16>;
  .reg .pred %p<4>;
  .shared .align 16 .b32 words[32];
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, words;
  and.b32 %r3, %r1, 31;
  shl.b32 %r4, %r3, 2;
  add.u32 %r5, %r2, %r4;
  setp.ge.u32 %p1, %r1, 32;
  @%p1 bra CONSUMER;
  add.u32 %r6, %r3, 42;
  st.shared.u32 [%r5], %r6;
  fence.acq_rel.cluster;
  fence.acq_rel.cta;
  fence.acq_rel.gpu;
  fence.acq_rel.sys;
  fence.acquire.cluster;
  fence.acquire.cta;
  fence.acquire.gpu;
  fence.acquire.sys;
  fence.cluster;
  fence.cta;
  fence.gpu;
  fence.release.cluster;
  fence.release.cta;
  fence.release.gpu;
  fence.release.sys;
  fence.sc.cluster;
  fence.sc.cta;
  fence.sc.gpu;
  fence.sc.sys;
  fence.sys;
  fence.proxy.async.shared::cta;
  pmevent 1;
  pmevent.mask 3;
  griddepcontrol.launch_dependents;
  griddepcontrol.wait;
  nanosleep.u32 %r3;
  nanosleep.u32 20;
  bar.arrive 1, 64;
  ret;
CONSUMER:
  bar.sync 1, 64;
  ld.shared.u32 %r7, [%r5];
  mul.wide.u32 %rd2, %r3, 4;
  add.u64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r7;
  setp.ne.u32 %p2, %r3, 0;
  @%p2 bra DONE;
  add.u64 %rd4, %rd1, 128;
  cp.async.bulk.global.shared::cta.bulk_group [%rd4], [%r2], 128;
  cp.async.bulk.commit_group;
  cp.async.bulk.wait_group.read 0;
  mov.u32 %r8, 0;
  st.shared.v4.u32 [%r2], {%r8, %r8, %r8, %r8};
  cp.async.bulk.wait_group 0;
DONE:
  ret;
}

// Warps 0 and 1 take turns: each round warp 0 records warp 1's counter and
// sleeps, warp 1 bumps the counter and sleeps. A warp that sleeps gives up
// its turn, so warp 0 sees 0, 1, 2, ... (an engine property: the H100 makes
// no such promise).
.visible .entry sleep_turns(.param .u64 out)
{
  .reg .b32 %r<16>;
  .reg .b64 %rd<16>;
  .reg .pred %p<4>;
  .shared .align 4 .b32 counter;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, counter;
  mov.u32 %r3, 0;
  setp.ge.u32 %p1, %r1, 32;
  @%p1 bra BUMP;
  setp.ne.u32 %p3, %r1, 0;
  st.volatile.shared.u32 [%r2], 0;
READ:
  ld.volatile.shared.u32 %r4, [%r2];
  mul.wide.u32 %rd2, %r3, 4;
  add.u64 %rd3, %rd1, %rd2;
  @!%p3 st.global.u32 [%rd3], %r4;
  nanosleep.u32 100;
  add.u32 %r3, %r3, 1;
  setp.lt.u32 %p2, %r3, 8;
  @%p2 bra READ;
  ret;
BUMP:
  add.u32 %r3, %r3, 1;
  st.volatile.shared.u32 [%r2], %r3;
  nanosleep.u32 100;
  setp.lt.u32 %p2, %r3, 8;
  @%p2 bra BUMP;
  ret;
}

.visible .entry breakpoint(.param .u64 out)
{
  .reg .b64 %rd<4>;
  .reg .b32 %r<4>;
  .reg .pred %p<2>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  setp.eq.u32 %p1, %r1, 99;
  @%p1 brkpt;
  st.global.u32 [%rd1], 1;
  brkpt;
  st.global.u32 [%rd1], 2;
  ret;
}
)";

class OrderingHints : public testing::ModuleTest {
 protected:
  OrderingHints() : ModuleTest("ordering_hints", kModule) {}
};

TEST_F(OrderingHints, FencesHintsAndBarArriveKeepTheResults) {
  const std::uint64_t out = device_.allocate(64 * 4);
  const LaunchResult r = device_.launch(kernel("hints"), LaunchConfig{.grid = {1}, .block = {64}},
                                        ParamBytes().add(out).span());
  ASSERT_TRUE(r.ok()) << r.error.message;
  std::vector<std::uint32_t> expected;
  for (int copy = 0; copy < 2; ++copy) {
    for (std::uint32_t i = 0; i < 32; ++i) expected.push_back(42 + i);
  }
  EXPECT_EQ(download<std::uint32_t>(out, 64), expected);
}

TEST_F(OrderingHints, NanosleepGivesTheOtherWarpsTheirTurn) {
  const std::uint64_t out = device_.allocate(8 * 4);
  const LaunchResult r = device_.launch(kernel("sleep_turns"),
                                        LaunchConfig{.grid = {1}, .block = {64}},
                                        ParamBytes().add(out).span());
  ASSERT_TRUE(r.ok()) << r.error.message;
  EXPECT_EQ(download<std::uint32_t>(out, 8),
            (std::vector<std::uint32_t>{0, 1, 2, 3, 4, 5, 6, 7}));
}

TEST_F(OrderingHints, BreakpointWithoutADebuggerIsALaunchFailure) {
  const std::uint64_t out = device_.allocate(4);
  const LaunchResult r = device_.launch(kernel("breakpoint"),
                                        LaunchConfig{.grid = {1}, .block = {32}},
                                        ParamBytes().add(out).span());
  EXPECT_EQ(r.error.code, CudaError::launch_failure);
  EXPECT_NE(r.error.message.find("brkpt"), std::string::npos) << r.error.message;
  // The guarded-off brkpt was passed; the launch stopped at the second.
  EXPECT_EQ(download<std::uint32_t>(out, 1), std::vector<std::uint32_t>{1});
}

}  // namespace
}  // namespace smsim::func
