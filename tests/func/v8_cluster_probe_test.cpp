// The kernels of tools/probes/v8_cluster_probe.sh (kernels/v8_cluster_probe.ptx,
// made by tools/probes/v8_cluster_probe.py --module) against what the H100 gave
// for them (tools/probes/results/h100-2026-11-22/v8_cluster.txt):
// - ld.v8/st.v8 of 8- and 16-bit elements in the global, shared, local and
//   generic spaces move their first element only (ptxas 13.0 makes one scalar
//   access of it); ld.v8's elements 1-7 hold leftovers of ptxas's register
//   allocation on the H100, so only element 0 is compared there;
// - the cluster-only instructions in a launch without a cluster attribute, with
//   a cluster attribute of 1,1,1 and in a kernel declaring .reqnctapercluster:
//   st.async and red.async fail the first with cudaErrorIllegalInstruction, the
//   others run everywhere (barrier.cluster too, run by one thread while the
//   others have left), and %is_explicit_cluster tells the three apart.

#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "compiled_kernels.h"
#include "func/device.h"
#include "ptx/frontend.h"

namespace smsim::func {
namespace {

// One run the probe recorded: kernel, launch mode, whether it failed with
// cudaErrorIllegalInstruction, and the output buffer afterwards.
struct Recorded {
  std::string kernel;
  bool cluster_attribute = false;
  bool illegal_instruction = false;
  std::vector<std::uint8_t> out;
};

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::vector<Recorded> recorded_runs() {
  std::istringstream lines(
      slurp(std::string(SMSIM_SOURCE_DIR) + "/tools/probes/results/h100-2026-11-22/v8_cluster.txt"));
  std::vector<Recorded> runs;
  std::string line;
  while (std::getline(lines, line)) {
    std::istringstream fields(line);
    std::string kernel, mode, launch, sync, copy, out;
    fields >> kernel >> mode >> launch >> sync >> copy >> out;
    if (!(kernel.starts_with("v8_") || kernel.starts_with("cl_")) || !out.starts_with("out=")) {
      continue;
    }
    Recorded r{.kernel = kernel,
               .cluster_attribute = mode == "cluster1",
               .illegal_instruction = sync == "sync=CUDA_ERROR_ILLEGAL_INSTRUCTION"};
    for (std::size_t i = 4; i + 1 < out.size(); i += 2) {
      r.out.push_back(static_cast<std::uint8_t>(std::stoul(out.substr(i, 2), nullptr, 16)));
    }
    runs.push_back(std::move(r));
  }
  return runs;
}

struct ProbePtx {
  static constexpr const char* path = "v8_cluster_probe.ptx";
};

class ProbeReplay : public testing::CompiledKernels<ProbePtx> {
 protected:
  // cubin_runner.cu's set-up: one block of 32 threads, `in` of 512 bytes
  // (i * 151 + 7), `out` of the recorded size filled with 0xee.
  LaunchResult run(const Recorded& r, std::vector<std::uint8_t>& out) {
    std::vector<std::uint8_t> in(512);
    for (std::size_t i = 0; i < in.size(); ++i) in[i] = static_cast<std::uint8_t>((i * 151 + 7) & 0xff);
    const std::uint64_t din = upload(in);
    const std::uint64_t dout = upload(std::vector<std::uint8_t>(r.out.size(), 0xee));
    const ModuleKernel* k = loaded_.find_kernel(r.kernel);
    EXPECT_NE(k, nullptr) << r.kernel;
    if (k == nullptr) return {};
    const LaunchResult result =
        device_.launch(*k, {.block = {32}, .cluster_given = r.cluster_attribute},
                       testing::ParamBytes().add(din).add(dout).span());
    out = download<std::uint8_t>(dout, r.out.size());
    return result;
  }
};

TEST_F(ProbeReplay, Vector8LoadsAndStoresMoveTheFirstElementAsTheH100Does) {
  unsigned loads = 0, stores = 0;
  for (const Recorded& r : recorded_runs()) {
    if (!r.kernel.starts_with("v8_")) continue;
    SCOPED_TRACE(r.kernel);
    std::vector<std::uint8_t> out;
    const LaunchResult result = run(r, out);
    ASSERT_TRUE(result.ok()) << result.error.message;
    ASSERT_EQ(out.size(), r.out.size());
    if (r.kernel.starts_with("v8_ld")) {
      // Element 0 of each lane (its first 32-bit word of 8); the others are
      // register-allocation leftovers on the H100.
      for (std::size_t lane = 0; lane < 32; ++lane) {
        for (std::size_t b = 0; b < 4; ++b) {
          EXPECT_EQ(out[lane * 32 + b], r.out[lane * 32 + b]) << "lane " << lane << " byte " << b;
        }
      }
      ++loads;
    } else {
      EXPECT_EQ(out, r.out);
      ++stores;
    }
  }
  // 4 spaces x (3 types x 2 ld kernels, 6 types x 2 st kernels).
  EXPECT_EQ(loads, 24u);
  EXPECT_EQ(stores, 48u);
}

TEST_F(ProbeReplay, ClusterOnlyInstructionsRunOrFailAsOnTheH100) {
  unsigned runs = 0, refused = 0;
  for (const Recorded& r : recorded_runs()) {
    if (!r.kernel.starts_with("cl_")) continue;
    SCOPED_TRACE(r.kernel + (r.cluster_attribute ? " with a cluster attribute" : " plain"));
    std::vector<std::uint8_t> out;
    const LaunchResult result = run(r, out);
    if (r.illegal_instruction) {
      EXPECT_EQ(result.error.code, CudaError::illegal_instruction) << result.error.message;
      ++refused;
    } else {
      EXPECT_TRUE(result.ok()) << result.error.message;
      EXPECT_EQ(out, r.out);
    }
    ++runs;
  }
  // 15 kernels, each also with .reqnctapercluster,
  // each run plain and with a cluster attribute; st.async and red.async
  // refused in their plain runs.
  EXPECT_EQ(runs, 60u);
  EXPECT_EQ(refused, 2u);
}

TEST(Vector8, LoadOfSixteenBitElementsIsRefusedAtLoadAsPtxasCannotBuildIt) {
  for (const char* type : {"b16", "s16", "u16"}) {
    const std::string text = std::string(".version 9.0\n.target sm_90\n.address_size 64\n") +
                             ".visible .entry k(.param .u64 p)\n{\n.reg .b16 %h<9>;\n"
                             ".reg .b64 %a;\nld.param.u64 %a, [p];\n"
                             "ld.global.v8." + type +
                             " {%h1,%h2,%h3,%h4,%h5,%h6,%h7,%h8}, [%a];\nret;\n}\n";
    ptx::Diagnostics diags("v8.ptx", text);
    const ptx::Module module = ptx::parse_and_check(text, diags);
    ASSERT_FALSE(diags.has_errors()) << diags.format();
    Device device{LaunchOptions{}, std::uint64_t{1} << 24};
    const LoadedModule loaded = device.load(module);
    const ModuleKernel* k = loaded.find_kernel("k");
    ASSERT_NE(k, nullptr);
    EXPECT_FALSE(k->kernel.has_value()) << type;
    ASSERT_EQ(k->errors.size(), 1u) << type;
    EXPECT_EQ(k->errors[0],
              "kernel k, PTX line 9: ld: ld.v8 with 16-bit elements: ptxas 13.0 crashes "
              "(segmentation fault) on it, so no H100 runs it");
  }
}

}  // namespace
}  // namespace smsim::func
