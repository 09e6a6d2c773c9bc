// Parsing ptxas -v output for per-kernel register counts.

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
  const auto counts = parse_ptxas_registers(output);
  ASSERT_EQ(counts.size(), 2u);
  EXPECT_EQ(counts.at("_Z3addPfS_"), 8u);
  EXPECT_EQ(counts.at("_Z4heavyv"), 124u);
}

TEST(RegisterCount, IgnoresRegistersOfNonEntryFunctions) {
  const std::string output =
      "ptxas info    : Function properties for helper\n"
      "ptxas info    : Used 40 registers\n";
  EXPECT_TRUE(parse_ptxas_registers(output).empty());
}

}  // namespace
}  // namespace smsim::runtime
