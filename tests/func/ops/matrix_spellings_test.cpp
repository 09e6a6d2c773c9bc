// ldmatrix and stmatrix in every spelling sm_90 accepts: no state space (a
// generic address, cvta'd from shared), .shared and .shared::cta, each with
// and without .trans, for .x1, .x2 and .x4; run through the front end, loader
// and engine with expectations computed from the PTX ISA's m8n8 fragment
// layout (lane t holds row t / 4, columns 2 (t % 4) and 2 (t % 4) + 1 of each
// matrix; .trans swaps rows and columns). The H100's bits for the .shared
// forms are in the conformance program matrix_movement.

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "../engine_harness.h"
#include "../module_fixture.h"

namespace smsim::func {
namespace {

using testing::ParamBytes;

struct Spelling {
  bool store = false;  // stmatrix, else ldmatrix
  const char* space = "";  // "", ".shared" or ".shared::cta"
  bool trans = false;
  unsigned count = 1;  // .x1, .x2, .x4

  std::string name() const {
    std::string s = std::string(store ? "st" : "ld") + "_x" + std::to_string(count);
    s += space[0] == 0 ? "_generic" : std::string(space) == ".shared" ? "_shared" : "_shared_cta";
    return s + (trans ? "_trans" : "");
  }
  std::string instruction() const {
    return std::string(store ? "stmatrix" : "ldmatrix") + ".sync.aligned.m8n8.x" +
           std::to_string(count) + (trans ? ".trans" : "") + space + ".b16";
  }
};

std::vector<Spelling> all_spellings() {
  std::vector<Spelling> out;
  for (const bool store : {false, true}) {
    for (const char* space : {"", ".shared", ".shared::cta"}) {
      for (const bool trans : {false, true}) {
        for (const unsigned count : {1u, 2u, 4u}) out.push_back({store, space, trans, count});
      }
    }
  }
  return out;
}

std::string regs(unsigned count) {
  std::string s = "{";
  for (unsigned m = 0; m < count; ++m) s += (m ? ", %r" : "%r") + std::to_string(10 + m);
  return s + "}";
}

// Lane L addresses row 31 - L of a 32-row tile of 8 b16 (16 bytes a row).
// ldmatrix: tile entry i holds i; lane L stores its registers at out + 16 L.
// stmatrix: register m of lane L holds the pair (8 L + 2 m, 8 L + 2 m + 1);
// the tile starts zeroed and lane L copies its row L to out + 16 L.
std::string kernel_text(const Spelling& s) {
  std::string t = ".visible .entry " + s.name() + R"((.param .u64 out)
{
  .reg .b32 %r<24>;
  .reg .b64 %rd<8>;
  .reg .pred %p;
  .shared .align 16 .b8 tile[512];
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd2, %r1, 16;
  add.u64 %rd3, %rd1, %rd2;
)";
  if (s.store) {
    t += R"(  shl.b32 %r2, %r1, 4;
  mov.u32 %r3, tile;
  add.u32 %r3, %r3, %r2;
  mov.u32 %r4, 0;
  st.shared.v4.u32 [%r3], {%r4, %r4, %r4, %r4};
  shl.b32 %r7, %r1, 3;
)";
    for (unsigned m = 0; m < s.count; ++m) {
      const std::string reg = "%r" + std::to_string(10 + m);
      t += "  add.u32 %r8, %r7, " + std::to_string(2 * m) +
           ";\n  add.u32 %r9, %r8, 1;\n  shl.b32 %r9, %r9, 16;\n  or.b32 " + reg +
           ", %r8, %r9;\n";
    }
  } else {
    t += R"(  mov.u32 %r2, %r1;
fill:
  shl.b32 %r3, %r2, 1;
  mov.u32 %r4, tile;
  add.u32 %r4, %r4, %r3;
  st.shared.u16 [%r4], %r2;
  add.u32 %r2, %r2, 32;
  setp.lt.u32 %p, %r2, 256;
  @%p bra fill;
)";
  }
  t += R"(  bar.warp.sync -1;
  sub.u32 %r5, 31, %r1;
  shl.b32 %r5, %r5, 4;
  mov.u32 %r6, tile;
  add.u32 %r6, %r6, %r5;
  cvt.u64.u32 %rd4, %r6;
  cvta.shared.u64 %rd5, %rd4;
)";
  const std::string address = s.space[0] == 0 ? "[%rd5]" : "[%r6]";
  if (s.store) {
    t += "  " + s.instruction() + " " + address + ", " + regs(s.count) + ";\n";
    t += R"(  bar.warp.sync -1;
  ld.shared.v4.u32 {%r10, %r11, %r12, %r13}, [%r3];
  st.global.v4.u32 [%rd3], {%r10, %r11, %r12, %r13};
)";
  } else {
    t += "  " + s.instruction() + " " + regs(s.count) + ", " + address + ";\n";
    for (unsigned m = 0; m < s.count; ++m) {
      t += "  st.global.u32 [%rd3+" + std::to_string(4 * m) + "], %r" + std::to_string(10 + m) +
           ";\n";
    }
  }
  return t + "  ret;\n}\n";
}

const std::string& module_text() {
  static const std::string text = [] {
    std::string t = ".version 8.5\n.target sm_90\n.address_size 64\n";
    for (const Spelling& s : all_spellings()) t += kernel_text(s);
    return t;
  }();
  return text;
}

std::uint32_t pair(std::uint32_t lo, std::uint32_t hi) {
  return lo | hi << 16;
}

// The 128 words ldmatrix leaves: lane L's register m at word 4 L + m (words
// past `count` stay as the host wrote them, 0xdeadbeef).
std::vector<std::uint32_t> loaded(const Spelling& s) {
  std::vector<std::uint32_t> want(128, 0xdeadbeefu);
  for (std::uint32_t lane = 0; lane < 32; ++lane) {
    const std::uint32_t row = lane / 4, col = 2 * (lane % 4);
    for (std::uint32_t m = 0; m < s.count; ++m) {
      // Row r of matrix m is the row lane 8 m + r addressed: tile row
      // 31 - 8 m - r, whose entries are (31 - 8 m - r) * 8 + column.
      const auto entry = [&](std::uint32_t r, std::uint32_t c) { return (31 - 8 * m - r) * 8 + c; };
      want[lane * 4 + m] = s.trans ? pair(entry(col, row), entry(col + 1, row))
                                   : pair(entry(row, col), entry(row, col + 1));
    }
  }
  return want;
}

// The tile stmatrix leaves, row k at words 4 k..4 k + 3: row r of matrix m
// lands at row 31 - 8 m - r; rows no matrix reaches stay zero.
std::vector<std::uint32_t> stored(const Spelling& s) {
  std::vector<std::uint32_t> want(128, 0);
  for (std::uint32_t m = 0; m < s.count; ++m) {
    // Fragment element (i, j) of matrix m: lane 4 i + j / 2's register m,
    // half j % 2.
    const auto fragment = [&](std::uint32_t i, std::uint32_t j) {
      return (4 * i + j / 2) * 8 + 2 * m + j % 2;
    };
    for (std::uint32_t r = 0; r < 8; ++r) {
      for (std::uint32_t w = 0; w < 4; ++w) {
        const std::uint32_t c = 2 * w;
        want[(31 - 8 * m - r) * 4 + w] = s.trans ? pair(fragment(c, r), fragment(c + 1, r))
                                                 : pair(fragment(r, c), fragment(r, c + 1));
      }
    }
  }
  return want;
}

class MatrixSpellings : public testing::ModuleTest,
                        public ::testing::WithParamInterface<Spelling> {
 protected:
  MatrixSpellings() : ModuleTest("matrix_spellings", module_text().c_str()) {}
};

TEST_P(MatrixSpellings, MovesTheFragmentsThePtxIsaLayoutNames) {
  const Spelling& s = GetParam();
  const std::uint64_t out = upload(std::vector<std::uint32_t>(128, 0xdeadbeefu));
  const LaunchResult r =
      device_.launch(kernel(s.name().c_str()), LaunchConfig{.grid = {1}, .block = {32}},
                     ParamBytes().add(out).span());
  ASSERT_TRUE(r.ok()) << r.error.message;
  const auto got = download<std::uint32_t>(out, 128);
  const auto want = s.store ? stored(s) : loaded(s);
  for (std::size_t i = 0; i < want.size(); ++i) {
    EXPECT_EQ(got[i], want[i]) << s.instruction() << " word " << i;
  }
}

INSTANTIATE_TEST_SUITE_P(AllSpellings, MatrixSpellings, ::testing::ValuesIn(all_spellings()),
                         [](const ::testing::TestParamInfo<Spelling>& p) {
                           return p.param.name();
                         });

}  // namespace
}  // namespace smsim::func
