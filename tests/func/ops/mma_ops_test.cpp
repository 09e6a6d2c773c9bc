// Dense mma.sync with fp8 inputs (m16n8k32 and m16n8k16, f32 and f16
// accumulators, every pairing of e4m3 and e5m2), run through the front end,
// loader and engine on every dot product the H100 computed for
// tools/probes/mma_fp8_probe.cu (results/h100-2026-11-22/mma_k*.bin.zst): 512
// random cases of 128 outputs per form. The kernel is the probe's: one case
// per block, each lane loading its own A, B and C words and storing D.

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "../engine_harness.h"
#include "../module_fixture.h"
#include "isa/semantics/zstd_table.h"
#include "lane_words.h"

namespace smsim::func {
namespace {

using testing::lane_words;
using testing::ParamBytes;
using testing::reg_list;

constexpr std::size_t kCases = 512;

struct Fp8Form {
  unsigned k;  // 32 or 16
  bool f16;    // f16 accumulator and result, else f32
  const char* a;
  const char* b;

  std::string name() const {
    return "k" + std::to_string(k) + (f16 ? "_f16_" : "_f32_") + a + "_" + b;
  }
  // Words per lane: A, B, and C (D likewise).
  unsigned a_words() const { return k / 8; }
  unsigned b_words() const { return k / 16; }
  unsigned c_words() const { return f16 ? 2 : 4; }
  std::size_t case_words() const { return 32u * (a_words() + b_words() + 2 * c_words()); }
};

std::vector<Fp8Form> all_forms() {
  std::vector<Fp8Form> forms;
  for (const unsigned k : {32u, 16u}) {
    for (const bool f16 : {false, true}) {
      for (const char* a : {"e4m3", "e5m2"}) {
        for (const char* b : {"e4m3", "e5m2"}) forms.push_back({k, f16, a, b});
      }
    }
  }
  return forms;
}

std::string kernel_text(const Fp8Form& f) {
  const char* cd = f.f16 ? "r" : "f";  // C and D registers: f16x2 in .b32, else .f32
  const std::string type = f.f16 ? "f16" : "f32";
  std::string s = ".visible .entry replay_" + f.name() +
                  "(.param .u64 pa, .param .u64 pb, .param .u64 pc, .param .u64 pd)\n{\n"
                  "  .reg .b32 %r<32>;\n  .reg .f32 %f<12>;\n  .reg .b64 %rd<4>;\n"
                  "  mov.u32 %r2, %tid.x;\n  mov.u32 %r3, %ctaid.x;\n"
                  "  mad.lo.u32 %r1, %r3, 32, %r2;\n";
  s += lane_words("ld", "r", 10, f.a_words(), "pa");
  s += lane_words("ld", "r", 20, f.b_words(), "pb");
  s += lane_words("ld", cd, 4 + (f.f16 ? 20 : 0), f.c_words(), "pc");
  s += "  mma.sync.aligned.m16n8k" + std::to_string(f.k) + ".row.col." + type + "." + f.a + "." +
       f.b + "." + type + " " + reg_list(cd, f.f16 ? 28 : 8, f.c_words()) + ", " +
       reg_list("r", 10, f.a_words()) + ", " + reg_list("r", 20, f.b_words()) + ", " +
       reg_list(cd, 4 + (f.f16 ? 20 : 0), f.c_words()) + ";\n";
  s += lane_words("st", cd, f.f16 ? 28 : 8, f.c_words(), "pd");
  return s + "  ret;\n}\n";
}

const std::string& module_text() {
  static const std::string text = testing::replay_module(all_forms(), kernel_text);
  return text;
}

class DenseFp8OnDevice : public testing::ModuleTest, public ::testing::WithParamInterface<Fp8Form> {
 protected:
  DenseFp8OnDevice() : ModuleTest("dense_fp8", module_text().c_str()) {}

  // Replays one recording; returns the number of D words that differ.
  std::size_t replay(const Fp8Form& f) {
    const std::string path = std::string(SMSIM_SOURCE_DIR) +
                             "/tools/probes/results/h100-2026-11-22/mma_" + f.name() + ".bin.zst";
    const std::size_t na = 32u * f.a_words(), nb = 32u * f.b_words(), nc = 32u * f.c_words();
    std::vector<std::uint32_t> words;
    std::string error;
    EXPECT_TRUE(isa::sem::read_zstd_table(path, kCases * f.case_words(), words, error)) << error;
    if (words.empty()) return kCases * nc;
    std::vector<std::uint32_t> in_a, in_b, in_c, want;
    for (std::size_t cs = 0; cs < kCases; ++cs) {
      const auto at = words.begin() + static_cast<std::ptrdiff_t>(cs * f.case_words());
      const auto b = at + static_cast<std::ptrdiff_t>(na), c = b + static_cast<std::ptrdiff_t>(nb);
      const auto d = c + static_cast<std::ptrdiff_t>(nc);
      in_a.insert(in_a.end(), at, b);
      in_b.insert(in_b.end(), b, c);
      in_c.insert(in_c.end(), c, d);
      want.insert(want.end(), d, d + static_cast<std::ptrdiff_t>(nc));
    }
    const std::uint64_t out = device_.allocate(want.size() * 4);
    const LaunchResult r = device_.launch(
        kernel(("replay_" + f.name()).c_str()),
        LaunchConfig{.grid = {static_cast<std::uint32_t>(kCases)}, .block = {32}},
        ParamBytes().add(upload(in_a)).add(upload(in_b)).add(upload(in_c)).add(out).span());
    EXPECT_TRUE(r.ok()) << r.error.message;
    const auto got = download<std::uint32_t>(out, want.size());
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < want.size(); ++i) {
      if (got[i] == want[i]) continue;
      if (++wrong <= 5) {
        ADD_FAILURE() << f.name() << " case " << i / nc << " lane " << i % nc / f.c_words() << " d"
                      << i % f.c_words() << ": H100 0x" << std::hex << want[i] << ", smsim 0x"
                      << got[i];
      }
    }
    return wrong;
  }
};

TEST_P(DenseFp8OnDevice, MatchesAll65536Results) {
  EXPECT_EQ(replay(GetParam()), 0u);
}

INSTANTIATE_TEST_SUITE_P(AllForms, DenseFp8OnDevice, ::testing::ValuesIn(all_forms()),
                         [](const ::testing::TestParamInfo<Fp8Form>& p) { return p.param.name(); });

}  // namespace
}  // namespace smsim::func
