// Cooperative launches: every block resident at once, taking turns, so blocks
// that wait for each other through global memory (grid.sync()) finish; the
// grid-sync workspace in %envreg1:%envreg2.

#include <gtest/gtest.h>

#include <cstring>

#include "func/device.h"
#include "ptx/frontend.h"

namespace smsim::func {
namespace {

// Thread 0 of each block arrives on the workspace's counter (at offset 4, as
// nvcc's grid.sync() uses it); every thread then spins until all blocks have
// arrived, and stores the count it saw.
constexpr const char* kGridBarrier = R"(
.version 8.0
.target sm_90
.address_size 64

.visible .entry grid_barrier(.param .u64 out)
{
  .reg .pred %p<3>;
  .reg .b32 %r<8>;
  .reg .b64 %rd<8>;
  mov.u32 %r1, %envreg1;
  mov.u32 %r2, %envreg2;
  cvt.u64.u32 %rd1, %r1;
  cvt.u64.u32 %rd2, %r2;
  shl.b64 %rd1, %rd1, 32;
  or.b64 %rd3, %rd1, %rd2;
  mov.u32 %r3, %tid.x;
  setp.ne.u32 %p1, %r3, 0;
  @%p1 bra WAIT;
  atom.global.add.u32 %r4, [%rd3+4], 1;
WAIT:
  ld.volatile.global.u32 %r5, [%rd3+4];
  mov.u32 %r6, %nctaid.x;
  setp.lt.u32 %p2, %r5, %r6;
  @%p2 bra WAIT;
  ld.param.u64 %rd4, [out];
  mov.u32 %r7, %ctaid.x;
  mul.wide.u32 %rd5, %r7, 4;
  add.u64 %rd6, %rd4, %rd5;
  st.global.u32 [%rd6], %r5;
  ret;
}
)";

class CooperativeLaunch : public ::testing::TestWithParam<std::uint32_t> {
 protected:
  void SetUp() override {
    ptx::Diagnostics diags("grid_barrier.ptx", kGridBarrier);
    module_ = ptx::parse_and_check(kGridBarrier, diags);
    ASSERT_FALSE(diags.has_errors()) << diags.format();
    loaded_ = device_.load(module_);
    ASSERT_TRUE(loaded_.find_kernel("grid_barrier")->kernel.has_value());
    device_.options().host_threads = GetParam();
    device_.options().instruction_budget = std::uint64_t{1} << 24;
  }

  LaunchResult run(std::uint64_t out, bool cooperative) {
    std::vector<std::byte> params(8);
    std::memcpy(params.data(), &out, 8);
    return device_.launch(*loaded_.find_kernel("grid_barrier"),
                          {.grid = {kBlocks}, .block = {64}, .cooperative = cooperative}, params);
  }

  static constexpr std::uint32_t kBlocks = 12;
  ptx::Module module_;
  Device device_{LaunchOptions{}, std::uint64_t{1} << 30};
  LoadedModule loaded_;
};

TEST_P(CooperativeLaunch, BlocksWaitingForEachOtherAllFinish) {
  const std::uint64_t out = device_.allocate(kBlocks * 4);
  const LaunchResult r = run(out, true);
  ASSERT_TRUE(r.ok()) << r.error.message;
  std::vector<std::uint32_t> seen(kBlocks);
  device_.copy_to_host(seen.data(), out, kBlocks * 4);
  for (std::uint32_t b = 0; b < kBlocks; ++b) EXPECT_EQ(seen[b], kBlocks) << b;
}

TEST_P(CooperativeLaunch, AnOrdinaryLaunchHasNoWorkspace) {
  const std::uint64_t out = device_.allocate(kBlocks * 4);
  const LaunchResult r = run(out, false);
  // %envreg1:%envreg2 is 0: the arrival writes near address 0.
  EXPECT_EQ(r.error.code, CudaError::illegal_address) << r.error.message;
}

INSTANTIATE_TEST_SUITE_P(HostThreads, CooperativeLaunch, ::testing::Values(1u, 2u));

}  // namespace
}  // namespace smsim::func
