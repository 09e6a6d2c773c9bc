// A timed launch that never finishes or deadlocks says where, as precisely
// as the functional engine: block, warp and PTX line (and the simulated
// cycle) for the watchdog, the waiting barriers and warps for a deadlock.
#include "timing/launch_diagnostics.h"

#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "func/exec/launch.h"
#include "timing/timed_launch.h"
#include "timing/timing_params.h"
#include "timing_test_models.h"

namespace smsim::timing {
namespace {

constexpr const char* kHeader = ".version 8.0\n.target sm_90\n.address_size 64\n";

// Every warp spins on line 6 forever.
const std::string kSpin = std::string(kHeader) + R"(.visible .entry k() {
$L:
  bra.uni $L;
}
)";

// Warp 0 of each block waits at barrier 1 for 64 threads, which never come:
// warp 1 waits at barrier.cluster for warp 0 (lines 9 and 13).
const std::string kClusterDeadlock = std::string(kHeader) + R"(.visible .entry k() {
  .reg .b32 %r<2>; .reg .pred %p;
  mov.u32 %r1, %tid.x;
  setp.lt.u32 %p, %r1, 32;
  @!%p bra $CLUSTER;
  bar.sync 1, 64;
  ret;
$CLUSTER:
  barrier.cluster.arrive;
  barrier.cluster.wait;
  ret;
}
)";

// The last warp of each block spins (line 12) and never reaches the barrier (line 9).
const std::string kBlockDeadlock = std::string(kHeader) + R"(.visible .entry k() {
  .reg .b32 %r<2>; .reg .pred %p;
  mov.u32 %r1, %tid.x;
  setp.ge.u32 %p, %r1, 64;
  @%p bra $SPIN;
  bar.sync 0;
  ret;
$SPIN:
  bra.uni $SPIN;
}
)";

// The launch's error message, timed (`timed`) or functional.
std::string error_of(const std::string& ptx, const func::LaunchConfig& config, bool timed,
                     std::uint64_t instruction_budget = std::uint64_t{1} << 36,
                     std::uint64_t time_budget_ms = 0) {
  func::Device device(func::LaunchOptions{}, std::uint64_t{1} << 30);
  device.options().instruction_budget = instruction_budget;
  device.options().time_budget_ms = time_budget_ms;
  const func::LoadedModule loaded = test_models::load_one_kernel(device, ptx);
  const auto p = timing_params(test_models::gpu("h100"));
  EXPECT_TRUE(p.params) << p.error;
  func::LaunchResult result;
  if (timed) {
    result = launch_timed(*loaded.kernels[0].kernel, config, device.options(), device.memory(), {},
                          *p.params, 1)
                 .launch;
  } else {
    result = func::launch_kernel(*loaded.kernels[0].kernel, config, device.options(),
                                 device.memory(), {});
  }
  EXPECT_EQ(result.error.code, func::CudaError::launch_timeout) << result.error.message;
  return result.error.message;
}

TEST(TimedDiagnostics, TheInstructionWatchdogNamesBlockWarpLineAndCycle) {
  const std::string message = error_of(kSpin, {.grid = {2}, .block = {64}}, true, 1000);
  EXPECT_TRUE(std::regex_search(
      message, std::regex(R"(^kernel k: watchdog: more than 1000 warp-instructions executed )"
                          R"(\(block \([01],0,0\) warp [01] at PTX line 6, simulated cycle )"
                          R"([1-9][0-9]*\); the kernel may never finish$)")))
      << message;
  // The functional engine says the same, less the cycle.
  EXPECT_NE(error_of(kSpin, {.grid = {2}, .block = {64}}, false, 1000).find("at PTX line 6)"),
            std::string::npos);
}

TEST(TimedDiagnostics, TheTimeWatchdogNamesBlockWarpLineAndCycle) {
  const std::string message = error_of(kSpin, {.grid = {1}, .block = {32}}, true,
                                       std::uint64_t{1} << 36, 50);
  EXPECT_TRUE(std::regex_search(
      message, std::regex(R"(^kernel k: watchdog: running for more than 50 ms \(block \(0,0,0\) )"
                          R"(warp 0 at PTX line 6, simulated cycle [1-9][0-9]*\); the kernel )"
                          R"(may never finish$)")))
      << message;
}

TEST(TimedDiagnostics, AClusterDeadlockIsDescribedAsInTheFunctionalEngine) {
  const func::LaunchConfig config{.grid = {2}, .block = {64}, .cluster = {2}};
  const std::string timed = error_of(kClusterDeadlock, config, true);
  EXPECT_EQ(timed, error_of(kClusterDeadlock, config, false));
  EXPECT_NE(timed.find("deadlock in cluster (0,0,0): 64 of 128 threads arrived at barrier.cluster"),
            std::string::npos)
      << timed;
  EXPECT_NE(timed.find("block (1,0,0): warps 0 wait at barrier 1 (PTX line 9)"), std::string::npos)
      << timed;
}

TEST(TimedDiagnostics, ABlockDeadlockIsDescribedAsInTheFunctionalEngine) {
  // The spinning warp keeps the launch running: the watchdog stops it. A
  // block whose warps all wait is a deadlock.
  const func::LaunchConfig config{.grid = {1}, .block = {64}};
  const std::string both = error_of(kClusterDeadlock, config, true);
  EXPECT_EQ(both, error_of(kClusterDeadlock, config, false));
  EXPECT_NE(both.find("barrier deadlock in block (0,0,0): warps 0 wait at barrier 1 (PTX line 9)"),
            std::string::npos)
      << both;
  const std::string spinning = error_of(kBlockDeadlock, {.grid = {1}, .block = {96}}, true, 5000);
  EXPECT_NE(spinning.find("(block (0,0,0) warp 2 at PTX line 12, simulated cycle "),
            std::string::npos)
      << spinning;
}

}  // namespace
}  // namespace smsim::timing
