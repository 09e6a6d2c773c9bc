// Device-function calls (inlined), vprintf and __assertfail, from nvcc's PTX
// (kernels/calls.cu -> kernels/calls.ptx).

#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <iterator>

#include "func/device.h"
#include "ptx/frontend.h"

namespace smsim::func {
namespace {

class Calls : public ::testing::Test {
 protected:
  void SetUp() override {
    const std::string path = std::string(SMSIM_SOURCE_DIR) + "/tests/func/kernels/calls.ptx";
    std::ifstream in(path);
    source_.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    ptx::Diagnostics diags(path, source_);
    module_ = ptx::parse_and_check(source_, diags);
    ASSERT_FALSE(diags.has_errors()) << diags.format();
    loaded_ = device_.load(module_);
    for (const auto& k : loaded_.kernels) {
      for (const auto& e : k.errors) ADD_FAILURE() << e;
    }
  }

  LaunchResult run(const char* name, Dim3 block, const std::vector<std::byte>& params) {
    return device_.launch(*loaded_.find_kernel(name), {.block = block}, params);
  }

  template <typename T>
  static std::vector<std::byte> bytes_of(T value) {
    std::vector<std::byte> b(sizeof value);
    std::memcpy(b.data(), &value, sizeof value);
    return b;
  }

  std::string source_;
  ptx::Module module_;
  Device device_{LaunchOptions{}, std::uint64_t{1} << 30};
  LoadedModule loaded_;
};

TEST_F(Calls, DeviceFunctionsAreInlinedWithTheirParameters) {
  const std::uint64_t out = device_.allocate(64 * 4);
  const LaunchResult r = run("call_functions", {64}, bytes_of(out));
  ASSERT_TRUE(r.ok()) << r.error.message;
  std::vector<int> v(64);
  device_.copy_to_host(v.data(), out, 64 * 4);
  for (int t = 0; t < 64; ++t) {
    const int expected = t % 2 == 0 ? 2 * t + 1 : 2 * t + static_cast<int>(1.0f * t + 0.5f);
    EXPECT_EQ(v[t], expected) << t;
  }
}

TEST_F(Calls, PrintfFormatsLikeCuda) {
  const LaunchResult r = run("print_values", {64}, bytes_of(3));
  ASSERT_TRUE(r.ok()) << r.error.message;
  EXPECT_EQ(r.printf_output,
            "thread 0:  0.00 even 0 a ff|0   |\n"
            "thread 1:  0.25 odd -1234567890123 b 100|1   |\n"
            "thread 2:  0.50 even -2469135780246 c 101|2   |\n");
}

TEST_F(Calls, AssertStopsTheLaunchWithCudasMessage) {
  const std::uint64_t values = device_.allocate(32 * 4);
  std::vector<int> v(32, 1);
  v[7] = 0;
  device_.copy_to_device(values, v.data(), 32 * 4);
  const LaunchResult r = run("check_positive", {32}, bytes_of(values));
  EXPECT_EQ(r.error.code, CudaError::assert_triggered);
  EXPECT_EQ(r.error.message,
            "calls.cu:25: void check_positive(const int *): block: [0,0,0], thread: [7,0,0] "
            "Assertion `values[threadIdx.x] > 0` failed.");
}

}  // namespace
}  // namespace smsim::func
