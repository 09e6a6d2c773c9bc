// cp.async.bulk.tensor and the other Hopper asynchronous copies and stores
// run from hand-written PTX through the front end, loader and engine, with
// tensor maps made by the same encoder the runtime uses. Expected bytes are
// worked out by hand from the map, the coordinates and the swizzle rule.

#include <gtest/gtest.h>

#include <array>
#include <cstring>
#include <string>
#include <vector>

#include "../engine_harness.h"
#include "../module_fixture.h"
#include "func/device.h"
#include "func/tensor/tensor_map.h"
#include "ptx/frontend.h"

namespace smsim::func {
namespace {

using testing::ParamBytes;

constexpr const char* kModule = R"(
.version 8.0
.target sm_90
.address_size 64

// One thread loads a 2D box at (x, y) into 1 KiB of shared memory (first
// filled with 0xEE bytes) and the block copies it out with the barrier's
// completion flag in the last word.
.visible .entry load2d(.param .align 128 .b8 map[128], .param .u32 x, .param .u32 y,
                       .param .u64 out)
{
  .reg .b32 %r<16>;
  .reg .b64 %rd<8>;
  .reg .pred %p<4>;
  .shared .align 1024 .b8 buf[1024];
  .shared .align 8 .b64 bar;
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, buf;
  mov.u32 %r3, bar;
  shl.b32 %r4, %r1, 2;
  add.u32 %r5, %r2, %r4;
  st.shared.u32 [%r5], -286331154;
  st.shared.u32 [%r5+512], -286331154;
  bar.sync 0;
  setp.ne.u32 %p1, %r1, 0;
  @%p1 bra SYNC;
  mbarrier.init.shared::cta.b64 [%r3], 1;
  mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r3], 512;
  mov.b64 %rd1, map;
  cvta.param.u64 %rd2, %rd1;
  ld.param.u32 %r6, [x];
  ld.param.u32 %r7, [y];
  cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r2], [%rd2, {%r6, %r7}], [%r3];
SYNC:
  bar.sync 0;
  mbarrier.test_wait.parity.shared::cta.b64 %p2, [%r3], 0;
  selp.u32 %r8, 1, 0, %p2;
  ld.param.u64 %rd3, [out];
  mul.wide.u32 %rd4, %r1, 4;
  add.s64 %rd5, %rd3, %rd4;
  ld.shared.u32 %r9, [%r5];
  st.global.u32 [%rd5], %r9;
  ld.shared.u32 %r10, [%r5+512];
  st.global.u32 [%rd5+512], %r10;
  st.global.u32 [%rd3+1024], %r8;
  ret;
}

// Shared memory holds words i; one thread stores (op 0) or adds (op 1) a
// 2D box of them at (x, y).
.visible .entry store2d(.param .align 128 .b8 map[128], .param .u32 x, .param .u32 y,
                        .param .u32 op)
{
  .reg .b32 %r<16>;
  .reg .b64 %rd<8>;
  .reg .pred %p<4>;
  .shared .align 128 .b8 buf[1024];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, buf;
  shl.b32 %r4, %r1, 2;
  add.u32 %r5, %r2, %r4;
  st.shared.u32 [%r5], %r1;
  bar.sync 0;
  setp.ne.u32 %p1, %r1, 0;
  @%p1 bra DONE;
  mov.b64 %rd1, map;
  cvta.param.u64 %rd2, %rd1;
  ld.param.u32 %r6, [x];
  ld.param.u32 %r7, [y];
  ld.param.u32 %r8, [op];
  setp.eq.u32 %p2, %r8, 1;
  @%p2 bra ADD;
  cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%rd2, {%r6, %r7}], [%r2];
  bra.uni COMMIT;
ADD:
  cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group [%rd2, {%r6, %r7}], [%r2];
COMMIT:
  cp.async.bulk.commit_group;
  cp.async.bulk.wait_group 0;
DONE:
  ret;
}

// A 2-CTA cluster: rank 0 multicasts a 1D box of 16 words to both CTAs; each
// of the 32 threads of a CTA then st.async's its rank into the other CTA's
// inbox and red.async-adds 5 to its counter, completing 8 bytes each on the
// other CTA's second barrier.
.visible .entry cluster_pair(.param .align 128 .b8 map[128], .param .u64 out)
{
  .reg .b16 %rs<2>;
  .reg .b32 %r<24>;
  .reg .b64 %rd<8>;
  .reg .pred %p<4>;
  .shared .align 128 .b8 buf[64];
  .shared .align 8 .b64 bars[2];
  .shared .align 4 .b32 inbox;
  .shared .align 4 .b32 counter;
  mov.u32 %r1, %cluster_ctarank;
  xor.b32 %r2, %r1, 1;
  mov.u32 %r3, buf;
  mov.u32 %r4, bars;
  add.u32 %r5, %r4, 8;
  mov.u32 %r6, inbox;
  mov.u32 %r7, counter;
  mov.u32 %r21, %tid.x;
  setp.ne.u32 %p1, %r21, 0;
  @%p1 bra READY;
  st.shared.u32 [%r7], 100;
  mbarrier.init.shared::cta.b64 [%r4], 1;
  mbarrier.init.shared::cta.b64 [%r5], 1;
  mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r4], 64;
  mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r5], 256;
READY:
  barrier.cluster.arrive;
  barrier.cluster.wait;
  setp.ne.u32 %p2, %r1, 0;
  or.pred %p3, %p1, %p2;
  @%p3 bra REMOTE;
  mov.b64 %rd1, map;
  cvta.param.u64 %rd2, %rd1;
  mov.u16 %rs1, 3;
  mov.u32 %r20, 0;
  cp.async.bulk.tensor.1d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster [%r3], [%rd2, {%r20}], [%r4], %rs1;
REMOTE:
  mapa.shared::cluster.u32 %r8, %r6, %r2;
  mapa.shared::cluster.u32 %r9, %r7, %r2;
  mapa.shared::cluster.u32 %r10, %r5, %r2;
  add.u32 %r11, %r1, 40;
  st.async.shared::cluster.mbarrier::complete_tx::bytes.b32 [%r8], %r11, [%r10];
  red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.u32 [%r9], 5, [%r10];
  barrier.cluster.arrive;
  barrier.cluster.wait;
  mbarrier.test_wait.parity.shared::cta.b64 %p2, [%r4], 0;
  mbarrier.test_wait.parity.shared::cta.b64 %p3, [%r5], 0;
  selp.u32 %r12, 1, 0, %p2;
  selp.u32 %r13, 2, 0, %p3;
  or.b32 %r14, %r12, %r13;
  ld.param.u64 %rd3, [out];
  mul.wide.u32 %rd4, %r1, 80;
  add.s64 %rd5, %rd3, %rd4;
  ld.shared.v4.u32 {%r15, %r16, %r17, %r18}, [%r3];
  st.global.v4.u32 [%rd5], {%r15, %r16, %r17, %r18};
  ld.shared.v4.u32 {%r15, %r16, %r17, %r18}, [%r3+48];
  st.global.v4.u32 [%rd5+16], {%r15, %r16, %r17, %r18};
  ld.shared.u32 %r19, [%r6];
  st.global.u32 [%rd5+32], %r19;
  ld.shared.u32 %r19, [%r7];
  st.global.u32 [%rd5+36], %r19;
  st.global.u32 [%rd5+40], %r14;
  barrier.cluster.arrive;
  barrier.cluster.wait;
  ret;
}

// cp.reduce.async.bulk into global memory: shared words i - 4 (as s32) added
// (u32) to a[0..7] and max'd (s32) into b[0..7].
.visible .entry bulk_reduce(.param .u64 a, .param .u64 b)
{
  .reg .b32 %r<8>;
  .reg .b64 %rd<4>;
  .reg .pred %p<2>;
  .shared .align 16 .b8 buf[32];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, buf;
  shl.b32 %r3, %r1, 2;
  add.u32 %r4, %r2, %r3;
  sub.s32 %r5, %r1, 4;
  st.shared.u32 [%r4], %r5;
  bar.sync 0;
  setp.ne.u32 %p1, %r1, 0;
  @%p1 bra DONE;
  ld.param.u64 %rd1, [a];
  ld.param.u64 %rd2, [b];
  cp.reduce.async.bulk.global.shared::cta.bulk_group.add.u32 [%rd1], [%r2], 32;
  cp.reduce.async.bulk.global.shared::cta.bulk_group.max.s32 [%rd2], [%r2], 32;
  cp.async.bulk.commit_group;
  cp.async.bulk.wait_group 0;
DONE:
  ret;
}

// An im2col store (.im2col_no_offs) through a tensor map in global memory:
// shared words i, 6 pixels of 4 channels from (c 0, w 2, n 0).
.visible .entry store_im2col(.param .u64 mapptr)
{
  .reg .b32 %r<8>;
  .reg .b64 %rd<4>;
  .reg .pred %p<2>;
  .shared .align 128 .b8 buf[128];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, buf;
  shl.b32 %r3, %r1, 2;
  add.u32 %r4, %r2, %r3;
  st.shared.u32 [%r4], %r1;
  bar.sync 0;
  setp.ne.u32 %p1, %r1, 0;
  @%p1 bra DONE;
  ld.param.u64 %rd1, [mapptr];
  prefetch.tensormap [%rd1];
  mov.u32 %r5, 0;
  mov.u32 %r6, 2;
  cp.async.bulk.tensor.3d.global.shared::cta.im2col_no_offs.bulk_group [%rd1, {%r5, %r6, %r5}], [%r2];
  cp.async.bulk.commit_group;
  cp.async.bulk.wait_group 0;
DONE:
  ret;
}
)";

class TensorCopy : public testing::ModuleTest {
 protected:
  TensorCopy() : ModuleTest("tensor_copy", kModule) {}

  // A u32 tensor of `width` x `height` words holding their index, and a map
  // over it with a box of box_w x box_h.
  std::array<std::byte, kTensorMapBytes> grid_map(std::uint32_t width, std::uint32_t height,
                                                  std::uint32_t box_w, std::uint32_t box_h,
                                                  std::uint32_t swizzle) {
    std::vector<std::uint32_t> words(std::size_t{width} * height);
    for (std::uint32_t i = 0; i < words.size(); ++i) words[i] = i;
    grid_ = device_.allocate(words.size() * 4);
    device_.copy_to_device(grid_, words.data(), words.size() * 4);
    const std::uint64_t dims[2] = {width, height};
    const std::uint64_t strides[1] = {std::uint64_t{width} * 4};
    const std::uint32_t box[2] = {box_w, box_h};
    const std::uint32_t ones[2] = {1, 1};
    TensorMapRequest r{.data_type = 2,  // UINT32
                       .rank = height > 1 ? 2u : 1u,
                       .address = grid_,
                       .dims = dims,
                       .strides = strides,
                       .box = box,
                       .element_strides = ones,
                       .swizzle = swizzle};
    const TensorMapResult m = make_tiled_map(r);
    EXPECT_TRUE(m.map) << m.error;
    return encode_tensor_map(*m.map);
  }

  std::uint64_t grid_ = 0;
};

TEST_F(TensorCopy, SwizzledTileLoadPlacesEachChunkByItsRow) {
  // 40 x 20 words, box 32 x 4 (128-byte rows) under the 128-byte swizzle, at
  // (4, 17): rows 17..19 inside, row 20 outside.
  const auto map = grid_map(40, 20, 32, 4, 3);
  const std::uint64_t out = device_.allocate(1028);
  const LaunchResult r = device_.launch(
      kernel("load2d"), LaunchConfig{.grid = {1}, .block = {128}},
      ParamBytes().add(map).add(std::uint32_t{4}).add(std::uint32_t{17}).add(out).span());
  ASSERT_TRUE(r.ok()) << r.error.message;
  const auto words = download<std::uint32_t>(out, 257);
  // Row 0 (shared bytes 0..127) is not swizzled: word k is element (4 + k, 17).
  EXPECT_EQ(words[0], 17u * 40 + 4);
  EXPECT_EQ(words[31], 17u * 40 + 35);
  // Row 1 (bytes 128..255): chunk c holds chunk c ^ 1; element (x, 18) with
  // x = 4 + 4 * (c ^ 1) + j.
  EXPECT_EQ(words[32], 18u * 40 + 8);
  EXPECT_EQ(words[36], 18u * 40 + 4);
  // Row 2: chunk XOR 2, so chunk 7 (x = 32..35) sits at chunk 5.
  EXPECT_EQ(words[64 + 5 * 4], 19u * 40 + 4 + 7 * 4);
  // Row 3 (y = 20) is outside the tensor: zero-filled.
  for (int k = 96; k < 128; ++k) EXPECT_EQ(words[k], 0u) << k;
  // Beyond the 512-byte box shared memory is untouched; the barrier completed.
  EXPECT_EQ(words[128], 0xEEEEEEEEu);
  EXPECT_EQ(words[256], 1u);
}

TEST_F(TensorCopy, ABoxOffASixteenByteBoundaryIsAnIllegalInstruction) {
  const auto map = grid_map(40, 20, 32, 4, 0);
  const std::uint64_t out = device_.allocate(1028);
  const LaunchResult r = device_.launch(
      kernel("load2d"), LaunchConfig{.grid = {1}, .block = {128}},
      ParamBytes().add(map).add(std::uint32_t{2}).add(std::uint32_t{0}).add(out).span());
  EXPECT_EQ(r.error.code, CudaError::illegal_instruction);
  EXPECT_NE(r.error.message.find("8 bytes past a 16-byte boundary"), std::string::npos)
      << r.error.message;
}

TEST_F(TensorCopy, TileStoreSkipsElementsOutsideAndReductionAdds) {
  // 40 x 20 words, box 32 x 8 (no swizzle) at (20, 16): columns 20..39 and
  // rows 16..19 are inside.
  const auto map = grid_map(40, 20, 32, 8, 0);
  const LaunchResult r = device_.launch(
      kernel("store2d"), LaunchConfig{.grid = {1}, .block = {256}},
      ParamBytes().add(map).add(std::uint32_t{20}).add(std::uint32_t{16}).add(std::uint32_t{0})
          .span());
  ASSERT_TRUE(r.ok()) << r.error.message;
  auto words = download<std::uint32_t>(grid_, 800);
  EXPECT_EQ(words[16 * 40 + 19], 16u * 40 + 19);  // left of the box: untouched
  EXPECT_EQ(words[16 * 40 + 20], 0u);             // box element (0, 0)
  EXPECT_EQ(words[19 * 40 + 39], 3u * 32 + 19);   // box element (19, 3)
  const LaunchResult add = device_.launch(
      kernel("store2d"), LaunchConfig{.grid = {1}, .block = {256}},
      ParamBytes().add(map).add(std::uint32_t{20}).add(std::uint32_t{16}).add(std::uint32_t{1})
          .span());
  ASSERT_TRUE(add.ok()) << add.error.message;
  words = download<std::uint32_t>(grid_, 800);
  EXPECT_EQ(words[19 * 40 + 39], 2u * (3 * 32 + 19));
  EXPECT_EQ(words[0], 0u);
}

TEST_F(TensorCopy, MulticastStAsyncAndRedAsyncAcrossAClusterPair) {
  const auto map = grid_map(64, 1, 16, 1, 0);
  const std::uint64_t out = device_.allocate(160);
  const LaunchResult r =
      device_.launch(kernel("cluster_pair"), LaunchConfig{.grid = {2}, .block = {32}, .cluster = {2}},
                     ParamBytes().add(map).add(out).span());
  ASSERT_TRUE(r.ok()) << r.error.message;
  const auto words = download<std::uint32_t>(out, 40);
  for (std::uint32_t rank = 0; rank < 2; ++rank) {
    const std::uint32_t* w = words.data() + rank * 20;
    EXPECT_EQ(w[0], 0u) << rank;    // the multicast box: words 0..15 of the tensor
    EXPECT_EQ(w[7], 15u) << rank;   // bytes 48..63: words 12..15
    EXPECT_EQ(w[8], 40u + (rank ^ 1)) << rank;  // the other CTA's st.async
    EXPECT_EQ(w[9], 100u + 32 * 5) << rank;     // 32 lanes of the other CTA added 5
    EXPECT_EQ(w[10], 3u) << rank;               // both barriers completed
  }
}

TEST_F(TensorCopy, ABoxLargerThanSharedMemoryIsRefusedBeforeItIsWalked) {
  // 256 x 256 words (256 KiB) is a valid map but fits no block's shared
  // memory (load2d has 1 KiB): an illegal address, not an attempt to gather it.
  const auto map = grid_map(256, 256, 256, 256, 0);
  const std::uint64_t out = device_.allocate(1028);
  const LaunchResult r = device_.launch(
      kernel("load2d"), LaunchConfig{.grid = {1}, .block = {128}},
      ParamBytes().add(map).add(std::uint32_t{0}).add(std::uint32_t{0}).add(out).span());
  EXPECT_EQ(r.error.code, CudaError::illegal_address);
  EXPECT_NE(r.error.message.find("262144 bytes exceed"), std::string::npos) << r.error.message;
}

TEST_F(TensorCopy, BytesThatAreNotATensorMapStopTheKernel) {
  std::array<std::byte, kTensorMapBytes> junk{};
  junk[0] = std::byte{1};
  const std::uint64_t out = device_.allocate(1028);
  const LaunchResult r = device_.launch(
      kernel("load2d"), LaunchConfig{.grid = {1}, .block = {128}},
      ParamBytes().add(junk).add(std::uint32_t{0}).add(std::uint32_t{0}).add(out).span());
  EXPECT_EQ(r.error.code, CudaError::illegal_instruction);
  EXPECT_NE(r.error.message.find("not a 2d tile tensor map"), std::string::npos)
      << r.error.message;
}

TEST_F(TensorCopy, Im2colStoreThroughAMapInGlobalMemory) {
  // NWC u32: C 4, W 4, N 2; corners 0 so the bounding box is the whole row.
  std::vector<std::uint32_t> init(32, 0xFFFFFFFFu);
  const std::uint64_t data = device_.allocate(128);
  device_.copy_to_device(data, init.data(), 128);
  const std::uint64_t dims[3] = {4, 4, 2};
  const std::uint64_t strides[2] = {16, 64};
  const std::uint32_t ones[3] = {1, 1, 1};
  const int corners[1] = {0};
  const TensorMapResult m = make_im2col_map({.data_type = 2,
                                             .rank = 3,
                                             .address = data,
                                             .dims = dims,
                                             .strides = strides,
                                             .element_strides = ones,
                                             .lower = corners,
                                             .upper = corners,
                                             .channels = 4,
                                             .pixels = 6});
  ASSERT_TRUE(m.map) << m.error;
  const auto bytes = encode_tensor_map(*m.map);
  const std::uint64_t map = device_.allocate(kTensorMapBytes);
  device_.copy_to_device(map, bytes.data(), bytes.size());
  const LaunchResult r = device_.launch(kernel("store_im2col"),
                                        LaunchConfig{.grid = {1}, .block = {32}},
                                        ParamBytes().add(map).span());
  ASSERT_TRUE(r.ok()) << r.error.message;
  // Pixels (w, n): (2,0) (3,0), then wrap to (0,1) (1,1) (2,1) (3,1); pixel p
  // channel c holds shared word 4p + c; (0,0) and (1,0) stay untouched.
  std::vector<std::uint32_t> expected(32, 0xFFFFFFFFu);
  const int pixels[6][2] = {{2, 0}, {3, 0}, {0, 1}, {1, 1}, {2, 1}, {3, 1}};
  for (std::uint32_t p = 0; p < 6; ++p) {
    for (std::uint32_t c = 0; c < 4; ++c) {
      expected[pixels[p][1] * 16 + pixels[p][0] * 4 + c] = 4 * p + c;
    }
  }
  EXPECT_EQ(download<std::uint32_t>(data, 32), expected);
}

TEST_F(TensorCopy, BulkReductionsIntoGlobalMemory) {
  const std::vector<std::uint32_t> start = {10, 10, 10, 10, 10, 10, 10, 10};
  const std::uint64_t a = device_.allocate(32);
  const std::uint64_t b = device_.allocate(32);
  device_.copy_to_device(a, start.data(), 32);
  const std::vector<std::int32_t> floor = {-1, -1, -1, -1, -1, -1, -1, -1};
  device_.copy_to_device(b, floor.data(), 32);
  const LaunchResult r = device_.launch(kernel("bulk_reduce"),
                                        LaunchConfig{.grid = {1}, .block = {8}},
                                        ParamBytes().add(a).add(b).span());
  ASSERT_TRUE(r.ok()) << r.error.message;
  // a[i] = 10 + (i - 4) (wrapping as u32), b[i] = max(-1, i - 4).
  EXPECT_EQ(download<std::uint32_t>(a, 8),
            (std::vector<std::uint32_t>{6, 7, 8, 9, 10, 11, 12, 13}));
  EXPECT_EQ(download<std::int32_t>(b, 8), (std::vector<std::int32_t>{-1, -1, -1, -1, 0, 1, 2, 3}));
}

}  // namespace
}  // namespace smsim::func
