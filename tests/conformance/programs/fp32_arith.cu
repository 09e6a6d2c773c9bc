// Single-precision arithmetic with explicit rounding (Handbook Table 8.9):
// add, sub, mul, fma, div, reciprocal and square root in every rounding mode,
// plus the default operators and min/max NaN rules.
#include "../common/conformance.cuh"

using namespace conf;

CONF_BINARY(AddRn, float, float, float, __fadd_rn(x, y));
CONF_BINARY(AddRz, float, float, float, __fadd_rz(x, y));
CONF_BINARY(AddRu, float, float, float, __fadd_ru(x, y));
CONF_BINARY(AddRd, float, float, float, __fadd_rd(x, y));
CONF_BINARY(SubRn, float, float, float, __fsub_rn(x, y));
CONF_BINARY(SubRz, float, float, float, __fsub_rz(x, y));
CONF_BINARY(SubRu, float, float, float, __fsub_ru(x, y));
CONF_BINARY(SubRd, float, float, float, __fsub_rd(x, y));
CONF_BINARY(MulRn, float, float, float, __fmul_rn(x, y));
CONF_BINARY(MulRz, float, float, float, __fmul_rz(x, y));
CONF_BINARY(MulRu, float, float, float, __fmul_ru(x, y));
CONF_BINARY(MulRd, float, float, float, __fmul_rd(x, y));
CONF_BINARY(DivRn, float, float, float, __fdiv_rn(x, y));
CONF_BINARY(DivRz, float, float, float, __fdiv_rz(x, y));
CONF_BINARY(DivRu, float, float, float, __fdiv_ru(x, y));
CONF_BINARY(DivRd, float, float, float, __fdiv_rd(x, y));
CONF_BINARY(DivOperator, float, float, float, x / y);
CONF_BINARY(AddOperator, float, float, float, x + y);
CONF_BINARY(MulOperator, float, float, float, x* y);
CONF_BINARY(MinF, float, float, float, fminf(x, y));
CONF_BINARY(MaxF, float, float, float, fmaxf(x, y));
CONF_BINARY(CopySign, float, float, float, copysignf(x, y));
CONF_BINARY(Less, int, float, float,
            static_cast<int>(x < y) | static_cast<int>(x == y) << 1 |
                static_cast<int>(x != y) << 2 | static_cast<int>(x >= y) << 3);
CONF_TERNARY(FmaRn, float, float, float, float, __fmaf_rn(x, y, z));
CONF_TERNARY(FmaRz, float, float, float, float, __fmaf_rz(x, y, z));
CONF_TERNARY(FmaRu, float, float, float, float, __fmaf_ru(x, y, z));
CONF_TERNARY(FmaRd, float, float, float, float, __fmaf_rd(x, y, z));
CONF_TERNARY(FmaLib, float, float, float, float, fmaf(x, y, z));
CONF_TERNARY(FmaIeee, float, float, float, float, __fmaf_ieee_rn(x, y, z));
CONF_TERNARY(MulAddUnfused, float, float, float, float, __fadd_rn(__fmul_rn(x, y), z));
CONF_UNARY(RcpRn, float, float, __frcp_rn(x));
CONF_UNARY(RcpRz, float, float, __frcp_rz(x));
CONF_UNARY(RcpRu, float, float, __frcp_ru(x));
CONF_UNARY(RcpRd, float, float, __frcp_rd(x));
CONF_UNARY(SqrtRn, float, float, __fsqrt_rn(x));
CONF_UNARY(SqrtRz, float, float, __fsqrt_rz(x));
CONF_UNARY(SqrtRu, float, float, __fsqrt_ru(x));
CONF_UNARY(SqrtRd, float, float, __fsqrt_rd(x));
CONF_UNARY(RsqrtRn, float, float, __frsqrt_rn(x));
CONF_UNARY(Negate, float, float, -x);
CONF_UNARY(Abs, float, float, fabsf(x));
CONF_UNARY(IsNan, int, float,
           static_cast<int>(isnan(x)) | static_cast<int>(isinf(x)) << 1 |
               static_cast<int>(isfinite(x)) << 2 | static_cast<int>(signbit(x)) << 3);
CONF_UNARY(Saturate, float, float, __saturatef(x));

int main() {
  begin("fp32_arith");
  const auto [a, b] = float_pairs();
  const auto c = shuffled(a, a.size(), 77);
  run_binary<AddRn>("fadd_rn", a, b);
  run_binary<AddRz>("fadd_rz", a, b);
  run_binary<AddRu>("fadd_ru", a, b);
  run_binary<AddRd>("fadd_rd", a, b);
  run_binary<SubRn>("fsub_rn", a, b);
  run_binary<SubRz>("fsub_rz", a, b);
  run_binary<SubRu>("fsub_ru", a, b);
  run_binary<SubRd>("fsub_rd", a, b);
  run_binary<MulRn>("fmul_rn", a, b);
  run_binary<MulRz>("fmul_rz", a, b);
  run_binary<MulRu>("fmul_ru", a, b);
  run_binary<MulRd>("fmul_rd", a, b);
  run_binary<DivRn>("fdiv_rn", a, b);
  run_binary<DivRz>("fdiv_rz", a, b);
  run_binary<DivRu>("fdiv_ru", a, b);
  run_binary<DivRd>("fdiv_rd", a, b);
  run_binary<DivOperator>("operator_div", a, b);
  run_binary<AddOperator>("operator_add", a, b);
  run_binary<MulOperator>("operator_mul", a, b);
  run_binary<MinF>("fminf", a, b);
  run_binary<MaxF>("fmaxf", a, b);
  run_binary<CopySign>("copysignf", a, b);
  run_binary<Less>("compare_lt_eq_ne_ge", a, b);
  run_ternary<FmaRn>("fmaf_rn", a, b, c);
  run_ternary<FmaRz>("fmaf_rz", a, b, c);
  run_ternary<FmaRu>("fmaf_ru", a, b, c);
  run_ternary<FmaRd>("fmaf_rd", a, b, c);
  run_ternary<FmaLib>("fmaf", a, b, c);
  run_ternary<FmaIeee>("fmaf_ieee_rn", a, b, c);
  run_ternary<MulAddUnfused>("mul_then_add_rn", a, b, c);
  const auto x = float_inputs();
  run_unary<RcpRn>("frcp_rn", x);
  run_unary<RcpRz>("frcp_rz", x);
  run_unary<RcpRu>("frcp_ru", x);
  run_unary<RcpRd>("frcp_rd", x);
  run_unary<SqrtRn>("fsqrt_rn", x);
  run_unary<SqrtRz>("fsqrt_rz", x);
  run_unary<SqrtRu>("fsqrt_ru", x);
  run_unary<SqrtRd>("fsqrt_rd", x);
  run_unary<RsqrtRn>("frsqrt_rn", x);
  run_unary<Negate>("negate", x);
  run_unary<Abs>("fabsf", x);
  run_unary<IsNan>("classify", x);
  run_unary<Saturate>("saturatef", x);
  return 0;
}
