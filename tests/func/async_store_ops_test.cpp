// st.async in every type and state-space spelling, scalar and vector: a
// cluster of two blocks in which each block stores into its own shared
// memory (.shared, .shared::cta) and into the other block's
// (.shared::cluster, the default), each store completing its bytes on the
// target block's mbarrier; barrier.cluster.arrive.release and
// wait.acquire order the barriers' init before the stores. The H100 gives
// the same words for this kernel (driver-API run of this PTX, 2026-11-22).

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "engine_harness.h"
#include "module_fixture.h"

namespace smsim::func {
namespace {

using testing::ParamBytes;

// Each block's buffer: bytes 0..95 its own stores, 96..223 the other
// block's; the barrier expects all 224 bytes, then one more arrival opens
// and completes the next phase (no bytes left over: word 56).
constexpr const char* kModule = R"(
.version 9.0
.target sm_90
.address_size 64

.visible .entry async_stores(.param .u64 out)
{
  .reg .b32 %r<40>;
  .reg .b64 %rd<24>;
  .reg .f32 %f<4>;
  .reg .f64 %fd<4>;
  .reg .pred %p<4>;
  .shared .align 8 .b64 bar;
  .shared .align 16 .b8 buf[224];
  ld.param.u64 %rd2, [out];
  mov.u32 %r1, bar;
  mov.u32 %r2, buf;
  mov.u32 %r3, %cluster_ctarank;
  xor.b32 %r4, %r3, 1;
  mapa.shared::cluster.u32 %r5, %r1, %r4;
  mapa.shared::cluster.u32 %r6, %r2, %r4;
  mbarrier.init.shared.b64 [%r1], 1;
  mbarrier.arrive.expect_tx.shared.b64 %rd10, [%r1], 224;
  barrier.cluster.arrive.release;
  barrier.cluster.wait.acquire;
  add.u32 %r10, %r3, -1610612736;
  mov.f32 %f1, 0f3FC00000;
  mov.u32 %r11, -5;
  add.u32 %r12, %r3, -1073741824;
  cvt.u64.u32 %rd11, %r3;
  add.u64 %rd12, %rd11, -5764607523034234880;
  mov.f64 %fd1, 0d4004000000000000;
  mov.u64 %rd13, -6;
  add.u64 %rd14, %rd11, -2305843009213693952;
  st.async.shared.b32 [%r2+0], %r10, [%r1];
  st.async.shared.f32 [%r2+4], %f1, [%r1];
  st.async.shared.s32 [%r2+8], %r11, [%r1];
  st.async.shared.u32 [%r2+12], %r12, [%r1];
  st.async.shared.b64 [%r2+16], %rd12, [%r1];
  st.async.shared.f64 [%r2+24], %fd1, [%r1];
  st.async.shared.s64 [%r2+32], %rd13, [%r1];
  st.async.shared.u64 [%r2+40], %rd14, [%r1];
  st.async.shared::cta.b32 [%r2+48], %r10, [%r1];
  st.async.shared::cta.f32 [%r2+52], %f1, [%r1];
  st.async.shared::cta.s32 [%r2+56], %r11, [%r1];
  st.async.shared::cta.u32 [%r2+60], %r12, [%r1];
  st.async.shared::cta.b64 [%r2+64], %rd12, [%r1];
  st.async.shared::cta.f64 [%r2+72], %fd1, [%r1];
  st.async.shared::cta.s64 [%r2+80], %rd13, [%r1];
  st.async.shared::cta.u64 [%r2+88], %rd14, [%r1];
  st.async.mbarrier::complete_tx::bytes.b32 [%r6+96], %r10, [%r5];
  st.async.mbarrier::complete_tx::bytes.f32 [%r6+100], %f1, [%r5];
  st.async.mbarrier::complete_tx::bytes.s32 [%r6+104], %r11, [%r5];
  st.async.mbarrier::complete_tx::bytes.u32 [%r6+108], %r12, [%r5];
  st.async.mbarrier::complete_tx::bytes.b64 [%r6+112], %rd12, [%r5];
  st.async.mbarrier::complete_tx::bytes.f64 [%r6+120], %fd1, [%r5];
  st.async.mbarrier::complete_tx::bytes.s64 [%r6+128], %rd13, [%r5];
  st.async.mbarrier::complete_tx::bytes.u64 [%r6+136], %rd14, [%r5];
  st.async.shared::cluster.mbarrier::complete_tx::bytes.v2.b32 [%r6+144], {%r10, %r12}, [%r5];
  st.async.shared::cluster.mbarrier::complete_tx::bytes.v2.f32 [%r6+152], {%f1, %f1}, [%r5];
  st.async.shared::cluster.mbarrier::complete_tx::bytes.v4.s32 [%r6+160], {%r11, %r10, %r12, %r11}, [%r5];
  st.async.shared::cluster.mbarrier::complete_tx::bytes.v2.u64 [%r6+176], {%rd12, %rd14}, [%r5];
  st.async.shared::cluster.mbarrier::complete_tx::bytes.v4.f32 [%r6+192], {%f1, %f1, %f1, %f1}, [%r5];
  st.async.shared::cluster.mbarrier::complete_tx::bytes.v2.f64 [%r6+208], {%fd1, %fd1}, [%r5];
WAIT:
  mbarrier.try_wait.parity.shared.b64 %p1, [%r1], 0;
  @!%p1 bra WAIT;
  mbarrier.arrive.shared.b64 %rd10, [%r1];
  mbarrier.test_wait.parity.shared.b64 %p2, [%r1], 1;
  selp.u32 %r20, 1, 0, %p2;
  mul.lo.u32 %r21, %r3, 232;
  cvt.u64.u32 %rd15, %r21;
  add.u64 %rd16, %rd2, %rd15;
  mov.u32 %r22, 0;
COPY:
  add.u32 %r23, %r2, %r22;
  ld.shared.u32 %r24, [%r23];
  cvt.u64.u32 %rd17, %r22;
  add.u64 %rd18, %rd16, %rd17;
  st.global.u32 [%rd18], %r24;
  add.u32 %r22, %r22, 4;
  setp.lt.u32 %p3, %r22, 224;
  @%p3 bra COPY;
  st.global.u32 [%rd16+224], %r20;
  barrier.cluster.arrive.release;
  barrier.cluster.wait.acquire;
  ret;
}
)";

class AsyncStoreOps : public testing::ModuleTest {
 protected:
  AsyncStoreOps() : ModuleTest("async_store_ops", kModule) {}
};

void push64(std::vector<std::uint32_t>& v, std::uint64_t x) {
  v.push_back(static_cast<std::uint32_t>(x));
  v.push_back(static_cast<std::uint32_t>(x >> 32));
}

// b32 f32 s32 u32 b64 f64 s64 u64 stored by block `rank`.
void push_scalars(std::vector<std::uint32_t>& v, std::uint32_t rank) {
  v.insert(v.end(), {0xA000'0000u + rank, 0x3FC0'0000u /* 1.5f */, static_cast<std::uint32_t>(-5),
                     0xC000'0000u + rank});
  push64(v, 0xB000'0000'0000'0000ull + rank);
  push64(v, 0x4004'0000'0000'0000ull);  // 2.5
  push64(v, static_cast<std::uint64_t>(-6));
  push64(v, 0xE000'0000'0000'0000ull + rank);
}

std::vector<std::uint32_t> expected_words(std::uint32_t rank) {
  const std::uint32_t other = rank ^ 1;
  std::vector<std::uint32_t> v;
  push_scalars(v, rank);   // .shared
  push_scalars(v, rank);   // .shared::cta
  push_scalars(v, other);  // .mbarrier::complete_tx::bytes into this block
  const std::uint32_t a = 0xA000'0000u + other, c = 0xC000'0000u + other;
  const auto s = static_cast<std::uint32_t>(-5);
  v.insert(v.end(), {a, c});                                         // v2.b32
  v.insert(v.end(), {0x3FC0'0000u, 0x3FC0'0000u});                   // v2.f32
  v.insert(v.end(), {s, a, c, s});                                   // v4.s32
  push64(v, 0xB000'0000'0000'0000ull + other);                       // v2.u64
  push64(v, 0xE000'0000'0000'0000ull + other);
  v.insert(v.end(), 4, 0x3FC0'0000u);                                // v4.f32
  push64(v, 0x4004'0000'0000'0000ull);                               // v2.f64
  push64(v, 0x4004'0000'0000'0000ull);
  v.push_back(1);  // the next phase completed with no byte pending
  return v;
}

TEST_F(AsyncStoreOps, EverySpellingStoresAndCompletesItsBytes) {
  const std::uint64_t out = device_.allocate(2 * 58 * 4);
  const LaunchResult r = device_.launch(kernel("async_stores"),
                                        LaunchConfig{.grid = {2}, .block = {1}, .cluster = {2}},
                                        ParamBytes().add(out).span());
  ASSERT_TRUE(r.ok()) << r.error.message;
  const auto words = download<std::uint32_t>(out, 2 * 58);
  for (std::uint32_t rank = 0; rank < 2; ++rank) {
    // 57 words per block (the kernel leaves a 58th, unwritten, between them).
    const std::vector<std::uint32_t> got(words.begin() + rank * 58, words.begin() + rank * 58 + 57);
    EXPECT_EQ(got, expected_words(rank)) << "block " << rank;
  }
}

}  // namespace
}  // namespace smsim::func
