// Every txq/suq form of tests/isa/forms/sm_90.h100_refused (the catalog forms
// the H100 cannot run: they read the texture or surface descriptor) loads, and
// each launch of its kernel fails before any instruction runs, with the
// H100's first error (txq: cudaErrorSymbolNotFound, suq:
// cudaErrorNotSupported; tools/probes/results/h100-2026-11-22/
// texture_queries.txt) and a diagnostic naming the query and its PTX line.
// The sizes (.width/.height/.depth, txq.level) stay runnable. What the
// runtime adds (later calls, the other kernels of a module) is checked by
// the runtime-errors programs descriptor_query_texture/_surface.

#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "func/device.h"
#include "ptx/frontend.h"

namespace smsim::func {
namespace {

// `mnemonic.query.b32` of each listed entry.
std::vector<std::string> listed_queries() {
  std::ifstream in(std::string(SMSIM_SOURCE_DIR) + "/tests/isa/forms/sm_90.h100_refused");
  std::vector<std::string> forms;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line.front() == '#') continue;
    std::istringstream fields(line);
    std::string mnemonic, type, query;
    std::getline(fields, mnemonic, '\t');
    std::getline(fields, type, '\t');
    std::getline(fields, query, '\t');
    forms.push_back(mnemonic + "." + query + "." + type);
  }
  return forms;
}

std::string kernel_text(const std::string& form) {
  return ".version 9.0\n.target sm_90\n.address_size 64\n"
         ".visible .entry k(.param .u64 h, .param .u64 out)\n{\n"
         ".reg .b32 %r<2>;\n.reg .b64 %rd<3>;\n"
         "ld.param.u64 %rd1, [h];\n"
         "ld.param.u64 %rd2, [out];\n"
         "st.global.u32 [%rd2], 1;\n" +
         form + " %r1, [%rd1];\n" +  // PTX line 11
         "st.global.u32 [%rd2], %r1;\nret;\n}\n";
}

struct Outcome {
  LaunchResult result;
  std::uint32_t stored = 0;
};

Outcome launch(const std::string& form) {
  const std::string text = kernel_text(form);
  ptx::Diagnostics diags("query.ptx", text);
  const ptx::Module module = ptx::parse_and_check(text, diags);
  EXPECT_FALSE(diags.has_errors()) << form << "\n" << diags.format();
  Device device{LaunchOptions{}, std::uint64_t{1} << 30};
  const LoadedModule loaded = device.load(module);
  const ModuleKernel* k = loaded.find_kernel("k");
  EXPECT_TRUE(k != nullptr && k->kernel.has_value()) << form;
  if (k == nullptr || !k->kernel) return {};
  const std::uint64_t out = device.allocate(4);
  const std::uint32_t untouched = 77;
  device.copy_to_device(out, &untouched, 4);
  std::vector<std::byte> params(16);
  const std::uint64_t handle = 0;
  std::memcpy(params.data(), &handle, 8);
  std::memcpy(params.data() + 8, &out, 8);
  Outcome o{.result = device.launch(*k, {.block = {1}}, params)};
  device.copy_to_host(&o.stored, out, 4);
  return o;
}

TEST(DescriptorQuery, EveryListedQueryFailsItsLaunchAsOnTheH100) {
  const std::vector<std::string> forms = listed_queries();
  ASSERT_EQ(forms.size(), 14u);  // 11 txq, 3 suq
  for (const std::string& form : forms) {
    SCOPED_TRACE(form);
    const bool surface = form.starts_with("suq.");
    const Outcome o = launch(form);
    EXPECT_EQ(o.result.error.code,
              surface ? CudaError::not_supported : CudaError::symbol_not_found);
    EXPECT_EQ(o.result.error.message.rfind("kernel k, PTX line 11: " + form + " reads the ", 0), 0u)
        << o.result.error.message;
    EXPECT_EQ(o.stored, 77u);  // nothing ran, not even the store before the query
  }
}

TEST(DescriptorQuery, SizeQueriesStillRun) {
  // A null handle: the sizes are read from the header, which a null handle
  // lacks, so the launch faults there instead of being refused.
  for (const char* form : {"txq.width.b32", "suq.depth.b32"}) {
    const Outcome o = launch(form);
    EXPECT_NE(o.result.error.code, CudaError::symbol_not_found) << form;
    EXPECT_NE(o.result.error.code, CudaError::not_supported) << form;
    EXPECT_EQ(o.stored, 1u) << form;  // the store before the query ran
  }
}

}  // namespace
}  // namespace smsim::func
