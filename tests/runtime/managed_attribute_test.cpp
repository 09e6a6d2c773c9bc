// Managed variables reach the engine as ordinary globals.

#include "runtime/managed_attribute.h"

#include <gtest/gtest.h>

namespace smsim::runtime {
namespace {

TEST(ManagedAttribute, BlanksEachAttributeKeepingColumns) {
  std::string ptx =
      ".global .attribute(.managed) .align 4 .f32 scale;\n"
      ".global .attribute(.managed) .align 8 .u64 table[4];\n"
      ".global .align 4 .u32 plain;\n";
  const std::size_t size = ptx.size();
  EXPECT_EQ(blank_managed_attributes(ptx), 2);
  EXPECT_EQ(ptx.size(), size);
  EXPECT_EQ(ptx.find(".attribute"), std::string::npos);
  EXPECT_EQ(ptx.find(".align 4 .f32 scale"), std::string(".global .attribute(.managed) ").size());
}

TEST(ManagedAttribute, LeavesOtherPtxAlone) {
  std::string ptx = ".global .align 4 .u32 plain;\n";
  EXPECT_EQ(blank_managed_attributes(ptx), 0);
  EXPECT_EQ(ptx, ".global .align 4 .u32 plain;\n");
}

}  // namespace
}  // namespace smsim::runtime
