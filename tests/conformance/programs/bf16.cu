// bfloat16 arithmetic, comparisons, math and conversions, for scalar
// __nv_bfloat16 and packed __nv_bfloat162. Unary operations run over all 2^16
// inputs, including bfloat16->float.
#include <cuda_bf16.h>

#include "../common/conformance.cuh"

using namespace conf;

using u16 = uint16_t;
using u32 = uint32_t;
using bf16 = __nv_bfloat16;
using bf162 = __nv_bfloat162;

__device__ bf16 H(u16 bits) {
  return __ushort_as_bfloat16(bits);
}
__device__ u16 B(bf16 h) {
  return __bfloat16_as_ushort(h);
}
__device__ bf162 H2(u16 lo, u16 hi) {
  return __halves2bfloat162(H(lo), H(hi));
}
__device__ u32 B2(bf162 h) {
  return static_cast<u32>(B(__high2bfloat16(h))) << 16 | B(__low2bfloat16(h));
}

#define HU(Name, expr) CONF_UNARY(Name, u16, u16, B(expr))
#define HB(Name, expr) CONF_BINARY(Name, u16, u16, u16, B(expr))
#define HT(Name, expr) CONF_TERNARY(Name, u16, u16, u16, u16, B(expr))
#define H2B(Name, expr) CONF_BINARY(Name, u32, u16, u16, B2(expr))
#define H2T(Name, expr) CONF_TERNARY(Name, u32, u16, u16, u16, B2(expr))

HU(Neg, __hneg(H(x)));
HU(Abs, __habs(H(x)));
HU(Sqrt, hsqrt(H(x)));
HU(Rsqrt, hrsqrt(H(x)));
HU(Rcp, hrcp(H(x)));
HU(Exp, hexp(H(x)));
HU(Exp2, hexp2(H(x)));
HU(Exp10, hexp10(H(x)));
HU(Log, hlog(H(x)));
HU(Log2, hlog2(H(x)));
HU(Log10, hlog10(H(x)));
HU(Sin, hsin(H(x)));
HU(Cos, hcos(H(x)));
HU(Trunc, htrunc(H(x)));
HU(Ceil, hceil(H(x)));
HU(Floor, hfloor(H(x)));
HU(Rint, hrint(H(x)));
CONF_UNARY(ToFloat, float, u16, __bfloat162float(H(x)));
CONF_UNARY(ToIntRn, int, u16, __bfloat162int_rn(H(x)));
CONF_UNARY(ToIntRz, int, u16, __bfloat162int_rz(H(x)));
CONF_UNARY(ToUintRd, unsigned, u16, __bfloat162uint_rd(H(x)));
CONF_UNARY(ToShortRu, short, u16, __bfloat162short_ru(H(x)));
CONF_UNARY(ToLlRn, long long, u16, __bfloat162ll_rn(H(x)));
CONF_UNARY(Classify, int, u16, __hisnan(H(x)) | __hisinf(H(x)) << 2);
CONF_UNARY(FromShortRn, u16, u16, B(__short2bfloat16_rn(static_cast<short>(x))));
CONF_UNARY(FromUshortRz, u16, u16, B(__ushort2bfloat16_rz(x)));
CONF_UNARY(ToHalf, u16, u16, __half_as_ushort(__float2half_rn(__bfloat162float(H(x)))));
HB(Add, __hadd(H(x), H(y)));
HB(Sub, __hsub(H(x), H(y)));
HB(Mul, __hmul(H(x), H(y)));
HB(Div, __hdiv(H(x), H(y)));
HB(AddRn, __hadd_rn(H(x), H(y)));
HB(MulRn, __hmul_rn(H(x), H(y)));
HB(AddSat, __hadd_sat(H(x), H(y)));
HB(MulSat, __hmul_sat(H(x), H(y)));
HB(Max, __hmax(H(x), H(y)));
HB(Min, __hmin(H(x), H(y)));
HB(MaxNan, __hmax_nan(H(x), H(y)));
HB(MinNan, __hmin_nan(H(x), H(y)));
CONF_BINARY(Compare, u32, u16, u16,
            static_cast<u32>(__heq(H(x), H(y))) | __hne(H(x), H(y)) << 1 | __hle(H(x), H(y)) << 2 |
                __hge(H(x), H(y)) << 3 | __hlt(H(x), H(y)) << 4 | __hgt(H(x), H(y)) << 5 |
                __hequ(H(x), H(y)) << 6 | __hneu(H(x), H(y)) << 7 | __hltu(H(x), H(y)) << 8);
// The bfloat16 fused multiply-adds exist from sm_80. For older targets (the
// default nvcc target, JIT-compiled on the GPU) they are emulated through
// float, which rounds twice: that build may differ from sm_90 in those cases.
#if __CUDA_ARCH__ >= 800
__device__ bf16 fma_bf16(bf16 a, bf16 b, bf16 c) {
  return __hfma(a, b, c);
}
__device__ bf16 fma_sat_bf16(bf16 a, bf16 b, bf16 c) {
  return __hfma_sat(a, b, c);
}
__device__ bf16 fma_relu_bf16(bf16 a, bf16 b, bf16 c) {
  return __hfma_relu(a, b, c);
}
__device__ bf162 fma2_bf16(bf162 a, bf162 b, bf162 c) {
  return __hfma2(a, b, c);
}
__device__ bf162 fma2_relu_bf16(bf162 a, bf162 b, bf162 c) {
  return __hfma2_relu(a, b, c);
}
__device__ bf162 cmadd_bf16(bf162 a, bf162 b, bf162 c) {
  return __hcmadd(a, b, c);
}
#else
__device__ float F(bf16 h) {
  return __bfloat162float(h);
}
__device__ bf16 fma_bf16(bf16 a, bf16 b, bf16 c) {
  return __float2bfloat16_rn(fmaf(F(a), F(b), F(c)));
}
__device__ bf16 fma_sat_bf16(bf16 a, bf16 b, bf16 c) {
  return __float2bfloat16_rn(__saturatef(fmaf(F(a), F(b), F(c))));
}
__device__ bf16 fma_relu_bf16(bf16 a, bf16 b, bf16 c) {
  const float r = fmaf(F(a), F(b), F(c));
  return __float2bfloat16_rn(isnan(r) ? r : fmaxf(r, 0.0f));
}
__device__ bf162 fma2_bf16(bf162 a, bf162 b, bf162 c) {
  return __halves2bfloat162(fma_bf16(__low2bfloat16(a), __low2bfloat16(b), __low2bfloat16(c)),
                            fma_bf16(__high2bfloat16(a), __high2bfloat16(b), __high2bfloat16(c)));
}
__device__ bf162 fma2_relu_bf16(bf162 a, bf162 b, bf162 c) {
  return __halves2bfloat162(
      fma_relu_bf16(__low2bfloat16(a), __low2bfloat16(b), __low2bfloat16(c)),
      fma_relu_bf16(__high2bfloat16(a), __high2bfloat16(b), __high2bfloat16(c)));
}
// Complex multiply-add: (a.re*b.re - a.im*b.im + c.re, a.re*b.im + a.im*b.re + c.im).
__device__ bf162 cmadd_bf16(bf162 a, bf162 b, bf162 c) {
  const float ar = F(__low2bfloat16(a)), ai = F(__high2bfloat16(a));
  const float br = F(__low2bfloat16(b)), bi = F(__high2bfloat16(b));
  const float re = fmaf(-ai, bi, fmaf(ar, br, F(__low2bfloat16(c))));
  const float im = fmaf(ai, br, fmaf(ar, bi, F(__high2bfloat16(c))));
  return __halves2bfloat162(__float2bfloat16_rn(re), __float2bfloat16_rn(im));
}
#endif

HT(Fma, fma_bf16(H(x), H(y), H(z)));
HT(FmaSat, fma_sat_bf16(H(x), H(y), H(z)));
HT(FmaRelu, fma_relu_bf16(H(x), H(y), H(z)));
H2B(Add2, __hadd2(H2(x, y), H2(y, x)));
H2B(Sub2, __hsub2(H2(x, y), H2(y, x)));
H2B(Mul2, __hmul2(H2(x, y), H2(y, x)));
H2B(Div2, __h2div(H2(x, y), H2(y, x)));
H2B(Max2, __hmax2(H2(x, y), H2(y, x)));
H2B(Min2Nan, __hmin2_nan(H2(x, y), H2(y, x)));
H2B(Neg2, __hneg2(H2(x, y)));
H2B(Abs2, __habs2(H2(x, y)));
H2B(Sqrt2, h2sqrt(H2(x, y)));
H2B(ExpPair, h2exp(H2(x, y)));
H2B(LogPair, h2log(H2(x, y)));
H2B(Rint2, h2rint(H2(x, y)));
H2B(Eq2, __heq2(H2(x, y), H2(y, x)));
H2B(Gtu2, __hgtu2(H2(x, y), H2(y, x)));
H2T(Fma2, fma2_bf16(H2(x, y), H2(y, z), H2(z, x)));
H2T(Fma2Relu, fma2_relu_bf16(H2(x, y), H2(y, z), H2(z, x)));
H2T(Cmadd, cmadd_bf16(H2(x, y), H2(y, z), H2(z, x)));
CONF_UNARY(FromFloatRn, u16, float, B(__float2bfloat16_rn(x)));
CONF_UNARY(FromFloatRz, u16, float, B(__float2bfloat16_rz(x)));
CONF_UNARY(FromFloatRu, u16, float, B(__float2bfloat16_ru(x)));
CONF_UNARY(FromFloatRd, u16, float, B(__float2bfloat16_rd(x)));
CONF_UNARY(FromFloat2, u32, float, B2(__float22bfloat162_rn(make_float2(x, -x * 3.0f))));
CONF_UNARY(FromDouble, u16, double, B(__double2bfloat16(x)));
CONF_UNARY(FromIntRn, u16, int, B(__int2bfloat16_rn(x)));
CONF_UNARY(FromUintRz, u16, unsigned, B(__uint2bfloat16_rz(x)));
CONF_UNARY(FromLlRd, u16, long long, B(__ll2bfloat16_rd(x)));

int main() {
  begin("bf16");
  chunk_size = 16384;  // unary cases cover all 2^16 inputs: four lines each
  const auto all = all_u16();
  run_unary<Neg>("hneg", all);
  run_unary<Abs>("habs", all);
  run_unary<Sqrt>("hsqrt", all);
  run_unary<Rsqrt>("hrsqrt", all);
  run_unary<Rcp>("hrcp", all);
  run_unary<Exp>("hexp", all);
  run_unary<Exp2>("hexp2", all);
  run_unary<Exp10>("hexp10", all);
  run_unary<Log>("hlog", all);
  run_unary<Log2>("hlog2", all);
  run_unary<Log10>("hlog10", all);
  run_unary<Sin>("hsin", all);
  run_unary<Cos>("hcos", all);
  run_unary<Trunc>("htrunc", all);
  run_unary<Ceil>("hceil", all);
  run_unary<Floor>("hfloor", all);
  run_unary<Rint>("hrint", all);
  run_unary<ToFloat>("bfloat162float_all", all);
  run_unary<ToIntRn>("bfloat162int_rn", all);
  run_unary<ToIntRz>("bfloat162int_rz", all);
  run_unary<ToUintRd>("bfloat162uint_rd", all);
  run_unary<ToShortRu>("bfloat162short_ru", all);
  run_unary<ToLlRn>("bfloat162ll_rn", all);
  run_unary<Classify>("hisnan_hisinf", all);
  run_unary<FromShortRn>("short2bfloat16_rn", all);
  run_unary<FromUshortRz>("ushort2bfloat16_rz", all);
  run_unary<ToHalf>("bfloat16_to_half_via_float", all);
  chunk_size = kChunkSize;
  const auto [a, b] = u16_pairs(bf16_edge_bits());
  const auto c = shuffled(a, a.size(), 82);
  run_binary<Add>("hadd", a, b);
  run_binary<Sub>("hsub", a, b);
  run_binary<Mul>("hmul", a, b);
  run_binary<Div>("hdiv", a, b);
  run_binary<AddRn>("hadd_rn", a, b);
  run_binary<MulRn>("hmul_rn", a, b);
  run_binary<AddSat>("hadd_sat", a, b);
  run_binary<MulSat>("hmul_sat", a, b);
  run_binary<Max>("hmax", a, b);
  run_binary<Min>("hmin", a, b);
  run_binary<MaxNan>("hmax_nan", a, b);
  run_binary<MinNan>("hmin_nan", a, b);
  run_binary<Compare>("compare_all", a, b);
  run_ternary<Fma>("hfma", a, b, c);
  run_ternary<FmaSat>("hfma_sat", a, b, c);
  run_ternary<FmaRelu>("hfma_relu", a, b, c);
  run_binary<Add2>("hadd2", a, b);
  run_binary<Sub2>("hsub2", a, b);
  run_binary<Mul2>("hmul2", a, b);
  run_binary<Div2>("h2div", a, b);
  run_binary<Max2>("hmax2", a, b);
  run_binary<Min2Nan>("hmin2_nan", a, b);
  run_binary<Neg2>("hneg2", a, b);
  run_binary<Abs2>("habs2", a, b);
  run_binary<Sqrt2>("h2sqrt", a, b);
  run_binary<ExpPair>("h2exp", a, b);
  run_binary<LogPair>("h2log", a, b);
  run_binary<Rint2>("h2rint", a, b);
  run_binary<Eq2>("heq2", a, b);
  run_binary<Gtu2>("hgtu2", a, b);
  run_ternary<Fma2>("hfma2", a, b, c);
  run_ternary<Fma2Relu>("hfma2_relu", a, b, c);
  run_ternary<Cmadd>("hcmadd", a, b, c);
  const auto f = float_inputs();
  run_unary<FromFloatRn>("float2bfloat16_rn", f);
  run_unary<FromFloatRz>("float2bfloat16_rz", f);
  run_unary<FromFloatRu>("float2bfloat16_ru", f);
  run_unary<FromFloatRd>("float2bfloat16_rd", f);
  run_unary<FromFloat2>("float22bfloat162_rn", f);
  run_unary<FromDouble>("double2bfloat16", double_inputs());
  const auto u = uint_inputs();
  run_unary<FromIntRn>("int2bfloat16_rn", bit_cast_all<int>(u));
  run_unary<FromUintRz>("uint2bfloat16_rz", u);
  run_unary<FromLlRd>("ll2bfloat16_rd", bit_cast_all<long long>(uint64_inputs()));
  return 0;
}
