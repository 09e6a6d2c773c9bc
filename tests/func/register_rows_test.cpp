// Register rows of a function: one per register, two for a .b128 register.

#include "func/load/register_rows.h"

#include <gtest/gtest.h>

#include "ptx/frontend.h"

namespace smsim::func {
namespace {

TEST(RegisterRows, B128RegistersTakeTwoConsecutiveRows) {
  const char* text = R"(
.version 8.0
.target sm_90
.address_size 64
.visible .entry k()
{
  .reg .b32 %r;
  .reg .b128 %q<2>;
  .reg .b64 %rd;
  .reg .pred %p;
  ret;
}
)";
  ptx::Diagnostics diags("rows", text);
  const ptx::Module m = ptx::parse_and_check(text, diags);
  ASSERT_FALSE(diags.has_errors()) << diags.format();
  ASSERT_EQ(m.functions.size(), 1u);
  const ptx::Function& f = m.functions[0];
  const RegisterRows rows = register_rows(f);
  ASSERT_EQ(rows.row.size(), f.registers.size());
  std::uint32_t expected = 0;
  for (std::size_t r = 0; r < f.registers.size(); ++r) {
    EXPECT_EQ(rows.row[r], expected) << f.register_name(static_cast<ptx::RegId>(r));
    expected += f.registers[r].type == isa::Type::B128 ? 2 : 1;
  }
  EXPECT_EQ(rows.count, expected);
  EXPECT_EQ(rows.count, f.registers.size() + 2);  // %q0 and %q1 take two each
}

}  // namespace
}  // namespace smsim::func
