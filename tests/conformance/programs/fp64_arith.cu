// Double-precision arithmetic with explicit rounding (Handbook Table 8.9): add,
// sub, mul, fma, div, reciprocal and square root in every rounding mode, the
// default operators, and min/max with NaN and signed-zero operands.
#include "../common/conformance.cuh"

using namespace conf;

CONF_BINARY(AddRn, double, double, double, __dadd_rn(x, y));
CONF_BINARY(AddRz, double, double, double, __dadd_rz(x, y));
CONF_BINARY(AddRu, double, double, double, __dadd_ru(x, y));
CONF_BINARY(AddRd, double, double, double, __dadd_rd(x, y));
CONF_BINARY(SubRn, double, double, double, __dsub_rn(x, y));
CONF_BINARY(SubRz, double, double, double, __dsub_rz(x, y));
CONF_BINARY(SubRu, double, double, double, __dsub_ru(x, y));
CONF_BINARY(SubRd, double, double, double, __dsub_rd(x, y));
CONF_BINARY(MulRn, double, double, double, __dmul_rn(x, y));
CONF_BINARY(MulRz, double, double, double, __dmul_rz(x, y));
CONF_BINARY(MulRu, double, double, double, __dmul_ru(x, y));
CONF_BINARY(MulRd, double, double, double, __dmul_rd(x, y));
CONF_BINARY(DivRn, double, double, double, __ddiv_rn(x, y));
CONF_BINARY(DivRz, double, double, double, __ddiv_rz(x, y));
CONF_BINARY(DivRu, double, double, double, __ddiv_ru(x, y));
CONF_BINARY(DivRd, double, double, double, __ddiv_rd(x, y));
CONF_BINARY(DivOperator, double, double, double, x / y);
CONF_BINARY(AddOperator, double, double, double, x + y);
CONF_BINARY(MulOperator, double, double, double, x* y);
CONF_BINARY(Min, double, double, double, fmin(x, y));
CONF_BINARY(Max, double, double, double, fmax(x, y));
CONF_BINARY(CopySign, double, double, double, copysign(x, y));
CONF_BINARY(Compare, int, double, double,
            static_cast<int>(x < y) | static_cast<int>(x == y) << 1 |
                static_cast<int>(x != y) << 2 | static_cast<int>(x >= y) << 3);
CONF_TERNARY(FmaRn, double, double, double, double, __fma_rn(x, y, z));
CONF_TERNARY(FmaRz, double, double, double, double, __fma_rz(x, y, z));
CONF_TERNARY(FmaRu, double, double, double, double, __fma_ru(x, y, z));
CONF_TERNARY(FmaRd, double, double, double, double, __fma_rd(x, y, z));
CONF_TERNARY(FmaLib, double, double, double, double, fma(x, y, z));
CONF_TERNARY(MulAddUnfused, double, double, double, double, __dadd_rn(__dmul_rn(x, y), z));
CONF_UNARY(RcpRn, double, double, __drcp_rn(x));
CONF_UNARY(RcpRz, double, double, __drcp_rz(x));
CONF_UNARY(RcpRu, double, double, __drcp_ru(x));
CONF_UNARY(RcpRd, double, double, __drcp_rd(x));
CONF_UNARY(SqrtRn, double, double, __dsqrt_rn(x));
CONF_UNARY(SqrtRz, double, double, __dsqrt_rz(x));
CONF_UNARY(SqrtRu, double, double, __dsqrt_ru(x));
CONF_UNARY(SqrtRd, double, double, __dsqrt_rd(x));
CONF_UNARY(Negate, double, double, -x);
CONF_UNARY(Abs, double, double, fabs(x));
CONF_UNARY(Classify, int, double,
           static_cast<int>(isnan(x)) | static_cast<int>(isinf(x)) << 1 |
               static_cast<int>(isfinite(x)) << 2 | static_cast<int>(signbit(x)) << 3);

int main() {
  begin("fp64_arith");
  const auto [a, b] = double_pairs();
  const auto c = shuffled(a, a.size(), 78);
  run_binary<AddRn>("dadd_rn", a, b);
  run_binary<AddRz>("dadd_rz", a, b);
  run_binary<AddRu>("dadd_ru", a, b);
  run_binary<AddRd>("dadd_rd", a, b);
  run_binary<SubRn>("dsub_rn", a, b);
  run_binary<SubRz>("dsub_rz", a, b);
  run_binary<SubRu>("dsub_ru", a, b);
  run_binary<SubRd>("dsub_rd", a, b);
  run_binary<MulRn>("dmul_rn", a, b);
  run_binary<MulRz>("dmul_rz", a, b);
  run_binary<MulRu>("dmul_ru", a, b);
  run_binary<MulRd>("dmul_rd", a, b);
  run_binary<DivRn>("ddiv_rn", a, b);
  run_binary<DivRz>("ddiv_rz", a, b);
  run_binary<DivRu>("ddiv_ru", a, b);
  run_binary<DivRd>("ddiv_rd", a, b);
  run_binary<DivOperator>("operator_div", a, b);
  run_binary<AddOperator>("operator_add", a, b);
  run_binary<MulOperator>("operator_mul", a, b);
  run_binary<Min>("fmin", a, b);
  run_binary<Max>("fmax", a, b);
  run_binary<CopySign>("copysign", a, b);
  run_binary<Compare>("compare_lt_eq_ne_ge", a, b);
  run_ternary<FmaRn>("fma_rn", a, b, c);
  run_ternary<FmaRz>("fma_rz", a, b, c);
  run_ternary<FmaRu>("fma_ru", a, b, c);
  run_ternary<FmaRd>("fma_rd", a, b, c);
  run_ternary<FmaLib>("fma", a, b, c);
  run_ternary<MulAddUnfused>("mul_then_add_rn", a, b, c);
  const auto x = double_inputs();
  run_unary<RcpRn>("drcp_rn", x);
  run_unary<RcpRz>("drcp_rz", x);
  run_unary<RcpRu>("drcp_ru", x);
  run_unary<RcpRd>("drcp_rd", x);
  run_unary<SqrtRn>("dsqrt_rn", x);
  run_unary<SqrtRz>("dsqrt_rz", x);
  run_unary<SqrtRu>("dsqrt_ru", x);
  run_unary<SqrtRd>("dsqrt_rd", x);
  run_unary<Negate>("negate", x);
  run_unary<Abs>("fabs", x);
  run_unary<Classify>("classify", x);
  return 0;
}
