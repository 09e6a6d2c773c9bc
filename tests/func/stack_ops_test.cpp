// alloca, stacksave and stackrestore (ops/stack_ops.cpp): the stack grows
// down per thread with the requested alignment, a restore hands the same bytes
// back, a called function's allocations end with its return, and running past
// cudaLimitStackSize fails the launch with cudaErrorIllegalAddress as on the
// H100 (tools/probes/results/h100-2026-11-22/spaces.txt).

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "engine_harness.h"
#include "module_fixture.h"

namespace smsim::func {
namespace {

using testing::ParamBytes;

constexpr const char* kModule = R"(
.version 8.0
.target sm_90
.address_size 64

// Each thread writes 12 u64 at out[tid * 12].
.visible .entry stack(.param .u64 out)
{
  .reg .b32 %r<20>;
  .reg .b64 %rd<30>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd2, %r1, 96;
  add.u64 %rd2, %rd1, %rd2;
  stacksave.u64 %rd3;
  alloca.u64 %rd4, 24, 8;
  alloca.u64 %rd5, 100, 64;
  st.local.u32 [%rd4], %r1;
  mul.lo.u32 %r2, %r1, 3;
  st.local.u32 [%rd5+96], %r2;
  ld.local.u32 %r3, [%rd5+96];
  stackrestore.u64 %rd3;
  alloca.u64 %rd6, 24, 8;
  ld.local.u32 %r4, [%rd6];
  stacksave.u64 %rd7;
  // A size from a register, used through its generic address.
  cvt.u64.u32 %rd8, %r1;
  add.u64 %rd8, %rd8, 5;
  alloca.u64 %rd9, %rd8;
  cvta.local.u64 %rd10, %rd9;
  add.u32 %r5, %r1, 7000;
  st.u32 [%rd10], %r5;
  ld.local.u32 %r6, [%rd9];
  // The 32-bit forms.
  stacksave.u32 %r7;
  alloca.u32 %r8, 4;
  alloca.u32 %r9, 40, 32;
  st.local.u32 [%r9+36], %r1;
  ld.local.u32 %r10, [%r9+36];
  stackrestore.u32 %r7;
  stacksave.u32 %r11;
  st.global.v2.u64 [%rd2], {%rd3, %rd4};
  st.global.v2.u64 [%rd2+16], {%rd5, %rd6};
  st.global.v2.u64 [%rd2+32], {%rd7, %rd9};
  cvt.u64.u32 %rd11, %r7;
  cvt.u64.u32 %rd12, %r8;
  cvt.u64.u32 %rd13, %r9;
  cvt.u64.u32 %rd14, %r11;
  st.global.v2.u64 [%rd2+48], {%rd11, %rd12};
  st.global.v2.u64 [%rd2+64], {%rd13, %rd14};
  st.global.v4.u32 [%rd2+80], {%r3, %r4, %r6, %r10};
  ret;
}

// alloca(bytes) and a store to its last byte.
.visible .entry big(.param .u64 bytes)
{
  .reg .b64 %rd<4>;
  .reg .b16 %rs<2>;
  ld.param.u64 %rd1, [bytes];
  alloca.u64 %rd2, %rd1, 16;
  add.u64 %rd3, %rd2, %rd1;
  mov.u16 %rs1, 2;
  st.local.u8 [%rd3+-1], %rs1;
  ret;
}

.visible .entry bad_restore(.param .u64 unused)
{
  .reg .b64 %rd<2>;
  mov.u64 %rd1, 1048576;
  stackrestore.u64 %rd1;
  ret;
}

// 64 bytes per call: 100 calls fit the 1024-byte stack only if each return
// frees its allocation.
.func (.param .b32 ret) fill(.param .b32 n)
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<2>;
  ld.param.u32 %r1, [n];
  alloca.u64 %rd1, 64, 16;
  st.local.u32 [%rd1+60], %r1;
  ld.local.u32 %r2, [%rd1+60];
  st.param.b32 [ret], %r2;
  ret;
}

.visible .entry calls(.param .u64 out)
{
  .reg .b32 %r<8>;
  .reg .b64 %rd<8>;
  .reg .pred %p<2>;
  ld.param.u64 %rd1, [out];
  stacksave.u64 %rd2;
  mov.u32 %r1, 0;
  mov.u32 %r2, 0;
LOOP:
  {
    .param .b32 param0;
    st.param.b32 [param0], %r1;
    .param .b32 retval0;
    call.uni (retval0), fill, (param0);
    ld.param.b32 %r3, [retval0];
  }
  add.u32 %r2, %r2, %r3;
  add.u32 %r1, %r1, 1;
  setp.lt.u32 %p1, %r1, 100;
  @%p1 bra LOOP;
  stacksave.u64 %rd3;
  sub.u64 %rd4, %rd2, %rd3;
  mov.u32 %r4, %tid.x;
  mul.wide.u32 %rd5, %r4, 16;
  add.u64 %rd5, %rd1, %rd5;
  cvt.u64.u32 %rd6, %r2;
  st.global.v2.u64 [%rd5], {%rd6, %rd4};
  ret;
}
)";

class StackOps : public testing::ModuleTest {
 protected:
  StackOps() : ModuleTest("stack_ops", kModule) {}
};

TEST_F(StackOps, AllocaGrowsDownAlignedAndRestoreFrees) {
  constexpr std::uint32_t kThreads = 40;
  const std::uint64_t out = device_.allocate(kThreads * 96);
  const LaunchResult r = device_.launch(kernel("stack"), LaunchConfig{.grid = {1}, .block = {kThreads}},
                                        ParamBytes().add(out).span());
  ASSERT_TRUE(r.ok()) << r.error.message;
  const auto v = download<std::uint64_t>(out, kThreads * 12);
  for (std::uint32_t t = 0; t < kThreads; ++t) {
    const std::uint64_t* w = &v[t * 12];
    SCOPED_TRACE(::testing::Message() << "thread " << t);
    const std::uint64_t save = w[0], a = w[1], b = w[2], again = w[3], save2 = w[4], sized = w[5];
    EXPECT_EQ(save % 16, 0u) << "the stack starts 16-byte aligned";
    EXPECT_EQ(save - a, 24u) << "24 bytes at alignment 8 below an aligned top";
    EXPECT_EQ(b % 64, 0u);
    EXPECT_GE(a - b, 100u);
    EXPECT_LT(a - b, 100u + 64);
    EXPECT_EQ(again, a) << "after stackrestore the same bytes come back";
    EXPECT_EQ(save2, again) << "the stack pointer is the last allocation";
    EXPECT_EQ(sized % 8, 0u) << "alignment 8 when none is named";
    EXPECT_GE(save2 - sized, t + 5u);
    EXPECT_LT(save2 - sized, t + 5u + 8);
    const std::uint64_t save32 = w[6], a32 = w[7], b32 = w[8], after32 = w[9];
    EXPECT_EQ(save32, sized) << "stacksave.u32 reads the same pointer";
    EXPECT_EQ(save32 - a32, 8u) << "4 bytes at alignment 8";
    EXPECT_EQ(b32 % 32, 0u);
    EXPECT_GE(a32 - b32, 40u);
    EXPECT_EQ(after32, save32) << "stackrestore.u32";
    const auto* words = reinterpret_cast<const std::uint32_t*>(&w[10]);
    EXPECT_EQ(words[0], t * 3) << "the 100-byte allocation holds what was stored";
    EXPECT_EQ(words[1], t) << "each thread's stack is its own";
    EXPECT_EQ(words[2], t + 7000) << "generic stores reach alloca'd memory";
    EXPECT_EQ(words[3], t);
  }
}

TEST_F(StackOps, CalledFunctionsFreeTheirAllocationsOnReturn) {
  const std::uint64_t out = device_.allocate(32 * 16);
  const LaunchResult r = device_.launch(kernel("calls"), LaunchConfig{.grid = {2}, .block = {32}},
                                        ParamBytes().add(out).span());
  ASSERT_TRUE(r.ok()) << r.error.message;
  const auto v = download<std::uint64_t>(out, 32 * 2);
  for (std::uint32_t t = 0; t < 32; ++t) {
    EXPECT_EQ(v[2 * t], 4950u) << t;      // 0 + 1 + ... + 99
    EXPECT_EQ(v[2 * t + 1], 0u) << t;     // the kernel's stack pointer is back
  }
}

TEST_F(StackOps, AllocaWithinTheStackLimitRuns) {
  const LaunchResult r = device_.launch(kernel("big"), LaunchConfig{.grid = {2}, .block = {32}},
                                        ParamBytes().add(std::uint64_t{1024}).span());
  EXPECT_TRUE(r.ok()) << r.error.message;
}

TEST_F(StackOps, AllocaPastTheStackLimitIsAnIllegalAddress) {
  for (const std::uint64_t bytes : {std::uint64_t{2048}, std::uint64_t{1} << 40, ~std::uint64_t{0}}) {
    const LaunchResult r = device_.launch(kernel("big"), LaunchConfig{.grid = {1}, .block = {32}},
                                          ParamBytes().add(bytes).span());
    EXPECT_EQ(r.error.code, CudaError::illegal_address) << bytes;
    EXPECT_NE(r.error.message.find("stack overflow in alloca of " + std::to_string(bytes)),
              std::string::npos)
        << r.error.message;
  }
}

TEST_F(StackOps, RestoreOutsideTheStackIsRefused) {
  const LaunchResult r = device_.launch(kernel("bad_restore"),
                                        LaunchConfig{.grid = {1}, .block = {32}},
                                        ParamBytes().add(std::uint64_t{0}).span());
  EXPECT_EQ(r.error.code, CudaError::illegal_address);
  EXPECT_NE(r.error.message.find("stackrestore to 0x100000"), std::string::npos) << r.error.message;
}

}  // namespace
}  // namespace smsim::func
