#pragma once
// A fixture that parses, checks and loads one hand-written PTX module on a
// fresh Device, with its kernels by name and buffers to and from the device.

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "func/device.h"
#include "ptx/frontend.h"

namespace smsim::func::testing {

// PTX of a kernel `name(.param .u64 p)` that runs `body` with p in %rd1
// (registers %rd1-%rd7, %r1-%r7, %rs1-%rs3 and %p1-%p3 declared), with
// performance directives such as `.maxnreg 128`.
inline std::string pointer_kernel(const std::string& name, const std::string& body,
                                  const std::string& directives = "") {
  return ".visible .entry " + name + "(.param .u64 p) " + directives +
         "\n{\n  .reg .b16 %rs<4>;\n  .reg .b32 %r<8>;\n  .reg .b64 %rd<8>;\n"
         "  .reg .pred %p<4>;\n  ld.param.u64 %rd1, [p];\n" +
         body + "\n  ret;\n}\n";
}

class ModuleTest : public ::testing::Test {
 protected:
  ModuleTest(const char* name, const char* text) : name_(name), text_(text) {}

  void SetUp() override {
    ptx::Diagnostics diags(name_, text_);
    module_ = ptx::parse_and_check(text_, diags);
    ASSERT_FALSE(diags.has_errors()) << diags.format();
    loaded_ = device_.load(module_);
  }
  const ModuleKernel& kernel(const char* name) {
    const ModuleKernel* k = loaded_.find_kernel(name);
    EXPECT_NE(k, nullptr) << name;
    return *k;
  }
  // Kernel `name` did not decode, and its first error names its PTX line and
  // `fragment`.
  void expect_load_error(const char* name, const char* fragment) {
    const ModuleKernel& k = kernel(name);
    EXPECT_FALSE(k.kernel.has_value()) << name;
    ASSERT_FALSE(k.errors.empty()) << name;
    EXPECT_NE(k.errors[0].find("PTX line"), std::string::npos) << k.errors[0];
    EXPECT_NE(k.errors[0].find(fragment), std::string::npos) << k.errors[0];
  }
  template <typename T>
  std::vector<T> download(std::uint64_t p, std::size_t n) {
    std::vector<T> out(n);
    device_.copy_to_host(out.data(), p, n * sizeof(T));
    return out;
  }
  template <typename T>
  std::uint64_t upload(const std::vector<T>& v) {
    const std::uint64_t p = device_.allocate(v.size() * sizeof(T));
    device_.copy_to_device(p, v.data(), v.size() * sizeof(T));
    return p;
  }

  const char* name_;
  const char* text_;
  ptx::Module module_;
  Device device_{LaunchOptions{}, std::uint64_t{1} << 32};
  LoadedModule loaded_;
};

}  // namespace smsim::func::testing
