// Special registers as row sources of the whole-warp executors (lane_map.h,
// special_row): the values a lane-by-lane reading gives, for a block whose
// warps cross rows and planes of (5, 3, 3) threads, a partial warp (13
// lanes), and moves guarded to the odd lanes. Each thread's slot comes from
// %warpid and %laneid, which do not take the per-warp shortcut for %tid.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "../ptx_text.h"

namespace smsim::func {
namespace {

constexpr unsigned kWords = 12;
constexpr std::uint32_t kUntouched = 7777;

// out[(block * 45 + thread) * 12 + k]: k = 0-2 %tid.x/y/z, 3-5 %ntid.x/y/z,
// 6-7 %ctaid.x/y, 8 %nctaid.y, 9 %warpid, 10 %tid.y and 11 %ctaid.x moved
// only by the odd lanes (7777 in the others).
constexpr const char* kKernel = R"(.version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 out)
{
  .reg .b32 %r<20>;
  .reg .pred %p<2>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %warpid;
  mov.u32 %r2, %laneid;
  mad.lo.u32 %r3, %r1, 32, %r2;
  mov.u32 %r4, %ctaid.x;
  mov.u32 %r5, %ctaid.y;
  mad.lo.u32 %r6, %r5, 2, %r4;
  mad.lo.u32 %r7, %r6, 45, %r3;
  mul.wide.u32 %rd2, %r7, 48;
  add.s64 %rd1, %rd1, %rd2;
  mov.u32 %r8, %tid.x;
  st.global.u32 [%rd1], %r8;
  mov.u32 %r8, %tid.y;
  st.global.u32 [%rd1+4], %r8;
  mov.u32 %r8, %tid.z;
  st.global.u32 [%rd1+8], %r8;
  mov.u32 %r8, %ntid.x;
  st.global.u32 [%rd1+12], %r8;
  mov.u32 %r8, %ntid.y;
  st.global.u32 [%rd1+16], %r8;
  mov.u32 %r8, %ntid.z;
  st.global.u32 [%rd1+20], %r8;
  st.global.u32 [%rd1+24], %r4;
  st.global.u32 [%rd1+28], %r5;
  mov.u32 %r8, %nctaid.y;
  st.global.u32 [%rd1+32], %r8;
  st.global.u32 [%rd1+36], %r1;
  and.b32 %r9, %r2, 1;
  setp.ne.u32 %p1, %r9, 0;
  mov.u32 %r10, 7777;
  @%p1 mov.u32 %r10, %tid.y;
  st.global.u32 [%rd1+40], %r10;
  mov.u32 %r11, 7777;
  @%p1 mov.u32 %r11, %ctaid.x;
  st.global.u32 [%rd1+44], %r11;
  ret;
}
)";

TEST(LaneMap, SpecialRegisterRowsHoldEachLanesValue) {
  Device device{LaunchOptions{}, std::uint64_t{1} << 30};
  const testing::PtxText ptx = testing::load_ptx_text(device, "special.ptx", kKernel);
  const ModuleKernel& kernel = ptx.first_kernel();
  ASSERT_TRUE(kernel.kernel.has_value()) << (kernel.errors.empty() ? "" : kernel.errors[0]);
  constexpr std::uint32_t kThreads = 45;
  constexpr std::uint32_t kBlocks = 6;  // a grid of (2, 3)
  const std::size_t words = std::size_t{kBlocks} * kThreads * kWords;
  const std::uint64_t out = device.allocate(words * 4);
  const LaunchResult r = device.launch(kernel, {.grid = {2, 3}, .block = {5, 3, 3}},
                                       testing::pointer_params({out}));
  ASSERT_TRUE(r.ok()) << r.error.message;
  std::vector<std::uint32_t> got(words);
  device.copy_to_host(got.data(), out, words * 4);
  for (std::uint32_t b = 0; b < kBlocks; ++b) {
    for (std::uint32_t t = 0; t < kThreads; ++t) {
      const bool odd = (t % 32) % 2 == 1;
      const std::uint32_t want[kWords] = {
          t % 5, t / 5 % 3, t / 15, 5, 3, 3, b % 2, b / 2, 3, t / 32,
          odd ? t / 5 % 3 : kUntouched, odd ? b % 2 : kUntouched};
      for (unsigned k = 0; k < kWords; ++k) {
        EXPECT_EQ(got[(b * kThreads + t) * kWords + k], want[k])
            << "block " << b << " thread " << t << " word " << k;
      }
    }
  }
}

}  // namespace
}  // namespace smsim::func
