// Warp-synchronous instructions under independent thread scheduling: lanes
// named by a member mask meet at the instruction whatever path they took (the
// two sides of a divergent `if` each shuffling with the full mask,
// __syncwarp on both sides), lanes that exit are not waited for, and lanes
// that can never arrive are a diagnosed deadlock. The kernels are nvcc 13's
// PTX for the CUDA shown above each (sm_90, -O3), trimmed of comments.

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "ptx_text.h"

namespace smsim::func {
namespace {

constexpr std::uint32_t kLanes = 32;

// __global__ void divergent_shfl(unsigned* out, const unsigned* in) {
//   unsigned lane = threadIdx.x & 31, v = in[threadIdx.x], r;
//   if (lane < 16) r = __shfl_sync(~0u, v, 31 - lane) * 3u;
//   else r = __shfl_down_sync(~0u, v + 1000u, 3) ^ 0x5au;
//   out[threadIdx.x] = r;
// }
constexpr const char* kDivergentShfl = R"(
.version 9.0
.target sm_90
.address_size 64

.visible .entry divergent_shfl(.param .u64 out, .param .u64 in)
{
  .reg .pred %p<4>;
  .reg .b32 %r<17>;
  .reg .b64 %rd<10>;
  ld.param.u64 %rd2, [out];
  ld.param.u64 %rd3, [in];
  mov.u32 %r6, %tid.x;
  and.b32 %r1, %r6, 31;
  cvt.u64.u32 %rd1, %r6;
  cvta.to.global.u64 %rd4, %rd3;
  mul.wide.u32 %rd5, %r6, 4;
  add.s64 %rd6, %rd4, %rd5;
  ld.global.u32 %r2, [%rd6];
  setp.lt.u32 %p1, %r1, 16;
  @%p1 bra $L__BB0_2;
  bra.uni $L__BB0_1;
$L__BB0_2:
  xor.b32 %r12, %r1, 31;
  mov.u32 %r13, 31;
  mov.u32 %r14, -1;
  shfl.sync.idx.b32 %r15|%p3, %r2, %r12, %r13, %r14;
  mul.lo.s32 %r16, %r15, 3;
  bra.uni $L__BB0_3;
$L__BB0_1:
  add.s32 %r7, %r2, 1000;
  mov.u32 %r8, 31;
  mov.u32 %r9, 3;
  mov.u32 %r10, -1;
  shfl.sync.down.b32 %r11|%p2, %r7, %r9, %r8, %r10;
  xor.b32 %r16, %r11, 90;
$L__BB0_3:
  cvta.to.global.u64 %rd7, %rd2;
  shl.b64 %rd8, %rd1, 2;
  add.s64 %rd9, %rd7, %rd8;
  st.global.u32 [%rd9], %r16;
  ret;
}
)";

// __global__ void divergent_syncwarp(unsigned* out) {
//   __shared__ unsigned s[32];
//   unsigned lane = threadIdx.x & 31;
//   if (lane & 1) { s[lane] = lane * 7u; __syncwarp(); out[lane] = s[lane ^ 1]; }
//   else { s[lane] = lane + 100u; __syncwarp(); out[lane] = s[lane ^ 1] + 1u; }
// }
constexpr const char* kDivergentSyncwarp = R"(
.version 9.0
.target sm_90
.address_size 64

.visible .entry divergent_syncwarp(.param .u64 out)
{
  .reg .pred %p<5>;
  .reg .b32 %r<23>;
  .reg .b64 %rd<5>;
  .shared .align 4 .b8 s[128];
  ld.param.u64 %rd1, [out];
  mov.u32 %r6, %tid.x;
  and.b32 %r1, %r6, 31;
  and.b32 %r7, %r6, 1;
  setp.eq.b32 %p1, %r7, 1;
  mov.pred %p2, 0;
  xor.pred %p3, %p1, %p2;
  not.pred %p4, %p3;
  shl.b32 %r8, %r6, 2;
  and.b32 %r9, %r8, 124;
  mov.u32 %r10, s;
  add.s32 %r2, %r10, %r9;
  @%p4 bra $L__BB1_2;
  bra.uni $L__BB1_1;
$L__BB1_2:
  add.s32 %r16, %r1, 100;
  st.shared.u32 [%r2], %r16;
  bar.warp.sync -1;
  shl.b32 %r17, %r1, 2;
  xor.b32 %r18, %r17, 4;
  add.s32 %r20, %r10, %r18;
  ld.shared.u32 %r21, [%r20];
  add.s32 %r22, %r21, 1;
  bra.uni $L__BB1_3;
$L__BB1_1:
  mul.lo.s32 %r11, %r1, 7;
  st.shared.u32 [%r2], %r11;
  bar.warp.sync -1;
  shl.b32 %r12, %r1, 2;
  xor.b32 %r13, %r12, 4;
  add.s32 %r15, %r10, %r13;
  ld.shared.u32 %r22, [%r15];
$L__BB1_3:
  cvta.to.global.u64 %rd2, %rd1;
  mul.wide.u32 %rd3, %r1, 4;
  add.s64 %rd4, %rd2, %rd3;
  st.global.u32 [%rd4], %r22;
  ret;
}
)";

// __global__ void syncwarp_deadlock(unsigned* out) {
//   unsigned lane = threadIdx.x & 31, v = lane;
//   if (lane < 8) v = __shfl_sync(~0u, v, 9);  // lanes 8-31 never get there
//   out[lane] = v;
// }
// The shuffle is at line 20 of this text.
constexpr const char* kShflDeadlock = R"(
.version 9.0
.target sm_90
.address_size 64

.visible .entry syncwarp_deadlock(.param .u64 out)
{
  .reg .pred %p<3>;
  .reg .b32 %r<9>;
  .reg .b64 %rd<5>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r4, %tid.x;
  and.b32 %r1, %r4, 31;
  setp.gt.u32 %p1, %r1, 7;
  mov.u32 %r8, %r1;
  @%p1 bra $L__BB2_2;
  mov.u32 %r5, 31;
  mov.u32 %r6, 9;
  mov.u32 %r7, -1;
  shfl.sync.idx.b32 %r8|%p2, %r1, %r6, %r5, %r7;
$L__BB2_2:
  cvta.to.global.u64 %rd2, %rd1;
  mul.wide.u32 %rd3, %r1, 4;
  add.s64 %rd4, %rd2, %rd3;
  st.global.u32 [%rd4], %r8;
  ret;
}
)";

// __global__ void tail_reduce(unsigned* out, unsigned n) {
//   unsigned lane = threadIdx.x;
//   if (lane >= n) return;
//   unsigned v = lane + 1;
//   v += __shfl_xor_sync(~0u, v, 1);
//   out[lane] = v;
// }
// Lanes n-31 wait to reconverge at the `ret` while the others shuffle with
// the full mask: they exit, so they are not waited for.
constexpr const char* kTailShfl = R"(
.version 9.0
.target sm_90
.address_size 64

.visible .entry tail_reduce(.param .u64 out, .param .u32 n)
{
  .reg .pred %p<3>;
  .reg .b32 %r<12>;
  .reg .b64 %rd<5>;
  ld.param.u64 %rd1, [out];
  ld.param.u32 %r2, [n];
  mov.u32 %r1, %tid.x;
  setp.ge.u32 %p1, %r1, %r2;
  @%p1 bra $L__BB3_2;
  add.s32 %r3, %r1, 1;
  mov.u32 %r4, 1;
  mov.u32 %r5, 31;
  mov.u32 %r6, -1;
  shfl.sync.bfly.b32 %r7|%p2, %r3, %r4, %r5, %r6;
  add.s32 %r8, %r7, %r3;
  cvta.to.global.u64 %rd2, %rd1;
  mul.wide.u32 %rd3, %r1, 4;
  add.s64 %rd4, %rd2, %rd3;
  st.global.u32 [%rd4], %r8;
$L__BB3_2:
  ret;
}
)";

// Lanes 0-15 shuffle and lanes 16-31 vote, each naming the whole warp: the
// PTX ISA leaves that undefined. The vote is at line 15, the shuffle at 18.
constexpr const char* kMixedCollectives = R"(
.version 9.0
.target sm_90
.address_size 64

.visible .entry mixed(.param .u64 out)
{
  .reg .pred %p<3>;
  .reg .b32 %r<4>;
  .reg .b64 %rd<5>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  setp.lt.u32 %p1, %r1, 16;
  @%p1 bra $L__SHFL;
  vote.sync.ballot.b32 %r2, %p1, -1;
  bra.uni $L__DONE;
$L__SHFL:
  shfl.sync.idx.b32 %r2, %r1, 0, 31, -1;
$L__DONE:
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r2;
  ret;
}
)";

struct Outcome {
  LaunchResult result;
  std::vector<std::uint32_t> out;
};

// Runs the module's only kernel on one warp with `out` (32 words) first and
// `extra` parameter bytes after it.
Outcome run(const char* text, bool independent_thread_scheduling, std::vector<std::byte> extra = {},
            const std::vector<std::uint32_t>& input = {}) {
  LaunchOptions options;
  options.independent_thread_scheduling = independent_thread_scheduling;
  Device device{options, std::uint64_t{1} << 30};
  const testing::PtxText ptx = testing::load_ptx_text(device, "warp_sync.ptx", text);
  const ModuleKernel& kernel = ptx.first_kernel();
  EXPECT_TRUE(kernel.kernel.has_value()) << (kernel.errors.empty() ? "" : kernel.errors[0]);
  const std::uint64_t out = device.allocate(kLanes * 4);
  std::vector<std::byte> params = testing::pointer_params({out});
  if (!input.empty()) {
    const std::uint64_t in = device.allocate(input.size() * 4);
    device.copy_to_device(in, input.data(), input.size() * 4);
    params = testing::pointer_params({out, in});
  }
  params.insert(params.end(), extra.begin(), extra.end());
  Outcome r;
  r.result = device.launch(kernel, {.block = {kLanes}}, params);
  r.out.resize(kLanes);
  device.copy_to_host(r.out.data(), out, kLanes * 4);
  return r;
}

std::vector<std::uint32_t> inputs() {
  std::vector<std::uint32_t> v(kLanes);
  for (std::uint32_t lane = 0; lane < kLanes; ++lane) v[lane] = lane * 0x01010101u + 17;
  return v;
}

TEST(WarpSync, DivergentShufflesMeetAcrossBothSides) {
  const std::vector<std::uint32_t> v = inputs();
  const Outcome r = run(kDivergentShfl, true, {}, v);
  ASSERT_TRUE(r.result.ok()) << r.result.error.message;
  for (std::uint32_t lane = 0; lane < kLanes; ++lane) {
    if (lane < 16) {
      // Source lane 31 - lane runs the other shuffle and offers v + 1000.
      EXPECT_EQ(r.out[lane], (v[31 - lane] + 1000u) * 3u) << lane;
    } else {
      const std::uint32_t from = lane + 3 <= 31 ? lane + 3 : lane;
      EXPECT_EQ(r.out[lane], (v[from] + 1000u) ^ 0x5au) << lane;
    }
  }
}

TEST(WarpSync, PreVoltaShufflesRunWithTheLanesThatAreThere) {
  // The branch-synchronisation stack runs one side to the join, then the
  // other: lanes 0-15 shuffle alone and read nothing from lanes 16-31.
  const std::vector<std::uint32_t> v = inputs();
  const Outcome r = run(kDivergentShfl, false, {}, v);
  ASSERT_TRUE(r.result.ok()) << r.result.error.message;
  for (std::uint32_t lane = 0; lane < 16; ++lane) EXPECT_EQ(r.out[lane], 0u) << lane;
  EXPECT_EQ(r.out[16], (v[19] + 1000u) ^ 0x5au);
}

TEST(WarpSync, SyncwarpOnBothSidesOfABranchMakesTheStoresVisible) {
  const Outcome r = run(kDivergentSyncwarp, true);
  ASSERT_TRUE(r.result.ok()) << r.result.error.message;
  for (std::uint32_t lane = 0; lane < kLanes; ++lane) {
    const std::uint32_t other = lane ^ 1;
    if (lane & 1) {
      EXPECT_EQ(r.out[lane], other + 100u) << lane;
    } else {
      EXPECT_EQ(r.out[lane], other * 7u + 1u) << lane;
    }
  }
}

TEST(WarpSync, ExitedLanesAreNotWaitedFor) {
  for (std::uint32_t n : {32u, 20u, 7u}) {
    std::vector<std::byte> extra(4);
    std::memcpy(extra.data(), &n, 4);
    const Outcome r = run(kTailShfl, true, extra);
    ASSERT_TRUE(r.result.ok()) << n << ": " << r.result.error.message;
    for (std::uint32_t lane = 0; lane < n; ++lane) {
      const std::uint32_t partner = lane ^ 1;
      // A partner that has exited offers nothing (the hardware leaves it
      // undefined); the engine reads 0.
      const std::uint32_t offered = partner < n ? partner + 1 : 0;
      EXPECT_EQ(r.out[lane], lane + 1 + offered) << n << " " << lane;
    }
  }
}

TEST(WarpSync, LanesThatNeverArriveAreADiagnosedDeadlock) {
  const Outcome r = run(kShflDeadlock, true);
  ASSERT_FALSE(r.result.ok());
  EXPECT_EQ(r.result.error.code, CudaError::launch_timeout);
  const std::string& m = r.result.error.message;
  EXPECT_NE(m.find("kernel syncwarp_deadlock: warp-synchronous deadlock in block (0,0,0):"),
            std::string::npos)
      << m;
  EXPECT_NE(m.find("warp 0 lanes 0x000000ff wait at shfl (PTX line 20) for lanes 0xffffff00"),
            std::string::npos)
      << m;
}

TEST(WarpSync, DifferentCollectivesMeetingIsAnError) {
  const Outcome r = run(kMixedCollectives, true);
  ASSERT_FALSE(r.result.ok());
  EXPECT_EQ(r.result.error.code, CudaError::illegal_instruction);
  EXPECT_NE(r.result.error.message.find("lanes 0xffff0000 at vote (PTX line 15) and lanes "
                                        "0x0000ffff at shfl (PTX line 18)"),
            std::string::npos)
      << r.result.error.message;
}

}  // namespace
}  // namespace smsim::func
