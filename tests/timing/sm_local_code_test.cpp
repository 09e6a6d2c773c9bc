// Which instructions let an SM be stepped ahead of the others on its own.
#include "timing/sm_local_code.h"

#include <gtest/gtest.h>

#include <string>

#include "timing/timing_params.h"
#include "timing_test_models.h"

namespace smsim::timing {
namespace {

struct Code {
  std::vector<bool> local;
  std::vector<std::string> mnemonics;  // per pc, the opcode's
};

Code code_of(const std::string& body) {
  func::Device device(func::LaunchOptions{}, std::uint64_t{1} << 20);
  const std::string ptx =
      ".version 8.0\n.target sm_90\n.address_size 64\n"
      ".visible .entry k(.param .u64 out) {\n"
      "  .reg .b32 %r<16>; .reg .f32 %f<8>; .reg .b64 %rd<8>; .reg .pred %p<4>;\n"
      "  .shared .align 4 .b8 s[1024];\n" +
      body + "}\n";
  const func::LoadedModule loaded = test_models::load_one_kernel(device, ptx);
  const func::DecodedKernel& kernel = *loaded.kernels.at(0).kernel;
  const TimingParams params = *timing_params(test_models::gpu("h100")).params;
  Code c;
  c.local = sm_local_code(kernel, op_timings(kernel, params), 32, 8);
  for (const func::DecodedInstruction& in : kernel.code) {
    c.mnemonics.emplace_back(isa::opcode_mnemonic(in.opcode));
  }
  return c;
}

TEST(SmLocalCode, ArithmeticLoopIsLocalUntilTheBlockThatStores) {
  const Code c = code_of(
      "  ld.param.u64 %rd1, [out];\n"
      "  mov.u32 %r1, %tid.x;\n  cvt.rn.f32.u32 %f1, %r1;\n  mov.u32 %r4, 0;\n"
      "LOOP:\n  fma.rn.f32 %f1, %f1, %f1, %f1;\n  add.s32 %r4, %r4, 1;\n"
      "  setp.lt.u32 %p1, %r4, 32;\n  @%p1 bra LOOP;\n"
      "  mul.wide.u32 %rd2, %r1, 4;\n  add.s64 %rd3, %rd1, %rd2;\n"
      "  st.global.f32 [%rd3], %f1;\n  ret;\n");
  ASSERT_EQ(c.mnemonics.size(), 12u);
  EXPECT_TRUE(c.local[0]);  // ld.param of the 8-byte parameter: an operand read
  for (std::size_t pc = 1; pc <= 7; ++pc) EXPECT_TRUE(c.local[pc]) << pc << " " << c.mnemonics[pc];
  // The store may issue ahead of the arithmetic of its block while that waits.
  EXPECT_FALSE(c.local[8]);
  EXPECT_FALSE(c.local[9]);
  EXPECT_FALSE(c.local[10]);  // st.global
  EXPECT_FALSE(c.local[11]);  // ret: the warp exits, its block may retire
}

TEST(SmLocalCode, ParameterReadsOutsideTheParametersOrThroughARegisterAreNotLocal) {
  const auto first_local = [](const std::string& load) -> bool {
    return code_of(load + "  ret;\n").local[0];
  };
  EXPECT_TRUE(first_local("  ld.param.u64 %rd1, [out];\n"));
  EXPECT_TRUE(first_local("  ld.param.u32 %r1, [out+4];\n"));
  EXPECT_FALSE(first_local("  ld.param.u32 %r1, [out+6];\n"));  // misaligned
  EXPECT_FALSE(first_local("  ld.param.u32 %r1, [out+8];\n"));  // past the 8 bytes of parameters
  const Code c = code_of("  mov.u64 %rd2, out;\n  ld.param.u32 %r4, [%rd2];\n  ret;\n");
  ASSERT_EQ(c.mnemonics.size(), 3u);
  EXPECT_FALSE(c.local[1]);  // through a register
}

TEST(SmLocalCode, SharedMemoryBarriersAndSfuTablesAreNotLocal) {
  const Code c = code_of(
      "  mov.u32 %r1, %tid.x;\n  bra SKIP;\n"
      "SKIP:\n  ld.shared.u32 %r2, [s];\n"
      "  bra NEXT;\n"
      "NEXT:\n  bar.sync 0;\n"
      "  sin.approx.f32 %f1, %f2;\n"
      "  bra LAST;\n"
      "LAST:\n  add.s32 %r3, %r1, 1;\n  ret;\n");
  ASSERT_EQ(c.mnemonics.size(), 9u);
  EXPECT_TRUE(c.local[0]);   // mov (its block ends at the branch)
  EXPECT_TRUE(c.local[1]);   // bra
  EXPECT_FALSE(c.local[2]);  // ld.shared: can fault
  EXPECT_TRUE(c.local[3]);
  EXPECT_FALSE(c.local[4]);  // bar.sync
  EXPECT_FALSE(c.local[5]);  // sin.approx reads the SFU tables
  EXPECT_TRUE(c.local[6]);
  EXPECT_TRUE(c.local[7]);
  EXPECT_FALSE(c.local[8]);
}

}  // namespace
}  // namespace smsim::timing
