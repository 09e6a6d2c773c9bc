// The whole-warp executors of shr, selp, predicate logic and the integer and
// cvt.rn.f16.f32 conversions (fast_integer_ops.cpp, convert_ops.cpp) give
// what the rules say lane by lane: in a full warp, a partial one (48
// threads), under a guard, with immediate sources; the expected values are
// computed here from the PTX ISA's definitions (and GCC's _Float16).
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "../ptx_text.h"

namespace smsim::func {
namespace {

constexpr unsigned kWords = 9;

// out[tid * 9 + k]: k = 0 shr.u32, 1 shr.s32, 2 shr.u64, 3 shr.s16 widened by
// cvt.s64.s16, 4 predicate logic as bits, 5 selp.b64, 6 a guarded shr, 7
// cvt.rn.f16.f32, 8 cvt.sat.u8.s32.
constexpr const char* kKernel = R"(.version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 out)
{
  .reg .b16 %rs<4>;
  .reg .b32 %r<20>;
  .reg .f32 %f<2>;
  .reg .pred %p<8>;
  .reg .b64 %rd<20>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  mul.lo.u32 %r2, %r1, -1640531527;
  rem.u32 %r3, %r1, 40;
  mul.wide.u32 %rd2, %r1, 72;
  add.s64 %rd1, %rd1, %rd2;
  shr.u32 %r4, %r2, %r3;
  cvt.u64.u32 %rd3, %r4;
  st.global.u64 [%rd1], %rd3;
  shr.s32 %r5, %r2, %r3;
  cvt.s64.s32 %rd4, %r5;
  st.global.u64 [%rd1+8], %rd4;
  cvt.u64.u32 %rd5, %r2;
  shl.b64 %rd6, %rd5, 32;
  or.b64 %rd6, %rd6, %rd5;
  rem.u32 %r6, %r1, 70;
  shr.u64 %rd7, %rd6, %r6;
  st.global.u64 [%rd1+16], %rd7;
  cvt.u16.u32 %rs1, %r2;
  shr.s16 %rs2, %rs1, %r3;
  cvt.s64.s16 %rd8, %rs2;
  st.global.u64 [%rd1+24], %rd8;
  setp.lt.u32 %p1, %r1, 20;
  and.b32 %r7, %r1, 1;
  setp.ne.u32 %p2, %r7, 0;
  and.pred %p3, %p1, %p2;
  or.pred %p4, %p1, %p2;
  xor.pred %p5, %p1, %p2;
  not.pred %p6, %p1;
  selp.u32 %r8, 1, 0, %p3;
  selp.u32 %r9, 2, 0, %p4;
  selp.u32 %r10, 4, 0, %p5;
  selp.u32 %r11, 8, 0, %p6;
  or.b32 %r8, %r8, %r9;
  or.b32 %r8, %r8, %r10;
  or.b32 %r8, %r8, %r11;
  cvt.u64.u32 %rd9, %r8;
  st.global.u64 [%rd1+32], %rd9;
  cvt.u64.u32 %rd10, %r1;
  add.s64 %rd11, %rd10, 1000;
  selp.b64 %rd12, %rd10, %rd11, %p2;
  st.global.u64 [%rd1+40], %rd12;
  mov.u32 %r12, 7;
  @%p1 shr.u32 %r12, %r2, 4;
  cvt.u64.u32 %rd13, %r12;
  st.global.u64 [%rd1+48], %rd13;
  mov.b32 %f1, %r2;
  cvt.rn.f16.f32 %rs3, %f1;
  cvt.u64.u16 %rd14, %rs3;
  st.global.u64 [%rd1+56], %rd14;
  cvt.sat.u8.s32 %r13, %r2;
  cvt.u64.u32 %rd15, %r13;
  st.global.u64 [%rd1+64], %rd15;
  ret;
}
)";

std::vector<std::uint64_t> expected(std::uint32_t t) {
  const std::uint32_t x = t * 0x9e3779b9u;
  const std::uint32_t n = t % 40;
  const std::uint64_t wide = (std::uint64_t{x} << 32) | x;
  const std::uint32_t n64 = t % 70;
  const bool p1 = t < 20, p2 = (t & 1) != 0;
  const auto s16 = static_cast<std::int16_t>(x);
  const float f = std::bit_cast<float>(x);
  const std::uint16_t h = f != f ? 0x7fff : std::bit_cast<std::uint16_t>(static_cast<_Float16>(f));
  const auto signed_x = static_cast<std::int32_t>(x);
  return {
      n >= 32 ? 0 : x >> n,
      static_cast<std::uint64_t>(std::int64_t{signed_x >> std::min(n, 31u)}),
      n64 >= 64 ? 0 : wide >> n64,
      static_cast<std::uint64_t>(std::int64_t{static_cast<std::int16_t>(s16 >> std::min(n, 15u))}),
      std::uint64_t{(p1 && p2) | (p1 || p2) << 1 | (p1 != p2) << 2 | (!p1) << 3},
      p2 ? t : t + 1000,
      p1 ? x >> 4 : 7,
      h,
      static_cast<std::uint64_t>(std::clamp(signed_x, 0, 255)),
  };
}

TEST(FastIntegerOps, WholeWarpExecutorsFollowTheLaneByLaneRules) {
  Device device{LaunchOptions{}, std::uint64_t{1} << 30};
  const testing::PtxText ptx = testing::load_ptx_text(device, "fast.ptx", kKernel);
  const ModuleKernel& kernel = ptx.first_kernel();
  ASSERT_TRUE(kernel.kernel.has_value()) << (kernel.errors.empty() ? "" : kernel.errors[0]);
  constexpr std::uint32_t kThreads = 48;  // a full warp and a partial one
  const std::uint64_t out = device.allocate(kThreads * kWords * 8);
  const LaunchResult r = device.launch(kernel, {.block = {kThreads}}, testing::pointer_params({out}));
  ASSERT_TRUE(r.ok()) << r.error.message;
  std::vector<std::uint64_t> got(kThreads * kWords);
  device.copy_to_host(got.data(), out, got.size() * 8);
  for (std::uint32_t t = 0; t < kThreads; ++t) {
    const std::vector<std::uint64_t> want = expected(t);
    for (unsigned k = 0; k < kWords; ++k) {
      EXPECT_EQ(got[t * kWords + k], want[k]) << "thread " << t << " word " << k;
    }
  }
}

}  // namespace
}  // namespace smsim::func
