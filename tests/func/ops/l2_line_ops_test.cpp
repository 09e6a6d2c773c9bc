// discard.global.L2 and applypriority.global.L2::evict_normal against what
// the H100 did in tools/probes/discard_probe.cu
// (results/h100-2026-11-22-discard/faults.txt and values.txt): no alignment
// rule, cudaErrorIllegalAddress off device memory, nothing at a generic
// address of shared or local memory, and the forms ptxas refuses are
// load-time errors.

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "../engine_harness.h"
#include "../module_fixture.h"

namespace smsim::func {
namespace {

using testing::ParamBytes;

using testing::pointer_kernel;

const std::string& module_text() {
  static const std::string text =
      ".version 8.0\n.target sm_90\n.address_size 64\n" +
      pointer_kernel("discard_global", "discard.global.L2 [%rd1], 128;") +
      pointer_kernel("discard_generic", "discard.L2 [%rd1], 128;") +
      pointer_kernel("apply_global", "applypriority.global.L2::evict_normal [%rd1], 128;") +
      // Generic addresses of the block's shared memory and the thread's
      // local memory, discarded and given a priority.
      pointer_kernel("other_spaces", R"(.shared .align 128 .b8 tile[128];
  .local .align 16 .b8 scratch[128];
  cvta.shared.u64 %rd2, tile;
  cvta.local.u64 %rd3, scratch;
  discard.L2 [%rd2], 128;
  discard.L2 [%rd3], 128;
  applypriority.L2::evict_normal [%rd2], 128;)") +
      // 32 threads write the words of a line, thread 0 discards it, and every
      // thread copies its word to the next line.
      pointer_kernel("write_discard_read", R"(mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  add.u32 %r2, %r1, 7;
  st.global.u32 [%rd3], %r2;
  bar.sync 0;
  setp.eq.u32 %p1, %r1, 0;
  @%p1 discard.global.L2 [%rd1], 128;
  bar.sync 0;
  ld.global.cg.u32 %r3, [%rd3];
  st.global.u32 [%rd3+128], %r3;)") +
      pointer_kernel("discard_64", "discard.global.L2 [%rd1], 64;") +
      pointer_kernel("discard_shared", "discard.shared.L2 [%rd1], 128;") +
      pointer_kernel("apply_evict_last", "applypriority.global.L2::evict_last [%rd1], 128;");
  return text;
}

class L2LineOps : public testing::ModuleTest {
 protected:
  L2LineOps() : ModuleTest("l2_line_ops", module_text().c_str()) {}

  LaunchResult run(const char* name, std::uint64_t p, unsigned threads = 1) {
    return device_.launch(kernel(name), LaunchConfig{.grid = {1}, .block = {threads}},
                          ParamBytes().add(p).span());
  }
  // A 1 KiB buffer of words 0xA5000000 + i.
  std::uint64_t pattern_buffer() {
    std::vector<std::uint32_t> words(256);
    for (std::uint32_t i = 0; i < words.size(); ++i) words[i] = 0xA5000000u + i;
    return upload(words);
  }
  // A device address whose allocation has been freed.
  std::uint64_t freed_address() {
    const std::uint64_t p = device_.allocate(1 << 20);
    EXPECT_TRUE(device_.free(p));
    return p + 4096;
  }
};

TEST_F(L2LineOps, AnyAlignmentRunsAndLeavesTheBytes) {
  // faults.txt: d_mis64, d_mis4, d_mis1 and ap_mis4, ap_mis64 succeed.
  const std::uint64_t buf = pattern_buffer();
  const std::vector<std::uint32_t> before = download<std::uint32_t>(buf, 256);
  for (const char* name : {"discard_global", "discard_generic", "apply_global"}) {
    for (std::uint64_t offset : {0, 128, 64, 4, 1}) {
      const LaunchResult r = run(name, buf + offset);
      EXPECT_TRUE(r.ok()) << name << " +" << offset << ": " << r.error.message;
    }
  }
  EXPECT_EQ(download<std::uint32_t>(buf, 256), before);
}

TEST_F(L2LineOps, AddressesOffDeviceMemoryAreIllegal) {
  // faults.txt: d_null, d_unmapped, d_freed, d_generic_unmapped, ap_null,
  // ap_unmapped, ap_freed give cudaErrorIllegalAddress.
  for (const char* name : {"discard_global", "discard_generic", "apply_global"}) {
    for (std::uint64_t p : {std::uint64_t{0}, std::uint64_t{1} << 46, freed_address()}) {
      const LaunchResult r = run(name, p);
      EXPECT_EQ(r.error.code, CudaError::illegal_address) << name << " at " << p;
      EXPECT_NE(r.error.message.find("global"), std::string::npos) << r.error.message;
    }
  }
}

TEST_F(L2LineOps, GenericAddressesOfSharedAndLocalMemoryDoNothing) {
  // faults.txt: d_generic_shared, d_generic_local, ap_generic_shared succeed
  // (ptxas emits a generic CCTL for the .global forms too).
  const LaunchResult r = run("other_spaces", 0);
  EXPECT_TRUE(r.ok()) << r.error.message;
}

TEST_F(L2LineOps, ALineReadAfterItsDiscardKeepsItsBytes) {
  // The H100 returns DRAM's older bytes for a line dirty in L2 (values.txt,
  // same_kernel_read_after: HHHH on every line) and the written ones once the
  // line was written back (written_back_then_discard: KKKK); the engine has no
  // L2 and keeps the written bytes (docs/func.md, "L2 line operations").
  const std::uint64_t buf = pattern_buffer();
  ASSERT_TRUE(run("write_discard_read", buf, 32).ok());
  const std::vector<std::uint32_t> words = download<std::uint32_t>(buf, 64);
  for (std::uint32_t t = 0; t < 32; ++t) {
    EXPECT_EQ(words[t], t + 7) << t;
    EXPECT_EQ(words[32 + t], t + 7) << t;
  }
}

TEST_F(L2LineOps, FormsPtxasRefusesAreLoadTimeErrors) {
  // ptxas 13.0: "unexpected value '64', expected to be 128", "State space
  // incorrect for instruction 'discard'", "Unsupported modifier
  // '.evict_last' for instruction 'applypriority'".
  for (const char* name : {"discard_64", "discard_shared", "apply_evict_last"}) {
    expect_load_error(name, "128");
  }
}

}  // namespace
}  // namespace smsim::func
