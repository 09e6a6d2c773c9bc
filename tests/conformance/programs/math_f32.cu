// Every single-precision function of the CUDA math library (Handbook Table 8.13)
// over edge cases and fixed-seed random inputs. The library is ordinary PTX, so
// smsim must reproduce every bit.
#include "../common/conformance.cuh"

using namespace conf;

using ull = unsigned long long;

// Functions with a second result pack both into 64 bits: value bits low, the
// integer or second value high.
__device__ ull pack(float value, int extra) {
  return static_cast<ull>(static_cast<unsigned>(extra)) << 32 | __float_as_uint(value);
}
__device__ ull pack(float value, float extra) {
  return pack(value, __float_as_int(extra));
}
__device__ ull frexp_packed(float x) {
  int e = 0;
  const float m = frexpf(x, &e);
  return pack(m, e);
}
__device__ ull modf_packed(float x) {
  float whole = 0.0f;
  const float frac = modff(x, &whole);
  return pack(frac, whole);
}
__device__ ull sincos_packed(float x) {
  float s = 0.0f, c = 0.0f;
  sincosf(x, &s, &c);
  return pack(s, c);
}
__device__ ull sincospi_packed(float x) {
  float s = 0.0f, c = 0.0f;
  sincospif(x, &s, &c);
  return pack(s, c);
}
__device__ ull remquo_packed(float x, float y) {
  int q = 0;
  const float r = remquof(x, y, &q);
  return pack(r, q);
}
// The second operand of the integer-exponent functions: small signed integers.
__device__ int small_int(float y) {
  return static_cast<int>(fmodf(y, 300.0f));
}

#define F1(Name, fn) CONF_UNARY(Name, float, float, fn(x))
F1(Acos, acosf);
F1(Acosh, acoshf);
F1(Asin, asinf);
F1(Asinh, asinhf);
F1(Atan, atanf);
F1(Atanh, atanhf);
F1(Cbrt, cbrtf);
F1(Ceil, ceilf);
F1(Cos, cosf);
F1(Cosh, coshf);
F1(Cospi, cospif);
F1(I0, cyl_bessel_i0f);
F1(I1, cyl_bessel_i1f);
F1(Erfc, erfcf);
F1(Erfcinv, erfcinvf);
F1(Erfcx, erfcxf);
F1(Erf, erff);
F1(Erfinv, erfinvf);
F1(Exp10, exp10f);
F1(Exp2, exp2f);
F1(Exp, expf);
F1(Expm1, expm1f);
F1(Fabs, fabsf);
F1(Floor, floorf);
F1(J0, j0f);
F1(J1, j1f);
F1(Lgamma, lgammaf);
F1(Log10, log10f);
F1(Log1p, log1pf);
F1(Log2, log2f);
F1(Logb, logbf);
F1(Log, logf);
F1(Nearbyint, nearbyintf);
F1(Normcdf, normcdff);
F1(Normcdfinv, normcdfinvf);
F1(Rcbrt, rcbrtf);
F1(Rint, rintf);
F1(Round, roundf);
F1(Rsqrt, rsqrtf);
F1(Sin, sinf);
F1(Sinh, sinhf);
F1(Sinpi, sinpif);
F1(Sqrt, sqrtf);
F1(Tan, tanf);
F1(Tanh, tanhf);
F1(Tgamma, tgammaf);
F1(Trunc, truncf);
F1(Y0, y0f);
F1(Y1, y1f);
#undef F1
CONF_UNARY(Ilogb, int, float, ilogbf(x));
CONF_UNARY(Lrint, long, float, lrintf(x));
CONF_UNARY(Llrint, long long, float, llrintf(x));
CONF_UNARY(Lround, long, float, lroundf(x));
CONF_UNARY(Llround, long long, float, llroundf(x));
CONF_UNARY(Frexp, ull, float, frexp_packed(x));
CONF_UNARY(Modf, ull, float, modf_packed(x));
CONF_UNARY(Sincos, ull, float, sincos_packed(x));
CONF_UNARY(Sincospi, ull, float, sincospi_packed(x));
#define F2(Name, fn) CONF_BINARY(Name, float, float, float, fn(x, y))
F2(Atan2, atan2f);
F2(Fdim, fdimf);
F2(Fmod, fmodf);
F2(Hypot, hypotf);
F2(Nextafter, nextafterf);
F2(Pow, powf);
F2(Remainder, remainderf);
F2(Rhypot, rhypotf);
F2(Fmin, fminf);
F2(Fmax, fmaxf);
F2(Copysign, copysignf);
F2(Fdivide, fdividef);
#undef F2
CONF_BINARY(Ldexp, float, float, float, ldexpf(x, small_int(y)));
CONF_BINARY(Scalbn, float, float, float, scalbnf(x, small_int(y)));
CONF_BINARY(Scalbln, float, float, float, scalblnf(x, small_int(y)));
CONF_BINARY(Jn, float, float, float, jnf(small_int(y) % 12, x));
CONF_BINARY(Yn, float, float, float, ynf(small_int(y) % 12, x));
CONF_BINARY(Powi, float, float, float, powf(x, static_cast<float>(small_int(y) % 8)));
CONF_BINARY(Remquo, ull, float, float, remquo_packed(x, y));
CONF_TERNARY(Fma, float, float, float, float, fmaf(x, y, z));
CONF_TERNARY(Norm3d, float, float, float, float, norm3df(x, y, z));
CONF_TERNARY(Rnorm3d, float, float, float, float, rnorm3df(x, y, z));
CONF_TERNARY(Norm4d, float, float, float, float, norm4df(x, y, z, x - z));
CONF_TERNARY(Rnorm4d, float, float, float, float, rnorm4df(x, y, z, y + z));
CONF_TERNARY(Normf, float, float, float, float, ([&] {
               const float v[5] = {x, y, z, x * 0.5f, y * 2.0f};
               return normf(5, v);
             }()));
CONF_TERNARY(Rnormf, float, float, float, float, ([&] {
               const float v[5] = {x, y, z, x * 0.5f, y * 2.0f};
               return rnormf(5, v);
             }()));

int main() {
  begin("math_f32");
  const auto x = float_inputs();
  run_unary<Acos>("acosf", x);
  run_unary<Acosh>("acoshf", x);
  run_unary<Asin>("asinf", x);
  run_unary<Asinh>("asinhf", x);
  run_unary<Atan>("atanf", x);
  run_unary<Atanh>("atanhf", x);
  run_unary<Cbrt>("cbrtf", x);
  run_unary<Ceil>("ceilf", x);
  run_unary<Cos>("cosf", x);
  run_unary<Cosh>("coshf", x);
  run_unary<Cospi>("cospif", x);
  run_unary<I0>("cyl_bessel_i0f", x);
  run_unary<I1>("cyl_bessel_i1f", x);
  run_unary<Erfc>("erfcf", x);
  run_unary<Erfcinv>("erfcinvf", x);
  run_unary<Erfcx>("erfcxf", x);
  run_unary<Erf>("erff", x);
  run_unary<Erfinv>("erfinvf", x);
  run_unary<Exp10>("exp10f", x);
  run_unary<Exp2>("exp2f", x);
  run_unary<Exp>("expf", x);
  run_unary<Expm1>("expm1f", x);
  run_unary<Fabs>("fabsf", x);
  run_unary<Floor>("floorf", x);
  run_unary<J0>("j0f", x);
  run_unary<J1>("j1f", x);
  run_unary<Lgamma>("lgammaf", x);
  run_unary<Log10>("log10f", x);
  run_unary<Log1p>("log1pf", x);
  run_unary<Log2>("log2f", x);
  run_unary<Logb>("logbf", x);
  run_unary<Log>("logf", x);
  run_unary<Nearbyint>("nearbyintf", x);
  run_unary<Normcdf>("normcdff", x);
  run_unary<Normcdfinv>("normcdfinvf", x);
  run_unary<Rcbrt>("rcbrtf", x);
  run_unary<Rint>("rintf", x);
  run_unary<Round>("roundf", x);
  run_unary<Rsqrt>("rsqrtf", x);
  run_unary<Sin>("sinf", x);
  run_unary<Sinh>("sinhf", x);
  run_unary<Sinpi>("sinpif", x);
  run_unary<Sqrt>("sqrtf", x);
  run_unary<Tan>("tanf", x);
  run_unary<Tanh>("tanhf", x);
  run_unary<Tgamma>("tgammaf", x);
  run_unary<Trunc>("truncf", x);
  run_unary<Y0>("y0f", x);
  run_unary<Y1>("y1f", x);
  run_unary<Ilogb>("ilogbf", x);
  run_unary<Lrint>("lrintf", x);
  run_unary<Llrint>("llrintf", x);
  run_unary<Lround>("lroundf", x);
  run_unary<Llround>("llroundf", x);
  run_unary<Frexp>("frexpf", x);
  run_unary<Modf>("modff", x);
  run_unary<Sincos>("sincosf", x);
  run_unary<Sincospi>("sincospif", x);
  const auto [a, b] = float_pairs();
  run_binary<Atan2>("atan2f", a, b);
  run_binary<Fdim>("fdimf", a, b);
  run_binary<Fmod>("fmodf", a, b);
  run_binary<Hypot>("hypotf", a, b);
  run_binary<Nextafter>("nextafterf", a, b);
  run_binary<Pow>("powf", a, b);
  run_binary<Remainder>("remainderf", a, b);
  run_binary<Rhypot>("rhypotf", a, b);
  run_binary<Fmin>("fminf", a, b);
  run_binary<Fmax>("fmaxf", a, b);
  run_binary<Copysign>("copysignf", a, b);
  run_binary<Fdivide>("fdividef", a, b);
  run_binary<Ldexp>("ldexpf", a, b);
  run_binary<Scalbn>("scalbnf", a, b);
  run_binary<Scalbln>("scalblnf", a, b);
  run_binary<Jn>("jnf", a, b);
  run_binary<Yn>("ynf", a, b);
  run_binary<Powi>("powf_small_integer_exponent", a, b);
  run_binary<Remquo>("remquof", a, b);
  const auto c = shuffled(a, a.size(), 79);
  run_ternary<Fma>("fmaf", a, b, c);
  run_ternary<Norm3d>("norm3df", a, b, c);
  run_ternary<Rnorm3d>("rnorm3df", a, b, c);
  run_ternary<Norm4d>("norm4df", a, b, c);
  run_ternary<Rnorm4d>("rnorm4df", a, b, c);
  run_ternary<Normf>("normf_5", a, b, c);
  run_ternary<Rnormf>("rnormf_5", a, b, c);
  return 0;
}
