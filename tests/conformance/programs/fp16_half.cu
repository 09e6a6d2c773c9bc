// Half-precision (binary16) arithmetic, comparisons, math and conversions, for
// scalar __half and packed __half2. Unary operations run over all 2^16 inputs;
// this includes half->float for every half value.
#include <cuda_fp16.h>

#include "../common/conformance.cuh"

using namespace conf;

using u16 = uint16_t;
using u32 = uint32_t;

__device__ __half H(u16 bits) {
  return __ushort_as_half(bits);
}
__device__ u16 B(__half h) {
  return __half_as_ushort(h);
}
// Packs two halves (low from x, high from y) into one __half2.
__device__ __half2 H2(u16 lo, u16 hi) {
  return __halves2half2(H(lo), H(hi));
}
__device__ u32 B2(__half2 h) {
  return static_cast<u32>(B(__high2half(h))) << 16 | B(__low2half(h));
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
CONF_UNARY(ToFloat, float, u16, __half2float(H(x)));
CONF_UNARY(ToInt, u32, u16,
           static_cast<u32>(__half2int_rn(H(x))) ^ static_cast<u32>(__half2int_rz(H(x))) << 8 ^
               static_cast<u32>(__half2int_ru(H(x))) << 16 ^
               static_cast<u32>(__half2int_rd(H(x))) << 24);
CONF_UNARY(ToIntRn, int, u16, __half2int_rn(H(x)));
CONF_UNARY(ToIntRz, int, u16, __half2int_rz(H(x)));
CONF_UNARY(ToUintRz, unsigned, u16, __half2uint_rz(H(x)));
CONF_UNARY(ToShortRn, short, u16, __half2short_rn(H(x)));
CONF_UNARY(ToUshortRd, unsigned short, u16, __half2ushort_rd(H(x)));
CONF_UNARY(ToLlRu, long long, u16, __half2ll_ru(H(x)));
CONF_UNARY(ToUllRz, unsigned long long, u16, __half2ull_rz(H(x)));
CONF_UNARY(Classify, int, u16, __hisnan(H(x)) | __hisinf(H(x)) << 2);
CONF_UNARY(FromShortRn, u16, u16, B(__short2half_rn(static_cast<short>(x))));
CONF_UNARY(FromShortRz, u16, u16, B(__short2half_rz(static_cast<short>(x))));
CONF_UNARY(FromUshortRu, u16, u16, B(__ushort2half_ru(x)));
CONF_UNARY(FromUshortRd, u16, u16, B(__ushort2half_rd(x)));
CONF_UNARY(ToHalf2Float2, u32, u16,
           __float_as_uint(__low2float(H2(x, x ^ 0x8000u))) ^
               __float_as_uint(__high2float(H2(x, x ^ 0x8000u))));
HB(Add, __hadd(H(x), H(y)));
HB(Sub, __hsub(H(x), H(y)));
HB(Mul, __hmul(H(x), H(y)));
HB(Div, __hdiv(H(x), H(y)));
HB(AddSat, __hadd_sat(H(x), H(y)));
HB(SubSat, __hsub_sat(H(x), H(y)));
HB(MulSat, __hmul_sat(H(x), H(y)));
HB(AddRn, __hadd_rn(H(x), H(y)));
HB(MulRn, __hmul_rn(H(x), H(y)));
HB(Max, __hmax(H(x), H(y)));
HB(Min, __hmin(H(x), H(y)));
HB(MaxNan, __hmax_nan(H(x), H(y)));
HB(MinNan, __hmin_nan(H(x), H(y)));
CONF_BINARY(Compare, u32, u16, u16,
            static_cast<u32>(__heq(H(x), H(y))) | __hne(H(x), H(y)) << 1 | __hle(H(x), H(y)) << 2 |
                __hge(H(x), H(y)) << 3 | __hlt(H(x), H(y)) << 4 | __hgt(H(x), H(y)) << 5 |
                __hequ(H(x), H(y)) << 6 | __hneu(H(x), H(y)) << 7 | __hleu(H(x), H(y)) << 8 |
                __hgeu(H(x), H(y)) << 9 | __hltu(H(x), H(y)) << 10 | __hgtu(H(x), H(y)) << 11);
HT(Fma, __hfma(H(x), H(y), H(z)));
HT(FmaSat, __hfma_sat(H(x), H(y), H(z)));
HT(FmaRelu, __hfma_relu(H(x), H(y), H(z)));
H2B(Add2, __hadd2(H2(x, y), H2(y, x)));
H2B(Sub2, __hsub2(H2(x, y), H2(y, x)));
H2B(Mul2, __hmul2(H2(x, y), H2(y, x)));
H2B(Div2, __h2div(H2(x, y), H2(y, x)));
H2B(Add2Sat, __hadd2_sat(H2(x, y), H2(y, x)));
H2B(Mul2Sat, __hmul2_sat(H2(x, y), H2(y, x)));
H2B(Max2, __hmax2(H2(x, y), H2(y, x)));
H2B(Min2Nan, __hmin2_nan(H2(x, y), H2(y, x)));
H2B(Neg2, __hneg2(H2(x, y)));
H2B(Abs2, __habs2(H2(x, y)));
H2B(Sqrt2, h2sqrt(H2(x, y)));
H2B(Rsqrt2, h2rsqrt(H2(x, y)));
H2B(Rcp2, h2rcp(H2(x, y)));
H2B(Exp2x2, h2exp2(H2(x, y)));
H2B(Log2x2, h2log2(H2(x, y)));
H2B(Sin2, h2sin(H2(x, y)));
H2B(Cos2, h2cos(H2(x, y)));
H2B(Rint2, h2rint(H2(x, y)));
H2B(Floor2, h2floor(H2(x, y)));
H2B(Eq2, __heq2(H2(x, y), H2(y, x)));
H2B(Lt2, __hltu2(H2(x, y), H2(y, x)));
H2B(Swap2, __lowhigh2highlow(H2(x, y)));
CONF_BINARY(Beq2, u32, u16, u16,
            static_cast<u32>(__hbeq2(H2(x, y), H2(y, x))) | __hblt2(H2(x, y), H2(x, x)) << 1 |
                __hbgeu2(H2(x, y), H2(y, y)) << 2);
CONF_BINARY(Eq2Mask, u32, u16, u16,
            __heq2_mask(H2(x, y), H2(y, x)) ^ __hgt2_mask(H2(x, y), H2(y, x)) << 1);
CONF_BINARY(IsNan2, u32, u16, u16, B2(__hisnan2(H2(x, y))));
H2T(Fma2, __hfma2(H2(x, y), H2(y, z), H2(z, x)));
H2T(Fma2Sat, __hfma2_sat(H2(x, y), H2(y, z), H2(z, x)));
H2T(Fma2Relu, __hfma2_relu(H2(x, y), H2(y, z), H2(z, x)));
H2T(Cmadd, __hcmadd(H2(x, y), H2(y, z), H2(z, x)));
CONF_UNARY(FromFloatRn, u16, float, B(__float2half_rn(x)));
CONF_UNARY(FromFloatRz, u16, float, B(__float2half_rz(x)));
CONF_UNARY(FromFloatRu, u16, float, B(__float2half_ru(x)));
CONF_UNARY(FromFloatRd, u16, float, B(__float2half_rd(x)));
CONF_UNARY(FromFloat2, u32, float, B2(__float22half2_rn(make_float2(x, -x * 3.0f))));
CONF_UNARY(FromDouble, u16, double, B(__double2half(x)));
CONF_UNARY(FromIntRn, u16, int, B(__int2half_rn(x)));
CONF_UNARY(FromIntRd, u16, int, B(__int2half_rd(x)));
CONF_UNARY(FromUintRu, u16, unsigned, B(__uint2half_ru(x)));
CONF_UNARY(FromLlRz, u16, long long, B(__ll2half_rz(x)));
CONF_UNARY(FromUllRn, u16, unsigned long long, B(__ull2half_rn(x)));

int main() {
  begin("fp16_half");
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
  run_unary<ToFloat>("half2float_all", all);
  run_unary<ToInt>("half2int_all_roundings", all);
  run_unary<ToIntRn>("half2int_rn", all);
  run_unary<ToIntRz>("half2int_rz", all);
  run_unary<ToUintRz>("half2uint_rz", all);
  run_unary<ToShortRn>("half2short_rn", all);
  run_unary<ToUshortRd>("half2ushort_rd", all);
  run_unary<ToLlRu>("half2ll_ru", all);
  run_unary<ToUllRz>("half2ull_rz", all);
  run_unary<Classify>("hisnan_hisinf", all);
  run_unary<FromShortRn>("short2half_rn", all);
  run_unary<FromShortRz>("short2half_rz", all);
  run_unary<FromUshortRu>("ushort2half_ru", all);
  run_unary<FromUshortRd>("ushort2half_rd", all);
  run_unary<ToHalf2Float2>("half22float2", all);
  chunk_size = kChunkSize;
  const auto [a, b] = u16_pairs(half_edge_bits());
  const auto c = shuffled(a, a.size(), 81);
  run_binary<Add>("hadd", a, b);
  run_binary<Sub>("hsub", a, b);
  run_binary<Mul>("hmul", a, b);
  run_binary<Div>("hdiv", a, b);
  run_binary<AddSat>("hadd_sat", a, b);
  run_binary<SubSat>("hsub_sat", a, b);
  run_binary<MulSat>("hmul_sat", a, b);
  run_binary<AddRn>("hadd_rn", a, b);
  run_binary<MulRn>("hmul_rn", a, b);
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
  run_binary<Add2Sat>("hadd2_sat", a, b);
  run_binary<Mul2Sat>("hmul2_sat", a, b);
  run_binary<Max2>("hmax2", a, b);
  run_binary<Min2Nan>("hmin2_nan", a, b);
  run_binary<Neg2>("hneg2", a, b);
  run_binary<Abs2>("habs2", a, b);
  run_binary<Sqrt2>("h2sqrt", a, b);
  run_binary<Rsqrt2>("h2rsqrt", a, b);
  run_binary<Rcp2>("h2rcp", a, b);
  run_binary<Exp2x2>("h2exp2", a, b);
  run_binary<Log2x2>("h2log2", a, b);
  run_binary<Sin2>("h2sin", a, b);
  run_binary<Cos2>("h2cos", a, b);
  run_binary<Rint2>("h2rint", a, b);
  run_binary<Floor2>("h2floor", a, b);
  run_binary<Eq2>("heq2", a, b);
  run_binary<Lt2>("hltu2", a, b);
  run_binary<Swap2>("lowhigh2highlow", a, b);
  run_binary<Beq2>("hbeq2_hblt2_hbgeu2", a, b);
  run_binary<Eq2Mask>("heq2_mask_hgt2_mask", a, b);
  run_binary<IsNan2>("hisnan2", a, b);
  run_ternary<Fma2>("hfma2", a, b, c);
  run_ternary<Fma2Sat>("hfma2_sat", a, b, c);
  run_ternary<Fma2Relu>("hfma2_relu", a, b, c);
  run_ternary<Cmadd>("hcmadd", a, b, c);
  const auto f = float_inputs();
  run_unary<FromFloatRn>("float2half_rn", f);
  run_unary<FromFloatRz>("float2half_rz", f);
  run_unary<FromFloatRu>("float2half_ru", f);
  run_unary<FromFloatRd>("float2half_rd", f);
  run_unary<FromFloat2>("float22half2_rn", f);
  run_unary<FromDouble>("double2half", double_inputs());
  const auto u = uint_inputs();
  const auto i = bit_cast_all<int>(u);
  run_unary<FromIntRn>("int2half_rn", i);
  run_unary<FromIntRd>("int2half_rd", i);
  run_unary<FromUintRu>("uint2half_ru", u);
  const auto ul = uint64_inputs();
  run_unary<FromLlRz>("ll2half_rz", bit_cast_all<long long>(ul));
  run_unary<FromUllRn>("ull2half_rn", bit_cast_all<unsigned long long>(ul));
  return 0;
}
