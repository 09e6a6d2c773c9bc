// Checker and parser diagnostics: each kind asserts its message and position,
// and the rules that must NOT fire on valid PTX are pinned down too.

#include "ptx/checker.h"

#include <gtest/gtest.h>

#include <string>

#include "ptx/frontend.h"

namespace smsim::ptx {
namespace {

// Kernel body lines start at line 15 of the wrapped module.
constexpr uint32_t kFirstBodyLine = 15;

std::string wrap(std::string_view body, std::string_view target = "sm_90",
                 std::string_view globals = "") {
  return std::string(".version 9.0\n.target ") + std::string(target) + "\n.address_size 64\n" +
         std::string(globals.empty() ? "\n" : globals) +
         "\n.visible .entry k(\n\t.param .u64 k_param_0\n)\n{\n"
         "\t.reg .pred %p<4>;\n\t.reg .b16 %rs<4>;\n\t.reg .b32 %r<8>;\n"
         "\t.reg .f32 %f<8>;\n\t.reg .b64 %rd<8>;\n" +
         std::string(body) + "\n\tret;\n}\n";
}

struct Result {
  std::vector<Diagnostic> diags;
  std::string formatted;
  bool ok() const {
    for (const auto& d : diags)
      if (d.severity == Severity::Error) return false;
    return true;
  }
  const Diagnostic& first() const { return diags.front(); }
};

Result check_text(const std::string& text) {
  Diagnostics diags("t.ptx", text);
  const Module m = parse_and_check(text, diags);
  return {diags.all(), diags.format()};
}

Result check_body(std::string_view body, std::string_view target = "sm_90") {
  return check_text(wrap(body, target));
}

void expect_error(const Result& r, std::string_view substring, uint32_t line, uint32_t col = 0) {
  ASSERT_FALSE(r.ok()) << "expected an error containing '" << substring << "'";
  const Diagnostic& d = r.first();
  EXPECT_NE(d.message.find(substring), std::string::npos) << "message: " << d.message;
  EXPECT_EQ(d.loc.line, line) << r.formatted;
  if (col != 0) {
    EXPECT_EQ(d.loc.col, col) << r.formatted;
  }
}

TEST(CheckerTest, WrapperItselfIsValid) {
  const Result r = check_body("\tmov.u32 %r1, 1;");
  EXPECT_TRUE(r.ok()) << r.formatted;
}

TEST(CheckerTest, UnknownOpcodeNamesItAndSuggests) {
  const Result r = check_body("\tadds.s32 %r1, %r2, %r3;");
  expect_error(r, "unknown opcode 'adds'", kFirstBodyLine, 2);
  EXPECT_EQ(r.first().hint, "did you mean 'add'?");
}

TEST(CheckerTest, UnknownModifierPointsAtIt) {
  const Result r = check_body("\tld.global.cx.u32 %r1, [%rd1];");
  expect_error(r, "unknown modifier '.cx' on 'ld'", kFirstBodyLine, 12);
}

TEST(CheckerTest, ModifierNotAllowedOnOpcode) {
  expect_error(check_body("\tand.rn.b32 %r1, %r2, %r3;"), "modifier '.rn' is not allowed on 'and'",
               kFirstBodyLine, 2);
}

TEST(CheckerTest, ConflictingModifiersOfOneGroup) {
  expect_error(check_body("\tadd.rn.rz.f32 %f1, %f2, %f3;"), "'.rz' conflicts with '.rn'",
               kFirstBodyLine);
}

TEST(CheckerTest, MissingOrExtraTypeSuffix) {
  expect_error(check_body("\tadd %r1, %r2, %r3;"), "'add' takes 1 type suffix, found 0",
               kFirstBodyLine);
  expect_error(check_body("\tadd.s32.s32 %r1, %r2, %r3;"), "found 2", kFirstBodyLine);
  expect_error(check_body("\tpopc.f32 %r1, %f1;"), "type .f32 is not allowed on 'popc'",
               kFirstBodyLine);
}

TEST(CheckerTest, WrongOperandCount) {
  expect_error(check_body("\tadd.s32 %r1, %r2;"), "'add' takes 3 operands, found 2",
               kFirstBodyLine);
}

TEST(CheckerTest, WrongOperandForm) {
  expect_error(check_body("\tadd.s32 5, %r2, %r3;"),
               "operand 1 of 'add' must be a register, not an integer immediate", kFirstBodyLine,
               10);
  expect_error(check_body("\tld.global.u32 %r1, %rd1;"), "operand 2 of 'ld' must be an address",
               kFirstBodyLine, 21);
  expect_error(check_body("\tadd.s32 %r1, _, %r3;"), "'_' is not allowed", kFirstBodyLine);
}

TEST(CheckerTest, UndefinedNames) {
  expect_error(check_body("\tadd.s32 %r1, %q7, %r3;"), "undeclared register '%q7'", kFirstBodyLine,
               15);
  const Result out_of_range = check_body("\tadd.s32 %r1, %r8, %r3;");
  expect_error(out_of_range, "undeclared register '%r8'", kFirstBodyLine);
  EXPECT_EQ(out_of_range.first().hint, "'%r<8>' declares %r0 .. %r7");
  expect_error(check_body("\tld.global.u32 %r1, [nowhere];"), "undefined symbol 'nowhere'",
               kFirstBodyLine);
  expect_error(check_body("\tbra.uni $L_missing;"), "undefined label '$L_missing'", kFirstBodyLine,
               10);
  expect_error(check_body("\tcall.uni nothing;"), "undefined function 'nothing'", kFirstBodyLine);
}

TEST(CheckerTest, RegisterTypeRules) {
  expect_error(check_body("\tadd.s32 %r1, %f1, %r3;"),
               "type mismatch: operand 2 of 'add' needs .s32, register '%f1' is .f32",
               kFirstBodyLine, 15);
  expect_error(check_body("\tadd.f32 %f1, %rs1, %f2;"), "type mismatch", kFirstBodyLine);
  expect_error(check_body("\tmul.wide.s32 %r1, %r2, %r3;"), "needs .s64", kFirstBodyLine);
  // .bN registers match any type of their size; .u and .s match each other.
  EXPECT_TRUE(
      check_body(
          "\tadd.f32 %f1, %r1, %f2;\n\tadd.u32 %r1, %r2, %r3;\n\tmul.wide.s32 %rd1, %r2, %r3;")
          .ok());
  // ld/st/cvt accept registers wider than the type.
  EXPECT_TRUE(
      check_body(
          "\tld.global.u8 %r1, [%rd1];\n\tcvt.u16.u8 %rs1, %rs2;\n\tst.global.u8 [%rd1], %r1;")
          .ok());
}

TEST(CheckerTest, PredicatesAndGuards) {
  expect_error(check_body("\t@%r1 bra.uni $L1;\n$L1:"), "guard '%r1' is not a predicate",
               kFirstBodyLine);
  expect_error(check_body("\tselp.b32 %r1, %r2, %r3, %r4;"), "must be a predicate", kFirstBodyLine);
  expect_error(check_body("\tadd.s32 %r1, !%r2, %r3;"), "cannot be negated", kFirstBodyLine);
  EXPECT_TRUE(
      check_body("\tsetp.ne.s32 %p1|%p2, %r1, 0;\n\tvote.sync.any.pred %p3, !%p1, -1;").ok());
}

TEST(CheckerTest, StateSpaces) {
  const std::string text =
      wrap("\tld.global.f32 %f1, [tile];", "sm_90", ".shared .align 4 .f32 tile[32];\n");
  expect_error(check_text(text), "'tile' is a .shared variable, but 'ld' accesses .global",
               kFirstBodyLine);
  expect_error(check_body("\tst.const.u32 [%rd1], %r1;"), "read-only", kFirstBodyLine);
  expect_error(check_body("\tst.param.u64 [k_param_0], %rd1;"),
               "kernel parameter 'k_param_0' is read-only", kFirstBodyLine);
  expect_error(check_body("\tatom.const.add.u32 %r1, [%rd1], 1;"),
               "state space .const is not allowed on 'atom'", kFirstBodyLine);
}

TEST(CheckerTest, VectorWidths) {
  expect_error(check_body("\tld.global.v4.f32 {%f1, %f2, %f3}, [%rd1];"),
               "needs 4 elements, the vector has 3", kFirstBodyLine);
  expect_error(check_body("\tld.global.f32 {%f1, %f2}, [%rd1];"), "needs '.v2'", kFirstBodyLine);
  expect_error(check_body("\tld.global.v4.b64 {%rd1, %rd2, %rd3, %rd4}, [%rd1];"),
               "at most 128 bits", kFirstBodyLine);
  EXPECT_TRUE(check_body("\tld.global.v4.b64 {%rd1, %rd2, %rd3, %rd4}, [%rd1];", "sm_100").ok());
}

TEST(CheckerTest, TypeDependentModifierRules) {
  expect_error(check_body("\tcvt.s32.f32 %r1, %f1;"), "needs an integer rounding mode",
               kFirstBodyLine);
  expect_error(check_body("\tcvt.f32.s32 %f1, %r1;"), "needs a rounding mode", kFirstBodyLine);
  expect_error(check_body("\tcvt.rn.f32.f16 %f1, %rs1;"), "widens exactly", kFirstBodyLine);
  // ptxas accepts a rounding mode on a bf16 source (the form catalog).
  EXPECT_TRUE(check_body("\tcvt.rn.f32.bf16 %f1, %rs1;").ok());
  EXPECT_TRUE(check_body("\tcvt.rz.f64.bf16 %rd1, %rs1;").ok());
  expect_error(check_body("\tmul.s32 %r1, %r2, %r3;"), "needs .lo, .hi or .wide", kFirstBodyLine);
  expect_error(check_body("\tmul.lo.sat.s32 %r1, %r2, %r3;"), "'.sat' is not allowed",
               kFirstBodyLine);
  expect_error(check_body("\tatom.global.add.b32 %r1, [%rd1], 1;"),
               "type .b32 is not allowed with 'atom.add'", kFirstBodyLine);
  // ptxas takes red.async.add.s64 (tools/forms/async_spellings.sm_90.ptx) though
  // atom.add and red.add have no .s64.
  EXPECT_TRUE(check_body("\tred.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::"
                         "bytes.add.s64 [%r1], %rd1, [%r2];")
                  .ok());
  expect_error(check_body("\tatom.global.add.s64 %rd1, [%rd1], 1;"),
               "type .s64 is not allowed with 'atom.add'", kFirstBodyLine);
  EXPECT_TRUE(
      check_body(
          "\tcvt.rzi.s32.f32 %r1, %f1;\n\tcvt.f32.f16 %f1, %rs1;\n\tadd.sat.s32 %r1, %r2, %r3;")
          .ok());
}

TEST(CheckerTest, MinimumTargetOfOpcode) {
  expect_error(check_body("\telect.sync %r1|%p1, -1;", "sm_80"),
               "'elect' requires sm_90 or later; the target is sm_80", kFirstBodyLine);
}

TEST(CheckerTest, CallSignatures) {
  const std::string globals = ".func (.param .b32 r) f(.param .b32 a)\n{\n\tret;\n}\n";
  const std::string text = wrap(
      "\t{\n\t.param .b32 p0;\n\t.param .b32 p1;\n\t.param .b32 r0;\n\tcall.uni (r0), f, (p0, "
      "p1);\n\t}",
      "sm_90", globals);
  expect_error(check_text(text), "'f' takes 1 argument, the call passes 2", kFirstBodyLine + 7);
}

TEST(CheckerTest, DuplicateDeclarations) {
  expect_error(check_body("\t.reg .b32 %r2;"), "duplicate declaration of '%r2'", kFirstBodyLine);
  expect_error(check_body("$L1:\n$L1:"), "label '$L1' is defined twice", kFirstBodyLine + 1);
  const std::string text = wrap("", "sm_90", ".global .u32 g;\n.global .u32 g;\n");
  expect_error(check_text(text), "duplicate declaration of 'g'", 5);
}

TEST(CheckerTest, MisplacedStatements) {
  expect_error(check_body("\t@%p1 @%p2 add.s32 %r1, %r2, %r3;"),
               "a guard must be followed by an instruction", kFirstBodyLine, 7);
  expect_error(check_text(".version 9.0\n.target sm_90\n$L_top:\n"),
               "label '$L_top' outside a function body", 3, 1);
  expect_error(check_text(".version 9.0\n.target sm_90\nadd.s32 %r1, %r2, %r3;\n"),
               "instruction 'add.s32' outside a function body", 3, 1);
  expect_error(check_body("\tadd.rn.rn.f32 %f1, %f2, %f3;"), "duplicate modifier '.rn' on 'add'",
               kFirstBodyLine);
  expect_error(check_body("\tmov.b64 %rd1, {{%r1, %r2}};"), "nested deeper than PTX allows",
               kFirstBodyLine, 17);
  // Layouts of A and B may repeat.
  EXPECT_TRUE(
      check_body(
          "\t.reg .b32 %x<24>;\n\twmma.mma.sync.aligned.row.row.m16n16k16.f32.f32 "
          "{%f0, %f1, %f2, %f3, %f4, %f5, %f6, %f7}, {%x0, %x1, %x2, %x3, %x4, %x5, %x6, %x7}, "
          "{%x8, %x9, %x10, %x11, %x12, %x13, %x14, %x15}, {%f0, %f1, %f2, %f3, %f4, %f5, %f6, "
          "%f7};")
          .ok());
}

TEST(CheckerTest, JumpTableMustPrecedeItsUse) {
  expect_error(check_body("\tbrx.idx %r1, $T;\n$T: .branchtargets $A;\n$A:"),
               "undefined label '$T'", kFirstBodyLine);
}

TEST(CheckerTest, ModuleHeaderRules) {
  expect_error(check_text(".target sm_90\n.entry k()\n{\n\tret;\n}\n"), "missing .version", 1);
  expect_error(check_text(".version 9.0\n.address_size 64\n.entry k()\n{\n\tret;\n}\n"),
               "missing .target", 2);
  expect_error(check_text(".version 9.0\n.target sm_91\n"), "unknown target 'sm_91'", 2, 9);
  expect_error(check_text(".version 99.9\n.target sm_90\n"), "unsupported PTX version 99.9", 1);
}

TEST(CheckerTest, TruncatedInputSaysEndOfFile) {
  expect_error(
      check_text(".version 9.0\n.target sm_90\n.entry k()\n{\n\t.reg .b32 %r<2>;\n\tadd.s32 %r1,"),
      "unexpected end of file", 6, 14);
}

TEST(Diagnostics, FormatShowsLineCaretAndHint) {
  const std::string text = wrap("\tfoo.s32 %r1, %r2, %r3;");
  Diagnostics diags("t.ptx", text);
  parse_and_check(text, diags);
  const std::string out = diags.format();
  EXPECT_EQ(out.rfind("t.ptx:15:2: error: unknown opcode 'foo'\n", 0), 0u) << out;
  EXPECT_NE(out.find("\n  \tfoo.s32 %r1, %r2, %r3;\n  \t^\n"), std::string::npos) << out;
}

TEST(Diagnostics, ReportingStopsAtTheErrorLimit) {
  std::string body;
  for (int i = 0; i < 200; ++i) body += "\tfrob.s32 %r1;\n";
  const std::string text = wrap(body);
  Diagnostics limited("t.ptx", text, 10);
  parse_and_check(text, limited);
  EXPECT_EQ(limited.error_count(), 10u);
  EXPECT_TRUE(limited.saturated());
  EXPECT_EQ(limited.all().back().severity, Severity::Note);
  EXPECT_NE(limited.all().back().message.find("too many errors"), std::string::npos);
}

}  // namespace
}  // namespace smsim::ptx
