#pragma once
// Loads PTX text written in a test into a Device: parsed and checked (any
// diagnostic fails the test), then lowered and decoded. The module stays
// alive with what was loaded from it.

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "func/device.h"
#include "ptx/frontend.h"

namespace smsim::func::testing {

struct PtxText {
  ptx::Module module;
  LoadedModule loaded;

  const ModuleKernel& first_kernel() const { return loaded.kernels.front(); }
};

inline PtxText load_ptx_text(Device& device, const std::string& file_name, const char* text) {
  ptx::Diagnostics diags(file_name, text);
  PtxText out{.module = ptx::parse_and_check(text, diags), .loaded = {}};
  EXPECT_FALSE(diags.has_errors()) << diags.format();
  out.loaded = device.load(out.module);
  return out;
}

// The parameter bytes of a kernel whose parameters are the given pointers.
inline std::vector<std::byte> pointer_params(std::initializer_list<std::uint64_t> pointers) {
  std::vector<std::byte> bytes(pointers.size() * 8);
  std::size_t at = 0;
  for (std::uint64_t p : pointers) {
    std::memcpy(bytes.data() + at, &p, 8);
    at += 8;
  }
  return bytes;
}

}  // namespace smsim::func::testing
