// Every catalog form (tests/isa/forms/sm_90.forms) of mbarrier.test_wait,
// mbarrier.try_wait, mbarrier.arrive and mbarrier.arrive_drop runs through
// the front end, loader and engine, one kernel per form, on a barrier of two
// expected arrivals, against the phase arithmetic of the PTX ISA:
//
// - a wait form (with its state, or with .parity 0) says no while one
//   arrival is pending and yes once the second completes the phase;
// - an arrive form counts one arrival (.noComplete with a count of 1), so one
//   more completes the phase unless .expect_tx left 16 bytes pending, which
//   a complete_tx then settles; arrive_drop also leaves the next phase one
//   arrival short, so that a single arrival completes it.
//
// Each form reaches the barrier through the address its state space takes:
// generic, .shared/.shared::cta (the CTA's window) or .shared::cluster (mapa
// of the CTA's own rank).

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "catalog_forms.h"
#include "engine_harness.h"
#include "module_fixture.h"

namespace smsim::func {
namespace {

using testing::CatalogForm;
using testing::ParamBytes;

struct MbarrierForm {
  std::string opcode;
  CatalogForm form;
  bool wait() const { return opcode.ends_with("wait"); }
  bool drop() const { return opcode == "mbarrier.arrive_drop"; }
  // The spelling in the PTX ISA's order: completion, semantics, scope, space.
  std::string spelled() const {
    std::string out = opcode;
    for (const char* m : {"noComplete", "expect_tx", "parity", "acquire", "release", "relaxed",
                          "cta", "cluster", "shared", "shared::cta", "shared::cluster"}) {
      if (form.has(m)) out += std::string(".") + m;
    }
    return out + ".b64";
  }
  std::string address() const {
    if (form.has("shared::cluster")) return "[%r2]";
    if (form.has("shared") || form.has("shared::cta")) return "[%r1]";
    return "[%rd1]";
  }
};

const std::vector<MbarrierForm>& forms() {
  static const std::vector<MbarrierForm> f = [] {
    std::vector<MbarrierForm> out;
    for (const char* op : {"mbarrier.test_wait", "mbarrier.try_wait", "mbarrier.arrive",
                           "mbarrier.arrive_drop"}) {
      for (const CatalogForm& c : testing::catalog_forms(op)) out.push_back({op, c});
    }
    return out;
  }();
  return f;
}

// Stores three words to `out`: the results the comments above name.
std::string kernel_text(std::size_t i, const MbarrierForm& f) {
  std::string k = ".visible .entry mb" + std::to_string(i) +
                  "(.param .u64 out)\n{\n  .reg .b32 %r<16>;\n  .reg .b64 %rd<16>;\n"
                  "  .reg .pred %p<4>;\n  .shared .align 8 .b64 bar;\n"
                  "  ld.param.u64 %rd2, [out];\n  mov.u32 %r1, bar;\n  cvta.shared.u64 %rd1, bar;\n"
                  "  mov.u32 %r3, %cluster_ctarank;\n  mapa.shared::cluster.u32 %r2, %r1, %r3;\n"
                  "  mbarrier.init.shared::cta.b64 [%r1], 2;\n";
  const std::string plain_arrive = "  mbarrier.arrive.shared::cta.b64 %rd4, [%r1];\n";
  const auto record = [&](int slot, const char* pred) {
    k += std::string("  selp.u32 %r10, 1, 0, ") + pred + ";\n  st.global.u32 [%rd2+" +
         std::to_string(4 * slot) + "], %r10;\n";
  };
  if (f.wait()) {
    const std::string state = f.form.has("parity") ? "0" : "%rd3";
    const std::string wait = "  " + f.spelled() + " %p1, " + f.address() + ", " + state + ";\n";
    k += "  mbarrier.arrive.shared::cta.b64 %rd3, [%r1];\n" + wait;
    record(0, "%p1");
    k += plain_arrive + wait;
    record(1, "%p1");
    k += "  mov.pred %p1, 0;\n";
    record(2, "%p1");
    return k + "  ret;\n}\n";
  }
  const std::string dest = f.form.has("shared::cluster") ? "_" : "%rd3";
  std::string operands = dest + ", " + f.address();
  if (f.form.has("expect_tx")) operands += ", 16";
  if (f.form.has("noComplete")) operands += ", 1";
  k += "  " + f.spelled() + " " + operands + ";\n" + plain_arrive;
  k += "  mbarrier.test_wait.parity.shared::cta.b64 %p1, [%r1], 0;\n";
  record(0, "%p1");
  if (f.form.has("expect_tx")) k += "  mbarrier.complete_tx.shared::cta.b64 [%r1], 16;\n";
  k += "  mbarrier.test_wait.parity.shared::cta.b64 %p1, [%r1], 0;\n";
  record(1, "%p1");
  k += plain_arrive + "  mbarrier.test_wait.parity.shared::cta.b64 %p1, [%r1], 1;\n";
  record(2, "%p1");
  return k + "  ret;\n}\n";
}

std::string module_text() {
  std::string t = ".version 9.0\n.target sm_90\n.address_size 64\n";
  for (std::size_t i = 0; i < forms().size(); ++i) t += kernel_text(i, forms()[i]);
  return t;
}

const std::string& module_source() {
  static const std::string text = module_text();
  return text;
}

class MbarrierCatalogForms : public testing::ModuleTest {
 protected:
  MbarrierCatalogForms() : ModuleTest("mbarrier_catalog_forms", module_source().c_str()) {}
};

TEST_F(MbarrierCatalogForms, TheCatalogHoldsTheSpacesSemanticsAndScopes) {
  // Per wait opcode: 3 spaces (generic, .shared, .shared::cta) x (none, or
  // .acquire/.relaxed at .cta/.cluster) x parity or state = 30; arrive and
  // arrive_drop with .expect_tx, .noComplete and .shared::cluster besides.
  std::size_t waits = 0;
  for (const MbarrierForm& f : forms()) waits += f.wait() ? 1 : 0;
  EXPECT_EQ(waits, 60u);
  EXPECT_GE(forms().size() - waits, 90u);
}

TEST_F(MbarrierCatalogForms, EveryFormFollowsThePhaseArithmetic) {
  for (std::size_t i = 0; i < forms().size(); ++i) {
    const MbarrierForm& f = forms()[i];
    const std::uint64_t out = device_.allocate(12);
    const LaunchResult r =
        device_.launch(kernel(("mb" + std::to_string(i)).c_str()),
                       LaunchConfig{.grid = {1}, .block = {1}, .cluster = {1}}, ParamBytes().add(out).span());
    ASSERT_TRUE(r.ok()) << f.spelled() << ": " << r.error.message;
    const auto got = download<std::uint32_t>(out, 3);
    const std::vector<std::uint32_t> want =
        f.wait() ? std::vector<std::uint32_t>{0, 1, 0}
                 : std::vector<std::uint32_t>{f.form.has("expect_tx") ? 0u : 1u, 1,
                                              f.drop() ? 1u : 0u};
    EXPECT_EQ(got, want) << f.spelled();
  }
}

}  // namespace
}  // namespace smsim::func
