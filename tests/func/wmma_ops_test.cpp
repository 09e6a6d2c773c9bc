// wmma.load / wmma.store / wmma.mma beyond f16 m16n16k16: every lane's
// fragment registers after a load of an index matrix (each element's bits
// are its memory index), where a store puts each lane's elements, and
// products of small integers whose exact results the test computes. The
// expected layouts are the H100's, read lane by lane with the conformance
// program wmma_forms (raw fragment dumps of index matrices): the mma.sync
// layouts side by side, the same whatever the memory layout.

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "engine_harness.h"
#include "module_fixture.h"

namespace smsim::func {
namespace {

using testing::ParamBytes;

struct Coord {
  unsigned row, col;
};
using Layout = Coord (*)(unsigned lane, unsigned e);

// The H100's fragments (g = lane / 4, t = lane % 4).
Coord a16(unsigned l, unsigned e) {
  e %= 8;  // the f16 A fragment holds its 8 elements twice
  return {l / 4 + 8 * ((e >> 1) & 1), 2 * (l % 4) + (e & 1) + 8 * (e >> 2)};
}
Coord b16(unsigned l, unsigned e) {
  e %= 8;
  return {2 * (l % 4) + (e & 1) + 8 * ((e >> 1) & 1), l / 4 + 8 * (e >> 2)};
}
Coord c16(unsigned l, unsigned e) {
  return {l / 4 + 8 * ((e >> 1) & 1), 2 * (l % 4) + (e & 1) + 8 * (e >> 2)};
}
Coord a8(unsigned l, unsigned e) {
  return {l / 4 + 8 * (e >> 2), 4 * (l % 4) + (e & 3)};
}
Coord b8(unsigned l, unsigned e) {
  return {4 * (l % 4) + (e & 3), l / 4 + 8 * (e >> 2)};
}
Coord a_tf32(unsigned l, unsigned e) {
  return {l / 4 + 8 * (e & 1), l % 4 + 4 * (e >> 1)};
}
Coord b_tf32(unsigned l, unsigned e) {
  return {l % 4 + 4 * (e & 1), l / 4 + 8 * (e >> 1)};
}
Coord a_f64(unsigned l, unsigned) {
  return {l / 4, l % 4};
}
Coord b_f64(unsigned l, unsigned) {
  return {l % 4, l / 4};
}
Coord c_f64(unsigned l, unsigned e) {
  return {l / 4, 2 * (l % 4) + e};
}

struct FragmentCase {
  const char* kernel;
  const char* opcode;  // wmma.load... or wmma.store...
  unsigned regs;       // fragment registers
  unsigned element_bits;
  unsigned rows, cols;  // the matrix in memory
  bool col_major;
  unsigned stride;  // elements
  Layout layout;
};

constexpr FragmentCase kLoads[] = {
    {"a_row_f16", "wmma.load.a.sync.aligned.row.m16n16k16.f16", 8, 16, 16, 16, false, 24, a16},
    {"a_col_f16", "wmma.load.a.sync.aligned.col.m16n16k16.f16", 8, 16, 16, 16, true, 16, a16},
    {"b_row_f16", "wmma.load.b.sync.aligned.row.m16n16k16.f16", 8, 16, 16, 16, false, 16, b16},
    {"b_col_f16", "wmma.load.b.sync.aligned.col.m16n16k16.f16", 8, 16, 16, 16, true, 20, b16},
    {"a_col_global_f16", "wmma.load.a.sync.aligned.col.m16n16k16.global.f16", 8, 16, 16, 16,
     true, 16, a16},
    {"b_row_global_f16", "wmma.load.b.sync.aligned.row.m16n16k16.global.f16", 8, 16, 16, 16,
     false, 16, b16},
    {"a_row_bf16", "wmma.load.a.sync.aligned.row.m16n16k16.bf16", 4, 16, 16, 16, false, 16, a16},
    {"b_row_bf16", "wmma.load.b.sync.aligned.row.m16n16k16.bf16", 4, 16, 16, 16, false, 16, b16},
    {"c_row_f32", "wmma.load.c.sync.aligned.row.m16n16k16.f32", 8, 32, 16, 16, false, 16, c16},
    {"c_col_f32", "wmma.load.c.sync.aligned.col.m16n16k16.f32", 8, 32, 16, 16, true, 18, c16},
    {"a_row_f64", "wmma.load.a.sync.aligned.row.m8n8k4.f64", 1, 64, 8, 4, false, 4, a_f64},
    {"b_col_f64", "wmma.load.b.sync.aligned.col.m8n8k4.f64", 1, 64, 4, 8, true, 4, b_f64},
    {"a_row_s8", "wmma.load.a.sync.aligned.row.m16n16k16.s8", 2, 8, 16, 16, false, 16, a8},
    {"b_col_s8", "wmma.load.b.sync.aligned.col.m16n16k16.s8", 2, 8, 16, 16, true, 16, b8},
    {"a_row_tf32", "wmma.load.a.sync.aligned.row.m16n16k8.tf32", 4, 32, 16, 8, false, 8, a_tf32},
    {"b_col_tf32", "wmma.load.b.sync.aligned.col.m16n16k8.tf32", 4, 32, 8, 16, true, 8, b_tf32},
};

constexpr FragmentCase kStores[] = {
    {"d_row_f16", "wmma.store.d.sync.aligned.row.m16n16k16.f16", 4, 16, 16, 16, false, 16, c16},
    {"d_col_f16", "wmma.store.d.sync.aligned.col.m16n16k16.f16", 4, 16, 16, 16, true, 24, c16},
    {"d_row_f32", "wmma.store.d.sync.aligned.row.m16n16k16.f32", 8, 32, 16, 16, false, 16, c16},
    {"d_col_f32", "wmma.store.d.sync.aligned.col.m16n16k16.f32", 8, 32, 16, 16, true, 16, c16},
    {"d_col_global_f32", "wmma.store.d.sync.aligned.col.m16n16k16.global.f32", 8, 32, 16, 16,
     true, 16, c16},
    {"d_row_s32", "wmma.store.d.sync.aligned.row.m16n16k16.s32", 8, 32, 16, 16, false, 20, c16},
    {"d_col_s32", "wmma.store.d.sync.aligned.col.m16n16k16.s32", 8, 32, 16, 16, true, 16, c16},
    {"d_row_f64", "wmma.store.d.sync.aligned.row.m8n8k4.f64", 2, 64, 8, 8, false, 8, c_f64},
    {"d_col_f64", "wmma.store.d.sync.aligned.col.m8n8k4.f64", 2, 64, 8, 8, true, 10, c_f64},
};

std::string reg_list(const char* prefix, unsigned first, unsigned count) {
  std::string s = "{";
  for (unsigned i = 0; i < count; ++i) s += fmt::format("{}{}{}", i ? ", " : "", prefix, first + i);
  return s + "}";
}

bool is_global(const FragmentCase& f) {
  return std::string(f.opcode).find(".global") != std::string::npos;
}

// Loads: the fragment, then each lane's registers to out[lane * regs + i].
std::string load_kernel(const FragmentCase& f) {
  const bool wide = f.element_bits == 64;
  const char* prefix = wide ? "%fd" : "%r";
  std::string body = fmt::format(
      ".visible .entry {}(.param .u64 src, .param .u64 out)\n{{\n"
      "  .reg .b32 %r<20>;\n  .reg .f64 %fd<4>;\n  .reg .b64 %rd<8>;\n"
      "  ld.param.u64 %rd1, [src];\n  ld.param.u64 %rd2, [out];\n{}"
      "  {} {}, [%rd1], {};\n"
      "  mov.u32 %r19, %tid.x;\n  mul.wide.u32 %rd3, %r19, {};\n  add.u64 %rd3, %rd2, %rd3;\n",
      f.kernel, is_global(f) ? "  cvta.to.global.u64 %rd1, %rd1;\n" : "", f.opcode,
      reg_list(prefix, 0, f.regs), f.stride, f.regs * (wide ? 8 : 4));
  for (unsigned i = 0; i < f.regs; ++i) {
    body += fmt::format("  st.global.{} [%rd3+{}], {}{};\n", wide ? "f64" : "b32",
                        i * (wide ? 8 : 4), prefix, i);
  }
  return body + "  ret;\n}\n";
}

// Stores: each lane's element e holds lane * 16 + e (the bits, whatever the
// type), stored to the matrix at out.
std::string store_kernel(const FragmentCase& f) {
  const bool wide = f.element_bits == 64;
  std::string body = fmt::format(
      ".visible .entry {}(.param .u64 dst, .param .u64 unused)\n{{\n"
      "  .reg .b32 %r<20>;\n  .reg .b64 %rd<20>;\n  .reg .f64 %fd<4>;\n"
      "  ld.param.u64 %rd1, [dst];\n{}  mov.u32 %r19, %tid.x;\n  shl.b32 %r18, %r19, 4;\n",
      f.kernel, is_global(f) ? "  cvta.to.global.u64 %rd1, %rd1;\n" : "");
  for (unsigned i = 0; i < f.regs; ++i) {
    if (wide) {
      body += fmt::format("  add.u32 %r17, %r18, {};\n  cvt.u64.u32 %rd{}, %r17;\n"
                          "  mov.b64 %fd{}, %rd{};\n",
                          i, 10 + i, i, 10 + i);
    } else if (f.element_bits == 16) {
      body += fmt::format("  add.u32 %r16, %r18, {};\n  add.u32 %r17, %r18, {};\n"
                          "  shl.b32 %r17, %r17, 16;\n  or.b32 %r{}, %r16, %r17;\n",
                          2 * i, 2 * i + 1, i);
    } else {
      body += fmt::format("  add.u32 %r{}, %r18, {};\n", i, i);
    }
  }
  body += fmt::format("  {} [%rd1], {}, {};\n  ret;\n}}\n", f.opcode,
                      reg_list(wide ? "%fd" : "%r", 0, f.regs), f.stride);
  return body;
}

// Products of small integers, exact in every type: A, B, C from memory, D
// stored row-major with stride 16 (8 for f64).
constexpr const char* kProducts = R"(
.visible .entry mma_bf16(.param .u64 a, .param .u64 b, .param .u64 c, .param .u64 d)
{
  .reg .b32 %r<40>;
  .reg .f32 %f<20>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [a];
  ld.param.u64 %rd2, [b];
  ld.param.u64 %rd3, [c];
  ld.param.u64 %rd4, [d];
  wmma.load.a.sync.aligned.row.m16n16k16.bf16 {%r0, %r1, %r2, %r3}, [%rd1], 16;
  wmma.load.b.sync.aligned.row.m16n16k16.bf16 {%r4, %r5, %r6, %r7}, [%rd2], 16;
  wmma.load.c.sync.aligned.row.m16n16k16.f32 {%f0, %f1, %f2, %f3, %f4, %f5, %f6, %f7}, [%rd3], 16;
  wmma.mma.sync.aligned.row.row.m16n16k16.f32.bf16.bf16.f32 {%f8, %f9, %f10, %f11, %f12, %f13, %f14, %f15}, {%r0, %r1, %r2, %r3}, {%r4, %r5, %r6, %r7}, {%f0, %f1, %f2, %f3, %f4, %f5, %f6, %f7};
  wmma.store.d.sync.aligned.row.m16n16k16.f32 [%rd4], {%f8, %f9, %f10, %f11, %f12, %f13, %f14, %f15}, 16;
  ret;
}

.visible .entry mma_tf32(.param .u64 a, .param .u64 b, .param .u64 c, .param .u64 d)
{
  .reg .b32 %r<40>;
  .reg .f32 %f<20>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [a];
  ld.param.u64 %rd2, [b];
  ld.param.u64 %rd3, [c];
  ld.param.u64 %rd4, [d];
  wmma.load.a.sync.aligned.row.m16n16k8.tf32 {%r0, %r1, %r2, %r3}, [%rd1], 8;
  wmma.load.b.sync.aligned.col.m16n16k8.tf32 {%r4, %r5, %r6, %r7}, [%rd2], 8;
  wmma.load.c.sync.aligned.row.m16n16k8.f32 {%f0, %f1, %f2, %f3, %f4, %f5, %f6, %f7}, [%rd3], 16;
  wmma.mma.sync.aligned.row.col.m16n16k8.f32.tf32.tf32.f32 {%f8, %f9, %f10, %f11, %f12, %f13, %f14, %f15}, {%r0, %r1, %r2, %r3}, {%r4, %r5, %r6, %r7}, {%f0, %f1, %f2, %f3, %f4, %f5, %f6, %f7};
  wmma.store.d.sync.aligned.row.m16n16k8.f32 [%rd4], {%f8, %f9, %f10, %f11, %f12, %f13, %f14, %f15}, 16;
  ret;
}

.visible .entry mma_f64(.param .u64 a, .param .u64 b, .param .u64 c, .param .u64 d)
{
  .reg .f64 %fd<8>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [a];
  ld.param.u64 %rd2, [b];
  ld.param.u64 %rd3, [c];
  ld.param.u64 %rd4, [d];
  wmma.load.a.sync.aligned.row.m8n8k4.f64 {%fd0}, [%rd1], 4;
  wmma.load.b.sync.aligned.col.m8n8k4.f64 {%fd1}, [%rd2], 4;
  wmma.load.c.sync.aligned.row.m8n8k4.f64 {%fd2, %fd3}, [%rd3], 8;
  wmma.mma.sync.aligned.row.col.m8n8k4.f64.f64.f64.f64.rn {%fd4, %fd5}, {%fd0}, {%fd1}, {%fd2, %fd3};
  wmma.store.d.sync.aligned.row.m8n8k4.f64 [%rd4], {%fd4, %fd5}, 8;
  ret;
}

.visible .entry mma_s8_satfinite(.param .u64 a, .param .u64 b, .param .u64 c, .param .u64 d)
{
  .reg .b32 %r<40>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [a];
  ld.param.u64 %rd2, [b];
  ld.param.u64 %rd3, [c];
  ld.param.u64 %rd4, [d];
  wmma.load.a.sync.aligned.row.m16n16k16.s8 {%r0, %r1}, [%rd1], 16;
  wmma.load.b.sync.aligned.col.m16n16k16.s8 {%r2, %r3}, [%rd2], 16;
  wmma.load.c.sync.aligned.row.m16n16k16.s32 {%r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11}, [%rd3], 16;
  wmma.mma.sync.aligned.row.col.m16n16k16.s32.s8.s8.s32.satfinite {%r12, %r13, %r14, %r15, %r16, %r17, %r18, %r19}, {%r0, %r1}, {%r2, %r3}, {%r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11};
  wmma.store.d.sync.aligned.row.m16n16k16.s32 [%rd4], {%r12, %r13, %r14, %r15, %r16, %r17, %r18, %r19}, 16;
  wmma.mma.sync.aligned.row.col.m16n16k16.s32.s8.s8.s32 {%r12, %r13, %r14, %r15, %r16, %r17, %r18, %r19}, {%r0, %r1}, {%r2, %r3}, {%r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11};
  add.u64 %rd5, %rd4, 1024;
  wmma.store.d.sync.aligned.row.m16n16k16.s32 [%rd5], {%r12, %r13, %r14, %r15, %r16, %r17, %r18, %r19}, 16;
  ret;
}

// .satfinite on a floating-point wmma.mma is not implemented: a load-time error.
.visible .entry mma_f32_satfinite(.param .u64 a, .param .u64 b, .param .u64 c, .param .u64 d)
{
  .reg .b32 %r<40>;
  .reg .f32 %f<20>;
  wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32.satfinite {%f8, %f9, %f10, %f11, %f12, %f13, %f14, %f15}, {%r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7}, {%r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15}, {%f0, %f1, %f2, %f3, %f4, %f5, %f6, %f7};
  ret;
}
)";

const std::string& module_text() {
  static const std::string text = [] {
    std::string s = ".version 8.0\n.target sm_90\n.address_size 64\n";
    for (const FragmentCase& f : kLoads) s += load_kernel(f);
    for (const FragmentCase& f : kStores) s += store_kernel(f);
    return s + kProducts;
  }();
  return text;
}

class WmmaOps : public testing::ModuleTest {
 protected:
  WmmaOps() : ModuleTest("wmma_ops", module_text().c_str()) {}

  // The element bits at memory index `index` of an index matrix.
  static std::uint64_t index_bits(unsigned bits, std::uint64_t index) {
    return bits == 64 ? index : index & ((std::uint64_t{1} << bits) - 1);
  }
  static std::uint64_t memory_index(const FragmentCase& f, Coord p) {
    return f.col_major ? std::uint64_t{p.col} * f.stride + p.row
                       : std::uint64_t{p.row} * f.stride + p.col;
  }
  static std::uint64_t matrix_bytes(const FragmentCase& f) {
    return std::uint64_t{f.stride} * (f.col_major ? f.cols : f.rows) * f.element_bits / 8;
  }

  LaunchResult run4(const char* name, std::uint64_t a, std::uint64_t b, std::uint64_t c,
                    std::uint64_t d) {
    return device_.launch(kernel(name), LaunchConfig{.grid = {1}, .block = {32}},
                          ParamBytes().add(a).add(b).add(c).add(d).span());
  }
};

// Element `e` of a register dump whose registers hold `bits`-wide elements.
std::uint64_t element_of(const std::vector<std::uint8_t>& dump, std::size_t lane_offset,
                         unsigned bits, unsigned e) {
  std::uint64_t v = 0;
  std::memcpy(&v, dump.data() + lane_offset + e * bits / 8, bits / 8);
  return v;
}

TEST_F(WmmaOps, LoadsGiveEveryLaneTheH100Fragment) {
  for (const FragmentCase& f : kLoads) {
    SCOPED_TRACE(f.opcode);
    const unsigned bytes = f.element_bits / 8;
    std::vector<std::uint8_t> matrix(matrix_bytes(f));
    for (std::size_t i = 0; i < matrix.size() / bytes; ++i) {
      const std::uint64_t v = index_bits(f.element_bits, i);
      std::memcpy(&matrix[i * bytes], &v, bytes);
    }
    const std::uint64_t src = upload(matrix);
    const unsigned lane_bytes = f.regs * (f.element_bits == 64 ? 8 : 4);
    const std::uint64_t out = device_.allocate(32 * lane_bytes);
    const LaunchResult r = device_.launch(kernel(f.kernel), LaunchConfig{.grid = {1}, .block = {32}},
                                          ParamBytes().add(src).add(out).span());
    ASSERT_TRUE(r.ok()) << r.error.message;
    const auto dump = download<std::uint8_t>(out, 32 * lane_bytes);
    const unsigned elements = lane_bytes * 8 / f.element_bits;
    for (unsigned lane = 0; lane < 32; ++lane) {
      for (unsigned e = 0; e < elements; ++e) {
        const std::uint64_t expected =
            index_bits(f.element_bits, memory_index(f, f.layout(lane, e)));
        ASSERT_EQ(element_of(dump, lane * lane_bytes, f.element_bits, e), expected)
            << "lane " << lane << " element " << e;
      }
    }
  }
}

TEST_F(WmmaOps, StoresPutEveryLanesElementsWhereTheH100Does) {
  for (const FragmentCase& f : kStores) {
    SCOPED_TRACE(f.opcode);
    const unsigned bytes = f.element_bits / 8;
    const std::uint64_t size = matrix_bytes(f);
    const std::uint64_t dst = upload(std::vector<std::uint8_t>(size, 0xee));
    const LaunchResult r = device_.launch(kernel(f.kernel), LaunchConfig{.grid = {1}, .block = {32}},
                                          ParamBytes().add(dst).add(std::uint64_t{0}).span());
    ASSERT_TRUE(r.ok()) << r.error.message;
    const auto memory = download<std::uint8_t>(dst, size);
    const unsigned elements = f.rows * f.cols / 32;
    std::vector<bool> written(size / bytes, false);
    for (unsigned lane = 0; lane < 32; ++lane) {
      for (unsigned e = 0; e < elements; ++e) {
        const std::uint64_t at = memory_index(f, f.layout(lane, e));
        std::uint64_t v = 0;
        std::memcpy(&v, &memory[at * bytes], bytes);
        ASSERT_EQ(v, index_bits(f.element_bits, lane * 16 + e)) << "lane " << lane << " element " << e;
        written[at] = true;
      }
    }
    // Padding between the rows (stride > row length) is left alone.
    for (std::size_t i = 0; i < written.size(); ++i) {
      if (!written[i]) {
        ASSERT_EQ(memory[i * bytes], 0xee) << "element " << i;
      }
    }
  }
}

std::uint16_t bf16_of(int v) {
  const auto f = static_cast<float>(v);
  std::uint32_t bits = 0;
  std::memcpy(&bits, &f, 4);
  return static_cast<std::uint16_t>(bits >> 16);  // exact for small integers
}

template <typename T>
T from_int(int v) {
  return static_cast<T>(v);
}

TEST_F(WmmaOps, Bf16ProductIsExactOnSmallIntegers) {
  std::vector<std::uint16_t> a(256), b(256);
  std::vector<float> c(256);
  for (int i = 0; i < 256; ++i) {
    a[i] = bf16_of(i % 7 - 3);
    b[i] = bf16_of(i % 5 - 2);
    c[i] = static_cast<float>(i - 100);
  }
  const std::uint64_t d = device_.allocate(256 * 4);
  ASSERT_TRUE(run4("mma_bf16", upload(a), upload(b), upload(c), d).ok());
  const auto out = download<float>(d, 256);
  for (int i = 0; i < 16; ++i) {
    for (int j = 0; j < 16; ++j) {
      int sum = i * 16 + j - 100;
      for (int k = 0; k < 16; ++k) sum += ((i * 16 + k) % 7 - 3) * ((k * 16 + j) % 5 - 2);
      ASSERT_EQ(out[i * 16 + j], static_cast<float>(sum)) << i << "," << j;
    }
  }
}

TEST_F(WmmaOps, Tf32ProductIsExactOnSmallIntegers) {
  std::vector<float> a(16 * 8), b(8 * 16), c(256);
  for (int i = 0; i < 128; ++i) {
    a[i] = static_cast<float>(i % 9 - 4);   // row-major 16 x 8
    b[i] = static_cast<float>(i % 11 - 5);  // column-major 8 x 16: (k, n) at n * 8 + k
  }
  for (int i = 0; i < 256; ++i) c[i] = static_cast<float>(3 * i);
  const std::uint64_t d = device_.allocate(256 * 4);
  ASSERT_TRUE(run4("mma_tf32", upload(a), upload(b), upload(c), d).ok());
  const auto out = download<float>(d, 256);
  for (int i = 0; i < 16; ++i) {
    for (int j = 0; j < 16; ++j) {
      int sum = 3 * (i * 16 + j);
      for (int k = 0; k < 8; ++k) sum += ((i * 8 + k) % 9 - 4) * ((j * 8 + k) % 11 - 5);
      ASSERT_EQ(out[i * 16 + j], static_cast<float>(sum)) << i << "," << j;
    }
  }
}

TEST_F(WmmaOps, F64ProductIsExact) {
  std::vector<double> a(32), b(32), c(64);
  for (int i = 0; i < 32; ++i) {
    a[i] = 0.5 * (i - 16);  // row-major 8 x 4
    b[i] = i % 3 - 1.25;    // column-major 4 x 8: (k, n) at n * 4 + k
  }
  for (int i = 0; i < 64; ++i) c[i] = 1000.0 + i;
  const std::uint64_t d = device_.allocate(64 * 8);
  ASSERT_TRUE(run4("mma_f64", upload(a), upload(b), upload(c), d).ok());
  const auto out = download<double>(d, 64);
  for (int i = 0; i < 8; ++i) {
    for (int j = 0; j < 8; ++j) {
      double sum = 1000.0 + i * 8 + j;
      for (int k = 0; k < 4; ++k) sum += a[i * 4 + k] * b[j * 4 + k];  // exact: quarters
      ASSERT_EQ(out[i * 8 + j], sum) << i << "," << j;
    }
  }
}

TEST_F(WmmaOps, S8SatfiniteClampsWhereThePlainFormWraps) {
  std::vector<std::int8_t> a(256), b(256);
  std::vector<std::int32_t> c(256);
  for (int i = 0; i < 256; ++i) {
    a[i] = static_cast<std::int8_t>(i % 2 ? 127 : -128);
    b[i] = static_cast<std::int8_t>(i % 3 ? -128 : 127);  // column-major: (k, n) at n * 16 + k
    c[i] = i % 4 == 0 ? INT32_MAX - 1000 : i % 4 == 1 ? INT32_MIN + 1000 : i * 1000 - 100000;
  }
  const std::uint64_t d = device_.allocate(2 * 1024);
  ASSERT_TRUE(run4("mma_s8_satfinite", upload(a), upload(b), upload(c), d).ok());
  const auto out = download<std::int32_t>(d, 512);
  for (int i = 0; i < 16; ++i) {
    for (int j = 0; j < 16; ++j) {
      std::int64_t sum = c[i * 16 + j];
      for (int k = 0; k < 16; ++k) sum += std::int64_t{a[i * 16 + k]} * b[j * 16 + k];
      const std::int64_t clamped = std::clamp<std::int64_t>(sum, INT32_MIN, INT32_MAX);
      ASSERT_EQ(out[i * 16 + j], clamped) << i << "," << j;
      ASSERT_EQ(out[256 + i * 16 + j], static_cast<std::int32_t>(static_cast<std::uint32_t>(sum)))
          << i << "," << j;
    }
  }
}

TEST_F(WmmaOps, SatfiniteOnAFloatProductIsALoadTimeError) {
  const ModuleKernel& k = kernel("mma_f32_satfinite");
  ASSERT_FALSE(k.errors.empty());
  EXPECT_NE(k.errors[0].find("wmma.mma"), std::string::npos) << k.errors[0];
}

}  // namespace
}  // namespace smsim::func
