// Integer mma.sync (s8/u8, s4/u4 with and without .satfinite; b1 with
// .xor.popc and .and.popc) and the s4/u4 mma.sp and mma.sp::ordered_metadata
// forms, run through the front end, loader and engine on every result the
// H100 computed for tools/probes/mma_int_probe.cu
// (results/h100-2026-11-22/mma_int/NAME.bin.zst): 32 random cases per form,
// a quarter of them with extreme inputs and an accumulator near the s32
// limits. The kernel is the probe's: one case per block, each lane loading
// its own A, B, C (and metadata) words and storing D. The s8/u8 mma.sp and
// mma.sp::ordered_metadata forms, which the probe did not record, are checked
// by the uniform-input oracle alone.

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

constexpr std::size_t kCases = 32;

struct IntForm {
  std::string name;         // the probe's
  std::string instruction;  // the PTX mnemonic with its modifiers and types
  unsigned na, nb, nc;      // words per lane of A, B and C/D
  bool sparse = false;      // a metadata word per lane follows C
  unsigned selector = 0;
  unsigned k = 0;           // K (mma.sp: the packed products per entry are K/2)
  const char* a_type = "";  // s8, u8, s4, u4 or b1
  const char* b_type = "";
  bool satfinite = false;
  bool xor_popc = false;

  std::size_t case_words() const { return 32u * (na + nb + 2 * nc + (sparse ? 1 : 0)); }
};

struct Shape {
  const char* name;
  unsigned na, nb, nc, k;
};

std::vector<IntForm> all_forms() {
  std::vector<IntForm> forms;
  const auto pairs = [&](const Shape& s, const char* sg, const char* un) {
    for (const char* a : {sg, un}) {
      for (const char* b : {sg, un}) {
        for (const bool sat : {false, true}) {
          const std::string types = std::string(".s32.") + a + "." + b + ".s32";
          forms.push_back({std::string(s.name) + "_" + a + "_" + b + (sat ? "_sat" : ""),
                           std::string("mma.sync.aligned.") + s.name + ".row.col" +
                               (sat ? ".satfinite" : "") + types,
                           s.na, s.nb, s.nc, false, 0, s.k, a, b, sat});
        }
      }
    }
  };
  for (const Shape& s : {Shape{"m8n8k16", 1, 1, 2, 16}, Shape{"m16n8k16", 2, 1, 4, 16},
                         Shape{"m16n8k32", 4, 2, 4, 32}}) {
    pairs(s, "s8", "u8");
  }
  for (const Shape& s : {Shape{"m8n8k32", 1, 1, 2, 32}, Shape{"m16n8k32", 2, 1, 4, 32},
                         Shape{"m16n8k64", 4, 2, 4, 64}}) {
    pairs(s, "s4", "u4");
  }
  for (const Shape& s : {Shape{"m8n8k128", 1, 1, 2, 128}, Shape{"m16n8k128", 2, 1, 4, 128},
                         Shape{"m16n8k256", 4, 2, 4, 256}}) {
    for (const char* op : {"xor", "and"}) {
      forms.push_back(
          {std::string(s.name) + "_b1_" + op,
           std::string("mma.sync.aligned.") + s.name + ".row.col.s32.b1.b1.s32." + op + ".popc",
           s.na, s.nb, s.nc, false, 0, s.k, "b1", "b1", false, op == std::string("xor")});
    }
  }
  // The probe's mma.sp forms: m16n8k64 with selector 0, or 1 with
  // .satfinite; m16n8k128 (selector 0 only).
  for (const char* tag : {"sp", "spo"}) {
    const std::string mnemonic = tag == std::string("sp") ? "mma.sp" : "mma.sp::ordered_metadata";
    for (const Shape& s : {Shape{"m16n8k64", 2, 2, 4, 64}, Shape{"m16n8k128", 4, 4, 4, 128}}) {
      for (const char* a : {"s4", "u4"}) {
        for (const char* b : {"s4", "u4"}) {
          for (const bool sat : {false, true}) {
            forms.push_back(
                {std::string(tag) + "_" + s.name + "_" + a + "_" + b + (sat ? "_sat" : ""),
                 mnemonic + ".sync.aligned." + s.name + ".row.col" + (sat ? ".satfinite" : "") +
                     ".s32." + a + "." + b + ".s32",
                 s.na, s.nb, s.nc, true, sat && s.name == std::string("m16n8k64") ? 1u : 0u, s.k, a,
                 b, sat});
          }
        }
      }
    }
  }
  return forms;
}

// The s8/u8 mma.sp and mma.sp::ordered_metadata forms, which the probe did
// not record: checked by the uniform-input oracle alone (selector 0).
std::vector<IntForm> unrecorded_forms() {
  std::vector<IntForm> forms;
  for (const char* tag : {"sp", "spo"}) {
    const std::string mnemonic = tag == std::string("sp") ? "mma.sp" : "mma.sp::ordered_metadata";
    for (const Shape& s : {Shape{"m16n8k32", 2, 2, 4, 32}, Shape{"m16n8k64", 4, 4, 4, 64}}) {
      for (const char* a : {"s8", "u8"}) {
        for (const char* b : {"s8", "u8"}) {
          for (const bool sat : {false, true}) {
            forms.push_back({std::string(tag) + "_" + s.name + "_" + a + "_" + b + (sat ? "_sat" : ""),
                      mnemonic + ".sync.aligned." + s.name + ".row.col" +
                          (sat ? ".satfinite" : "") + ".s32." + a + "." + b + ".s32",
                      s.na, s.nb, s.nc, true, 0, s.k, a, b, sat});
          }
        }
      }
    }
  }
  return forms;
}

std::string kernel_text(const IntForm& f) {
  std::string s = ".visible .entry replay_" + f.name +
                  "(.param .u64 pa, .param .u64 pb, .param .u64 pc, .param .u64 pe, "
                  ".param .u64 pd)\n{\n  .reg .b32 %r<64>;\n  .reg .b64 %rd<4>;\n"
                  "  mov.u32 %r2, %tid.x;\n  mov.u32 %r3, %ctaid.x;\n"
                  "  mad.lo.u32 %r1, %r3, 32, %r2;\n";
  s += lane_words("ld", "r", 10, f.na, "pa");
  s += lane_words("ld", "r", 20, f.nb, "pb");
  s += lane_words("ld", "r", 30, f.nc, "pc");
  if (f.sparse) s += lane_words("ld", "r", 40, 1, "pe");
  s += "  " + f.instruction + " " + reg_list("r", 50, f.nc) + ", " + reg_list("r", 10, f.na) +
       ", " + reg_list("r", 20, f.nb) + ", " + reg_list("r", 30, f.nc);
  if (f.sparse) s += ", %r40, " + std::to_string(f.selector);
  s += ";\n" + lane_words("st", "r", 50, f.nc, "pd");
  return s + "  ret;\n}\n";
}

const std::string& module_text() {
  static const std::string text = [] {
    std::vector<IntForm> forms = all_forms();
    for (const IntForm& f : unrecorded_forms()) forms.push_back(f);
    return testing::replay_module(forms, kernel_text);
  }();
  return text;
}

class IntegerMmaOnDevice : public testing::ModuleTest,
                           public ::testing::WithParamInterface<IntForm> {
 protected:
  IntegerMmaOnDevice() : ModuleTest("mma_int", module_text().c_str()) {}

  // Runs `cases` blocks of form f's kernel on A, B, C and metadata words
  // laid out as in the recordings; returns D.
  std::vector<std::uint32_t> run(const IntForm& f, std::vector<std::uint32_t> (&in)[4],
                                 std::size_t cases) {
    if (!f.sparse) in[3].assign(32 * cases, 0);  // the kernel does not read it
    const std::size_t d_words = 32u * f.nc * cases;
    const std::uint64_t out = device_.allocate(d_words * 4);
    const LaunchResult r =
        device_.launch(kernel(("replay_" + f.name).c_str()),
                       LaunchConfig{.grid = {static_cast<std::uint32_t>(cases)}, .block = {32}},
                       ParamBytes()
                           .add(upload(in[0]))
                           .add(upload(in[1]))
                           .add(upload(in[2]))
                           .add(upload(in[3]))
                           .add(out)
                           .span());
    EXPECT_TRUE(r.ok()) << r.error.message;
    return download<std::uint32_t>(out, d_words);
  }

  // Replays one recording; returns the number of D words that differ.
  std::size_t replay(const IntForm& f) {
    const std::string path = std::string(SMSIM_SOURCE_DIR) +
                             "/tools/probes/results/h100-2026-11-22/mma_int/" + f.name + ".bin.zst";
    const std::size_t na = 32u * f.na, nb = 32u * f.nb, nc = 32u * f.nc;
    const std::size_t ne = f.sparse ? 32 : 0;
    std::vector<std::uint32_t> words;
    std::string error;
    EXPECT_TRUE(isa::sem::read_zstd_table(path, kCases * f.case_words(), words, error)) << error;
    if (words.empty()) return kCases * nc;
    std::vector<std::uint32_t> in[4], want;  // A, B, C, metadata
    for (std::size_t cs = 0; cs < kCases; ++cs) {
      auto at = words.begin() + static_cast<std::ptrdiff_t>(cs * f.case_words());
      for (int part = 0; part < 4; ++part) {
        const std::size_t count = part == 0 ? na : part == 1 ? nb : part == 2 ? nc : ne;
        in[part].insert(in[part].end(), at, at + static_cast<std::ptrdiff_t>(count));
        at += static_cast<std::ptrdiff_t>(count);
      }
      want.insert(want.end(), at, at + static_cast<std::ptrdiff_t>(nc));
    }
    const auto got = run(f, in, kCases);
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < want.size(); ++i) {
      if (got[i] == want[i]) continue;
      if (++wrong <= 5) {
        ADD_FAILURE() << f.name << " case " << i / nc << " lane " << i % nc / f.nc << " d"
                      << i % f.nc << ": H100 0x" << std::hex << want[i] << ", smsim 0x" << got[i];
      }
    }
    return wrong;
  }

  // An oracle independent of the recordings: every element of A is one value
  // and every element of B another, so every entry of D is C plus K (mma.sp:
  // K/2) times one product. s8/s4 take their most negative value, u8/u4 their
  // largest, and C lies 256 inside the s32 limit the sum runs past, so
  // .satfinite clamps and the others wrap. b1: A all ones, B the low 8 bits of
  // each 32 (a quarter of K ANDs to 1, three quarters XOR to 1), C 64 below
  // 2^32, so that counts past 64 wrap.
  void check_uniform_inputs(const IntForm& f) {
    const auto element = [](const std::string& t) -> std::int64_t {
      if (t == "s8") return -128;
      if (t == "u8") return 255;
      if (t == "s4") return -8;
      return 15;  // u4
    };
    const auto repeat = [](const std::string& t) -> std::uint32_t {
      if (t == "s8") return 0x80808080u;
      if (t == "s4") return 0x88888888u;
      return 0xffffffffu;  // u8, u4
    };
    const bool bits = f.a_type == std::string("b1");
    const std::int64_t products = f.sparse ? f.k / 2 : f.k;
    std::int64_t sum = 0;
    std::uint32_t c = 0;
    std::vector<std::uint32_t> in[4];
    if (bits) {
      c = 0xffffffc0u;
      sum = f.xor_popc ? 3 * products / 4 : products / 4;
      in[0].assign(32u * f.na, 0xffffffffu);
      in[1].assign(32u * f.nb, 0x000000ffu);
    } else {
      const std::int64_t product = element(f.a_type) * element(f.b_type);
      sum = products * product;
      c = product > 0 ? 0x7fffff00u : 0x80000100u;
      in[0].assign(32u * f.na, repeat(f.a_type));
      in[1].assign(32u * f.nb, repeat(f.b_type));
    }
    in[2].assign(32u * f.nc, c);
    in[3].assign(32, 0x44444444u);  // every chunk keeps its first two (elements or pairs)
    const std::int64_t exact =
        (bits ? static_cast<std::int64_t>(c) : static_cast<std::int32_t>(c)) + sum;
    ASSERT_TRUE(bits || exact > INT32_MAX || exact < INT32_MIN) << "the sum must leave the s32 range";
    std::uint32_t want = static_cast<std::uint32_t>(exact);  // wrapped
    if (f.satfinite) want = exact > INT32_MAX ? 0x7fffffffu : 0x80000000u;
    const auto got = run(f, in, 1);
    for (std::size_t i = 0; i < got.size(); ++i) {
      ASSERT_EQ(got[i], want) << f.name << " word " << i << " (exact sum " << exact << ")";
    }
  }
};

// The forms without recordings, checked by the hand oracle alone.
class UnrecordedIntegerMma : public IntegerMmaOnDevice {};

TEST_P(IntegerMmaOnDevice, MatchesEveryRecordedResult) {
  EXPECT_EQ(replay(GetParam()), 0u);
}

TEST_P(IntegerMmaOnDevice, UniformInputsGiveTheHandComputedSums) {
  check_uniform_inputs(GetParam());
}

TEST_P(UnrecordedIntegerMma, UniformInputsGiveTheHandComputedSums) {
  check_uniform_inputs(GetParam());
}

INSTANTIATE_TEST_SUITE_P(AllForms, IntegerMmaOnDevice, ::testing::ValuesIn(all_forms()),
                         [](const ::testing::TestParamInfo<IntForm>& p) { return p.param.name; });
INSTANTIATE_TEST_SUITE_P(SparseS8U8, UnrecordedIntegerMma,
                         ::testing::ValuesIn(unrecorded_forms()),
                         [](const ::testing::TestParamInfo<IntForm>& p) { return p.param.name; });

}  // namespace
}  // namespace smsim::func
