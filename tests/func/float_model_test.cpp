// The single-precision behaviour of SM 1.x models (func/load/float_model.h):
// f32 subnormals flush, and the mul+add pair that is contracted into one
// multiply-add runs as 1.x's FMAD, which truncates the product. The same
// kernel on the default (H100) model keeps subnormals and fuses with one
// rounding.

#include <gtest/gtest.h>

#include <vector>

#include "ptx_text.h"

namespace smsim::func {
namespace {

constexpr const char* kKernel = R"(
.version 8.0
.target sm_90
.address_size 64

.visible .entry float_model(.param .u64 out)
{
  .reg .f32 %f<8>;
  .reg .b64 %rd<2>;
  ld.param.u64 %rd1, [out];
  mov.b32 %f1, 0f00400000;
  add.f32 %f2, %f1, %f1;
  mov.b32 %f3, 0f3F800001;
  mov.b32 %f4, 0f3FC00001;
  mov.b32 %f5, 0fBFC00000;
  mul.f32 %f6, %f3, %f4;
  add.f32 %f7, %f6, %f5;
  st.global.f32 [%rd1], %f2;
  st.global.f32 [%rd1+4], %f7;
  ret;
}
)";

std::vector<std::uint32_t> run(const LaunchOptions& options, std::uint32_t sm) {
  Device device{options, std::uint64_t{1} << 30, sm};
  const testing::PtxText ptx = testing::load_ptx_text(device, "float_model.ptx", kKernel);
  const ModuleKernel& kernel = ptx.first_kernel();
  EXPECT_TRUE(kernel.kernel.has_value()) << (kernel.errors.empty() ? "" : kernel.errors[0]);
  const std::uint64_t out = device.allocate(8);
  const LaunchResult r = device.launch(kernel, {.block = {1}}, testing::pointer_params({out}));
  EXPECT_TRUE(r.ok()) << r.error.message;
  std::vector<std::uint32_t> v(2);
  device.copy_to_host(v.data(), out, 8);
  return v;
}

TEST(FloatModel, Sm1xFlushesSubnormalsAndTruncatesTheFmadProduct) {
  LaunchOptions options;
  options.independent_thread_scheduling = false;
  options.f32_subnormals = false;
  options.fmad_truncated_product = true;
  const std::vector<std::uint32_t> v = run(options, 13);
  EXPECT_EQ(v[0], 0u);           // 2^-127 + 2^-127: both inputs are zero
  EXPECT_EQ(v[1], 0x34800000u);  // (1.5 + 2.5 * 2^-23 cut to 1.5 + 2 * 2^-23) - 1.5
}

TEST(FloatModel, TheH100KeepsSubnormalsAndFusesWithOneRounding) {
  const std::vector<std::uint32_t> v = run(LaunchOptions{}, 90);
  EXPECT_EQ(v[0], 0x00800000u);
  EXPECT_EQ(v[1], 0x34a00000u);
}

}  // namespace
}  // namespace smsim::func
