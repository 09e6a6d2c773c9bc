// ldmatrix, stmatrix, movmatrix, mma.sp, cvt.pack, getctarank, istypep and
// sured through the front end, loader and engine, from hand-written PTX with
// hand-computed expectations; the H100's bits for every form are in the
// conformance program matrix_movement.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine_harness.h"
#include "module_fixture.h"

namespace smsim::func {
namespace {

using testing::ParamBytes;

constexpr const char* kModule = R"(
.version 8.5
.target sm_90
.address_size 64

// Tile entry i (a b16) holds i. Lane L names tile row 31 - L. Results per
// lane: ldmatrix.x4 (4 words), ldmatrix.x2.trans (2), movmatrix of the x4's
// first register (1), ldmatrix.x1.trans (1); then the tile rows that
// stmatrix.x4 wrote back from the x4's registers into a second tile (32 rows
// of 8 b16, 128 words).
.visible .entry moves(.param .u64 out)
{
  .reg .b32 %r<24>;
  .reg .b64 %rd<8>;
  .reg .pred %p;
  .shared .align 16 .b8 tile[1024];
  .shared .align 16 .b8 copy[512];
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %r1;
fill:
  shl.b32 %r3, %r2, 1;
  mov.u32 %r4, tile;
  add.u32 %r4, %r4, %r3;
  st.shared.u16 [%r4], %r2;
  add.u32 %r2, %r2, 32;
  setp.lt.u32 %p, %r2, 512;
  @%p bra fill;
  bar.warp.sync -1;
  sub.u32 %r5, 31, %r1;
  shl.b32 %r5, %r5, 4;
  mov.u32 %r6, tile;
  add.u32 %r6, %r6, %r5;
  ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%r10, %r11, %r12, %r13}, [%r6];
  ldmatrix.sync.aligned.m8n8.x2.trans.shared::cta.b16 {%r14, %r15}, [%r6];
  movmatrix.sync.aligned.m8n8.trans.b16 %r16, %r10;
  ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16 {%r17}, [%r6];
  mul.wide.u32 %rd2, %r1, 32;
  add.u64 %rd3, %rd1, %rd2;
  st.global.v4.u32 [%rd3], {%r10, %r11, %r12, %r13};
  st.global.v4.u32 [%rd3+16], {%r14, %r15, %r16, %r17};
  mov.u32 %r7, copy;
  add.u32 %r7, %r7, %r5;
  stmatrix.sync.aligned.m8n8.x4.shared.b16 [%r7], {%r10, %r11, %r12, %r13};
  bar.warp.sync -1;
  shl.b32 %r8, %r1, 4;
  mov.u32 %r9, copy;
  add.u32 %r9, %r9, %r8;
  ld.shared.v4.u32 {%r20, %r21, %r22, %r23}, [%r9];
  mul.wide.u32 %rd4, %r1, 16;
  add.u64 %rd5, %rd1, %rd4;
  st.global.v4.u32 [%rd5+1024], {%r20, %r21, %r22, %r23};
  ret;
}

// ldmatrix with a row address 8 bytes past a 16-byte boundary.
.visible .entry misaligned(.param .u64 out)
{
  .reg .b32 %r<4>;
  .shared .align 16 .b8 tile[512];
  mov.u32 %r1, tile;
  add.u32 %r1, %r1, 8;
  ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%r2}, [%r1];
  ret;
}

// ldmatrix through a generic address of global memory.
.visible .entry generic_global(.param .u64 out)
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  ldmatrix.sync.aligned.m8n8.x1.b16 {%r2}, [%rd1];
  ret;
}

// mma.sp m16n8k16 f16 -> f32, selector 1: a, b, e per lane from memory.
.visible .entry sparse(.param .u64 a, .param .u64 b, .param .u64 e, .param .u64 d)
{
  .reg .b32 %r<16>;
  .reg .f32 %f<8>;
  .reg .b64 %rd<12>;
  ld.param.u64 %rd1, [a];
  ld.param.u64 %rd2, [b];
  ld.param.u64 %rd3, [e];
  ld.param.u64 %rd4, [d];
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd5, %r1, 8;
  add.u64 %rd6, %rd1, %rd5;
  add.u64 %rd7, %rd2, %rd5;
  ld.global.v2.u32 {%r2, %r3}, [%rd6];
  ld.global.v2.u32 {%r4, %r5}, [%rd7];
  mul.wide.u32 %rd8, %r1, 4;
  add.u64 %rd9, %rd3, %rd8;
  ld.global.u32 %r6, [%rd9];
  mov.f32 %f5, 0f00000000;
  mma.sp::ordered_metadata.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f1, %f2, %f3, %f4}, {%r2, %r3}, {%r4, %r5}, {%f5, %f5, %f5, %f5}, %r6, 1;
  mul.wide.u32 %rd10, %r1, 16;
  add.u64 %rd11, %rd4, %rd10;
  st.global.v4.f32 [%rd11], {%f1, %f2, %f3, %f4};
  ret;
}

// cvt.pack.sat to s4 and u2 with c, and to s16 without.
.visible .entry pack(.param .u64 out)
{
  .reg .b32 %r<8>;
  .reg .b64 %rd<2>;
  ld.param.u64 %rd1, [out];
  cvt.pack.sat.s4.s32.b32 %r1, 8, -9, 0xabc;
  cvt.pack.sat.u2.s32.b32 %r2, 2, 9, -1;
  cvt.pack.sat.s16.s32 %r3, 0x12345678, -65536;
  st.global.v4.u32 [%rd1], {%r1, %r2, %r3, %r3};
  ret;
}

// getctarank of mapa'd addresses (shared::cluster and generic) and of the
// block's own shared::cta address, with istypep on a register.
.visible .entry ranks(.param .u64 out)
{
  .reg .b32 %r<12>;
  .reg .b64 %rd<8>;
  .reg .pred %p<2>;
  .shared .align 4 .b32 word;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, word;
  mapa.shared::cluster.u32 %r3, %r2, %r1;
  getctarank.shared::cluster.u32 %r4, %r3;
  mov.u64 %rd2, word;
  cvta.shared.u64 %rd2, %rd2;
  mapa.u64 %rd3, %rd2, %r1;
  getctarank.u64 %r5, %rd3;
  getctarank.shared::cluster.u32 %r6, %r2;
  istypep.texref %p1, %rd3;
  selp.u32 %r7, 1, 0, %p1;
  mov.u32 %r8, %ctaid.x;
  mad.lo.u32 %r9, %r8, 4, %r1;
  mul.wide.u32 %rd4, %r9, 16;
  add.u64 %rd5, %rd1, %rd4;
  st.global.v4.u32 [%rd5], {%r4, %r5, %r6, %r7};
  barrier.cluster.arrive;
  barrier.cluster.wait;
  ret;
}

.visible .entry sured_and_b64(.param .u64 s)
{
  .reg .b64 %rd<4>;
  .reg .b32 %r<2>;
  ld.param.u64 %rd1, [s];
  mov.u32 %r1, 0;
  sured.b.and.1d.b64.trap [%rd1, {%r1}], %rd1;
  ret;
}

.visible .entry bad_selector(.param .u64 d)
{
  .reg .b32 %r<12>;
  .reg .f32 %f<8>;
  mma.sp.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32 {%f1, %f2, %f3, %f4}, {%r1, %r2, %r3, %r4}, {%r5, %r6, %r7, %r8}, {%f5, %f5, %f5, %f5}, %r9, 2;
  ret;
}
)";

class MatrixOps : public testing::ModuleTest {
 protected:
  MatrixOps() : ModuleTest("matrix_ops", kModule) {}
  LaunchResult run(const char* name, std::uint64_t arg, Dim3 grid = {1}, Dim3 block = {32},
                   Dim3 cluster = {1}) {
    return device_.launch(kernel(name),
                          LaunchConfig{.grid = grid, .block = block, .cluster = cluster},
                          ParamBytes().add(arg).span());
  }
};

std::uint32_t pair(std::uint32_t lo, std::uint32_t hi) {
  return lo | hi << 16;
}

TEST_F(MatrixOps, LoadTransposeAndStoreWholeMatrices) {
  const std::uint64_t out = device_.allocate(1024 + 512);
  const LaunchResult r = run("moves", out);
  ASSERT_TRUE(r.ok()) << r.error.message;
  const auto words = download<std::uint32_t>(out, 256 + 128);
  for (std::uint32_t lane = 0; lane < 32; ++lane) {
    const std::uint32_t row = lane / 4, col = 2 * (lane % 4);
    for (std::uint32_t m = 0; m < 4; ++m) {
      // Row `row` of matrix m is tile row 31 - (8m + row).
      const std::uint32_t base = (31 - 8 * m - row) * 8;
      EXPECT_EQ(words[lane * 8 + m], pair(base + col, base + col + 1)) << lane << " x4 " << m;
    }
    for (std::uint32_t m = 0; m < 2; ++m) {
      // .trans: rows col and col + 1 of matrix m, column `row`.
      const std::uint32_t r0 = (31 - 8 * m - col) * 8 + row, r1 = (31 - 8 * m - col - 1) * 8 + row;
      EXPECT_EQ(words[lane * 8 + 4 + m], pair(r0, r1)) << lane << " x2.trans " << m;
    }
    // movmatrix of the first matrix is its ldmatrix.trans.
    EXPECT_EQ(words[lane * 8 + 6], words[lane * 8 + 4]) << lane;
    EXPECT_EQ(words[lane * 8 + 7], words[lane * 8 + 4]) << lane;
  }
  // stmatrix put row r of the 32 rows back at row 31 - r... of `copy`, which
  // the lanes named the same way, so `copy` row k holds tile row k.
  for (std::uint32_t k = 0; k < 32; ++k) {
    for (std::uint32_t w = 0; w < 4; ++w) {
      EXPECT_EQ(words[256 + k * 4 + w], pair(k * 8 + 2 * w, k * 8 + 2 * w + 1)) << k << " " << w;
    }
  }
}

TEST_F(MatrixOps, MisalignedRowIsAMisalignedAddress) {
  EXPECT_EQ(run("misaligned", 0).error.code, CudaError::misaligned_address);
}

TEST_F(MatrixOps, GenericAddressOutsideSharedIsAnIllegalInstruction) {
  // The H100 answers an ldmatrix through a global address so
  // (tools/probes/results/h100-2026-11-22/matrix_faults.txt).
  EXPECT_EQ(run("generic_global", device_.allocate(256)).error.code,
            CudaError::illegal_instruction);
}

// f16 bits of a small non-negative integer.
std::uint32_t half_of(std::uint32_t v) {
  if (v == 0) return 0;
  std::uint32_t e = 0;
  while ((v >> (e + 1)) != 0) ++e;
  return (15 + e) << 10 | ((v << (10 - e)) & 0x3ff);
}

TEST_F(MatrixOps, SparseMetadataPicksTheRowsOfB) {
  // A: every packed element 1. B[k][n] = k + n. Selector 1: lane 1 of each
  // group holds the metadata, 0xE (columns 2, 3) for row g, 0x9 (columns 1,
  // 2) for row g + 8; the other lanes hold decoys that must not count.
  std::vector<std::uint32_t> a(64, pair(0x3c00, 0x3c00)), b(64), e(32, 0x44444444);
  for (std::uint32_t lane = 0; lane < 32; ++lane) {
    const std::uint32_t g = lane / 4, t = lane % 4;
    b[lane * 2] = pair(half_of(2 * t + g), half_of(2 * t + 1 + g));
    b[lane * 2 + 1] = pair(half_of(2 * t + 8 + g), half_of(2 * t + 9 + g));
    if (t == 1) e[lane] = 0x9999eeee;
  }
  const std::uint64_t d = device_.allocate(32 * 16);
  const LaunchResult r = device_.launch(
      kernel("sparse"), LaunchConfig{.grid = {1}, .block = {32}},
      ParamBytes().add(upload(a)).add(upload(b)).add(upload(e)).add(d).span());
  ASSERT_TRUE(r.ok()) << r.error.message;
  const auto out = download<float>(d, 128);
  for (std::uint32_t lane = 0; lane < 32; ++lane) {
    const float n = static_cast<float>(2 * (lane % 4));
    // Row g: sum over chunks q of (4q + 2) + (4q + 3) + 2n = 68 + 8n; row g + 8: 60 + 8n.
    EXPECT_EQ(out[lane * 4], 68 + 8 * n) << lane;
    EXPECT_EQ(out[lane * 4 + 1], 68 + 8 * (n + 1)) << lane;
    EXPECT_EQ(out[lane * 4 + 2], 60 + 8 * n) << lane;
    EXPECT_EQ(out[lane * 4 + 3], 60 + 8 * (n + 1)) << lane;
  }
}

TEST_F(MatrixOps, PackSaturatesEachField) {
  const std::uint64_t out = device_.allocate(16);
  ASSERT_TRUE(run("pack", out, {1}, {1}).ok());
  const auto words = download<std::uint32_t>(out, 3);
  EXPECT_EQ(words[0], 0xabc78u);
  EXPECT_EQ(words[1], 0xfffffffbu);
  EXPECT_EQ(words[2], 0x7fff8000u);
}

TEST_F(MatrixOps, GetctarankInvertsMapa) {
  const std::uint64_t out = device_.allocate(8 * 4 * 16);
  const LaunchResult r = run("ranks", out, {8}, {4}, {4});
  ASSERT_TRUE(r.ok()) << r.error.message;
  const auto words = download<std::uint32_t>(out, 8 * 4 * 4);
  for (std::uint32_t block = 0; block < 8; ++block) {
    for (std::uint32_t t = 0; t < 4; ++t) {
      const std::uint32_t* w = &words[(block * 4 + t) * 4];
      EXPECT_EQ(w[0], t) << block << " " << t;
      EXPECT_EQ(w[1], t) << block << " " << t;
      EXPECT_EQ(w[2], block % 4) << block << " " << t;
      EXPECT_EQ(w[3], 0u) << "istypep of a register is false on the H100";
    }
  }
}

TEST_F(MatrixOps, FormsOutsideThePtxIsaAreLoadTimeErrors) {
  const ModuleKernel& and64 = kernel("sured_and_b64");
  ASSERT_FALSE(and64.errors.empty());
  EXPECT_NE(and64.errors[0].find("sured"), std::string::npos) << and64.errors[0];
  const ModuleKernel& selector = kernel("bad_selector");
  ASSERT_FALSE(selector.errors.empty());
  EXPECT_NE(selector.errors[0].find("selector"), std::string::npos) << selector.errors[0];
}

}  // namespace
}  // namespace smsim::func
