#pragma once
// A fixture that parses, checks and loads one hand-written PTX module on a
// fresh Device, with its kernels by name and buffers to and from the device.

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "func/device.h"
#include "ptx/frontend.h"

namespace smsim::func::testing {

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
