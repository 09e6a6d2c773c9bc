// Warp collectives whose lanes pass different member masks (cooperative-groups
// tiles of one converged warp): each lane's result covers its own members.

#include <gtest/gtest.h>

#include <bit>
#include <cstring>

#include "func/device.h"
#include "ptx/frontend.h"

namespace smsim::func {
namespace {

// Each lane's member mask is its tile of eight lanes; the predicate is
// (lane & 5) != 0 || lane >= 24, so only the last tile votes all-true.
constexpr const char* kTiles = R"(
.version 8.0
.target sm_90
.address_size 64

.visible .entry tiles(.param .u64 out)
{
  .reg .pred %p<6>;
  .reg .b32 %r<20>;
  .reg .b64 %rd<8>;
  mov.u32 %r1, %laneid;
  and.b32 %r2, %r1, 24;
  mov.u32 %r11, 255;
  shl.b32 %r3, %r11, %r2;
  and.b32 %r4, %r1, 5;
  setp.ne.u32 %p1, %r4, 0;
  setp.ge.u32 %p4, %r1, 24;
  or.pred %p1, %p1, %p4;
  vote.sync.ballot.b32 %r5, %p1, %r3;
  vote.sync.all.pred %p2, %p1, %r3;
  selp.u32 %r6, 1, 0, %p2;
  redux.sync.add.u32 %r7, %r1, %r3;
  shr.u32 %r8, %r1, 1;
  match.any.sync.b32 %r9, %r8, %r3;
  elect.sync %r10|%p3, %r3;
  selp.u32 %r12, 100, 0, %p3;
  add.u32 %r10, %r10, %r12;
  ld.param.u64 %rd1, [out];
  mul.lo.u32 %r13, %r1, 20;
  cvt.u64.u32 %rd2, %r13;
  add.u64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r5;
  st.global.u32 [%rd3+4], %r6;
  st.global.u32 [%rd3+8], %r7;
  st.global.u32 [%rd3+12], %r9;
  st.global.u32 [%rd3+16], %r10;
  ret;
}
)";

TEST(WarpMemberMask, EachLaneCollectsOverItsOwnTile) {
  ptx::Diagnostics diags("tiles.ptx", kTiles);
  const ptx::Module module = ptx::parse_and_check(kTiles, diags);
  ASSERT_FALSE(diags.has_errors()) << diags.format();
  Device device{LaunchOptions{}, std::uint64_t{1} << 30};
  const LoadedModule loaded = device.load(module);
  const ModuleKernel* kernel = loaded.find_kernel("tiles");
  ASSERT_TRUE(kernel->kernel.has_value()) << (kernel->errors.empty() ? "" : kernel->errors[0]);
  const std::uint64_t out = device.allocate(32 * 20);
  std::vector<std::byte> params(8);
  std::memcpy(params.data(), &out, 8);
  const LaunchResult r = device.launch(*kernel, {.block = {32}}, params);
  ASSERT_TRUE(r.ok()) << r.error.message;
  std::vector<std::uint32_t> v(32 * 5);
  device.copy_to_host(v.data(), out, v.size() * 4);
  for (std::uint32_t lane = 0; lane < 32; ++lane) {
    const std::uint32_t base = lane & 24;
    const std::uint32_t tile = 0xFFu << base;
    std::uint32_t ballot = 0, sum = 0;
    for (std::uint32_t l = base; l < base + 8; ++l) {
      if ((l & 5) != 0 || l >= 24) ballot |= 1u << l;
      sum += l;
    }
    const std::uint32_t* got = &v[lane * 5];
    EXPECT_EQ(got[0], ballot) << lane;
    EXPECT_EQ(got[1], ballot == tile ? 1u : 0u) << lane;
    EXPECT_EQ(got[2], sum) << lane;
    EXPECT_EQ(got[3], 3u << (lane & ~1u)) << lane;
    EXPECT_EQ(got[4], base + (lane == base ? 100u : 0u)) << lane;
  }
}

}  // namespace
}  // namespace smsim::func
