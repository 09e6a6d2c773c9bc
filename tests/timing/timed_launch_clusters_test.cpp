// Thread-block clusters and cooperative grids under the cycle model: the
// values are the functional engine's, clusters run whole on one GPC, the
// cluster barrier and distributed shared memory cost the latencies of
// configs/arch/hopper.toml, and a cooperative launch gets its grid-sync
// workspace only when every block can be resident.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "func/exec/launch.h"
#include "timing/cluster_release.h"
#include "timing/timed_launch.h"
#include "timing/timing_params.h"
#include "timing_test_models.h"

namespace smsim::timing {
namespace {

using test_models::gpu;

constexpr const char* kHeader = ".version 8.0\n.target sm_90\n.address_size 64\n";

// Each thread stores ctaid * 100 + tid in its block's shared memory, then
// after a cluster barrier reads the word of the same thread in the block of
// the next cluster rank (distributed shared memory) into out[global tid].
const std::string kNeighbourRead = std::string(kHeader) + R"(
.visible .entry k(.param .u64 out) {
  .reg .b32 %r<12>; .reg .b64 %rd<4>;
  .shared .align 4 .b32 sh[64];
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %ctaid.x;
  mov.u32 %r3, %cluster_ctarank;
  mov.u32 %r4, %cluster_nctarank;
  mad.lo.u32 %r5, %r2, 100, %r1;
  shl.b32 %r6, %r1, 2;
  mov.u32 %r7, sh;
  add.u32 %r7, %r7, %r6;
  st.shared.u32 [%r7], %r5;
  barrier.cluster.arrive.release;
  barrier.cluster.wait.acquire;
  add.u32 %r8, %r3, 1;
  rem.u32 %r8, %r8, %r4;
  mapa.shared::cluster.u32 %r9, %r7, %r8;
  ld.shared::cluster.u32 %r10, [%r9];
  barrier.cluster.arrive.release;
  barrier.cluster.wait.acquire;
  mov.u32 %r11, %ntid.x;
  mad.lo.u32 %r11, %r2, %r11, %r1;
  mul.wide.u32 %rd2, %r11, 4;
  add.u64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r10;
  ret;
}
)";

struct Outcome {
  bool ok = false;
  std::string error;
  std::vector<std::uint32_t> out;
};

// Runs `ptx` (one u64 parameter: a buffer of `words` u32) timed, or
// functionally when `params` is null.
Outcome run(const std::string& ptx, const func::LaunchConfig& config, std::uint32_t words,
        const TimingParams* params, std::uint32_t blocks_per_sm = 1) {
  func::Device device(func::LaunchOptions{}, std::uint64_t{1} << 30);
  const func::LoadedModule loaded = test_models::load_one_kernel(device, ptx);
  const std::uint64_t buffer = device.allocate(std::uint64_t{words} * 4);
  std::vector<std::uint32_t> zero(words, 0);
  device.copy_to_device(buffer, zero.data(), zero.size() * 4);
  std::byte bytes[8];
  std::memcpy(bytes, &buffer, 8);
  func::LaunchResult result;
  if (params != nullptr) {
    result = launch_timed(*loaded.kernels[0].kernel, config, device.options(), device.memory(),
                          bytes, *params, blocks_per_sm)
                 .launch;
  } else {
    result = func::launch_kernel(*loaded.kernels[0].kernel, config, device.options(),
                                 device.memory(), bytes);
  }
  Outcome r{.ok = result.ok(), .error = result.error.message, .out = std::vector<std::uint32_t>(words)};
  device.copy_to_host(r.out.data(), buffer, std::uint64_t{words} * 4);
  return r;
}

TimingParams h100() {
  const auto p = timing_params(gpu("h100"));
  EXPECT_TRUE(p.params) << p.error;
  return *p.params;
}

TEST(TimedClusters, BlocksReadTheirNeighboursSharedMemoryAsInTheFunctionalEngine) {
  const TimingParams p = h100();
  const func::LaunchConfig config{.grid = {8}, .block = {64}, .cluster = {4}};
  const Outcome timed = run(kNeighbourRead, config, 8 * 64, &p);
  ASSERT_TRUE(timed.ok) << timed.error;
  for (std::uint32_t block = 0; block < 8; ++block) {
    const std::uint32_t neighbour = block / 4 * 4 + (block % 4 + 1) % 4;
    for (std::uint32_t tid = 0; tid < 64; ++tid) {
      ASSERT_EQ(timed.out[block * 64 + tid], neighbour * 100 + tid) << block << " " << tid;
    }
  }
  const Outcome functional = run(kNeighbourRead, config, 8 * 64, nullptr);
  ASSERT_TRUE(functional.ok) << functional.error;
  EXPECT_EQ(timed.out, functional.out);
  // More clusters than fit at once (two blocks per SM, 132 SMs) run as GPCs free up.
  const Outcome many = run(kNeighbourRead, {.grid = {1024}, .block = {64}, .cluster = {8}}, 1024 * 64, &p, 2);
  ASSERT_TRUE(many.ok) << many.error;
  EXPECT_EQ(many.out[1000 * 64 + 5], (1000 / 8 * 8 + (1000 % 8 + 1) % 8) * 100 + 5);
}

TEST(TimedClusters, BarrierClusterWithoutClustersIsABarrierOfTheBlock) {
  // The functional engine runs barrier.cluster in a launch without clusters
  // as a cluster of one block (its own shared memory is its neighbour's).
  const TimingParams p = h100();
  const Outcome timed = run(kNeighbourRead, {.grid = {3}, .block = {64}}, 3 * 64, &p);
  ASSERT_TRUE(timed.ok) << timed.error;
  EXPECT_EQ(timed.out[2 * 64 + 7], 207u);
}

// Cycles between two clock reads around `middle`, run by the one warp of
// each block of a cluster of two (the fewer of the two blocks': they may
// leave the first barrier a few cycles apart); `middle` may use %r3 (its
// cluster rank) and %r7 (the shared word's address).
std::uint32_t cycles_around(const std::string& middle, const TimingParams& p = h100()) {
  const std::string ptx = std::string(kHeader) +
                          ".visible .entry k(.param .u64 out) {\n"
                          "  .reg .b32 %r<12>; .reg .b64 %rd<8>; .reg .pred %p<2>;\n"
                          "  .shared .align 4 .b32 sh[1];\n"
                          "  ld.param.u64 %rd1, [out];\n"
                          "  mov.u32 %r3, %cluster_ctarank;\n  mov.u32 %r7, sh;\n"
                          "  barrier.cluster.arrive;\n  barrier.cluster.wait;\n"
                          "  mov.u64 %rd2, %clock64;\n" +
                          middle +
                          "  mov.u64 %rd3, %clock64;\n  sub.s64 %rd4, %rd3, %rd2;\n"
                          "  cvt.u32.u64 %r11, %rd4;\n  mov.u32 %r10, %ctaid.x;\n"
                          "  mul.wide.u32 %rd5, %r10, 4;\n  add.u64 %rd6, %rd1, %rd5;\n"
                          "  st.global.u32 [%rd6], %r11;\n"
                          "  barrier.cluster.arrive;\n  barrier.cluster.wait;\n  ret;\n}\n";
  const Outcome r = run(ptx, {.grid = {2}, .block = {32}, .cluster = {2}}, 2, &p);
  EXPECT_TRUE(r.ok) << r.error;
  return std::min(r.out[0], r.out[1]);
}

TEST(TimedClusters, DistributedSharedMemoryCostsTheSmToSmLatency) {
  // The same dependent load, of the block's own word and of the other
  // block's: the difference is the DSMEM latency over the shared one.
  const std::string load = "  mapa.shared::cluster.u32 %r9, %r7, %r8;\n"
                           "  ld.shared::cluster.u32 %r10, [%r9];\n  add.u32 %r10, %r10, 1;\n";
  const std::uint32_t own = cycles_around("  mov.u32 %r8, %r3;\n" + load);
  const std::uint32_t other = cycles_around("  xor.b32 %r8, %r3, 1;\n" + load);
  const auto& l = gpu("h100").timing.latency;
  ASSERT_GT(l.dsmem, l.shared);
  EXPECT_EQ(other - own, static_cast<std::uint32_t>(l.dsmem - l.shared));
}

TEST(TimedClusters, ARemoteLoadRightAfterABranchWaitsForTheWindowRead) {
  // The micro chain's loop body: ptxas makes the remote load S2R SR_SWINHI +
  // MOV + LD.E on its side of the branch, where the S2R cannot be hoisted
  // out of; the load issues right after the (not taken) branch (its address
  // long ready: the compare waits for six adds), so its result comes the
  // whole read later.
  const std::string middle =
      "  xor.b32 %r8, %r3, 1;\n  mapa.shared::cluster.u32 %r9, %r7, %r8;\n"
      "  add.u32 %r11, %r3, 1;\n  add.u32 %r11, %r11, 1;\n  add.u32 %r11, %r11, 1;\n"
      "  add.u32 %r11, %r11, 1;\n  add.u32 %r11, %r11, 1;\n  add.u32 %r11, %r11, 1;\n"
      "  setp.eq.u32 %p1, %r11, 100;\n  @%p1 bra LOCAL;\n"
      "  ld.shared::cluster.u32 %r10, [%r9];\n  bra.uni JOIN;\n"
      "LOCAL:\n  ld.shared::cta.u32 %r10, [%r7];\n"
      "JOIN:\n  add.u32 %r10, %r10, 1;\n";
  TimingParams none = h100();
  none.facts.latency.swinhi = 0;
  const auto& l = gpu("h100").timing.latency;
  EXPECT_EQ(l.swinhi, 37);
  EXPECT_EQ(cycles_around(middle),
            cycles_around(middle, none) + static_cast<std::uint32_t>(l.swinhi));
  // In straight-line code the read is long done (DistributedSharedMemoryCostsTheSmToSmLatency).
}

std::uint32_t release_fence(std::uint32_t blocks, std::uint32_t warps) {
  return static_cast<std::uint32_t>(
      cluster_release_cycles(gpu("h100").timing.cluster_release, blocks, warps));
}

TEST(TimedClusters, ARelaxedClusterBarrierCostsItsLatency) {
  const auto latency = static_cast<std::uint32_t>(gpu("h100").timing.latency.cluster_barrier);
  const std::uint32_t barrier =
      cycles_around("  barrier.cluster.arrive.relaxed;\n  barrier.cluster.wait;\n");
  const std::uint32_t nothing = cycles_around("");
  EXPECT_GE(barrier - nothing, latency);
  EXPECT_LT(barrier - nothing, latency + 40);  // plus the arrivals, a few cycles
}

TEST(TimedClusters, AReleasingArrivalFencesFirst) {
  // barrier.cluster.arrive is .release unless .relaxed: the H100 runs
  // MEMBAR.ALL.GPU before UCGABAR_ARV, the warp waits for it, and the phase
  // completes after it.
  const auto latency = static_cast<std::uint32_t>(gpu("h100").timing.latency.cluster_barrier);
  const std::uint32_t fence = release_fence(2, 1);
  ASSERT_GT(fence, 600u);
  const std::uint32_t nothing = cycles_around("");
  const std::uint32_t round =
      cycles_around("  barrier.cluster.arrive.release;\n  barrier.cluster.wait.acquire;\n");
  EXPECT_GE(round - nothing, fence + latency);
  EXPECT_LT(round - nothing, fence + latency + 40);
  const std::uint32_t arrival = cycles_around("  barrier.cluster.arrive;\n");
  EXPECT_GE(arrival - nothing, fence);
  EXPECT_LT(arrival - nothing, fence + 40);
}

TEST(TimedClusters, AWaitAfterItsPhaseCompletedPassesAtOnce) {
  // The H100 (tools/probes/cluster_barrier_probe.cu, skew): a warp that
  // arrives, works 100 to 4000 cycles and then waits spends 19 cycles in
  // the wait: the phase completed meanwhile and its release is not paid again.
  const std::string sleep = "  nanosleep.u32 2000;\n";
  const std::uint32_t late = cycles_around("  barrier.cluster.arrive;\n" + sleep +
                                           "  barrier.cluster.wait;\n");
  const std::uint32_t without_wait = cycles_around("  barrier.cluster.arrive;\n" + sleep);
  EXPECT_GE(late, without_wait);
  EXPECT_LT(late - without_wait, 20u);
  EXPECT_GT(late, release_fence(2, 1) + 2000u);  // the fence, then the sleep
}

TEST(TimedClusters, TheReleaseFenceGrowsWithTheClusterAndItsWarps) {
  // The H100's rounds (probe): 779 cycles for 2 blocks of one warp, 836 for
  // 8 blocks, 1382 for 2 blocks of 32 warps.
  EXPECT_LT(release_fence(2, 1), release_fence(8, 1));
  EXPECT_LT(release_fence(2, 1) + 400, release_fence(2, 32));
}

TEST(TimedClusters, AClusterLargerThanAGpcIsRefused) {
  TimingParams p = h100();
  p.gpc_count = 66;  // two SMs per GPC: a cluster of four blocks at one per SM does not fit
  const Outcome r = run(kNeighbourRead, {.grid = {8}, .block = {64}, .cluster = {4}}, 8 * 64, &p);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.error.find("a cluster of 4 blocks does not fit in one GPC (2 block slots"),
            std::string::npos)
      << r.error;
  EXPECT_TRUE(run(kNeighbourRead, {.grid = {8}, .block = {64}, .cluster = {2}}, 8 * 64, &p).ok);
}

TEST(TimedClusters, ModelsWithoutClusterFactsRefuseClusterLaunchesWithTheReason) {
  TimingParams p = h100();
  p.gpc_count = 0;
  const Outcome r = run(kNeighbourRead, {.grid = {8}, .block = {64}, .cluster = {2}}, 8 * 64, &p);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.error.find("chip.gpc_count"), std::string::npos) << r.error;
  EXPECT_EQ(gpu("h100").gpc_count, 8);
}

// A cooperative kernel storing its grid-sync workspace address
// (%envreg1:%envreg2, as nvcc's grid.sync() builds it).
const std::string kWorkspace = std::string(kHeader) + R"(
.visible .entry k(.param .u64 out) {
  .reg .b32 %r<4>; .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %envreg1;
  mov.u32 %r2, %envreg2;
  st.global.u32 [%rd1], %r1;
  st.global.u32 [%rd1+4], %r2;
  ret;
}
)";

TEST(TimedCooperative, TheGridGetsItsWorkspaceWhenEveryBlockIsResident) {
  const TimingParams p = h100();
  const Outcome r = run(kWorkspace, {.grid = {264}, .block = {32}, .cooperative = true}, 2, &p, 2);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_NE(r.out[0] | r.out[1], 0u);
  // Without cudaLaunchCooperativeKernel there is none.
  const Outcome plain = run(kWorkspace, {.grid = {264}, .block = {32}}, 2, &p, 2);
  ASSERT_TRUE(plain.ok) << plain.error;
  EXPECT_EQ(plain.out[0] | plain.out[1], 0u);
  // One block more than 132 SMs hold at two per SM cannot wait for the others.
  const Outcome large = run(kWorkspace, {.grid = {265}, .block = {32}, .cooperative = true}, 2, &p, 2);
  EXPECT_FALSE(large.ok);
  EXPECT_NE(large.error.find("a cooperative grid of 265 blocks exceeds the 264"), std::string::npos)
      << large.error;
}

}  // namespace
}  // namespace smsim::timing
