#pragma once
// Loads and runs one-thread kernels written around a PTX body, for the tests
// of the load-time ptxas rewrites: the body sees %r1..%r4 (the parameters a,
// b, c, d of the chosen float type), %p1 (parameter e != 0) and %rd2 (the
// output buffer of four values).

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "func/device.h"
#include "ptx/frontend.h"

namespace smsim::func::testing {

class PtxasRewriteHarness {
 public:
  // `type` is "f32" or "f64".
  PtxasRewriteHarness(const std::string& type, const std::string& body, bool contraction = true)
      : type_(type), source_(kernel_text(type, body)) {
    device_.options().fma_contraction = contraction;
    ptx::Diagnostics diags("probe.ptx", source_);
    module_ = ptx::parse_and_check(source_, diags);
    EXPECT_FALSE(diags.has_errors()) << diags.format();
    loaded_ = device_.load(module_);
    EXPECT_EQ(loaded_.kernels.size(), 1U);
    for (const auto& k : loaded_.kernels) {
      for (const auto& e : k.errors) ADD_FAILURE() << e;
    }
  }

  const DecodedKernel& kernel() const { return *loaded_.kernels.at(0).kernel; }

  std::size_t count(isa::Opcode op) const {
    return static_cast<std::size_t>(
        std::count_if(kernel().code.begin(), kernel().code.end(),
                      [op](const auto& in) { return in.opcode == op; }));
  }
  // The first decoded instruction with this opcode.
  const DecodedInstruction& first(isa::Opcode op) const {
    for (const DecodedInstruction& in : kernel().code) {
      if (in.opcode == op) return in;
    }
    ADD_FAILURE() << "no such instruction";
    return kernel().code.at(0);
  }
  // The PTX line of the body's first instruction (the body starts there).
  static constexpr std::uint32_t kBodyLine = 18;

  // Runs one thread with parameters a..d (raw bits) and e, out[] holding
  // `initial` (zeros if empty); returns out[0..3].
  template <typename Bits>
  std::vector<Bits> run(Bits a, Bits b, Bits c, Bits d, std::uint32_t e = 0,
                        std::vector<Bits> initial = {}) {
    const std::uint64_t out = device_.allocate(4 * sizeof(Bits));
    initial.resize(4);
    device_.copy_to_device(out, initial.data(), 4 * sizeof(Bits));
    std::vector<std::byte> params;
    auto add = [&](const auto& v) {
      const std::size_t at = (params.size() + sizeof v - 1) / sizeof v * sizeof v;
      params.resize(at + sizeof v);
      std::memcpy(params.data() + at, &v, sizeof v);
    };
    add(out);
    for (Bits v : {a, b, c, d}) add(v);
    add(e);
    const LaunchResult r =
        device_.launch(loaded_.kernels.at(0), {.grid = {1}, .block = {1}}, params);
    EXPECT_TRUE(r.ok()) << r.error.message;
    std::vector<Bits> values(4);
    device_.copy_to_host(values.data(), out, 4 * sizeof(Bits));
    return values;
  }

 private:
  static std::string kernel_text(const std::string& t, const std::string& body) {
    return ".version 8.8\n.target sm_90\n.address_size 64\n"
           ".visible .entry k(.param .u64 out, .param ." +
           t + " a, .param ." + t + " b, .param ." + t + " c, .param ." + t +
           " d, .param .u32 e)\n{\n"
           "  .reg ." +
           t +
           " %r<40>;\n  .reg .b64 %rd<3>;\n  .reg .b32 %u<3>;\n"
           "  .reg .pred %p<3>;\n"
           "  ld.param.u64 %rd1, [out];\n  cvta.to.global.u64 %rd2, %rd1;\n"
           "  ld.param." +
           t + " %r1, [a];\n  ld.param." + t +
           " %r2, [b];\n"
           "  ld.param." +
           t + " %r3, [c];\n  ld.param." + t +
           " %r4, [d];\n"
           "  ld.param.u32 %u1, [e];\n  setp.ne.u32 %p1, %u1, 0;\n" +
           body + "\n  ret;\n}\n";
  }

  std::string type_;
  std::string source_;
  Device device_{LaunchOptions{}, std::uint64_t{1} << 30};
  ptx::Module module_;
  LoadedModule loaded_;
};

}  // namespace smsim::func::testing
