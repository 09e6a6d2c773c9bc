// mma.sp m16n8k64 with fp8 inputs, run through the front end, loader and
// engine on every dot product the H100 computed for
// tools/probes/mma_sp_fp8_probe.cu (results/h100-2026-11-22/mma_sp_*.bin.zst):
// 1,024 random cases of 128 outputs per pairing of e4m3 and e5m2. The kernel
// is the probe's: one case per block, each lane loading its own A, B, C and
// metadata words and storing D. Every case's metadata is one of the probe's
// nibbles 0x4, 0x8, 0xc, 0x9, 0xd, 0xe, whose two indices increase, so it is
// valid ordered metadata too: the recordings replay through the
// mma.sp::ordered_metadata spelling as well, which must give the same bits.

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "../engine_harness.h"
#include "../module_fixture.h"
#include "isa/semantics/zstd_table.h"

namespace smsim::func {
namespace {

using testing::ParamBytes;

// Words per recorded case: A, B, C (4 per lane), the metadata (1 per lane), D.
constexpr std::size_t kCases = 1024, kA = 128, kB = 128, kC = 128, kE = 32, kD = 128;
constexpr std::size_t kCaseWords = kA + kB + kC + kE + kD;

// mnemonic: "mma.sp" or "mma.sp::ordered_metadata"; the kernel is named
// replay_<tag>_<a>_<b>.
std::string kernel_text(const std::string& tag, const std::string& mnemonic, const std::string& a,
                        const std::string& b) {
  return ".visible .entry replay_" + tag + "_" + a + "_" + b + R"((.param .u64 pa, .param .u64 pb,
    .param .u64 pc, .param .u64 pe, .param .u64 pd)
{
  .reg .b32 %r<16>;
  .reg .f32 %f<12>;
  .reg .b64 %rd<16>;
  ld.param.u64 %rd1, [pa];
  ld.param.u64 %rd2, [pb];
  ld.param.u64 %rd3, [pc];
  ld.param.u64 %rd4, [pe];
  ld.param.u64 %rd5, [pd];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %ctaid.x;
  mad.lo.u32 %r3, %r2, 32, %r1;
  mul.wide.u32 %rd6, %r3, 16;
  add.u64 %rd7, %rd1, %rd6;
  ld.global.v4.u32 {%r4, %r5, %r6, %r7}, [%rd7];
  add.u64 %rd8, %rd2, %rd6;
  ld.global.v4.u32 {%r8, %r9, %r10, %r11}, [%rd8];
  add.u64 %rd9, %rd3, %rd6;
  ld.global.v4.f32 {%f1, %f2, %f3, %f4}, [%rd9];
  mul.wide.u32 %rd10, %r3, 4;
  add.u64 %rd11, %rd4, %rd10;
  ld.global.u32 %r12, [%rd11];
  )" + mnemonic + R"(.sync.aligned.m16n8k64.row.col.f32.)" + a + "." + b + R"(.f32 {%f5, %f6, %f7, %f8}, {%r4, %r5, %r6, %r7},
      {%r8, %r9, %r10, %r11}, {%f1, %f2, %f3, %f4}, %r12, 0;
  add.u64 %rd12, %rd5, %rd6;
  st.global.v4.f32 [%rd12], {%f5, %f6, %f7, %f8};
  ret;
}
)";
}

const std::string& module_text() {
  static const std::string text = [] {
    std::string t = ".version 8.5\n.target sm_90\n.address_size 64\n";
    for (const char* a : {"e4m3", "e5m2"}) {
      for (const char* b : {"e4m3", "e5m2"}) {
        t += kernel_text("sp", "mma.sp", a, b) +
             kernel_text("spo", "mma.sp::ordered_metadata", a, b);
      }
    }
    return t;
  }();
  return text;
}

class SparseFp8OnDevice : public testing::ModuleTest {
 protected:
  SparseFp8OnDevice() : ModuleTest("sparse_fp8", module_text().c_str()) {}

  // Replays one recording through the kernel of spelling `tag` (sp or
  // spo); returns the number of D words that differ.
  std::size_t replay(const std::string& a, const std::string& b, const std::string& tag = "sp") {
    const std::string path = std::string(SMSIM_SOURCE_DIR) +
                             "/tools/probes/results/h100-2026-11-22/mma_sp_" + a + "_" + b +
                             ".bin.zst";
    std::vector<std::uint32_t> words;
    std::string error;
    EXPECT_TRUE(isa::sem::read_zstd_table(path, kCases * kCaseWords, words, error)) << error;
    if (words.empty()) return kCases * kD;
    std::vector<std::uint32_t> in_a, in_b, in_c, in_e, want;
    for (std::size_t cs = 0; cs < kCases; ++cs) {
      const auto at = words.begin() + static_cast<std::ptrdiff_t>(cs * kCaseWords);
      in_a.insert(in_a.end(), at, at + kA);
      in_b.insert(in_b.end(), at + kA, at + kA + kB);
      in_c.insert(in_c.end(), at + kA + kB, at + kA + kB + kC);
      in_e.insert(in_e.end(), at + kA + kB + kC, at + kA + kB + kC + kE);
      want.insert(want.end(), at + kA + kB + kC + kE, at + kCaseWords);
    }
    const std::uint64_t d = device_.allocate(want.size() * 4);
    const LaunchResult r = device_.launch(
        kernel(("replay_" + tag + "_" + a + "_" + b).c_str()),
        LaunchConfig{.grid = {static_cast<std::uint32_t>(kCases)}, .block = {32}},
        ParamBytes().add(upload(in_a)).add(upload(in_b)).add(upload(in_c)).add(upload(in_e))
            .add(d).span());
    EXPECT_TRUE(r.ok()) << r.error.message;
    const auto got = download<std::uint32_t>(d, want.size());
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < want.size(); ++i) {
      if (got[i] == want[i]) continue;
      if (++wrong <= 5) {
        ADD_FAILURE() << tag << " " << a << " x " << b << " case " << i / kD << " lane " << i % kD / 4
                      << " d" << i % 4 << ": H100 0x" << std::hex << want[i] << ", smsim 0x"
                      << got[i];
      }
    }
    return wrong;
  }
};

TEST_F(SparseFp8OnDevice, E4m3TimesE4m3MatchesAll131072Results) {
  EXPECT_EQ(replay("e4m3", "e4m3"), 0u);
}
TEST_F(SparseFp8OnDevice, E4m3TimesE5m2MatchesAll131072Results) {
  EXPECT_EQ(replay("e4m3", "e5m2"), 0u);
}
TEST_F(SparseFp8OnDevice, E5m2TimesE4m3MatchesAll131072Results) {
  EXPECT_EQ(replay("e5m2", "e4m3"), 0u);
}
TEST_F(SparseFp8OnDevice, E5m2TimesE5m2MatchesAll131072Results) {
  EXPECT_EQ(replay("e5m2", "e5m2"), 0u);
}
TEST_F(SparseFp8OnDevice, OrderedMetadataE4m3TimesE4m3MatchesAll131072Results) {
  EXPECT_EQ(replay("e4m3", "e4m3", "spo"), 0u);
}
TEST_F(SparseFp8OnDevice, OrderedMetadataE4m3TimesE5m2MatchesAll131072Results) {
  EXPECT_EQ(replay("e4m3", "e5m2", "spo"), 0u);
}
TEST_F(SparseFp8OnDevice, OrderedMetadataE5m2TimesE4m3MatchesAll131072Results) {
  EXPECT_EQ(replay("e5m2", "e4m3", "spo"), 0u);
}
TEST_F(SparseFp8OnDevice, OrderedMetadataE5m2TimesE5m2MatchesAll131072Results) {
  EXPECT_EQ(replay("e5m2", "e5m2", "spo"), 0u);
}

}  // namespace
}  // namespace smsim::func
