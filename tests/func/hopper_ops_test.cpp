// sm_80/sm_90 features run through the front end, loader and engine from
// hand-written PTX: clusters (distributed shared memory, barrier.cluster and
// its deadlock diagnosis), mbarrier phases, cp.async zero fill and faults,
// and the load-time errors of matrix forms the engine does not run.

#include <gtest/gtest.h>

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

// Each block writes its rank into shared memory; after barrier.cluster every
// thread reads the next block's word through mapa (generic and shared::cluster).
.visible .entry neighbours(.param .u64 out)
{
  .reg .b32 %r<12>;
  .reg .b64 %rd<8>;
  .shared .align 4 .b32 word;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %cluster_ctarank;
  mov.u32 %r2, %cluster_nctarank;
  mov.u32 %r3, word;
  st.shared.u32 [%r3], %r1;
  barrier.cluster.arrive;
  barrier.cluster.wait;
  add.u32 %r4, %r1, 1;
  rem.u32 %r4, %r4, %r2;
  mapa.shared::cluster.u32 %r5, %r3, %r4;
  ld.shared::cluster.u32 %r6, [%r5];
  cvta.shared.u64 %rd2, word;
  mapa.u64 %rd3, %rd2, %r4;
  ld.u32 %r7, [%rd3];
  barrier.cluster.arrive;
  barrier.cluster.wait;
  mov.u32 %r8, %ctaid.x;
  mul.wide.u32 %rd4, %r8, 8;
  add.s64 %rd5, %rd1, %rd4;
  st.global.v2.u32 [%rd5], {%r6, %r7};
  ret;
}

// Block rank 0 exits before the cluster barrier: exited threads count as
// arrived, so rank 1's wait completes.
.visible .entry exits_early(.param .u64 out)
{
  .reg .b32 %r<4>;
  .reg .pred %p<2>;
  mov.u32 %r1, %cluster_ctarank;
  setp.ne.u32 %p1, %r1, 1;
  @%p1 bra DONE;
  barrier.cluster.arrive;
  barrier.cluster.wait;
DONE:
  ret;
}

// Warp 0 of rank 0 waits at a CTA barrier for 64 threads while every other
// thread of the cluster waits at barrier.cluster for it: a deadlock.
.visible .entry stuck(.param .u64 out)
{
  .reg .b32 %r<4>;
  .reg .pred %p<4>;
  mov.u32 %r1, %cluster_ctarank;
  mov.u32 %r2, %tid.x;
  setp.eq.u32 %p1, %r1, 0;
  setp.lt.u32 %p2, %r2, 32;
  and.pred %p3, %p1, %p2;
  @%p3 bra LOCAL;
  barrier.cluster.arrive;
  barrier.cluster.wait;
  ret;
LOCAL:
  bar.sync 1, 64;
  ret;
}

// 4 threads arrive on one mbarrier; thread 0 records the parity test before
// and after; expect_tx bytes hold the phase until complete_tx.
.visible .entry phases(.param .u64 out)
{
  .reg .b32 %r<8>;
  .reg .b64 %rd<8>;
  .reg .pred %p<4>;
  .shared .align 8 .b64 bar;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, bar;
  setp.eq.u32 %p1, %r1, 0;
  @%p1 mbarrier.init.shared.b64 [%r2], 4;
  bar.sync 0;
  mbarrier.arrive.shared.b64 %rd2, [%r2];
  bar.sync 0;
  mbarrier.test_wait.shared.b64 %p2, [%r2], %rd2;
  selp.u32 %r3, 1, 0, %p2;
  @%p1 mbarrier.arrive.expect_tx.shared.b64 %rd3, [%r2], 64;
  bar.sync 0;
  @!%p1 mbarrier.arrive.shared.b64 %rd3, [%r2];
  bar.sync 0;
  mbarrier.test_wait.parity.shared.b64 %p3, [%r2], 1;
  selp.u32 %r4, 2, 0, %p3;
  @%p1 mbarrier.complete_tx.shared.b64 [%r2], 64;
  bar.sync 0;
  mbarrier.try_wait.parity.shared.b64 %p3, [%r2], 1;
  selp.u32 %r5, 4, 0, %p3;
  or.b32 %r6, %r3, %r4;
  or.b32 %r6, %r6, %r5;
  mul.wide.u32 %rd4, %r1, 4;
  add.s64 %rd5, %rd1, %rd4;
  st.global.u32 [%rd5], %r6;
  ret;
}

// cp.async of 16 bytes with a source size of 4: the rest is zero filled.
.visible .entry zero_fill(.param .u64 in, .param .u64 out)
{
  .reg .b32 %r<8>;
  .reg .b64 %rd<8>;
  .shared .align 16 .b8 buf[16];
  ld.param.u64 %rd1, [in];
  ld.param.u64 %rd2, [out];
  mov.u32 %r1, buf;
  mov.u32 %r2, -1;
  st.shared.v4.u32 [%r1], {%r2, %r2, %r2, %r2};
  cp.async.ca.shared.global [%r1], [%rd1], 16, 4;
  cp.async.commit_group;
  cp.async.wait_all;
  ld.shared.v4.u32 {%r3, %r4, %r5, %r6}, [%r1];
  st.global.v4.u32 [%rd2], {%r3, %r4, %r5, %r6};
  ret;
}

// A bulk copy of 32 bytes into shared memory completes the transaction bytes
// an mbarrier expects; the data then goes back out with a bulk-group copy.
.visible .entry bulk(.param .u64 in, .param .u64 out)
{
  .reg .b32 %r<8>;
  .reg .b64 %rd<8>;
  .reg .pred %p<4>;
  .shared .align 8 .b64 bar;
  .shared .align 16 .b8 buf[32];
  ld.param.u64 %rd1, [in];
  ld.param.u64 %rd2, [out];
  mov.u32 %r1, bar;
  mov.u32 %r2, buf;
  mbarrier.init.shared.b64 [%r1], 1;
  mbarrier.arrive.expect_tx.shared.b64 %rd3, [%r1], 32;
  cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r2], [%rd1], 32, [%r1];
WAIT:
  mbarrier.try_wait.parity.shared.b64 %p1, [%r1], 0;
  @!%p1 bra WAIT;
  cp.async.bulk.global.shared::cta.bulk_group [%rd2], [%r2], 32;
  cp.async.bulk.commit_group;
  cp.async.bulk.wait_group 0;
  ret;
}

.visible .entry unsupported_mma(.param .u64 out)
{
  .reg .b32 %r<16>;
  mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%r1, %r2, %r3, %r4}, {%r5, %r6, %r7}, {%r9, %r10}, {%r11, %r12, %r13, %r14};
  ret;
}
)";

class HopperOps : public testing::ModuleTest {
 protected:
  HopperOps() : ModuleTest("hopper_ops", kModule) {}
};

TEST_F(HopperOps, ClusterBlocksReadEachOthersSharedMemory) {
  const std::uint64_t out = device_.allocate(8 * 8);
  const LaunchResult r =
      device_.launch(kernel("neighbours"), LaunchConfig{.grid = {8}, .block = {64}, .cluster = {4}},
                     ParamBytes().add(out).span());
  ASSERT_TRUE(r.ok()) << r.error.message;
  const auto words = download<std::uint32_t>(out, 16);
  for (std::uint32_t block = 0; block < 8; ++block) {
    const std::uint32_t next = (block % 4 + 1) % 4;
    EXPECT_EQ(words[2 * block], next) << block;
    EXPECT_EQ(words[2 * block + 1], next) << block;
  }
}

TEST_F(HopperOps, ExitedThreadsCountAsArrivedAtTheClusterBarrier) {
  const LaunchResult r = device_.launch(kernel("exits_early"),
                                        LaunchConfig{.grid = {2}, .block = {32}, .cluster = {2}},
                                        ParamBytes().add(std::uint64_t{0}).span());
  EXPECT_TRUE(r.ok()) << r.error.message;
}

TEST_F(HopperOps, ClusterBarrierThatCanNeverCompleteIsDiagnosed) {
  const LaunchResult r =
      device_.launch(kernel("stuck"), LaunchConfig{.grid = {2}, .block = {64}, .cluster = {2}},
                     ParamBytes().add(std::uint64_t{0}).span());
  EXPECT_EQ(r.error.code, CudaError::launch_timeout);
  EXPECT_NE(r.error.message.find("deadlock in cluster"), std::string::npos) << r.error.message;
  EXPECT_NE(r.error.message.find("96 of 128 threads arrived"), std::string::npos)
      << r.error.message;
}

TEST_F(HopperOps, ClustersMustTileTheGrid) {
  const LaunchResult r =
      device_.launch(kernel("neighbours"), LaunchConfig{.grid = {6}, .block = {32}, .cluster = {4}},
                     ParamBytes().add(device_.allocate(64)).span());
  EXPECT_EQ(r.error.code, CudaError::invalid_configuration);
}

TEST_F(HopperOps, MbarrierPhasesAndTransactionBytes) {
  const std::uint64_t out = device_.allocate(4 * 4);
  const LaunchResult r = device_.launch(kernel("phases"), LaunchConfig{.grid = {1}, .block = {4}},
                                        ParamBytes().add(out).span());
  ASSERT_TRUE(r.ok()) << r.error.message;
  // Phase 0 completed (1); phase 1 held by 64 pending bytes (no 2); then
  // complete_tx lets it complete (4).
  EXPECT_EQ(download<std::uint32_t>(out, 4), (std::vector<std::uint32_t>{5, 5, 5, 5}));
}

TEST_F(HopperOps, CpAsyncZeroFillsPastTheSourceSize) {
  const std::uint64_t in = device_.allocate(4);
  const std::uint32_t word = 0x12345678;
  device_.copy_to_device(in, &word, 4);
  const std::uint64_t out = device_.allocate(16);
  // The source allocation holds only the 4 bytes that are read.
  const LaunchResult r =
      device_.launch(kernel("zero_fill"), LaunchConfig{.grid = {1}, .block = {1}},
                     ParamBytes().add(in).add(out).span());
  ASSERT_TRUE(r.ok()) << r.error.message;
  EXPECT_EQ(download<std::uint32_t>(out, 4), (std::vector<std::uint32_t>{0x12345678, 0, 0, 0}));
}

TEST_F(HopperOps, BulkCopiesCompleteMbarrierTransactions) {
  std::vector<std::uint32_t> data(8);
  for (std::uint32_t i = 0; i < 8; ++i) data[i] = 0x1000 + i;
  const std::uint64_t in = device_.allocate(32), out = device_.allocate(32);
  device_.copy_to_device(in, data.data(), 32);
  const LaunchResult r = device_.launch(kernel("bulk"), LaunchConfig{.grid = {1}, .block = {1}},
                                        ParamBytes().add(in).add(out).span());
  ASSERT_TRUE(r.ok()) << r.error.message;
  EXPECT_EQ(download<std::uint32_t>(out, 8), data);
}

// The s8 m16n8k32 form runs (tests/func/ops/mma_int_ops_test.cpp); with
// three A registers instead of four it cannot.
TEST_F(HopperOps, MatrixFormsWithTheWrongOperandsAreLoadTimeErrors) {
  const ModuleKernel& k = kernel("unsupported_mma");
  ASSERT_FALSE(k.errors.empty());
  EXPECT_NE(k.errors[0].find("mma"), std::string::npos) << k.errors[0];
  EXPECT_NE(k.errors[0].find("m16n8k32"), std::string::npos) << k.errors[0];
  EXPECT_NE(k.errors[0].find("operands"), std::string::npos) << k.errors[0];
}

}  // namespace
}  // namespace smsim::func
