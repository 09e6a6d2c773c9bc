// wgmma.mma_async.sp (sm_90a) run through the front end, loader and engine
// on every result the H100 computed for tools/probes/wgmma_sp_probe.cu
// (results/h100-2026-11-22-wgsp/wgmma_sp.bin.zst). The kernels and every
// case's inputs come from tools/probes/wgmma_sp_cases.h, as the probe made
// them: each form's cases are one launch of one block per case, and every
// D word of every thread must be the H100's. Also the load-time errors: a
// module whose target is not sm_90a, a GPU other than sm_90, and the forms
// ptxas refuses.

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "../engine_harness.h"
#include "../module_fixture.h"
#include "func/device.h"
#include "isa/semantics/zstd_table.h"
#include "ptx/frontend.h"
#include "wgmma_sp_cases.h"

namespace smsim::func {
namespace {

using testing::ParamBytes;
namespace wgsp = probe::wgsp;

std::size_t recorded_words() {
  std::size_t words = 0;
  for (const wgsp::Form& f : wgsp::forms()) words += std::size_t{f.cases} * 128 * wgsp::d_regs(f);
  return words;
}

const std::vector<std::uint32_t>& recording() {
  static const std::vector<std::uint32_t> words = [] {
    std::vector<std::uint32_t> w;
    std::string error;
    const std::string path = std::string(SMSIM_SOURCE_DIR) +
                             "/tools/probes/results/h100-2026-11-22-wgsp/wgmma_sp.bin.zst";
    EXPECT_TRUE(isa::sem::read_zstd_table(path, recorded_words(), w, error)) << error;
    return w;
  }();
  return words;
}

const std::string& module_text() {
  static const std::string text = wgsp::module_ptx();
  return text;
}

class WgmmaSpOnDevice : public testing::ModuleTest, public ::testing::WithParamInterface<unsigned> {
 protected:
  WgmmaSpOnDevice() : ModuleTest("wgmma_sp", module_text().c_str()) {}

  // Runs form `fi`'s cases and returns how many D words differ from the
  // H100's (the first few are reported with their row and column).
  std::size_t replay(unsigned fi) {
    const wgsp::Form& f = wgsp::forms()[fi];
    std::size_t offset = 0;
    for (unsigned i = 0; i < fi; ++i) {
      const wgsp::Form& g = wgsp::forms()[i];
      offset += std::size_t{g.cases} * 128 * wgsp::d_regs(g);
    }
    const unsigned dr = wgsp::d_regs(f);
    const std::size_t count = std::size_t{f.cases} * 128 * dr;
    const auto& words = recording();
    if (words.size() < offset + count) return count;
    std::vector<std::uint32_t> img, ctl, a, c, meta;
    for (unsigned cs = 0; cs < f.cases; ++cs) {
      const wgsp::Case k = wgsp::make_case(f, fi, cs);
      img.insert(img.end(), k.image.begin(), k.image.end());
      ctl.insert(ctl.end(), k.ctl, k.ctl + wgsp::kCtlWords);
      a.insert(a.end(), k.a.begin(), k.a.end());
      c.insert(c.end(), k.c.begin(), k.c.end());
      meta.insert(meta.end(), k.meta.begin(), k.meta.end());
    }
    const std::uint64_t d = device_.allocate(count * 4);
    const LaunchResult r = device_.launch(kernel(("wgsp_" + std::string(f.name)).c_str()),
                                          LaunchConfig{.grid = {f.cases}, .block = {128}},
                                          ParamBytes()
                                              .add(upload(img))
                                              .add(upload(ctl))
                                              .add(upload(a))
                                              .add(upload(c))
                                              .add(upload(meta))
                                              .add(d)
                                              .span());
    EXPECT_TRUE(r.ok()) << r.error.message;
    const auto got = download<std::uint32_t>(d, count);
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < count; ++i) {
      const std::uint32_t want = words[offset + i];
      if (got[i] == want) continue;
      if (++wrong <= 4) {
        const std::size_t thread = i / dr % 128;
        ADD_FAILURE() << f.name << " case " << i / dr / 128 << " thread " << thread << " d"
                      << i % dr << ": H100 0x" << std::hex << want << ", smsim 0x" << got[i];
      }
    }
    return wrong;
  }
};

TEST_P(WgmmaSpOnDevice, MatchesEveryRecordedResult) {
  const wgsp::Form& f = wgsp::forms()[GetParam()];
  EXPECT_EQ(replay(GetParam()), 0u) << f.name << ": " << wgsp::instruction(f);
}

INSTANTIATE_TEST_SUITE_P(Forms, WgmmaSpOnDevice,
                         ::testing::Range(0u, static_cast<unsigned>(wgsp::forms().size())),
                         [](const ::testing::TestParamInfo<unsigned>& info) {
                           return std::string(wgsp::forms()[info.param].name);
                         });

// The first form's kernel alone, with `instruction` in place of its wgmma.
std::string one_kernel(const std::string& instruction = "") {
  std::string k = wgsp::kernel_ptx(wgsp::forms()[0]);
  if (!instruction.empty()) {
    const std::string old = wgsp::instruction(wgsp::forms()[0]);
    k.replace(k.find(old), old.size(), instruction);
  }
  return ".version 8.7\n.target sm_90a\n.address_size 64\n" + k;
}

std::string load_errors(const std::string& text, Device& device) {
  ptx::Diagnostics diags("wgmma_sp", text);
  const ptx::Module m = ptx::parse_and_check(text, diags);
  EXPECT_FALSE(diags.has_errors()) << diags.format();
  const LoadedModule loaded = device.load(m);
  const ModuleKernel* k = loaded.find_kernel("wgsp_f32_f16");
  EXPECT_NE(k, nullptr);
  std::string all;
  if (k != nullptr) {
    for (const std::string& e : k->errors) all += e + "\n";
  }
  return all;
}

TEST(WgmmaSpLoad, NeedsTheArchSpecificTarget) {
  std::string text = one_kernel();
  text.replace(text.find("sm_90a"), 6, "sm_90");
  ptx::Diagnostics diags("wgmma_sp", text);
  (void)ptx::parse_and_check(text, diags);
  ASSERT_TRUE(diags.has_errors());
  EXPECT_NE(diags.format().find("requires the arch-specific target sm_90a"), std::string::npos)
      << diags.format();
}

TEST(WgmmaSpLoad, OnlySm90GpusRunIt) {
  Device hopper{LaunchOptions{}, std::uint64_t{1} << 32};
  EXPECT_EQ(load_errors(one_kernel(), hopper), "");
  Device ampere{LaunchOptions{}, std::uint64_t{1} << 32, 80};
  EXPECT_NE(load_errors(one_kernel(), ampere)
                .find("wgmma.mma_async.sp is an sm_90a feature that only sm_90 GPUs have"),
            std::string::npos);
}

// Forms ptxas -arch=sm_90a refuses (nvcc 13): each is a load-time error
// naming the instruction, never run.
TEST(WgmmaSpLoad, FormsPtxasRefusesAreLoadTimeErrors) {
  const std::string d = "{%d0, %d1, %d2, %d3}";
  const struct {
    std::string instruction, why;
  } cases[] = {
      {"wgmma.mma_async.sp.sync.aligned.m64n8k64.f32.e4m3.e4m3 " + d +
           ", %rd20, %rd21, %r20, 1, %p1, 1, 1;",
       "selector must be an immediate from 0 to 0"},
      {"wgmma.mma_async.sp.sync.aligned.m64n8k16.f32.f16.f16 " + d +
           ", %rd20, %rd21, %r20, 0, %p1, 1, 1, 0, 0;",
       "the shape must be m64nNk32"},
      {"wgmma.mma_async.sp.sync.aligned.m64n8k32.f16.bf16.bf16 {%d0, %d1}, %rd20, %rd21, %r20, "
       "0, %p1, 1, 1, 0, 0;",
       "this combination of types does not exist"},
      {"wgmma.mma_async.sp.sync.aligned.m64n8k64.f32.e4m3.e4m3.satfinite " + d +
           ", %rd20, %rd21, %r20, 0, %p1, 1, 1;",
       ".satfinite is for the integer forms"},
      {"wgmma.mma_async.sp.sync.aligned.m64n40k64.s32.s8.s8 {%d0, %d1, %d2, %d3, %d4, %d5, %d6, "
       "%d7, %d8, %d9, %d10, %d11, %d12, %d13, %d14, %d15, %d16, %d17, %d18, %d19}, %rd20, %rd21, "
       "%r20, 0, %p1;",
       "N = 40 is not allowed"},
  };
  for (const auto& c : cases) {
    std::string text = one_kernel(c.instruction);
    // The N = 40 case needs 20 D registers.
    text.replace(text.find(".reg .b32 %d<4>"), 15, ".reg .b32 %d<20>");
    Device hopper{LaunchOptions{}, std::uint64_t{1} << 32};
    const std::string errors = load_errors(text, hopper);
    EXPECT_NE(errors.find("wgmma.mma_async.sp.m64n"), std::string::npos) << c.instruction;
    EXPECT_NE(errors.find(c.why), std::string::npos) << c.instruction << "\n" << errors;
  }
}

}  // namespace
}  // namespace smsim::func
