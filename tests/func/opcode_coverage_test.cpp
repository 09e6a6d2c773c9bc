// Opcode coverage recording: with SMSIM_OPCODE_COVERAGE set, a launch appends
// the forms of the instructions that ran with at least one lane, once each.

#include "func/exec/opcode_coverage.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "engine_harness.h"
#include "func/device.h"
#include "kernel_builder.h"
#include "ptx/frontend.h"

namespace smsim::func {
namespace {

using testing::Harness;
using testing::KernelBuilder;
using testing::ParamBytes;
using M = isa::Modifier;
using O = isa::Opcode;
using S = isa::SpecialRegister;
using T = isa::Type;

// out[0] = %tid.x, with an add guarded by a predicate no lane sets.
DecodedKernel guarded_kernel() {
  KernelBuilder k("guarded");
  k.param(8);
  const auto base = k.reg(64), tid = k.reg(), p = k.pred();
  k.op(O::Ld, {T::U64}, {M::Param}, 1, {k.r(base), k.abs_addr(0)});
  k.op(O::Mov, {T::U32}, {}, 1, {k.r(tid), k.sreg(S::Tid, isa::SregComponent::X)});
  k.op(O::Setp, {T::U32}, {M::Eq}, 1, {k.r(p), k.r(tid), k.imm(100)});
  k.op(O::Add, {T::U32}, {M::Sat}, 1, {k.r(tid), k.r(tid), k.imm(1)}).guard_reg = p;
  k.op(O::St, {T::U32}, {M::Global}, 0, {k.addr(base), k.r(tid)});
  k.exit();
  return k.build();
}

std::vector<std::string> read_lines(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

class OpcodeCoverageTest : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = std::filesystem::temp_directory_path() /
            ("smsim_coverage_" + std::to_string(::getpid()) + "_" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".txt");
    std::filesystem::remove(path_);
    ::setenv("SMSIM_OPCODE_COVERAGE", path_.c_str(), 1);
  }
  void TearDown() override {
    ::unsetenv("SMSIM_OPCODE_COVERAGE");
    std::filesystem::remove(path_);
  }
  std::filesystem::path path_;
};

TEST_F(OpcodeCoverageTest, RecordsTheFormsThatRanWithAtLeastOneLane) {
  const DecodedKernel kernel = guarded_kernel();
  ASSERT_EQ(kernel.forms.size(), kernel.code.size());
  Harness h;
  const std::uint64_t out = h.upload(std::vector<std::uint32_t>(1));
  ASSERT_TRUE(h.run(kernel, {1}, {1}, ParamBytes().add(out)).ok());
  std::vector<std::string> lines = read_lines(path_);
  std::sort(lines.begin(), lines.end());
  // The guarded add never ran: no lane had p set.
  EXPECT_EQ(lines, (std::vector<std::string>{"exit\t\t", "ld\tu64\tparam", "mov\tu32\t",
                                             "setp\tu32\teq", "st\tu32\tglobal"}));
}

TEST_F(OpcodeCoverageTest, ALaterLaunchAppendsOnlyNewForms) {
  const DecodedKernel kernel = guarded_kernel();
  Harness h;
  const std::uint64_t out = h.upload(std::vector<std::uint32_t>(1));
  ASSERT_TRUE(h.run(kernel, {1}, {1}, ParamBytes().add(out)).ok());
  const std::size_t first = read_lines(path_).size();
  // 101 threads on two host threads: thread 100 now takes the guarded add.
  h.options.host_threads = 2;
  ASSERT_TRUE(h.run(kernel, {2}, {101}, ParamBytes().add(out)).ok());
  const std::vector<std::string> lines = read_lines(path_);
  ASSERT_EQ(lines.size(), first + 1);
  EXPECT_EQ(lines.back(), "add\tu32\tsat");
}

// Regression: a call's .param accesses run as local-memory accesses (the
// loader inlines the call), and the report named them st.local/ld.local, so
// st.param and ld.param::func forms never counted as executed.
TEST_F(OpcodeCoverageTest, ParamAccessesOfCallsKeepTheirParamForms) {
  const char* text = R"(
.version 8.0
.target sm_90
.address_size 64
.func (.param .b32 r) twice(.param .b32 a)
{
  .reg .b32 %r<3>;
  ld.param::func.b32 %r1, [a];
  add.u32 %r2, %r1, %r1;
  st.param.b32 [r], %r2;
  ret;
}
.visible .entry k(.param .u64 out)
{
  .reg .b32 %r<3>;
  .reg .b64 %rd<2>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, 21;
  {
    .param .b32 a;
    .param .b32 r;
    st.param.b32 [a], %r1;
    call.uni (r), twice, (a);
    ld.param.b32 %r2, [r];
  }
  st.global.u32 [%rd1], %r2;
  ret;
}
)";
  ptx::Diagnostics diags("calls", text);
  const ptx::Module module = ptx::parse_and_check(text, diags);
  ASSERT_FALSE(diags.has_errors()) << diags.format();
  Device device(LaunchOptions{}, std::uint64_t{1} << 30);
  LoadedModule loaded = device.load(module);
  const ModuleKernel* k = loaded.find_kernel("k");
  ASSERT_TRUE(k != nullptr && k->kernel);
  const std::uint64_t out = device.allocate(4);
  ASSERT_TRUE(device.launch(*k, {.block = {1}}, ParamBytes().add(out).span()).ok());
  std::uint32_t got = 0;
  device.copy_to_host(&got, out, 4);
  EXPECT_EQ(got, 42u);
  const std::vector<std::string> lines = read_lines(path_);
  for (const char* form : {"st\tb32\tparam", "ld\tb32\tparam::func", "ld\tb32\tparam"}) {
    EXPECT_NE(std::find(lines.begin(), lines.end(), form), lines.end()) << form;
  }
  for (const std::string& line : lines) EXPECT_EQ(line.find("local"), std::string::npos) << line;
}

TEST(OpcodeCoverage, UnsetKeepsNoFormsAndWritesNothing) {
  ::unsetenv("SMSIM_OPCODE_COVERAGE");
  EXPECT_EQ(opcode_coverage_file(), nullptr);
  const DecodedKernel kernel = guarded_kernel();
  EXPECT_TRUE(kernel.forms.empty());
  ::setenv("SMSIM_OPCODE_COVERAGE", "", 1);
  EXPECT_EQ(opcode_coverage_file(), nullptr);  // empty means unset
  ::unsetenv("SMSIM_OPCODE_COVERAGE");
}

}  // namespace
}  // namespace smsim::func
