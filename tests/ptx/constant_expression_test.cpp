// Integer constant expressions in instruction operands: PTX takes C's operators
// and precedence, evaluated in 64 bits; ptxas accepts them, so must we.

#include <gtest/gtest.h>

#include <string>

#include "ptx/frontend.h"

namespace smsim::ptx {
namespace {

struct Parsed {
  Module module;
  std::string diagnostics;
  bool ok = false;
};

Parsed parse_body(std::string_view body) {
  const std::string text =
      std::string(
          ".version 9.0\n.target sm_90\n.address_size 64\n"
          ".visible .entry k()\n{\n\t.reg .b32 %r<4>;\n\t.reg .b64 %rd<4>;\n") +
      std::string(body) + "\n\tret;\n}\n";
  Diagnostics diags("t.ptx", text);
  Parsed p{parse_and_check(text, diags), "", true};
  for (const auto& d : diags.all()) p.ok = p.ok && d.severity != Severity::Error;
  p.diagnostics = diags.format();
  return p;
}

// The value of the last operand of the kernel's first instruction.
int64_t first_immediate(std::string_view body) {
  const Parsed p = parse_body(body);
  EXPECT_TRUE(p.ok) << p.diagnostics;
  if (!p.ok) return 0;
  const Function& k = p.module.functions.front();
  const auto ops = k.operands(k.instructions.front());
  EXPECT_EQ(ops.back().kind, OperandKind::Immediate);
  return static_cast<int64_t>(ops.back().bits);
}

TEST(ConstantExpression, CPrecedenceAndParentheses) {
  EXPECT_EQ(first_immediate("\tmov.u32 %r1, ((1 + 2) * 3);"), 9);
  EXPECT_EQ(first_immediate("\tmov.u32 %r1, ((1));"), 1);
  EXPECT_EQ(first_immediate("\tadd.u32 %r1, %r2, (4 << 1) | 0x10;"), 24);
  EXPECT_EQ(first_immediate("\tmov.u32 %r1, 1 + 2 * 3;"), 7);
  EXPECT_EQ(first_immediate("\tmov.u32 %r1, (~0 & 0xff) ^ (7 % 4);"), 252);
  EXPECT_EQ(first_immediate("\tmov.u32 %r1, (3 > 2) ? (10 / 3) : -1;"), 3);
  EXPECT_EQ(first_immediate("\tmov.s64 %rd1, -(1 << 40) + (2 == 2) + (5 != 5) + !0;"),
            -1099511627774);
  EXPECT_EQ(first_immediate("\tmov.u32 %r1, (1 <= 1) && (2 >= 3 || 1);"), 1);
  EXPECT_EQ(first_immediate("\tmov.s32 %r1, (-7 / 2);"), -3);
  EXPECT_EQ(first_immediate("\tmov.s32 %r1, (-7 % 2);"), -1);
}

TEST(ConstantExpression, WarpSizeIsThePredefinedConstant32) {
  EXPECT_EQ(first_immediate("\tmov.u32 %r1, WARP_SZ;"), 32);
}

TEST(ConstantExpression, ErrorsArePrecise) {
  Parsed p = parse_body("\tmov.u32 %r1, (1 / 0);");
  EXPECT_FALSE(p.ok);
  EXPECT_NE(p.diagnostics.find("division by zero in a constant expression"), std::string::npos)
      << p.diagnostics;
  p = parse_body("\tmov.u32 %r1, (1 + );");
  EXPECT_FALSE(p.ok);
  EXPECT_NE(p.diagnostics.find("expected an integer in a constant expression"), std::string::npos)
      << p.diagnostics;
  p = parse_body("\tmov.u32 %r1, (1 + 2;");
  EXPECT_FALSE(p.ok);
  EXPECT_NE(p.diagnostics.find("')' closing the constant expression"), std::string::npos)
      << p.diagnostics;
  p = parse_body("\tmov.u32 %r1, " + std::string(1000, '(') + "1" + std::string(1000, ')') + ";");
  EXPECT_FALSE(p.ok);
  EXPECT_NE(p.diagnostics.find("nested deeper than 64 levels"), std::string::npos) << p.diagnostics;
}

TEST(ConstantExpression, CallParameterListsAreNotExpressions) {
  const Parsed p = parse_body("\tcall.uni (%r1), f, (%r2);");
  // `f` is undefined here: the point is that `(%r1)` is read as a list, not an expression.
  EXPECT_EQ(p.diagnostics.find("constant expression"), std::string::npos) << p.diagnostics;
}

}  // namespace
}  // namespace smsim::ptx
