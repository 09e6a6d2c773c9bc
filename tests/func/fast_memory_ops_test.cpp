// The fast load and store executors give what the lane-by-lane ones give:
// a parameter load read once for the warp writes only the lanes that run
// it, and a warp's first access to an allocation (looked up once for the
// whole span) or to two allocations at once reads and faults per lane.
#include <gtest/gtest.h>

#include <cstring>
#include <numeric>
#include <vector>

#include "func/device.h"
#include "ptx_text.h"

namespace smsim::func {
namespace {

// A device with one kernel loaded from PTX text.
struct OneKernel {
  Device device{LaunchOptions{}, std::uint64_t{1} << 30};
  testing::PtxText ptx;
  explicit OneKernel(const char* text) : ptx(testing::load_ptx_text(device, "test.ptx", text)) {
    const ModuleKernel& k = ptx.first_kernel();
    EXPECT_TRUE(k.kernel.has_value()) << (k.errors.empty() ? "" : k.errors[0]);
  }
  LaunchResult launch(std::uint32_t threads, const std::vector<std::byte>& params) {
    return device.launch(ptx.first_kernel(), {.block = {threads}}, params);
  }
};

// out[tid] = tid, then lanes with tid % 3 == 0 overwrite it with the
// parameter `value`, and every lane adds the .v2 pair at `pair`.
constexpr const char* kParamKernel = R"(.version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 out, .param .u32 value, .param .align 8 .b8 pair[8])
{
  .reg .b32 %r<8>;
  .reg .pred %p;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %r1;
  rem.u32 %r3, %r1, 3;
  setp.eq.u32 %p, %r3, 0;
  @%p ld.param.u32 %r2, [value];
  ld.param.v2.u32 {%r4, %r5}, [pair];
  add.u32 %r2, %r2, %r4;
  add.u32 %r2, %r2, %r5;
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r2;
  ret;
}
)";

TEST(FastMemoryOps, AGuardedParameterLoadWritesOnlyTheLanesThatRunIt) {
  OneKernel k(kParamKernel);
  constexpr std::uint32_t kThreads = 48;  // a full warp and a partial one
  const std::uint64_t out = k.device.allocate(kThreads * 4);
  std::vector<std::byte> params = testing::pointer_params({out});
  const std::uint32_t values[] = {1000, 20, 3};
  params.resize(24);
  std::memcpy(params.data() + 8, &values[0], 4);
  std::memcpy(params.data() + 16, &values[1], 8);
  const LaunchResult r = k.launch(kThreads, params);
  ASSERT_TRUE(r.ok()) << r.error.message;
  std::vector<std::uint32_t> got(kThreads);
  k.device.copy_to_host(got.data(), out, kThreads * 4);
  for (std::uint32_t t = 0; t < kThreads; ++t) {
    EXPECT_EQ(got[t], (t % 3 == 0 ? 1000 : t) + 23) << t;
  }
}

// out[tid] = (tid < 16 ? a : b)[tid]: the warp's lanes read two allocations.
constexpr const char* kTwoBuffersKernel = R"(.version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 out, .param .u64 a, .param .u64 b)
{
  .reg .b32 %r<4>;
  .reg .pred %p;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [out];
  ld.param.u64 %rd2, [a];
  ld.param.u64 %rd3, [b];
  mov.u32 %r1, %tid.x;
  setp.ge.u32 %p, %r1, 16;
  selp.b64 %rd4, %rd3, %rd2, %p;
  mul.wide.u32 %rd5, %r1, 4;
  add.s64 %rd6, %rd4, %rd5;
  ld.global.u32 %r2, [%rd6];
  add.s64 %rd7, %rd1, %rd5;
  st.global.u32 [%rd7], %r2;
  ret;
}
)";

TEST(FastMemoryOps, AWarpReadingTwoAllocationsReadsEachLane) {
  OneKernel k(kTwoBuffersKernel);
  std::vector<std::uint32_t> a(32), b(32);
  std::iota(a.begin(), a.end(), 100);
  std::iota(b.begin(), b.end(), 500);
  const std::uint64_t da = k.device.allocate(128), db = k.device.allocate(128);
  const std::uint64_t out = k.device.allocate(128);
  k.device.copy_to_device(da, a.data(), 128);
  k.device.copy_to_device(db, b.data(), 128);
  const LaunchResult r = k.launch(32, testing::pointer_params({out, da, db}));
  ASSERT_TRUE(r.ok()) << r.error.message;
  std::vector<std::uint32_t> got(32);
  k.device.copy_to_host(got.data(), out, 128);
  for (std::uint32_t t = 0; t < 32; ++t) EXPECT_EQ(got[t], t < 16 ? 100 + t : 500 + t) << t;
}

TEST(FastMemoryOps, AWarpsFirstAccessPastTheEndFaultsAtTheFirstLaneOutside) {
  OneKernel k(kTwoBuffersKernel);
  // b holds 20 words: lanes 16-19 read inside it, lane 20 is the first outside.
  const std::uint64_t da = k.device.allocate(128), db = k.device.allocate(80);
  const std::uint64_t out = k.device.allocate(128);
  const LaunchResult r = k.launch(32, testing::pointer_params({out, da, db}));
  EXPECT_EQ(r.error.code, CudaError::illegal_address);
  EXPECT_NE(r.error.message.find("out-of-bounds global read of 4 bytes"), std::string::npos)
      << r.error.message;
  EXPECT_NE(r.error.message.find("thread (20,0,0)"), std::string::npos) << r.error.message;
}

}  // namespace
}  // namespace smsim::func
