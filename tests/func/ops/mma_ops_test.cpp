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

#include "lane_words.h"
#include "mma_replay.h"

namespace smsim::func {
namespace {

using testing::lane_words;
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

class DenseFp8OnDevice : public testing::MmaReplayTest,
                         public ::testing::WithParamInterface<Fp8Form> {
 protected:
  DenseFp8OnDevice() : MmaReplayTest("dense_fp8", module_text().c_str()) {}
};

TEST_P(DenseFp8OnDevice, MatchesAll65536Results) {
  const Fp8Form& f = GetParam();
  EXPECT_EQ(replay("replay_" + f.name(),
                   "tools/probes/results/h100-2026-11-22/mma_" + f.name() + ".bin.zst", kCases,
                   {f.a_words(), f.b_words(), f.c_words(), f.c_words()}),
            0u);
}

INSTANTIATE_TEST_SUITE_P(AllForms, DenseFp8OnDevice, ::testing::ValuesIn(all_forms()),
                         [](const ::testing::TestParamInfo<Fp8Form>& p) { return p.param.name(); });

}  // namespace
}  // namespace smsim::func
