// The f16 m8n8k4 and f64 m16n8k4/k8/k16 mma.sync forms, run through the
// front end, loader and engine on every result the H100 computed for
// tools/probes/mma_f64_f16_probe.cu (results/h100-2026-11-22/mma_k4_*.bin.zst
// and mma_f64_*.bin.zst): f16 m8n8k4 in every .alayout.blayout with f16/f16,
// f32/f16 and f32/f32 D/C (ptxas's emulation with scalar f32 arithmetic), and
// f64 (one DMMA each), each f64 shape also spelled with .rn. 512 random cases
// per form (256 for f32/f16); the kernel is the probe's: one case per block,
// each lane loading its own A, B and C words and storing D, so the fragment
// layouts are checked together with the arithmetic.

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "lane_words.h"
#include "mma_replay.h"

namespace smsim::func {
namespace {

// One fragment's registers: PTX register prefix and type, count per lane.
struct Regs {
  const char* prefix;
  const char* type;  // b32, f32 or f64
  unsigned count;
  unsigned words() const { return type[1] == '6' ? 2 * count : count; }
};

struct Form {
  std::string name;         // kernel and recording name
  std::string instruction;  // mma.sync... without operands
  std::string recording;    // mma_<recording>.bin.zst
  Regs a, b, c, d;
  std::size_t cases = 512;  // recorded
};

std::vector<Form> all_forms() {
  std::vector<Form> forms;
  const Regs f16x2{"ra", "b32", 2}, f16x2_b{"rb", "b32", 2};
  for (const char* al : {"row", "col"}) {
    for (const char* bl : {"row", "col"}) {
      const std::string layout = std::string(al) + "_" + bl;
      const std::string head = std::string("mma.sync.aligned.m8n8k4.") + al + "." + bl;
      forms.push_back({"k4_" + layout + "_f16_f16",
                       head + ".f16.f16.f16.f16",
                       "k4_" + layout + "_f16_f16",
                       f16x2,
                       f16x2_b,
                       {"rc", "b32", 4},
                       {"rq", "b32", 4}});
      // 256 cases: the recorded run's kernel read C and wrote D with one
      // stride; tools/probes/mma_f64_f16_relayout.py kept the cases it did
      // not overrun.
      forms.push_back({"k4_" + layout + "_f32_f16",
                       head + ".f32.f16.f16.f16",
                       "k4_" + layout + "_f32_f16",
                       f16x2,
                       f16x2_b,
                       {"rc", "b32", 4},
                       {"fd", "f32", 8},
                       256});
      forms.push_back({"k4_" + layout + "_f32_f32",
                       head + ".f32.f16.f16.f32",
                       "k4_" + layout + "_f32_f32",
                       f16x2,
                       f16x2_b,
                       {"fc", "f32", 8},
                       {"fd", "f32", 8}});
    }
  }
  for (const unsigned k : {4u, 8u, 16u}) {
    for (const char* rn : {"", ".rn"}) {
      const std::string shape = "m16n8k" + std::to_string(k);
      forms.push_back({"f64_k" + std::to_string(k) + (*rn ? "_rn" : ""),
                       "mma.sync.aligned." + shape + ".row.col" + rn + ".f64.f64.f64.f64",
                       "f64_k" + std::to_string(k),
                       {"da", "f64", k / 2},
                       {"db", "f64", k / 4},
                       {"dc", "f64", 4},
                       {"dd", "f64", 4}});
    }
  }
  return forms;
}

std::string reg_list(const Regs& r) {
  std::string s = "{";
  for (unsigned i = 0; i < r.count; ++i) {
    s += (i ? ", %" : "%") + std::string(r.prefix) + std::to_string(i);
  }
  return s + "}";
}

// Lane %i1's registers of `r`, loaded (op "ld") from or stored (op "st") to
// the buffer `param` points to.
std::string lane_words(const char* op, const Regs& r, const std::string& param) {
  const unsigned bytes = r.type[1] == '6' ? 8 : 4;
  std::string s = "  ld.param.u64 %rd1, [" + param + "];\n  mul.wide.u32 %rd2, %i1, " +
                  std::to_string(bytes * r.count) + ";\n  add.u64 %rd3, %rd1, %rd2;\n";
  for (unsigned i = 0; i < r.count; ++i) {
    const std::string reg = "%" + std::string(r.prefix) + std::to_string(i);
    const std::string addr = "[%rd3+" + std::to_string(bytes * i) + "]";
    s += std::string("  ") + op + ".global." + r.type + " " +
         (op[0] == 'l' ? reg + ", " + addr : addr + ", " + reg) + ";\n";
  }
  return s;
}

std::string kernel_text(const Form& f) {
  std::string s = ".visible .entry replay_" + f.name +
                  "(.param .u64 pa, .param .u64 pb, .param .u64 pc, .param .u64 pd)\n{\n"
                  "  .reg .b32 %i<4>;\n  .reg .b64 %rd<4>;\n";
  for (const Regs* r : {&f.a, &f.b, &f.c, &f.d}) {
    s += "  .reg ." + std::string(r->type) + " %" + r->prefix + "<" + std::to_string(r->count) +
         ">;\n";
  }
  s += "  mov.u32 %i2, %tid.x;\n  mov.u32 %i3, %ctaid.x;\n  mad.lo.u32 %i1, %i3, 32, %i2;\n";
  s += lane_words("ld", f.a, "pa") + lane_words("ld", f.b, "pb") + lane_words("ld", f.c, "pc");
  s += "  " + f.instruction + " " + reg_list(f.d) + ", " + reg_list(f.a) + ", " + reg_list(f.b) +
       ", " + reg_list(f.c) + ";\n";
  s += lane_words("st", f.d, "pd");
  return s + "  ret;\n}\n";
}

const std::string& module_text() {
  static const std::string text = testing::replay_module(all_forms(), kernel_text);
  return text;
}

class MmaF64F16OnDevice : public testing::MmaReplayTest,
                          public ::testing::WithParamInterface<Form> {
 protected:
  MmaF64F16OnDevice() : MmaReplayTest("mma_f64_f16", module_text().c_str()) {}
};

TEST_P(MmaF64F16OnDevice, MatchesEveryRecordedResult) {
  const Form& f = GetParam();
  const testing::LaneWords w{f.a.words(), f.b.words(), f.c.words(), f.d.words()};
  EXPECT_EQ(
      replay("replay_" + f.name,
             "tools/probes/results/h100-2026-11-22/mma_" + f.recording + ".bin.zst", f.cases, w),
      0u);
}

INSTANTIATE_TEST_SUITE_P(AllForms, MmaF64F16OnDevice, ::testing::ValuesIn(all_forms()),
                         [](const ::testing::TestParamInfo<Form>& p) { return p.param.name; });

// Spellings ptxas (nvcc 13, sm_90) refuses: a mixed f16/f32 D and C on the
// m16n8k8/k16 shapes (only m8n8k4 takes one) and any layout but .row.col on
// them. The load refuses them too, naming the instruction.
constexpr const char* kRefusedModule = R"(.version 9.0
.target sm_90
.address_size 64
.visible .entry mixed_k16()
{
  .reg .b32 %r<16>;
  .reg .f32 %f<8>;
  mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f16 {%f0, %f1, %f2, %f3}, {%r0, %r1, %r2, %r3},
      {%r4, %r5}, {%r6, %r7};
  ret;
}
.visible .entry mixed_k8()
{
  .reg .b32 %r<16>;
  .reg .f32 %f<8>;
  mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f32 {%r0, %r1}, {%r2, %r3}, {%r4},
      {%f0, %f1, %f2, %f3};
  ret;
}
.visible .entry col_row_k16()
{
  .reg .b32 %r<16>;
  .reg .f32 %f<8>;
  mma.sync.aligned.m16n8k16.col.row.f32.f16.f16.f32 {%f0, %f1, %f2, %f3}, {%r0, %r1, %r2, %r3},
      {%r4, %r5}, {%f4, %f5, %f6, %f7};
  ret;
}
)";

class MmaRefused : public testing::ModuleTest {
 protected:
  MmaRefused() : ModuleTest("mma_refused", kRefusedModule) {}
};

TEST_F(MmaRefused, MixedAccumulatorsAndOtherLayoutsOfM16n8AreLoadTimeErrors) {
  for (const char* name : {"mixed_k16", "mixed_k8", "col_row_k16"}) {
    const ModuleKernel& k = kernel(name);
    ASSERT_FALSE(k.errors.empty()) << name;
    EXPECT_NE(k.errors[0].find("with these types and operands is not implemented"),
              std::string::npos)
        << name << ": " << k.errors[0];
  }
}

}  // namespace
}  // namespace smsim::func
