// setmaxnreg (sm_90a) against ptxas 13.0's checks and what the H100 did in
// tools/probes/discard_probe.cu (results/h100-2026-11-22-discard/faults.txt,
// sr_*): the warp-specialized pattern and every violation of the warpgroup
// rules the probe tried run to the end with no error and no change to values.

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "../engine_harness.h"
#include "../module_fixture.h"
#include "ptx/frontend.h"

namespace smsim::func {
namespace {

using testing::ParamBytes;

using testing::pointer_kernel;

// A kernel at 128 registers a thread (as the probe's) that runs `body` and
// then stores p[tid] = tid * 3 + 1.
std::string finishing_kernel(const std::string& name, const std::string& body) {
  return pointer_kernel(name, body + R"(
FINISH:
  mov.u32 %r1, %tid.x;
  mad.lo.u32 %r2, %r1, 3, 1;
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r2;)",
                        ".maxnreg 128");
}

// Warpgroup 0 gives registers back, warpgroup 1 takes them.
std::string specialized_kernel(const char* name, const std::string& type) {
  return finishing_kernel(name, "mov.u32 %r3, %tid.x;\n  setp.lt.u32 %p1, %r3, 128;\n"
                                "  @%p1 bra PRODUCER;\n  setmaxnreg.inc.sync.aligned." + type +
                                    " 208;\n  bra.uni FINISH;\nPRODUCER:\n"
                                    "  setmaxnreg.dec.sync.aligned." + type + " 40;");
}

const std::string& module_text() {
  static const std::string text =
      ".version 8.0\n.target sm_90a\n.address_size 64\n" +
      specialized_kernel("specialized", "u32") +
      // The same with .s32, which ptxas 13.0 accepts beside the ISA's .u32.
      specialized_kernel("specialized_s32", "s32") +
      // Warp 0 alone (faults.txt sr_one_warp), then lanes 0-15 of every warp
      // (sr_half_warp).
      finishing_kernel("one_warp", R"(mov.u32 %r3, %tid.x;
  setp.ge.u32 %p1, %r3, 32;
  @%p1 bra FINISH;
  setmaxnreg.dec.sync.aligned.u32 40;)") +
      finishing_kernel("half_warp", R"(mov.u32 %r3, %laneid;
  setp.ge.u32 %p1, %r3, 16;
  @%p1 bra FINISH;
  setmaxnreg.dec.sync.aligned.u32 40;)") +
      // Every thread (sr_partial_warpgroup, sr_one_warp_block).
      finishing_kernel("all_dec", "setmaxnreg.dec.sync.aligned.u32 40;") +
      // ptxas: "value '16' out of range, expected to be in range [24..256]",
      // "unexpected value '28', expected to be multiple of 8", "value '264'
      // out of range", ".aligned modifier required".
      pointer_kernel("count_16", "setmaxnreg.dec.sync.aligned.u32 16;") +
      pointer_kernel("count_28", "setmaxnreg.dec.sync.aligned.u32 28;") +
      pointer_kernel("count_264", "setmaxnreg.inc.sync.aligned.u32 264;") +
      pointer_kernel("no_aligned", "setmaxnreg.inc.sync.u32 32;") +
      pointer_kernel("no_action", "setmaxnreg.sync.aligned.u32 32;");
  return text;
}

class Setmaxnreg : public testing::ModuleTest {
 protected:
  Setmaxnreg() : ModuleTest("setmaxnreg", module_text().c_str()) {}

  // Runs `name` with `threads` threads; the number of them that reached the end.
  std::uint32_t finished(const char* name, std::uint32_t threads) {
    const std::uint64_t out = upload(std::vector<std::uint32_t>(threads));
    const LaunchResult r = device_.launch(kernel(name), LaunchConfig{.grid = {1}, .block = {threads}},
                                          ParamBytes().add(out).span());
    EXPECT_TRUE(r.ok()) << name << ": " << r.error.message;
    const std::vector<std::uint32_t> words = download<std::uint32_t>(out, threads);
    std::uint32_t done = 0;
    for (std::uint32_t t = 0; t < threads; ++t) done += words[t] == t * 3 + 1 ? 1 : 0;
    return done;
  }
};

TEST_F(Setmaxnreg, WarpSpecializedBlockRunsToTheEnd) {
  EXPECT_EQ(finished("specialized", 256), 256u);
  EXPECT_EQ(finished("specialized_s32", 256), 256u);
}

TEST_F(Setmaxnreg, BrokenWarpgroupRulesRunAsOnTheH100) {
  EXPECT_EQ(finished("one_warp", 256), 256u);
  EXPECT_EQ(finished("half_warp", 256), 256u);
  EXPECT_EQ(finished("all_dec", 96), 96u);
  EXPECT_EQ(finished("all_dec", 32), 32u);
}

TEST_F(Setmaxnreg, CountsPtxasRefusesAreLoadTimeErrors) {
  for (const char* name : {"count_16", "count_28", "count_264", "no_aligned", "no_action"}) {
    expect_load_error(name, "setmaxnreg");
  }
}

TEST(SetmaxnregTarget, NeedsTheArchSpecificTarget) {
  // ptxas 13.0: "Instruction 'setmaxnreg.inc' not supported on .target 'sm_90'".
  const char* text =
      ".version 8.0\n.target sm_90\n.address_size 64\n"
      ".visible .entry k() { setmaxnreg.inc.sync.aligned.u32 32; ret; }\n";
  ptx::Diagnostics diags("sm_90", text);
  ptx::parse_and_check(text, diags);
  ASSERT_TRUE(diags.has_errors());
  EXPECT_NE(diags.format().find("sm_90a"), std::string::npos) << diags.format();
}

TEST(SetmaxnregTarget, TakesU32AndS32Only) {
  // ptxas 13.0 takes .u32 and .s32; for .b32: "Unexpected instruction types
  // specified for 'setmaxnreg.inc'".
  for (const std::string type : {"u32", "s32", "b32"}) {
    const std::string text = ".version 8.0\n.target sm_90a\n.address_size 64\n"
                             ".visible .entry k() { setmaxnreg.inc.sync.aligned." + type +
                             " 32; ret; }\n";
    ptx::Diagnostics diags("types", text);
    ptx::parse_and_check(text, diags);
    EXPECT_EQ(diags.has_errors(), type == "b32") << type << ": " << diags.format();
  }
}

}  // namespace
}  // namespace smsim::func
