#include "analysis/access_observer.h"

#include <gtest/gtest.h>

#include <cstring>

#include "access_test_support.h"
#include "analysis/kernel_profile.h"
#include "func/device.h"
#include "ptx/frontend.h"

namespace smsim::analysis {
namespace {

// Each thread: a stride-2 global load, a stride-2 shared store (2-way
// conflict), and a branch taken by the even lanes only.
const char* kKernel = R"(.version 8.0
.target sm_90
.address_size 64
.visible .entry mix(.param .u64 in)
{
  .shared .align 4 .b8 tile[1024];
  .reg .b32 %r<8>;
  .reg .f32 %f<2>;
  .reg .pred %p;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [in];
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd2, %r1, 8;
  add.s64 %rd3, %rd1, %rd2;
  ld.global.f32 %f1, [%rd3];
  mov.u32 %r3, tile;
  and.b32 %r5, %r1, 127;
  shl.b32 %r6, %r5, 3;
  add.u32 %r4, %r3, %r6;
  st.shared.f32 [%r4], %f1;
  and.b32 %r7, %r1, 1;
  setp.eq.u32 %p, %r7, 0;
  @%p bra DONE;
  add.f32 %f1, %f1, %f1;
DONE:
  ret;
}
)";

struct ObservedRun {
  KernelCounters counters;
  func::DecodedKernel kernel;
};

ObservedRun run_with_threads(std::uint32_t host_threads) {
  func::LaunchOptions options;
  options.host_threads = host_threads;
  func::Device device(options, std::uint64_t{1} << 30);
  ptx::Diagnostics diags("mix.ptx", kKernel);
  const ptx::Module module = ptx::parse_and_check(kKernel, diags);
  EXPECT_FALSE(diags.has_errors()) << diags.format();
  func::LoadedModule loaded = device.load(module);
  const func::ModuleKernel& kernel = loaded.kernels.at(0);
  EXPECT_TRUE(kernel.kernel.has_value());
  const std::uint64_t in = device.allocate(8 * 1024);
  std::vector<std::byte> params(8);
  std::memcpy(params.data(), &in, 8);
  AccessObserver observer(*kernel.kernel, testing::model("h100"));
  const auto result = device.launch(kernel, {.grid = {7}, .block = {128}}, params, &observer);
  EXPECT_TRUE(result.ok()) << result.error.message;
  return ObservedRun{observer.counters(), *kernel.kernel};
}

TEST(AccessObserver, CountsPerKernel) {
  const ObservedRun run = run_with_threads(1);
  const KernelProfile p = make_profile("mix", {7}, {128}, run.kernel, run.counters, {});
  const InstructionCounters& t = p.totals;
  const std::uint64_t warps = 7 * 4;
  EXPECT_EQ(t[Counter::global_load_requests], warps);
  EXPECT_EQ(t[Counter::global_load_sectors], warps * 8);  // 8-byte stride: 256 bytes a warp
  EXPECT_EQ(t[Counter::shared_store_wavefronts], warps * 2);
  EXPECT_EQ(t[Counter::shared_store_conflicts], warps);
  EXPECT_EQ(t[Counter::branch_executions], warps);
  EXPECT_EQ(t[Counter::branch_divergent], warps);
  EXPECT_EQ(t[Counter::global_store_requests], 0u);
}

TEST(AccessObserver, PerLineCountsNameThePtxLine) {
  const ObservedRun run = run_with_threads(1);
  const KernelProfile p = make_profile("mix", {7}, {128}, run.kernel, run.counters, {});
  bool found = false;
  for (const LineProfile& line : p.lines) {
    if (line.counts[Counter::shared_store_wavefronts] == 0) continue;
    EXPECT_EQ(line.ptx_line, 20u);  // st.shared
    found = true;
  }
  EXPECT_TRUE(found);
}

TEST(AccessObserver, CountsDoNotDependOnHostThreads) {
  const ObservedRun one = run_with_threads(1);
  const ObservedRun three = run_with_threads(3);
  ASSERT_EQ(one.counters.size(), three.counters.size());
  for (std::size_t pc = 0; pc < one.counters.size(); ++pc) {
    EXPECT_EQ(one.counters[pc].value, three.counters[pc].value) << "pc " << pc;
  }
}

}  // namespace
}  // namespace smsim::analysis
