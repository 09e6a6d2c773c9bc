// Address arithmetic of ops/memory_access.h through whole kernels: shared
// addresses are 32 bits wide, so a 32-bit base register below an array at
// offset 0 plus the offset that reaches the array wraps to it, as nvcc's
// unrolled copy loops expect (they fault in smsim before the fix, though the
// H100 runs them: conformance program wmma_forms, the s8 copy loop).

#include <gtest/gtest.h>

#include <cstdint>

#include "engine_harness.h"
#include "module_fixture.h"

namespace smsim::func {
namespace {

using testing::ParamBytes;

constexpr const char* kModule = R"(
.version 8.0
.target sm_90
.address_size 64

.visible .entry wrapped(.param .u64 out)
{
  .reg .b32 %r<8>;
  .reg .b64 %rd<4>;
  .shared .align 4 .b32 words[4];
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, words;
  add.u32 %r2, %r1, -128;
  st.shared.u32 [%r2+132], 77;
  ld.shared.u32 %r3, [%r1+4];
  ld.shared.u32 %r4, [%r2+132];
  st.global.v2.u32 [%rd1], {%r3, %r4};
  ret;
}
)";

class MemoryAccess : public testing::ModuleTest {
 protected:
  MemoryAccess() : ModuleTest("memory_access", kModule) {}
};

TEST_F(MemoryAccess, SharedAddressesWrapAt32Bits) {
  const std::uint64_t out = device_.allocate(8);
  const LaunchResult r = device_.launch(kernel("wrapped"), LaunchConfig{.grid = {1}, .block = {1}},
                                        ParamBytes().add(out).span());
  ASSERT_TRUE(r.ok()) << r.error.message;
  const auto v = download<std::uint32_t>(out, 2);
  EXPECT_EQ(v[0], 77u);
  EXPECT_EQ(v[1], 77u);
}

}  // namespace
}  // namespace smsim::func
