// The state-space forms of the cluster era, in plain and in cluster launches:
// cvta.shared::cta / ::cluster and cvta.param::entry, isspacep.shared::cta /
// ::cluster and .param / .param::entry, mapa and getctarank in their 32-bit
// and 64-bit, generic and shared::cluster forms. Addresses are checked by
// what they do: round trips, isspacep, and loads that read the other block's
// word. The 32-bit generic forms and isspacep.shared::cta on another block's
// memory answer as the H100 does (tools/probes/results/h100-2026-11-22/spaces.txt).

#include <gtest/gtest.h>

#include <cstdint>
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

// Thread 0 of each block writes 20 words: out[ctaid * 20 + i].
.visible .entry spaces(.param .u64 out, .param .u32 value)
{
  .reg .b32 %r<40>;
  .reg .b64 %rd<30>;
  .reg .pred %p<20>;
  .shared .align 4 .b32 word;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %cluster_ctarank;
  mov.u32 %r2, %cluster_nctarank;
  add.u32 %r3, %r1, 100;
  mov.u32 %r4, word;
  st.shared.u32 [%r4], %r3;
  barrier.cluster.arrive;
  barrier.cluster.wait;
  mov.u32 %r5, %tid.x;
  setp.ne.u32 %p1, %r5, 0;
  @%p1 bra DONE;
  add.u32 %r6, %r1, 1;
  rem.u32 %r6, %r6, %r2;                    // other = (rank + 1) % size
  mov.u32 %r7, %ctaid.x;
  mul.lo.u32 %r7, %r7, 80;
  cvt.u64.u32 %rd2, %r7;
  add.u64 %rd2, %rd1, %rd2;                 // this block's 20 words
  // 0-1: the own word through cvta.shared::cta, and isspacep ::cta/::cluster of it.
  mov.u64 %rd3, word;
  cvta.shared::cta.u64 %rd4, %rd3;
  ld.u32 %r10, [%rd4];
  isspacep.shared::cta %p2, %rd4;
  isspacep.shared::cluster %p3, %rd4;
  selp.u32 %r11, 1, 0, %p2;
  selp.u32 %r12, 2, 0, %p3;
  or.b32 %r11, %r11, %r12;
  st.global.v2.u32 [%rd2], {%r10, %r11};
  // 2-3: mapa.shared::cluster.u64 to the other block; its word, and
  // getctarank.shared::cluster.u64 of the address.
  mapa.shared::cluster.u64 %rd5, %rd3, %r6;
  ld.shared::cluster.u32 %r13, [%rd5];
  getctarank.shared::cluster.u64 %r14, %rd5;
  st.global.v2.u32 [%rd2+8], {%r13, %r14};
  // 4-5: cvta.shared::cluster.u64 of it: a generic address whose load reads
  // the other word; isspacep.shared::cta (own block only) and ::cluster.
  cvta.shared::cluster.u64 %rd6, %rd5;
  ld.u32 %r15, [%rd6];
  isspacep.shared::cta %p4, %rd6;
  isspacep.shared::cluster %p5, %rd6;
  selp.u32 %r16, 1, 0, %p4;
  selp.u32 %r17, 2, 0, %p5;
  or.b32 %r16, %r16, %r17;
  st.global.v2.u32 [%rd2+16], {%r15, %r16};
  // 6-7: cvta.to.shared::cluster of that generic address gives the
  // shared::cluster address back; isspacep.shared::cluster of global memory.
  cvta.to.shared::cluster.u64 %rd7, %rd6;
  setp.eq.u64 %p6, %rd7, %rd5;
  selp.u32 %r18, 1, 0, %p6;
  isspacep.shared::cluster %p7, %rd1;
  isspacep.shared::cta %p8, %rd1;
  selp.u32 %r19, 1, 0, %p7;
  selp.u32 %r20, 2, 0, %p8;
  or.b32 %r19, %r19, %r20;
  st.global.v2.u32 [%rd2+24], {%r18, %r19};
  // 8-11: mapa.u32 and getctarank.u32 on the low 32 bits of generic
  // addresses: the result reads the other word through shared::cluster, and
  // equals mapa.shared::cluster.u32 of the offset.
  cvt.u32.u64 %r21, %rd4;
  mapa.u32 %r22, %r21, %r6;
  ld.shared::cluster.u32 %r23, [%r22];
  mapa.shared::cluster.u32 %r24, %r4, %r6;
  setp.eq.u32 %p9, %r22, %r24;
  selp.u32 %r25, 1, 0, %p9;
  getctarank.u32 %r26, %r22;
  getctarank.u32 %r27, %r21;
  st.global.v4.u32 [%rd2+32], {%r23, %r25, %r26, %r27};
  // 12-13: cvta.param::entry of a parameter: loads read it, cvta.to gives
  // the offset back.
  mov.u64 %rd8, value;
  cvta.param::entry.u64 %rd9, %rd8;
  ld.u32 %r28, [%rd9];
  cvta.to.param::entry.u64 %rd10, %rd9;
  setp.eq.u64 %p10, %rd10, %rd8;
  selp.u32 %r29, 1, 0, %p10;
  st.global.v2.u32 [%rd2+48], {%r28, %r29};
  // 14-15: isspacep.param / .param::entry of the parameter's address (1, 2),
  // and of the own shared and a global address (4, 8, 16, 32: all false).
  isspacep.param %p11, %rd9;
  isspacep.param::entry %p12, %rd9;
  isspacep.param %p13, %rd4;
  isspacep.param::entry %p14, %rd4;
  isspacep.param %p15, %rd1;
  isspacep.param::entry %p16, %rd1;
  selp.u32 %r30, 1, 0, %p11;
  selp.u32 %r31, 2, 0, %p12;
  selp.u32 %r32, 4, 0, %p13;
  selp.u32 %r33, 8, 0, %p14;
  selp.u32 %r34, 16, 0, %p15;
  selp.u32 %r35, 32, 0, %p16;
  or.b32 %r30, %r30, %r31;
  or.b32 %r30, %r30, %r32;
  or.b32 %r30, %r30, %r33;
  or.b32 %r30, %r30, %r34;
  or.b32 %r30, %r30, %r35;
  mov.u32 %r36, %ctaid.x;
  st.global.v2.u32 [%rd2+56], {%r30, %r36};
DONE:
  barrier.cluster.arrive;
  barrier.cluster.wait;
  ret;
}
)";

class ClusterSpaces : public testing::ModuleTest {
 protected:
  ClusterSpaces() : ModuleTest("cluster_spaces", kModule) {}

  // Runs `blocks` blocks in clusters of `cluster` and checks every block's words.
  void check(std::uint32_t blocks, std::uint32_t cluster) {
    const std::uint64_t out = device_.allocate(blocks * 80);
    const std::uint32_t value = 0x5eed1234;
    const LaunchResult r = device_.launch(
        kernel("spaces"), LaunchConfig{.grid = {blocks}, .block = {64}, .cluster = {cluster}},
        ParamBytes().add(out).add(value).span());
    ASSERT_TRUE(r.ok()) << r.error.message;
    const auto w = download<std::uint32_t>(out, blocks * 20);
    for (std::uint32_t b = 0; b < blocks; ++b) {
      const std::uint32_t* v = &w[b * 20];
      const std::uint32_t rank = b % cluster, other = (rank + 1) % cluster;
      SCOPED_TRACE(::testing::Message() << "block " << b << " of clusters of " << cluster);
      EXPECT_EQ(v[0], 100 + rank) << "own word through cvta.shared::cta";
      EXPECT_EQ(v[1], 3u) << "own generic address is shared::cta and shared::cluster";
      EXPECT_EQ(v[2], 100 + other) << "ld.shared::cluster through mapa.shared::cluster.u64";
      EXPECT_EQ(v[3], other) << "getctarank.shared::cluster.u64";
      EXPECT_EQ(v[4], 100 + other) << "generic load through cvta.shared::cluster.u64";
      // Another block's memory is shared::cluster only; in a cluster of one
      // the "other" block is the block itself.
      EXPECT_EQ(v[5], other == rank ? 3u : 2u) << "isspacep of the mapa'd generic address";
      EXPECT_EQ(v[6], 1u) << "cvta.to.shared::cluster inverts cvta.shared::cluster";
      EXPECT_EQ(v[7], 0u) << "a global address is in neither shared space";
      EXPECT_EQ(v[8], 100 + other) << "mapa.u32 of a generic address's low 32 bits";
      EXPECT_EQ(v[9], 1u) << "mapa.u32 generic equals mapa.shared::cluster.u32";
      EXPECT_EQ(v[10], other) << "getctarank.u32 of the mapped address";
      EXPECT_EQ(v[11], rank) << "getctarank.u32 of the own generic address";
      EXPECT_EQ(v[12], value) << "generic load through cvta.param::entry";
      EXPECT_EQ(v[13], 1u) << "cvta.to.param::entry inverts cvta.param::entry";
      EXPECT_EQ(v[14], 3u) << "isspacep.param and .param::entry: only the parameter";
      EXPECT_EQ(v[15], b);
    }
  }
};

TEST_F(ClusterSpaces, PlainLaunchIsAClusterOfOne) {
  check(3, 1);
}

TEST_F(ClusterSpaces, ClustersOfTwoReachTheOtherBlock) {
  check(4, 2);
}

TEST_F(ClusterSpaces, ClustersOfFourReachTheNextBlock) {
  check(8, 4);
}

}  // namespace
}  // namespace smsim::func
