// Printer: print -> parse -> print is a fixed point, and the printed form keeps
// what the engines and ptxas need.

#include "ptx/printer.h"

#include <gtest/gtest.h>

#include <string>

#include "ptx/frontend.h"

namespace smsim::ptx {
namespace {

std::string print_checked(std::string_view text) {
  Diagnostics diags("in.ptx", text);
  const Module m = parse_and_check(text, diags);
  EXPECT_FALSE(diags.has_errors()) << diags.format();
  return print(m);
}

constexpr std::string_view kSample = R"(.version 9.0
.target sm_90
.address_size 64

.file 1 "k.cu"
.func (.param .b32 func_retval0) helper(.param .b32 helper_param_0);
.global .align 4 .b8 table[4] = {1, 2, 3, 4};
.global .align 8 .u64 ptrs[2] = {table, generic(table)+2};
.const .align 4 .f32 scale = 0f3FC00000;
.global .texref tex0;
.global .attribute(.managed) .align 4 .f32 managed_scale;

.visible .entry k(
	.param .u64 .ptr .global .align 16 k_param_0
)
.reqntid 128, 1, 1
{
	.reg .pred %p<2>;
	.reg .b32 %r<8>;
	.reg .f32 %f<6>;
	.reg .b64 %rd<4>;
	.shared .align 4 .b8 buf[512];

	.loc 1 3 1
	ld.param.u64 %rd1, [k_param_0];
	mov.u32 %r1, %ctaid.x;
	setp.eq.s32 %p1, %r1, -7;
	@%p1 bra $L__BB0_3;
	ld.global.nc.v4.f32 {%f1, %f2, %f3, %f4}, [%rd1+16];
	st.shared.f32 [buf+-4], %f1;
	tex.1d.v4.f32.s32 {%f1, %f2, %f3, %f4}, [tex0, {%r1}];
	mov.u64 %rd2, 0xFFFFFFFFFFFFFFFF;
	mov.f64 %rd3, 0d4000000000000000;
	atom.global.cas.b32 %r2, [%rd1], %r3, %r4;
	{
	.reg .pred p;
	setp.ne.s32 p, %r1, 0;
	}
$L__BB0_3:
	{ // callseq
	.param .b32 param0;
	st.param.b32 [param0], %r1;
	.param .b32 retval0;
	call.uni (retval0), helper, (param0);
	ld.param.b32 %r5, [retval0];
	}
	ret;
}

.func (.param .b32 func_retval0) helper(.param .b32 helper_param_0)
{
	.reg .b32 %r<2>;
	ld.param.b32 %r1, [helper_param_0];
	st.param.b32 [func_retval0], %r1;
	ret;
}
)";

TEST(Printer, RoundTripIsAFixedPoint) {
  const std::string once = print_checked(kSample);
  const std::string twice = print_checked(once);
  EXPECT_EQ(once, twice);
}

TEST(Printer, KeepsDeclarationsScopesAndOperands) {
  const std::string out = print_checked(kSample);
  for (std::string_view piece :
       {".version 9.0\n.target sm_90\n.address_size 64\n", ".file 1 \"k.cu\"",
        ".global .align 8 .u64 ptrs[2] = {table, generic(table)+2};",
        ".const .align 4 .f32 scale = 0f3FC00000;", ".global .texref tex0;",
        ".param .u64 .ptr .global .align 16 k_param_0", ".reqntid 128, 1, 1",
        "setp.eq.s32 \t%p1, %r1, -7;", "@%p1 bra \t$L__BB0_3;", "[%rd1+16]", "[buf+-4]",
        "[tex0, {%r1}]", "0xFFFFFFFFFFFFFFFF", "0d4000000000000000", "\t\t.reg .pred p;\n",
        "call.uni \t(retval0), helper, (param0);", ".loc 1 3 1\n",
        ".func (.param .b32 func_retval0) helper(\n\t.param .b32 helper_param_0\n)\n;"}) {
    EXPECT_NE(out.find(piece), std::string::npos) << "missing: " << piece << "\n" << out;
  }
}

TEST(Printer, PrototypeComesBeforeGlobalsThatFollowIt) {
  const std::string out = print_checked(kSample);
  const auto proto = out.find(".func (.param .b32 func_retval0) helper(");
  const auto table = out.find(".global .align 4 .b8 table[4]");
  const auto body = out.rfind(".func (.param .b32 func_retval0) helper(");
  ASSERT_NE(proto, std::string::npos);
  EXPECT_LT(proto, table);
  EXPECT_GT(body, table);
}

TEST(Printer, DebugSectionsAndJumpTablesSurvive) {
  constexpr std::string_view text = R"(.version 9.0
.target sm_90
.address_size 64
.func f(.param .b32 f_param_0)
{
	.reg .b32 %r<2>;
	ld.param.u32 %r1, [f_param_0];
$T: .branchtargets $A, $B;
	brx.idx %r1, $T;
$A:
	ret;
$B:
	ret;
}
.section .debug_str
{
$L__info_string0:
.b8 95,90,0
}
)";
  const std::string once = print_checked(text);
  EXPECT_NE(once.find("$T: .branchtargets $A, $B;"), std::string::npos) << once;
  EXPECT_NE(once.find(".section .debug_str\n{\n$L__info_string0:\n.b8 95,90,0\n}"),
            std::string::npos)
      << once;
  EXPECT_EQ(print_checked(once), once);
}

}  // namespace
}  // namespace smsim::ptx
