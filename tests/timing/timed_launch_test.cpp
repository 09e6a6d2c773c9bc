// Cycle-exact checks of the cycle model on small PTX kernels, with the H100
// model's facts (configs/arch/hopper.toml).
#include "timing/timed_launch.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "timing/fence_cost.h"
#include "timing/nanosleep.h"
#include "timing/timing_params.h"
#include "timing_test_models.h"

namespace smsim::timing {
namespace {

using test_models::gpu;

// Runs a one-thread kernel whose only parameter is a u64 result slot.
std::uint64_t run_one_thread(const std::string& ptx, std::uint32_t threads = 1) {
  func::Device device(func::LaunchOptions{}, std::uint64_t{1} << 30);
  const func::LoadedModule loaded = test_models::load_one_kernel(device, ptx);
  const std::uint64_t slot = device.allocate(8);
  std::byte params[8];
  std::memcpy(params, &slot, 8);
  const auto p = timing_params(gpu("h100"));
  EXPECT_TRUE(p.params) << p.error;
  const TimedLaunchResult r =
      launch_timed(*loaded.kernels[0].kernel, {.grid = {1}, .block = {threads}}, device.options(),
                   device.memory(), params, *p.params, 1, {}, &device.heap());
  EXPECT_TRUE(r.launch.ok()) << r.launch.error.message;
  std::uint64_t value = 0;
  device.copy_to_host(&value, slot, 8);
  return value;
}

std::string kernel(const std::string& body) {
  return ".version 8.0\n.target sm_90\n.address_size 64\n"
         ".visible .entry k(.param .u64 out) {\n"
         "  .reg .f32 %f<4>; .reg .b64 %rd<8>; .reg .b32 %r<8>;\n" +
         body + "}\n";
}

TEST(TimedLaunch, DependentFaddChainTakesItsLatencyPerLink) {
  // mov issues at cycle 0 (ready at 4), ld.param at 1, the first clock read at
  // 2; the eight adds issue at 4, 8, ..., 32 and the second clock read at 33.
  std::string body =
      "  mov.f32 %f1, 0f3F800000;\n  ld.param.u64 %rd1, [out];\n  mov.u64 %rd2, %clock64;\n";
  for (int i = 0; i < 8; ++i) body += "  add.f32 %f1, %f1, %f1;\n";
  body +=
      "  mov.u64 %rd3, %clock64;\n  sub.s64 %rd4, %rd3, %rd2;\n  st.global.u64 [%rd1], %rd4;\n  "
      "ret;\n";
  EXPECT_EQ(run_one_thread(kernel(body)), 31u);
}

// An exit that completes a barrier (exited threads count as arrived) lets
// the warp waiting there on: an exit is looked at for the barriers of its
// block that have waiters, and only those release anyone (grid_run_issue.cpp);
// were this one missed, the waiting warp would never be read again and the
// launch would end in a deadlock.
TEST(TimedLaunch, AnExitThatCompletesABarrierReleasesItsWaiter) {
  const std::string body =
      "  .reg .pred %p<2>;\n"
      "  mov.u32 %r1, %tid.x;\n  setp.ge.u32 %p1, %r1, 32;\n  @%p1 bra LATE;\n"
      "  bar.sync 0;\n  ld.param.u64 %rd1, [out];\n  mov.u64 %rd2, 7;\n"
      "  st.global.u64 [%rd1], %rd2;\n  ret;\n"
      "LATE:\n  mov.f32 %f1, 0f3F800000;\n"
      "  add.f32 %f1, %f1, %f1;\n  add.f32 %f1, %f1, %f1;\n  add.f32 %f1, %f1, %f1;\n"
      "  add.f32 %f1, %f1, %f1;\n  ret;\n";
  EXPECT_EQ(run_one_thread(kernel(body), 64), 7u);
}

// A one-block kernel of `threads` on the H100 model with its timing facts
// changed by `change`: the u64 it stores to its result slot and the
// launch's timing statistics.
struct WarpRun {
  std::uint64_t value = 0;
  TimingStats stats;
};

template <typename Change>
WarpRun run_with_facts(const std::string& ptx, std::uint32_t threads, Change change) {
  func::Device device(func::LaunchOptions{}, std::uint64_t{1} << 30);
  const func::LoadedModule loaded = test_models::load_one_kernel(device, ptx);
  const std::uint64_t slot = device.allocate(8);
  std::byte params[8];
  std::memcpy(params, &slot, 8);
  auto p = timing_params(gpu("h100"));
  EXPECT_TRUE(p.params) << p.error;
  change(p.params->facts);
  const TimedLaunchResult r =
      launch_timed(*loaded.kernels[0].kernel, {.grid = {1}, .block = {threads}}, device.options(),
                   device.memory(), params, *p.params, 1);
  EXPECT_TRUE(r.launch.ok()) << r.launch.error.message;
  WarpRun run;
  run.stats = r.timing;
  device.copy_to_host(&run.value, slot, 8);
  return run;
}

TEST(TimedLaunch, IndependentInstructionIssuesPastAStalledLoad) {
  // The add does not depend on the load, so it goes ahead of the ld.global's
  // consumer: both clock reads see it issued, the consumer still waits.
  const std::string body =
      "  ld.param.u64 %rd1, [out];\n"
      "  ld.global.u64 %rd5, [%rd1];\n"
      "  add.s64 %rd6, %rd5, 1;\n"
      "  mov.f32 %f1, 0f3F800000;\n"
      "  mov.u64 %rd2, %clock64;\n"
      "  st.global.u64 [%rd1], %rd2;\n  ret;\n";
  // ld.param 0, ld.global 4 (waits for %rd1), mov.f32 hoisted at 5 past the
  // stalled add; the add issues when the load returns (4 + DRAM latency,
  // without the spread of latency_quantiles), and the clock read one cycle later.
  const auto& l = gpu("h100").timing.latency;
  const auto same_latency = [](arch::TimingFacts& f) { f.dram.latency_quantiles.clear(); };
  EXPECT_EQ(run_with_facts(kernel(body), 1, same_latency).value,
            4u + static_cast<std::uint64_t>(l.dram) + 1u);
}

// Cycles between two clock reads around `middle` in a one-warp kernel with a
// shared word `sh`, on the H100 model with barrier_waits_for_shared_writes
// set to `waits`.
std::uint64_t cycles_around(const std::string& middle, bool waits) {
  const std::string ptx = std::string(".version 8.0\n.target sm_90\n.address_size 64\n") +
                          ".visible .entry k(.param .u64 out) {\n"
                          "  .reg .b64 %rd<8>; .reg .b32 %r<8>;\n"
                          "  .shared .align 4 .b32 sh[1];\n"
                          "  mov.u32 %r1, 7;\n  ld.param.u64 %rd1, [out];\n"
                          "  mov.u64 %rd2, %clock64;\n" +
                          middle +
                          "  mov.u64 %rd3, %clock64;\n  sub.s64 %rd4, %rd3, %rd2;\n"
                          "  st.global.u64 [%rd1], %rd4;\n  ret;\n}\n";
  return run_with_facts(ptx, 32, [waits](arch::TimingFacts& f) {
           f.barrier_waits_for_shared_writes = waits;
         }).value;
}

TEST(TimedLaunch, BarrierWaitsForTheWarpsSharedStoresWhereTheModelSaysSo) {
  // The st.shared issues at some cycle t and the bar.sync at t + 1. Without
  // the rule the warp arrives then; with it, when the store is done, a
  // shared latency after t. A barrier alone costs the same either way.
  const std::string store_bar = "  st.shared.u32 [sh], %r1;\n  bar.sync 0;\n";
  const auto latency = static_cast<std::uint64_t>(gpu("h100").timing.latency.shared);
  EXPECT_EQ(cycles_around(store_bar, true), cycles_around(store_bar, false) + latency - 1);
  EXPECT_EQ(cycles_around("  bar.sync 0;\n", true), cycles_around("  bar.sync 0;\n", false));
  // Which models do so is data (configs/arch): the H100's, not Fermi's.
  EXPECT_TRUE(gpu("h100").timing.barrier_waits_for_shared_writes);
  EXPECT_FALSE(gpu("gtx480").timing.barrier_waits_for_shared_writes);
}

// Cycles between two clock reads of one thread around `middle`.
std::uint64_t cycles_of(const std::string& middle) {
  return run_one_thread(kernel("  .reg .pred %p<2>;\n  ld.param.u64 %rd1, [out];\n"
                               "  mov.u64 %rd2, %clock64;\n" +
                               middle +
                               "  mov.u64 %rd3, %clock64;\n  sub.s64 %rd4, %rd3, %rd2;\n"
                               "  st.global.u64 [%rd1], %rd4;\n  ret;\n"));
}

TEST(TimedLaunch, NanosleepSleepsTheRequestedTimeAtTheSmClock) {
  // Against the same code sleeping 0 ns. The warp issues again `sleep`
  // cycles after the nanosleep (one cycle after it without a sleep), so the
  // difference is sleep - 1.
  const auto p = timing_params(gpu("h100"));
  ASSERT_TRUE(p.params) << p.error;
  const std::uint64_t sleep = sleep_ns_to_cycles(2000, p.params->sm_clock_mhz);
  ASSERT_GT(sleep, 1000u);
  EXPECT_EQ(cycles_of("  nanosleep.u32 2000;\n") - cycles_of("  nanosleep.u32 0;\n"), sleep - 1);
  EXPECT_EQ(cycles_of("  mov.u32 %r1, 2000;\n  nanosleep.u32 %r1;\n") -
                cycles_of("  mov.u32 %r1, 0;\n  nanosleep.u32 %r1;\n"),
            sleep - 1);
  // A guarded-off nanosleep does not sleep.
  EXPECT_EQ(cycles_of("  setp.eq.u32 %p1, 1, 0;\n  @%p1 nanosleep.u32 2000;\n"),
            cycles_of("  setp.eq.u32 %p1, 1, 0;\n  @%p1 nanosleep.u32 0;\n"));
}

// A membar or fence holds its warp for the H100's measured cost of its scope
// ([sm_90.timing.fence], one warp in the block): the clock read after it
// issues that many cycles later than without it (one cycle for its issue).
TEST(TimedLaunch, AFenceHoldsItsWarpForTheMeasuredCostOfItsScope) {
  const arch::FenceFacts& f = gpu("h100").timing.fence;
  ASSERT_FALSE(f.gpu_cycles.empty());
  const std::uint64_t none = cycles_of("");
  const auto extra = [none](const char* fence) { return cycles_of(fence) - none; };
  const std::uint64_t gpu_cost = fence_cycles(f, FenceScope::gpu, 1);
  const std::uint64_t sys_cost = fence_cycles(f, FenceScope::sys, 1);
  EXPECT_EQ(gpu_cost, std::uint64_t(f.gpu_cycles.front()));
  EXPECT_EQ(extra("  fence.sc.gpu;\n"), gpu_cost);
  EXPECT_EQ(extra("  membar.gl;\n"), gpu_cost);
  EXPECT_EQ(extra("  fence.acq_rel.cluster;\n"), gpu_cost);  // MEMBAR.ALL.GPU like the gpu scope
  EXPECT_EQ(extra("  fence.acq_rel.sys;\n"), sys_cost);
  EXPECT_GT(sys_cost, gpu_cost);
  // cta scope: nothing measurable for one warp; the fences that order less
  // than all of memory are not measured: an issue each.
  EXPECT_EQ(extra("  membar.cta;\n"), 1u + fence_cycles(f, FenceScope::cta, 1));
  EXPECT_EQ(extra("  fence.proxy.async;\n"), 1u);
  EXPECT_EQ(extra("  fence.acquire.sync_restrict::shared::cluster.cluster;\n"), 1u);
}

TEST(TimedLaunch, MallocInAKernelGetsTheDevicesHeap) {
  // calls_recursion's kernels malloc objects: without the heap, malloc gave
  // NULL in timing mode and the first store through it faulted.
  const std::string ptx =
      ".version 8.0\n.target sm_90\n.address_size 64\n"
      ".extern .func (.param .b64 func_retval0) malloc (.param .b64 malloc_param_0);\n"
      ".visible .entry k(.param .u64 out) {\n"
      "  .reg .b64 %rd<4>;\n  ld.param.u64 %rd1, [out];\n"
      "  { .param .b64 param0; st.param.b64 [param0+0], 16; .param .b64 retval0;\n"
      "    call.uni (retval0), malloc, (param0); ld.param.b64 %rd2, [retval0+0]; }\n"
      "  st.u64 [%rd2], 1234;\n  ld.u64 %rd3, [%rd2];\n  st.global.u64 [%rd1], %rd3;\n"
      "  ret;\n}\n";
  EXPECT_EQ(run_one_thread(ptx), 1234u);
}

// A device's translation state outlives its launches (the runtime keeps
// one per device): the first launch whose load touches a region waits for
// the region's walk, the same launch again does not (the H100: offset_copy_0
// 11522 cycles as the program's first launch, 10044 launched again,
// golden/h100/repeat/copies_warm.metrics).
TEST(TimedLaunch, OnlyTheFirstLaunchToTouchARegionWaitsForItsTranslation) {
  func::Device device(func::LaunchOptions{}, std::uint64_t{1} << 30);
  const func::LoadedModule loaded = test_models::load_one_kernel(
      device, kernel("  ld.param.u64 %rd1, [out];\n  mov.u64 %rd2, %clock64;\n"
                     "  ld.global.cg.u64 %rd3, [%rd1+8];\n  add.u64 %rd4, %rd2, %rd3;\n"
                     "  mov.u64 %rd5, %clock64;\n  sub.u64 %rd6, %rd5, %rd4;\n"
                     "  st.global.u64 [%rd1], %rd6;\n  ret;\n"));
  const std::uint64_t slot = device.allocate(16);
  const std::uint64_t zero = 0;
  device.copy_to_device(slot + 8, &zero, 8);
  std::byte params[8];
  std::memcpy(params, &slot, 8);
  const auto p = timing_params(gpu("h100"));
  ASSERT_TRUE(p.params) << p.error;
  const arch::TranslationFacts& f = p.params->facts.translation;
  AddressTranslation translation(std::uint64_t(f.region_kib) * 1024, f.miss_cycles);
  auto load_cycles = [&](AddressTranslation* t) {
    const TimedLaunchResult r =
        launch_timed(*loaded.kernels[0].kernel, {.grid = {1}, .block = {1}}, device.options(),
                     device.memory(), params, *p.params, 1, {}, &device.heap(), t);
    EXPECT_TRUE(r.launch.ok()) << r.launch.error.message;
    std::uint64_t value = 0;
    device.copy_to_host(&value, slot, 8);
    return value;
  };
  const std::uint64_t untranslated = load_cycles(nullptr);
  const std::uint64_t first = load_cycles(&translation);
  const std::uint64_t again = load_cycles(&translation);
  EXPECT_EQ(first, untranslated + static_cast<std::uint64_t>(f.miss_cycles));
  EXPECT_EQ(again, untranslated);
  EXPECT_EQ(translation.walks(), 1u);
}

TEST(Nanosleep, SleepsAtMostOneMillisecond) {
  EXPECT_EQ(sleep_ns_to_cycles(1000, 1755), 1755u);
  EXPECT_EQ(sleep_ns_to_cycles(1, 1755), 2u);  // a part of a cycle is a cycle
  EXPECT_EQ(sleep_ns_to_cycles(5'000'000, 1000), 1'000'000u);
  EXPECT_EQ(sleep_ns_to_cycles(0xFFFF'FFFF, 1000), 1'000'000u);
}

// One warp whose lanes all skip the reduction loops' body (`if (tid < s)
// s[tid] += s[tid + s]` before a __syncthreads), timed by two clock reads;
// `result_is_cycles`: store the clock delta, else the shared word the body would change.
std::string skipped_body_kernel(bool result_is_cycles) {
  return std::string(".version 8.0\n.target sm_90\n.address_size 64\n") +
         ".visible .entry k(.param .u64 out) {\n"
         "  .reg .b64 %rd<8>; .reg .b32 %r<8>; .reg .pred %p<2>;\n"
         "  .shared .align 4 .b32 sh[2];\n"
         "  mov.u32 %r1, %tid.x;\n  ld.param.u64 %rd1, [out];\n"
         "  st.shared.u32 [sh], 5;\n  st.shared.u32 [sh+4], 7;\n  bar.sync 0;\n"
         "  setp.lt.u32 %p1, %r1, 64;\n"
         "  mov.u64 %rd2, %clock64;\n"
         "  @%p1 bra DONE;\n"
         "  ld.shared.u32 %r5, [sh];\n  ld.shared.u32 %r6, [sh+4];\n"
         "  add.s32 %r5, %r5, %r6;\n  st.shared.u32 [sh], %r5;\n"
         "DONE:\n  bar.sync 0;\n"
         "  mov.u64 %rd3, %clock64;\n  sub.s64 %rd4, %rd3, %rd2;\n"
         "  ld.shared.u32 %r7, [sh];\n  cvt.u64.u32 %rd5, %r7;\n" +
         (result_is_cycles ? "  st.global.u64 [%rd1], %rd4;\n" : "  st.global.u64 [%rd1], %rd5;\n") +
         "  ret;\n}\n";
}

TEST(TimedLaunch, WarpThatSkipsAnIfConvertedBodyStillIssuesItAndWaitsForIt) {
  const auto on = [](arch::TimingFacts& f) {
    f.if_conversion = {.max_weight = 4, .arithmetic_weight = 1, .load_weight = 1, .store_weight = 1};
  };
  // The kept branch without its own costs (branch_cost.h, tested apart):
  // what the predicated body costs against a branch of one issue.
  const auto off = [](arch::TimingFacts& f) {
    f.if_conversion = {};
    f.branch = {};
  };
  const WarpRun converted = run_with_facts(skipped_body_kernel(true), 32, on);
  const WarpRun branched = run_with_facts(skipped_body_kernel(true), 32, off);
  // Branching, the warp reaches the bar.sync the cycle after the bra. With
  // the body predicated off, it issues the two loads (one MIO pass each),
  // the add once they are back, the store after the add, and arrives at the
  // barrier when the store is done: 1 + 2 shared latencies + an ALU one later.
  const auto& l = gpu("h100").timing.latency;
  EXPECT_EQ(converted.value, branched.value + 1 + 2 * l.shared + l.alu);
  EXPECT_EQ(converted.stats.issued, branched.stats.issued + 4);
  // No value changes: the body's store (5 + 7) does not happen.
  EXPECT_EQ(run_with_facts(skipped_body_kernel(false), 32, on).value, 5u);
  EXPECT_EQ(run_with_facts(skipped_body_kernel(false), 32, off).value, 5u);
  // The H100 model's weights (configs/arch/hopper.toml), fitted to ptxas 13.
  const arch::IfConversionFacts& h100 = gpu("h100").timing.if_conversion;
  EXPECT_EQ(h100.max_weight, 30);
  EXPECT_EQ(h100.arithmetic_weight, 5);
  EXPECT_EQ(h100.load_weight, 5);
  EXPECT_EQ(h100.store_weight, 6);
  EXPECT_EQ(h100.shared_base_weight, 14);
}

// A loop of `iterations` around `body` (which must not use %r1, %p1), timed
// by clock reads around it: the cycles of the whole loop.
std::string timed_loop(const std::string& body, int iterations) {
  return ".version 8.0\n.target sm_90\n.address_size 64\n"
         ".visible .entry k(.param .u64 out) {\n"
         "  .reg .f32 %f<4>; .reg .b64 %rd<8>; .reg .b32 %r<8>; .reg .pred %p<4>;\n"
         "  mov.f32 %f1, 0f3F800000;\n  mov.u32 %r1, 0;\n  ld.param.u64 %rd1, [out];\n"
         "  mov.u64 %rd2, %clock64;\n"
         "TOP:\n" +
         body + "  add.s32 %r1, %r1, 1;\n  setp.lt.s32 %p1, %r1, " + std::to_string(iterations) +
         ";\n  @%p1 bra TOP;\n"
         "  mov.u64 %rd3, %clock64;\n  sub.s64 %rd4, %rd3, %rd2;\n"
         "  st.global.u64 [%rd1], %rd4;\n  ret;\n}\n";
}

TEST(TimedLaunch, EachTakenBackEdgeDelaysTheWarpsNextIssue) {
  const std::string ptx = timed_loop("  add.f32 %f1, %f1, %f1;\n", 8);
  const auto back = [](int cycles) {
    return [cycles](arch::TimingFacts& f) { f.branch.taken_backward_cycles = cycles; };
  };
  // Seven of the eight back-edges are taken.
  EXPECT_EQ(run_with_facts(ptx, 1, back(17)).value, run_with_facts(ptx, 1, back(12)).value + 7 * 5);
  EXPECT_EQ(gpu("h100").timing.branch.taken_backward_cycles, 12);
}

// Straight-line steps, each a compare, an FMA and a branch that is not
// taken (to an exit at the end), timed by clock reads around them.
std::string not_taken_steps(int steps) {
  std::string body =
      "  ld.param.u64 %rd1, [out];\n  mov.f32 %f1, 0f3F800000;\n"
      "  mov.u64 %rd2, %clock64;\n";
  for (int i = 0; i < steps; ++i) {
    body +=
        "  setp.eq.f32 %p1, %f1, 0f00000000;\n  fma.rn.f32 %f1, %f1, %f1, %f1;\n  @%p1 bra OUT;\n";
  }
  body +=
      "  mov.u64 %rd3, %clock64;\n  sub.s64 %rd4, %rd3, %rd2;\n"
      "  st.global.u64 [%rd1], %rd4;\nOUT:\n  ret;\n";
  return ".version 8.0\n.target sm_90\n.address_size 64\n"
         ".visible .entry k(.param .u64 out) {\n"
         "  .reg .f32 %f<4>; .reg .b64 %rd<8>; .reg .pred %p<4>;\n" +
         body + "}\n";
}

TEST(TimedLaunch, ABranchIssuesItsPredicateCyclesAfterThePredicateIsReady) {
  // Each not-taken branch starts a region (the code after it runs only on
  // one path), so each step's compare cannot be computed before its step:
  // the branch waits the whole cost.
  const auto predicate = [](int cycles) {
    return [cycles](arch::TimingFacts& f) { f.branch.predicate_cycles = cycles; };
  };
  const std::uint64_t h100 = run_with_facts(not_taken_steps(4), 1, predicate(13)).value;
  EXPECT_EQ(run_with_facts(not_taken_steps(4), 1, predicate(20)).value, h100 + 4 * 7);
  // A step: the compare issues right after the last branch, its result is
  // ready an ALU latency later and the branch 13 cycles after that (the
  // H100's 17.94 cycles a step; the FMA issues in between).
  const auto& l = gpu("h100").timing.latency;
  EXPECT_EQ(run_with_facts(not_taken_steps(8), 1, predicate(13)).value,
            h100 + 4 * (1 + static_cast<std::uint64_t>(l.alu) + 13));
  EXPECT_EQ(gpu("h100").timing.branch.predicate_cycles, 13);
}

TEST(TimedLaunch, ALoopCountersCompareCountsAsComputedAtTheTopOfTheBody) {
  // Eight dependent FMAs a body: the counter's add and compare come last in
  // the PTX, right before the back-edge, but ptxas computes them at the top
  // of the body, so the branch waits for nothing more, whatever its
  // predicate cost up to the body's length.
  std::string fmas;
  for (int i = 0; i < 8; ++i) fmas += "  fma.rn.f32 %f1, %f1, %f1, %f1;\n";
  const std::string ptx = timed_loop(fmas, 8);
  const auto predicate = [](int cycles) {
    return [cycles](arch::TimingFacts& f) { f.branch.predicate_cycles = cycles; };
  };
  const std::uint64_t h100 = run_with_facts(ptx, 1, predicate(13)).value;
  EXPECT_EQ(run_with_facts(ptx, 1, predicate(20)).value, h100);
  // Where it counted from the compare's own issue, 20 would cost 7 more an iteration.
  EXPECT_GT(run_with_facts(ptx, 1, predicate(40)).value, h100);
}

TEST(TimedLaunch, WithoutBranchFactsABranchIsAnIssueLikeAnyOther) {
  const std::string ptx = timed_loop("  add.f32 %f1, %f1, %f1;\n", 8);
  const auto none = [](arch::TimingFacts& f) { f.branch = {}; };
  // Each iteration: the add (its result is not waited on), the counter's add,
  // the compare an ALU latency later, the branch an ALU latency after it and
  // the next iteration's add the cycle after.
  const auto& l = gpu("h100").timing.latency;
  EXPECT_EQ(run_with_facts(ptx, 1, none).value,
            8 * (2 * static_cast<std::uint64_t>(l.alu) + 2) + 1);
  EXPECT_EQ(gpu("gtx480").timing.branch.taken_backward_cycles, 0);  // not measured there
}

TEST(TimedLaunch, IntegerDivisionIssuesEachMachineInstructionOfItsSequence) {
  const std::string ptx = kernel(
      "  ld.param.u64 %rd1, [out];\n  mov.u32 %r1, %tid.x;\n  add.s32 %r2, %r1, 3;\n"
      "  rem.u32 %r3, %r1, %r2;\n  cvt.u64.u32 %rd2, %r3;\n"
      "  st.global.u64 [%rd1], %rd2;\n  ret;\n");
  const WarpRun sequence =
      run_with_facts(ptx, 1, [](arch::TimingFacts& f) { f.issue.int_division_instructions = 17; });
  const WarpRun single =
      run_with_facts(ptx, 1, [](arch::TimingFacts& f) { f.issue.int_division_instructions = 1; });
  EXPECT_EQ(sequence.stats.issued, single.stats.issued + 16);
  EXPECT_EQ(sequence.value, 0u);  // 0 % 3
  EXPECT_EQ(single.value, 0u);
  EXPECT_EQ(gpu("h100").timing.issue.int_division_instructions, 17);
  EXPECT_EQ(gpu("gtx480").timing.issue.int_division_instructions, 1);  // not measured there
}

TEST(TimingParams, ModelsWithoutTimingFactsAreRefusedWithTheReason) {
  const auto p = timing_params(gpu("b200"));  // Blackwell: not measured yet
  EXPECT_FALSE(p.params);
  EXPECT_NE(p.error.find("no cycle model"), std::string::npos);
  EXPECT_TRUE(timing_params(gpu("h100")).params);
}

}  // namespace
}  // namespace smsim::timing
