// Cycle-exact checks of the cycle model on small PTX kernels, with the H100
// model's facts (configs/arch/hopper.toml).
#include "timing/timed_launch.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>

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
                   device.memory(), params, *p.params, 1);
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
  // stalled add; the add issues when the load returns (4 + DRAM latency),
  // and the clock read one cycle later.
  const auto& l = gpu("h100").timing.latency;
  EXPECT_EQ(run_one_thread(kernel(body)), 4u + static_cast<std::uint64_t>(l.dram) + 1u);
}

// Cycles between two clock reads around `middle` in a one-warp kernel with a
// shared word `sh`, on the H100 model with barrier_waits_for_shared_writes
// set to `waits`.
std::uint64_t cycles_around(const std::string& middle, bool waits) {
  func::Device device(func::LaunchOptions{}, std::uint64_t{1} << 30);
  const std::string ptx = std::string(".version 8.0\n.target sm_90\n.address_size 64\n") +
                          ".visible .entry k(.param .u64 out) {\n"
                          "  .reg .b64 %rd<8>; .reg .b32 %r<8>;\n"
                          "  .shared .align 4 .b32 sh[1];\n"
                          "  mov.u32 %r1, 7;\n  ld.param.u64 %rd1, [out];\n"
                          "  mov.u64 %rd2, %clock64;\n" +
                          middle +
                          "  mov.u64 %rd3, %clock64;\n  sub.s64 %rd4, %rd3, %rd2;\n"
                          "  st.global.u64 [%rd1], %rd4;\n  ret;\n}\n";
  const func::LoadedModule loaded = test_models::load_one_kernel(device, ptx);
  const std::uint64_t slot = device.allocate(8);
  std::byte params[8];
  std::memcpy(params, &slot, 8);
  auto p = timing_params(gpu("h100"));
  EXPECT_TRUE(p.params) << p.error;
  p.params->facts.barrier_waits_for_shared_writes = waits;
  const TimedLaunchResult r =
      launch_timed(*loaded.kernels[0].kernel, {.grid = {1}, .block = {32}}, device.options(),
                   device.memory(), params, *p.params, 1);
  EXPECT_TRUE(r.launch.ok()) << r.launch.error.message;
  std::uint64_t value = 0;
  device.copy_to_host(&value, slot, 8);
  return value;
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

TEST(TimedLaunch, NanosleepSleepsTheRequestedTimeAtTheSmClock) {
  // Cycles between two clock reads around `middle`, against the same code
  // sleeping 0 ns. The warp issues again `sleep` cycles after the nanosleep
  // (one cycle after it without a sleep), so the difference is sleep - 1.
  const auto cycles_of = [](const std::string& middle) {
    return run_one_thread(kernel("  .reg .pred %p<2>;\n  ld.param.u64 %rd1, [out];\n"
                                 "  mov.u64 %rd2, %clock64;\n" +
                                 middle +
                                 "  mov.u64 %rd3, %clock64;\n  sub.s64 %rd4, %rd3, %rd2;\n"
                                 "  st.global.u64 [%rd1], %rd4;\n  ret;\n"));
  };
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

TEST(Nanosleep, SleepsAtMostOneMillisecond) {
  EXPECT_EQ(sleep_ns_to_cycles(1000, 1755), 1755u);
  EXPECT_EQ(sleep_ns_to_cycles(1, 1755), 2u);  // a part of a cycle is a cycle
  EXPECT_EQ(sleep_ns_to_cycles(5'000'000, 1000), 1'000'000u);
  EXPECT_EQ(sleep_ns_to_cycles(0xFFFF'FFFF, 1000), 1'000'000u);
}

TEST(TimingParams, ModelsWithoutTimingFactsAreRefusedWithTheReason) {
  const auto p = timing_params(gpu("b200"));  // Blackwell: not measured yet
  EXPECT_FALSE(p.params);
  EXPECT_NE(p.error.find("no cycle model"), std::string::npos);
  EXPECT_TRUE(timing_params(gpu("h100")).params);
}

}  // namespace
}  // namespace smsim::timing
