// wgmma (sm_90a) through the front end, loader and engine from hand-written
// PTX: one warpgroup multiplies matrices laid out in shared memory (or A in
// registers) and the accumulators land where the PTX ISA's fragment layout
// says; the expected products are small integers, exact in any order.
// Also the load-time errors: a module not targeting sm_90a, a GPU other
// than sm_90, a sparse form's selector out of range, and an N the types do
// not allow.

#include <gtest/gtest.h>

#include <array>
#include <cstring>
#include <string>
#include <vector>

#include "engine_harness.h"
#include "func/device.h"
#include "ptx/frontend.h"

namespace smsim::func {
namespace {

using testing::ParamBytes;

// 128 threads copy `words` 32-bit words of the image at %rd1 into shared
// memory at %r3 (%r2: the thread index), then make them visible to wgmma.
std::string copy_to_shared(int words) {
  return R"(  mov.u32 %r4, %r2;
COPY:
  setp.ge.u32 %p1, %r4, )" +
         std::to_string(words) + R"(;
  @%p1 bra COPIED;
  mul.wide.u32 %rd3, %r4, 4;
  add.s64 %rd4, %rd1, %rd3;
  ld.global.u32 %r5, [%rd4];
  shl.b32 %r6, %r4, 2;
  add.u32 %r7, %r3, %r6;
  st.shared.u32 [%r7], %r5;
  add.u32 %r4, %r4, 128;
  bra COPY;
COPIED:
  fence.proxy.async.shared::cta;
  bar.sync 0;
)";
}

// Both kernels: copy an image into shared memory (aligned to 1024), run one
// wgmma and store each thread's four f32 accumulators at out + 16 * tid.
const std::string kModule = R"(
.version 8.0
.target sm_90a
.address_size 64

// A (64 x 16) and B (8 x 16) K-major without swizzling: core matrices of 8
// rows x 16 bytes, K halves LBO = 128 apart, groups of 8 rows SBO = 256
// apart; A at 0, B at 2048. C = 0.5 unless scale-d is 0.
.visible .entry desc_f16(.param .u64 img, .param .u64 out, .param .u32 scale)
{
  .reg .b32 %r<12>;
  .reg .b64 %rd<10>;
  .reg .pred %p<3>;
  .reg .f32 %f<4>;
  .shared .align 1024 .b8 smem[2304];
  ld.param.u64 %rd1, [img];
  ld.param.u64 %rd2, [out];
  ld.param.u32 %r1, [scale];
  mov.u32 %r2, %tid.x;
  mov.u32 %r3, smem;
)" + copy_to_shared(576) + R"(
  shr.u32 %r8, %r3, 4;
  cvt.u64.u32 %rd5, %r8;
  or.b64 %rd5, %rd5, 0x0000001000080000;
  add.s64 %rd6, %rd5, 128;
  setp.ne.u32 %p2, %r1, 0;
  mov.f32 %f0, 0f3F000000;
  mov.f32 %f1, 0f3F000000;
  mov.f32 %f2, 0f3F000000;
  mov.f32 %f3, 0f3F000000;
  wgmma.fence.sync.aligned;
  wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%f0, %f1, %f2, %f3}, %rd5, %rd6, %p2, 1, 1, 0, 0;
  wgmma.commit_group.sync.aligned;
  wgmma.wait_group.sync.aligned 0;
  mul.wide.u32 %rd7, %r2, 16;
  add.s64 %rd8, %rd2, %rd7;
  st.global.v4.f32 [%rd8], {%f0, %f1, %f2, %f3};
  ret;
}

// A from registers (four per thread at a + 16 * tid), negated
// (imm-scale-a = -1); B (8 x 16) MN-major with the 128-byte swizzle
// (imm-trans-b = 1): K-row k at (k % 8) * 128 + (k / 8) * 1024, chunks
// XORed with the row phase. C = 0.
.visible .entry regs_f16(.param .u64 img, .param .u64 a, .param .u64 out)
{
  .reg .b32 %r<16>;
  .reg .b64 %rd<12>;
  .reg .pred %p<3>;
  .reg .f32 %f<4>;
  .shared .align 1024 .b8 smem[2048];
  ld.param.u64 %rd1, [img];
  ld.param.u64 %rd2, [out];
  ld.param.u64 %rd9, [a];
  mov.u32 %r2, %tid.x;
  mov.u32 %r3, smem;
)" + copy_to_shared(512) + R"(
  mul.wide.u32 %rd7, %r2, 16;
  add.s64 %rd10, %rd9, %rd7;
  ld.global.v4.u32 {%r10, %r11, %r12, %r13}, [%rd10];
  shr.u32 %r8, %r3, 4;
  cvt.u64.u32 %rd5, %r8;
  or.b64 %rd6, %rd5, 0x4000004000800000;
  setp.ne.u32 %p2, %r2, 1000;
  mov.f32 %f0, 0f00000000;
  mov.f32 %f1, 0f00000000;
  mov.f32 %f2, 0f00000000;
  mov.f32 %f3, 0f00000000;
  wgmma.fence.sync.aligned;
  wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%f0, %f1, %f2, %f3}, {%r10, %r11, %r12, %r13}, %rd6, %p2, -1, 1, 1;
  wgmma.commit_group.sync.aligned;
  // ptxas also takes wait_group without .aligned (a catalog form of its own).
  wgmma.wait_group.sync 0;
  add.s64 %rd8, %rd2, %rd7;
  st.global.v4.f32 [%rd8], {%f0, %f1, %f2, %f3};
  ret;
}

.visible .entry sparse(.param .u64 out)
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  .reg .f32 %f<4>;
  .reg .pred %p<2>;
  mov.b64 %rd1, 0;
  mov.b32 %r1, 0;
  setp.ne.u32 %p1, %r1, 0;
  wgmma.mma_async.sp.sync.aligned.m64n8k32.f32.f16.f16 {%f0, %f1, %f2, %f3}, %rd1, %rd1, %r1, 2, %p1, 1, 1, 0, 0;
  ret;
}

.visible .entry bad_n(.param .u64 out)
{
  .reg .b32 %r<24>;
  .reg .b64 %rd<4>;
  .reg .pred %p<2>;
  mov.b64 %rd1, 0;
  setp.ne.u32 %p1, %r1, 0;
  wgmma.mma_async.sync.aligned.m64n40k32.s32.s8.s8 {%r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15, %r16, %r17, %r18, %r19}, %rd1, %rd1, %p1;
  ret;
}
)";

std::uint16_t half_of(int v) {  // small integers as f16
  if (v == 0) return 0;
  const std::uint16_t sign = v < 0 ? 0x8000 : 0;
  unsigned m = static_cast<unsigned>(v < 0 ? -v : v), e = 15;
  while (m >= 2048) m >>= 1, ++e;  // not reached for the values used here
  int shift = 0;
  while ((m << shift) < 1024) ++shift;
  return static_cast<std::uint16_t>(sign | (e + 10 - shift) << 10 | ((m << shift) & 0x3ff));
}

// Row and column of accumulator element e of a thread (PTX ISA, wgmma
// m64nNk16 D fragment): warp w holds rows 16w..16w+15.
std::array<unsigned, 2> d_position(unsigned tid, unsigned e) {
  const unsigned lane = tid % 32, g = lane / 4, t = lane % 4;
  return {16 * (tid / 32) + g + 8 * (e >> 1), 2 * t + (e & 1)};
}

int a_value(unsigned m, unsigned k) { return static_cast<int>((m * 3 + k * 5) % 7) - 3; }
int b_value(unsigned k, unsigned n) { return static_cast<int>((k * 2 + n * 3) % 5) - 2; }

class WgmmaOps : public ::testing::Test {
 protected:
  void SetUp() override { loaded_ = load(kModule, device_); }
  static LoadedModule load(const std::string& text, Device& device) {
    ptx::Diagnostics diags("wgmma", text);
    const ptx::Module m = ptx::parse_and_check(text, diags);
    EXPECT_FALSE(diags.has_errors()) << diags.format();
    return device.load(m);
  }
  const ModuleKernel& kernel(const char* name) {
    const ModuleKernel* k = loaded_.find_kernel(name);
    EXPECT_NE(k, nullptr) << name;
    return *k;
  }
  std::vector<float> results(std::uint64_t out) {
    std::vector<float> v(128 * 4);
    device_.copy_to_host(v.data(), out, v.size() * sizeof(float));
    return v;
  }

  Device device_{LaunchOptions{}, std::uint64_t{1} << 32};
  LoadedModule loaded_;
};

TEST_F(WgmmaOps, DescriptorsWithoutSwizzle) {
  std::vector<std::uint16_t> image(1152);
  for (unsigned m = 0; m < 64; ++m) {
    for (unsigned k = 0; k < 16; ++k) {
      image[(m / 8 * 256 + k / 8 * 128 + m % 8 * 16 + k % 8 * 2) / 2] = half_of(a_value(m, k));
    }
  }
  for (unsigned n = 0; n < 8; ++n) {
    for (unsigned k = 0; k < 16; ++k) {
      image[(2048 + k / 8 * 128 + n * 16 + k % 8 * 2) / 2] = half_of(b_value(k, n));
    }
  }
  const std::uint64_t img = device_.allocate(2304), out = device_.allocate(2048);
  device_.copy_to_device(img, image.data(), 2304);
  for (std::uint32_t scale_d : {1u, 0u}) {
    const LaunchResult r =
        device_.launch(kernel("desc_f16"), LaunchConfig{.grid = {1}, .block = {128}},
                       ParamBytes().add(img).add(out).add(scale_d).span());
    ASSERT_TRUE(r.ok()) << r.error.message;
    const std::vector<float> d = results(out);
    for (unsigned tid = 0; tid < 128; ++tid) {
      for (unsigned e = 0; e < 4; ++e) {
        const auto [m, n] = d_position(tid, e);
        int sum = 0;
        for (unsigned k = 0; k < 16; ++k) sum += a_value(m, k) * b_value(k, n);
        EXPECT_EQ(d[tid * 4 + e], static_cast<float>(sum) + (scale_d ? 0.5f : 0.0f))
            << "thread " << tid << " element " << e << " scale-d " << scale_d;
      }
    }
  }
}

TEST_F(WgmmaOps, RegistersAndTheSwizzledTransposedB) {
  // B[k][n] at k%8*128 + k/8*1024 + n*2, its 16-byte chunk XORed with the
  // row phase (address bits 7-9): n < 8 stays in chunk 0, moved to chunk
  // k % 8.
  std::vector<std::uint16_t> image(1024);
  for (unsigned k = 0; k < 16; ++k) {
    for (unsigned n = 0; n < 8; ++n) {
      const unsigned address = k % 8 * 128 + k / 8 * 1024 + (k % 8) * 16 + n * 2;
      image[address / 2] = half_of(b_value(k, n));
    }
  }
  // A fragment: element x of a thread (two per register) is at row
  // g + 8 * ((x >> 1) & 1), column 2t + (x & 1) + 8 * (x >> 2).
  std::vector<std::uint16_t> a(128 * 8);
  for (unsigned tid = 0; tid < 128; ++tid) {
    const unsigned lane = tid % 32, g = lane / 4, t = lane % 4;
    for (unsigned x = 0; x < 8; ++x) {
      const unsigned m = 16 * (tid / 32) + g + 8 * ((x >> 1) & 1);
      const unsigned k = 2 * t + (x & 1) + 8 * (x >> 2);
      a[tid * 8 + x] = half_of(a_value(m, k));
    }
  }
  const std::uint64_t img = device_.allocate(2048), pa = device_.allocate(2048),
                      out = device_.allocate(2048);
  device_.copy_to_device(img, image.data(), 2048);
  device_.copy_to_device(pa, a.data(), 2048);
  const LaunchResult r = device_.launch(kernel("regs_f16"), LaunchConfig{.grid = {1}, .block = {128}},
                                        ParamBytes().add(img).add(pa).add(out).span());
  ASSERT_TRUE(r.ok()) << r.error.message;
  const std::vector<float> d = results(out);
  for (unsigned tid = 0; tid < 128; ++tid) {
    for (unsigned e = 0; e < 4; ++e) {
      const auto [m, n] = d_position(tid, e);
      int sum = 0;
      for (unsigned k = 0; k < 16; ++k) sum -= a_value(m, k) * b_value(k, n);
      EXPECT_EQ(d[tid * 4 + e], static_cast<float>(sum)) << "thread " << tid << " element " << e;
    }
  }
}

TEST_F(WgmmaOps, UnsupportedFormsAreLoadTimeErrors) {
  // Sparsity selector 2: ptxas takes 0 or 1 for 16-bit inputs.
  const ModuleKernel& sp = kernel("sparse");
  ASSERT_FALSE(sp.errors.empty());
  EXPECT_NE(sp.errors[0].find("wgmma.mma_async.sp.m64n8k32: the sparsity selector must be an "
                              "immediate from 0 to 1"),
            std::string::npos)
      << sp.errors[0];
  const ModuleKernel& n = kernel("bad_n");
  ASSERT_FALSE(n.errors.empty());
  EXPECT_NE(n.errors[0].find("N = 40"), std::string::npos) << n.errors[0];
}

TEST_F(WgmmaOps, OnlySm90GpusRunIt) {
  Device ampere{LaunchOptions{}, std::uint64_t{1} << 32, 80};
  Device blackwell{LaunchOptions{}, std::uint64_t{1} << 32, 100};
  for (Device* d : {&ampere, &blackwell}) {
    const LoadedModule m = load(kModule, *d);
    const ModuleKernel* k = m.find_kernel("desc_f16");
    ASSERT_NE(k, nullptr);
    std::string all;
    for (const std::string& e : k->errors) all += e + "\n";
    EXPECT_NE(all.find("wgmma.mma_async is an sm_90a feature that only sm_90 GPUs have"),
              std::string::npos)
        << all;
  }
}

TEST(WgmmaTarget, NeedsTheArchSpecificTarget) {
  std::string text = kModule;
  text.replace(text.find("sm_90a"), 6, "sm_90");
  ptx::Diagnostics diags("wgmma", text);
  (void)ptx::parse_and_check(text, diags);
  ASSERT_TRUE(diags.has_errors());
  EXPECT_NE(diags.format().find("requires the arch-specific target sm_90a"), std::string::npos)
      << diags.format();
}

}  // namespace
}  // namespace smsim::func
