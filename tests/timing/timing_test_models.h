#pragma once
// What the timing tests share: the GPU models of configs/ and loading a PTX
// kernel onto a functional device.

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "arch/gpu_database.h"
#include "func/device.h"
#include "ptx/frontend.h"

namespace smsim::timing::test_models {

inline const arch::GpuModel& gpu(std::string_view name) {
  static const arch::GpuDatabase db = arch::GpuDatabase::load(SMSIM_CONFIG_DIR);
  const arch::GpuModel* model = db.find(std::string(name));
  EXPECT_NE(model, nullptr) << name;
  return *model;
}

// Parses, checks and loads `ptx`, which must hold exactly one kernel.
inline func::LoadedModule load_one_kernel(func::Device& device, const std::string& ptx) {
  ptx::Diagnostics diags("test.ptx", ptx);
  const ptx::Module module = ptx::parse_and_check(ptx, diags);
  EXPECT_FALSE(diags.has_errors()) << diags.format();
  func::LoadedModule loaded = device.load(module);
  EXPECT_EQ(loaded.kernels.size(), 1u);
  return loaded;
}

}  // namespace smsim::timing::test_models
