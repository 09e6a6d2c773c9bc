// 128-bit register values (.b128: mov packing and unpacking, ld/st of 16
// bytes, the 16-byte alignment rule), the refusal of .v8, atom.cas/.exch.b128
// (atomic as a unit), atom.add.v2/.v4.f32, and createpolicy with the
// .L2::cache_hint loads and stores, from hand-written PTX with expected
// values computed here.

#include <gtest/gtest.h>

#include <bit>
#include <cstring>
#include <vector>

#include "engine_harness.h"
#include "module_fixture.h"

namespace smsim::func {
namespace {

constexpr const char* kModule = R"(
.version 8.0
.target sm_90
.address_size 64

// Thread t: q = in[t] (16 bytes); out[t] = {hi, lo} swapped through
// unpack/pack, then ld.shared/st.shared and a local round trip.
.visible .entry swap_halves(.param .u64 in_p, .param .u64 out_p)
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<12>;
  .reg .b128 %q<6>;
  .shared .align 16 .b8 sm[512];
  .local .align 16 .b8 lm[16];
  ld.param.u64 %rd1, [in_p];
  ld.param.u64 %rd2, [out_p];
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd3, %r1, 16;
  add.s64 %rd4, %rd1, %rd3;
  add.s64 %rd5, %rd2, %rd3;
  ld.b128 %q1, [%rd4];
  mov.b128 {%rd6, %rd7}, %q1;
  mov.b128 %q2, {%rd7, %rd6};
  mov.b128 %q3, %q2;
  mov.u64 %rd8, sm;
  add.s64 %rd8, %rd8, %rd3;
  st.shared.b128 [%rd8], %q3;
  ld.shared.b128 %q4, [%rd8];
  st.local.b128 [lm], %q4;
  ld.local.b128 %q5, [lm];
  st.b128 [%rd5], %q5;
  ret;
}

// A 16-byte load at an address that is only 8-byte aligned.
.visible .entry misaligned(.param .u64 in_p, .param .u64 out_p)
{
  .reg .b64 %rd<4>;
  .reg .b128 %q<2>;
  ld.param.u64 %rd1, [in_p];
  ld.param.u64 %rd2, [out_p];
  ld.global.b128 %q1, [%rd1+8];
  st.global.b128 [%rd2], %q1;
  ret;
}

// Every thread of 4 warps and 2 blocks adds 1 to a 128-bit counter
// (low word carrying into the high word) with an atom.cas.b128 loop, and
// atom.exch.b128 swaps a shared cell; both read back as whole values.
.visible .entry cas_counter(.param .u64 counter_p, .param .u64 out_p)
{
  .reg .pred %p<3>;
  .reg .b32 %r<4>;
  .reg .b64 %rd<16>;
  .reg .b128 %q<6>;
  .shared .align 16 .b8 cell[16];
  ld.param.u64 %rd1, [counter_p];
  ld.param.u64 %rd2, [out_p];
  mov.u32 %r1, %tid.x;
  ld.global.b128 %q1, [%rd1];
LOOP:
  mov.b128 {%rd3, %rd4}, %q1;
  add.cc.u64 %rd5, %rd3, 1;
  addc.u64 %rd6, %rd4, 0;
  mov.b128 %q2, {%rd5, %rd6};
  atom.cas.b128 %q3, [%rd1], %q1, %q2;
  mov.b128 {%rd7, %rd8}, %q3;
  setp.ne.b64 %p1, %rd7, %rd3;
  setp.ne.b64 %p2, %rd8, %rd4;
  or.pred %p1, %p1, %p2;
  mov.b128 %q1, %q3;
  @%p1 bra LOOP;
  // Shared: thread 0 seeds the cell; every thread then swaps in its own
  // {tid, ~tid} once; the last value out plus all returned values are each
  // thread's exactly once.
  setp.eq.u32 %p1, %r1, 0;
  mov.u64 %rd9, cell;
  mov.b64 %rd10, -1;
  mov.b128 %q4, {%rd10, %rd10};
  @%p1 st.shared.b128 [%rd9], %q4;
  bar.sync 0;
  cvt.u64.u32 %rd11, %r1;
  not.b64 %rd12, %rd11;
  mov.b128 %q4, {%rd11, %rd12};
  atom.shared.exch.b128 %q5, [%rd9], %q4;
  mul.wide.u32 %rd13, %r1, 16;
  mov.u32 %r2, %ctaid.x;
  mul.wide.u32 %rd14, %r2, 2048;
  add.s64 %rd13, %rd13, %rd14;
  add.s64 %rd13, %rd2, %rd13;
  st.global.b128 [%rd13], %q5;
  ret;
}

// atom.add.v4.f32 and atom.add.v2.global.f32 on global memory: old values to
// out, sums stay in place.
.visible .entry vector_add(.param .u64 sum_p, .param .u64 out_p)
{
  .reg .pred %p<2>;
  .reg .b32 %r<2>;
  .reg .f32 %f<16>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [sum_p];
  ld.param.u64 %rd2, [out_p];
  mov.f32 %f1, 0f3F800000;
  mov.f32 %f2, 0f40000000;
  mov.f32 %f3, 0f3F000000;
  mov.f32 %f4, 0fC0800000;
  atom.add.v4.f32 {%f5, %f6, %f7, %f8}, [%rd1], {%f1, %f2, %f3, %f4};
  atom.global.add.v2.f32 {%f9, %f10}, [%rd1+16], {%f2, %f3};
  mov.u32 %r1, %tid.x;
  setp.eq.u32 %p1, %r1, 5;
  @%p1 st.global.v4.f32 [%rd2], {%f5, %f6, %f7, %f8};
  @%p1 st.global.v2.f32 [%rd2+16], {%f9, %f10};
  ret;
}

// The four L2 priorities of createpolicy.fractional, and loads and stores
// that carry a policy.
.visible .entry policies(.param .u64 in_p, .param .u64 out_p)
{
  .reg .f32 %f<2>;
  .reg .b32 %r<4>;
  .reg .b64 %rd<12>;
  .reg .b128 %q<2>;
  ld.param.u64 %rd1, [in_p];
  ld.param.u64 %rd2, [out_p];
  createpolicy.fractional.L2::evict_first.b64 %rd3, 1.0;
  createpolicy.fractional.L2::evict_last.b64 %rd4, 0.5;
  createpolicy.fractional.L2::evict_normal.b64 %rd5;
  mov.f32 %f1, 0f3E800000;
  createpolicy.fractional.L2::evict_unchanged.b64 %rd6, %f1;
  st.global.v2.b64 [%rd2], {%rd3, %rd4};
  st.global.v2.b64 [%rd2+16], {%rd5, %rd6};
  ld.global.L2::cache_hint.b32 %r1, [%rd1], %rd3;
  st.global.L2::cache_hint.b32 [%rd2+32], %r1, %rd4;
  ld.global.L2::cache_hint.b128 %q1, [%rd1+16], %rd5;
  st.global.L2::cache_hint.b128 [%rd2+48], %q1, %rd6;
  ret;
}

// What the H100 does with .v8 is not known (docs/func.md): a load-time
// error, not a guess.
.visible .entry bytes8(.param .u64 in_p, .param .u64 out_p)
{
  .reg .b16 %h<9>;
  .reg .b64 %rd<3>;
  ld.param.u64 %rd1, [in_p];
  ld.param.u64 %rd2, [out_p];
  ld.global.v8.b8 {%h1, %h2, %h3, %h4, %h5, %h6, %h7, %h8}, [%rd1];
  st.v8.b8 [%rd2], {%h1, %h2, %h3, %h4, %h5, %h6, %h7, %h8};
  ret;
}
)";

class WideMemoryOps : public testing::ModuleTest {
 protected:
  WideMemoryOps() : ModuleTest("wide_memory_ops", kModule) {}
};

using testing::ParamBytes;

TEST_F(WideMemoryOps, B128ValuesMoveWholeThroughRegistersAndEverySpace) {
  std::vector<std::uint64_t> in(2 * 64);
  for (std::size_t i = 0; i < in.size(); ++i) in[i] = 0x0123456789abcdefull * (i + 1);
  const std::uint64_t in_p = upload(in);
  const std::uint64_t out = device_.allocate(in.size() * 8);
  const LaunchResult r = device_.launch(kernel("swap_halves"),
                                        LaunchConfig{.grid = {1}, .block = {32}},
                                        ParamBytes().add(in_p).add(out).span());
  ASSERT_TRUE(r.ok()) << r.error.message;
  const auto got = download<std::uint64_t>(out, 64);
  for (std::size_t t = 0; t < 32; ++t) {
    EXPECT_EQ(got[2 * t], in[2 * t + 1]) << t;
    EXPECT_EQ(got[2 * t + 1], in[2 * t]) << t;
  }
}

TEST_F(WideMemoryOps, B128AccessNeedsSixteenByteAlignment) {
  const std::uint64_t in_p = upload(std::vector<std::uint64_t>(4, 7));
  const std::uint64_t out = device_.allocate(16);
  const LaunchResult r = device_.launch(kernel("misaligned"),
                                        LaunchConfig{.grid = {1}, .block = {1}},
                                        ParamBytes().add(in_p).add(out).span());
  EXPECT_EQ(r.error.code, CudaError::misaligned_address) << r.error.message;
}

TEST_F(WideMemoryOps, B128CasAndExchAreAtomicAsAUnit) {
  // The low word starts 40 below a carry, so the increments carry into the
  // high word part way: a torn update would lose the carry or a count.
  const std::uint64_t counter = upload(std::vector<std::uint64_t>{~std::uint64_t{0} - 40, 5});
  constexpr unsigned kBlocks = 2, kThreads = 128;
  const std::uint64_t out = device_.allocate(kBlocks * kThreads * 16);
  const LaunchResult r = device_.launch(kernel("cas_counter"),
                                        LaunchConfig{.grid = {kBlocks}, .block = {kThreads}},
                                        ParamBytes().add(counter).add(out).span());
  ASSERT_TRUE(r.ok()) << r.error.message;
  const auto c = download<std::uint64_t>(counter, 2);
  EXPECT_EQ(c[0], kBlocks * kThreads - 41);
  EXPECT_EQ(c[1], 6u);
  // Per block: every returned value is the seed or another thread's pair,
  // each thread's pair at most once, and both halves always belong together.
  const auto got = download<std::uint64_t>(out, kBlocks * kThreads * 2);
  for (unsigned b = 0; b < kBlocks; ++b) {
    std::vector<int> seen(kThreads, 0);
    int seeds = 0;
    for (unsigned t = 0; t < kThreads; ++t) {
      const std::uint64_t lo = got[(b * kThreads + t) * 2], hi = got[(b * kThreads + t) * 2 + 1];
      if (lo == ~std::uint64_t{0} && hi == ~std::uint64_t{0}) {
        ++seeds;
        continue;
      }
      ASSERT_LT(lo, kThreads);
      EXPECT_EQ(hi, ~lo);
      EXPECT_NE(lo, t);
      ++seen[lo];
    }
    EXPECT_EQ(seeds, 1) << b;
    int swapped = 0;
    for (int s : seen) {
      EXPECT_LE(s, 1);
      swapped += s;
    }
    EXPECT_EQ(swapped, static_cast<int>(kThreads) - 1);
  }
}

TEST_F(WideMemoryOps, VectorFloatAtomicAddsUpdateEveryElement) {
  const std::uint64_t sum = upload(std::vector<float>{10.0f, 20.0f, 30.0f, 40.0f, 1.0f, 2.0f});
  const std::uint64_t out = device_.allocate(6 * 4);
  const LaunchResult r = device_.launch(kernel("vector_add"),
                                        LaunchConfig{.grid = {1}, .block = {32}},
                                        ParamBytes().add(sum).add(out).span());
  ASSERT_TRUE(r.ok()) << r.error.message;
  const auto s = download<float>(sum, 6);
  EXPECT_EQ(s[0], 10.0f + 32 * 1.0f);
  EXPECT_EQ(s[1], 20.0f + 32 * 2.0f);
  EXPECT_EQ(s[2], 30.0f + 32 * 0.5f);
  EXPECT_EQ(s[3], 40.0f - 32 * 4.0f);
  EXPECT_EQ(s[4], 1.0f + 32 * 2.0f);
  EXPECT_EQ(s[5], 2.0f + 32 * 0.5f);
  // Lanes update in lane order: lane 5 saw five earlier adds.
  const auto old = download<float>(out, 6);
  EXPECT_EQ(old[0], 15.0f);
  EXPECT_EQ(old[1], 30.0f);
  EXPECT_EQ(old[2], 32.5f);
  EXPECT_EQ(old[3], 20.0f);
  EXPECT_EQ(old[4], 11.0f);
  EXPECT_EQ(old[5], 4.5f);
}

TEST_F(WideMemoryOps, CreatepolicyEncodesPriorityAndFractionAndHintsChangeNoValue) {
  std::vector<std::uint32_t> in(8);
  for (std::size_t i = 0; i < in.size(); ++i) in[i] = 0xa5a50000u + static_cast<unsigned>(i);
  const std::uint64_t in_p = upload(in);
  const std::uint64_t out = device_.allocate(64);
  device_.memset(out, 0, 64);
  const LaunchResult r = device_.launch(kernel("policies"),
                                        LaunchConfig{.grid = {1}, .block = {1}},
                                        ParamBytes().add(in_p).add(out).span());
  ASSERT_TRUE(r.ok()) << r.error.message;
  const auto words = download<std::uint64_t>(out, 8);
  // Interleaved descriptors (mode 2 at bit 59), fraction in sixteenths
  // capped at 15 (bits 52-55), hit priority at bits 57-58.
  EXPECT_EQ(words[0], 0x12F0000000000000ull);  // evict_first, 1.0
  EXPECT_EQ(words[1], 0x1480000000000000ull);  // evict_last, 0.5
  EXPECT_EQ(words[2], 0x16F0000000000000ull);  // evict_normal, default 1.0
  EXPECT_EQ(words[3], 0x1040000000000000ull);  // evict_unchanged, 0.25
  const auto got = download<std::uint32_t>(out, 16);
  EXPECT_EQ(got[8], in[0]);
  for (unsigned i = 0; i < 4; ++i) EXPECT_EQ(got[12 + i], in[4 + i]) << i;
}

// ptxas 13.0 makes ld.v8/st.v8 one access of element 0, and the H100 runs
// that: the memory sweep's ld.global.v8.b8 then st.v8.b8 writes byte 0 of the
// 8 only (tests/func/forms/sm_90_memory golden; v8_cluster_probe_test.cpp has
// every space and type).
TEST_F(WideMemoryOps, EightElementVectorsMoveTheirFirstElementOnly) {
  const std::uint64_t in = upload(std::vector<std::uint8_t>{0x81, 2, 3, 4, 5, 6, 7, 8});
  const std::uint64_t out = upload(std::vector<std::uint8_t>(8, 0xee));
  const LaunchResult r = device_.launch(kernel("bytes8"), LaunchConfig{.grid = {1}, .block = {1}},
                                        ParamBytes().add(in).add(out).span());
  ASSERT_TRUE(r.ok()) << r.error.message;
  EXPECT_EQ(download<std::uint8_t>(out, 8),
            (std::vector<std::uint8_t>{0x81, 0xee, 0xee, 0xee, 0xee, 0xee, 0xee, 0xee}));
}

}  // namespace
}  // namespace smsim::func
