// cp.async.bulk.prefetch.L2.global against ptxas 13.0's checks and what the
// H100 did in tools/probes/discard_probe.cu
// (results/h100-2026-11-22-discard/faults.txt, bp_*): only an address off a
// 16-byte boundary faults (cudaErrorMisalignedAddress); the bytes are never
// checked and never change.

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
      ".version 8.0\n.target sm_90\n.address_size 64\n"
      // Prefetches `size` bytes at p, then the same with a cache policy and
      // with the immediate sizes ptxas allows at the ends of its range.
      ".visible .entry prefetch(.param .u64 p, .param .u32 size)\n{\n"
      "  .reg .b32 %r<2>;\n  .reg .b64 %rd<4>;\n"
      "  ld.param.u64 %rd1, [p];\n  ld.param.u32 %r1, [size];\n"
      "  cp.async.bulk.prefetch.L2.global [%rd1], %r1;\n"
      "  createpolicy.fractional.L2::evict_last.b64 %rd2, 1.0;\n"
      "  cp.async.bulk.prefetch.L2.global.L2::cache_hint [%rd1], %r1, %rd2;\n"
      "  cp.async.bulk.prefetch.L2.global [%rd1], 0;\n"
      "  cp.async.bulk.prefetch.L2.global [%rd1], 1048560;\n  ret;\n}\n" +
      pointer_kernel("size_20", "cp.async.bulk.prefetch.L2.global [%rd1], 20;") +
      pointer_kernel("size_1m", "cp.async.bulk.prefetch.L2.global [%rd1], 1048576;") +
      pointer_kernel("no_space", "cp.async.bulk.prefetch.L2 [%rd1], 16;");
  return text;
}

class BulkPrefetch : public testing::ModuleTest {
 protected:
  BulkPrefetch() : ModuleTest("bulk_prefetch", module_text().c_str()) {}

  LaunchResult run(std::uint64_t p, std::uint32_t size) {
    return device_.launch(kernel("prefetch"), LaunchConfig{.grid = {1}, .block = {32}},
                          ParamBytes().add(p).add(size).span());
  }
};

TEST_F(BulkPrefetch, NeitherChecksNorChangesTheBytes) {
  // bp_ok, bp_size20, bp_size0, bp_size_1m, bp_size_huge, bp_null,
  // bp_unmapped, bp_freed, bp_past_small_alloc: no error.
  std::vector<std::uint32_t> words(64);
  for (std::uint32_t i = 0; i < words.size(); ++i) words[i] = 0x5A000000u + i;
  const std::uint64_t buf = upload(words);
  const std::uint64_t freed = device_.allocate(1 << 20);
  ASSERT_TRUE(device_.free(freed));
  const std::uint64_t addresses[] = {buf, 0, std::uint64_t{1} << 46, freed};
  for (std::uint64_t p : addresses) {
    for (std::uint32_t size : {256u, 20u, 0u, 1048576u, 0xFFFFFFF0u}) {
      const LaunchResult r = run(p, size);
      EXPECT_TRUE(r.ok()) << p << " size " << size << ": " << r.error.message;
    }
  }
  EXPECT_EQ(download<std::uint32_t>(buf, 64), words);
}

TEST_F(BulkPrefetch, AnAddressOffASixteenByteBoundaryIsMisaligned) {
  // bp_mis8, bp_mis1: cudaErrorMisalignedAddress.
  const std::uint64_t buf = upload(std::vector<std::uint32_t>(64));
  for (std::uint64_t p : {buf + 8, buf + 1}) {
    const LaunchResult r = run(p, 16);
    EXPECT_EQ(r.error.code, CudaError::misaligned_address) << p;
    EXPECT_NE(r.error.message.find("misaligned"), std::string::npos) << r.error.message;
  }
}

TEST_F(BulkPrefetch, FormsPtxasRefusesAreLoadTimeErrors) {
  // ptxas 13.0: "unexpected value '20', expected to be multiple of 16",
  // "value '1048576' out of range, expected to be in range [0..1048560]",
  // "State space modifier required".
  for (const char* name : {"size_20", "size_1m", "no_space"}) {
    expect_load_error(name, "cp.async.bulk.prefetch");
  }
}

}  // namespace
}  // namespace smsim::func
