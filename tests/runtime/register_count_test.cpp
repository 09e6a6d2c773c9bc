// Parsing ptxas -v output: per-kernel register counts and every function's
// stack frame.

#include "runtime/register_count.h"

#include <gtest/gtest.h>

namespace smsim::runtime {
namespace {

TEST(RegisterCount, ParsesEachEntryFunction) {
  const std::string output =
      "ptxas info    : 0 bytes gmem\n"
      "ptxas info    : Compiling entry function '_Z3addPfS_' for 'sm_90'\n"
      "ptxas info    : Function properties for _Z3addPfS_\n"
      "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
      "ptxas info    : Used 8 registers, used 0 barriers, 368 bytes cmem[0]\n"
      "ptxas info    : Compiling entry function '_Z4heavyv' for 'sm_90'\n"
      "ptxas info    : Used 124 registers, used 1 barriers\n";
  const auto counts = parse_ptxas_output(output).registers;
  ASSERT_EQ(counts.size(), 2u);
  EXPECT_EQ(counts.at("_Z3addPfS_"), 8u);
  EXPECT_EQ(counts.at("_Z4heavyv"), 124u);
}

TEST(RegisterCount, IgnoresRegistersOfNonEntryFunctions) {
  const std::string output =
      "ptxas info    : Function properties for helper\n"
      "ptxas info    : Used 40 registers\n";
  EXPECT_TRUE(parse_ptxas_output(output).registers.empty());
}

// tools/probes/stack_depth_probe.cu as ptxas 13 reports it for sm_90: device
// functions get their properties after the kernel that calls them.
TEST(StackFrames, ParsesTheFrameOfEveryFunctionEntriesIncluded) {
  const std::string output =
      "ptxas info    : 0 bytes gmem\n"
      "ptxas info    : Compiling entry function '_Z4kernILi3EEviPi' for 'sm_90'\n"
      "ptxas info    : Function properties for _Z4kernILi3EEviPi\n"
      "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
      "ptxas info    : Used 24 registers, used 0 barriers\n"
      "ptxas info    : Compile time = 19.823 ms\n"
      "ptxas info    : Function properties for _Z7recurseILi3EEiii\n"
      "    32 bytes stack frame, 20 bytes spill stores, 20 bytes spill loads\n"
      "ptxas info    : Function properties for _Z5plainii\n"
      "    16 bytes stack frame, 12 bytes spill stores, 12 bytes spill loads\n";
  const PtxasInfo info = parse_ptxas_output(output);
  ASSERT_EQ(info.stack_frames.size(), 3u);
  EXPECT_EQ(info.stack_frames.at("_Z4kernILi3EEviPi"), 0u);
  EXPECT_EQ(info.stack_frames.at("_Z7recurseILi3EEiii"), 32u);
  EXPECT_EQ(info.stack_frames.at("_Z5plainii"), 16u);
  EXPECT_EQ(info.registers.at("_Z4kernILi3EEviPi"), 24u);
  EXPECT_EQ(info.registers.count("_Z7recurseILi3EEiii"), 0u);
}

TEST(StackFrames, APropertiesHeaderWithoutItsFrameLineGivesNoSize) {
  // Truncated output (ptxas killed, or a format this parser does not know):
  // no size rather than a wrong one, and the next header starts afresh.
  const std::string output =
      "ptxas info    : Function properties for first\n"
      "ptxas info    : Function properties for second\n"
      "    48 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
      "ptxas info    : Function properties for third\n";
  const PtxasInfo info = parse_ptxas_output(output);
  ASSERT_EQ(info.stack_frames.size(), 1u);
  EXPECT_EQ(info.stack_frames.at("second"), 48u);
}

TEST(StackFrames, ANumberTooLargeForItsCountIsSkipped) {
  const std::string output =
      "ptxas info    : Function properties for huge\n"
      "    99999999999999999999999 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
      "ptxas info    : Compiling entry function 'k' for 'sm_90'\n"
      "ptxas info    : Used 99999999999 registers, used 0 barriers\n";
  const PtxasInfo info = parse_ptxas_output(output);
  EXPECT_TRUE(info.stack_frames.empty());
  EXPECT_TRUE(info.registers.empty());
}

// An sm_90a module (wgmma, setmaxnreg) was assembled for sm_90, which ptxas
// refuses ("PTX with .target 'sm_90a' cannot be compiled for architecture
// 'sm_90'"): numRegs fell back to the PTX's own count.
TEST(RegisterCount, ArchSpecificPtxIsAssembledForItsOwnTarget) {
  EXPECT_EQ(ptxas_arch(".version 8.0\n.target sm_90a\n.address_size 64\n", 90), "sm_90a");
  EXPECT_EQ(ptxas_arch(".version 8.0\n.target sm_90\n.address_size 64\n", 90), "sm_90");
  EXPECT_EQ(ptxas_arch(".version 8.0\n.target sm_80\n", 86), "sm_86");
}

}  // namespace
}  // namespace smsim::runtime
