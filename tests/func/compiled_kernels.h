#pragma once
// A test fixture over one PTX file that nvcc compiled from tests/func/kernels:
// parsed and checked once per suite, loaded on a fresh device per test, with
// upload/download/run helpers. `File` names the file (a type with a static
// `path` member, relative to tests/func/kernels).

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "engine_harness.h"
#include "func/device.h"
#include "ptx/frontend.h"

namespace smsim::func::testing {

template <typename File>
class CompiledKernels : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    const std::string path = std::string(SMSIM_SOURCE_DIR) + "/tests/func/kernels/" + File::path;
    std::ifstream in(path);
    source_ =
        new std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    ptx::Diagnostics diags(path, *source_);
    module_ = new ptx::Module(ptx::parse_and_check(*source_, diags));
    ASSERT_FALSE(diags.has_errors()) << diags.format();
  }
  static void TearDownTestSuite() {
    delete module_;
    delete source_;
  }

  void SetUp() override {
    loaded_ = device_.load(*module_);
    ASSERT_TRUE(loaded_.errors.empty());
  }

  template <typename T>
  std::uint64_t upload(const std::vector<T>& host) {
    const std::uint64_t p = device_.allocate(std::max<std::size_t>(host.size() * sizeof(T), 1));
    device_.copy_to_device(p, host.data(), host.size() * sizeof(T));
    return p;
  }
  template <typename T>
  std::vector<T> download(std::uint64_t p, std::size_t n) {
    std::vector<T> out(n);
    device_.copy_to_host(out.data(), p, n * sizeof(T));
    return out;
  }
  LaunchResult run(const char* name, Dim3 grid, Dim3 block, const ParamBytes& params,
                   std::uint32_t smem = 0) {
    const ModuleKernel* k = loaded_.find_kernel(name);
    if (k == nullptr) {
      ADD_FAILURE() << "no kernel " << name;
      return {};
    }
    for (const auto& e : k->errors) ADD_FAILURE() << e;
    return device_.launch(*k,
                          LaunchConfig{.grid = grid, .block = block, .dynamic_shared_bytes = smem},
                          params.span());
  }

  static inline std::string* source_ = nullptr;
  static inline ptx::Module* module_ = nullptr;
  Device device_{LaunchOptions{}, std::uint64_t{1} << 32};
  LoadedModule loaded_;
};

}  // namespace smsim::func::testing
