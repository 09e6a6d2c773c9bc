// Every double-precision function of the CUDA math library (Handbook Table 8.13)
// over edge cases and fixed-seed random inputs. The library is ordinary PTX, so
// smsim must reproduce every bit.
#include "../common/conformance.cuh"

using namespace conf;

// Functions with a second result return both: the value, then the integer or
// second value.
struct Pair {
  double value;
  double extra;
};
__device__ Pair pack(double value, double extra) {
  return Pair{value, extra};
}
__device__ Pair pack(double value, int extra) {
  return Pair{value, static_cast<double>(extra)};
}
__device__ Pair frexp_packed(double x) {
  int e = 0;
  const double m = frexp(x, &e);
  return pack(m, e);
}
__device__ Pair modf_packed(double x) {
  double whole = 0.0;
  const double frac = modf(x, &whole);
  return pack(frac, whole);
}
__device__ Pair sincos_packed(double x) {
  double s = 0.0, c = 0.0;
  sincos(x, &s, &c);
  return pack(s, c);
}
__device__ Pair sincospi_packed(double x) {
  double s = 0.0, c = 0.0;
  sincospi(x, &s, &c);
  return pack(s, c);
}
__device__ Pair remquo_packed(double x, double y) {
  int q = 0;
  const double r = remquo(x, y, &q);
  return pack(r, q);
}
// The second operand of the integer-exponent functions: small signed integers.
__device__ int small_int(double y) {
  return static_cast<int>(fmod(y, 300.0));
}

#define F1(Name, fn) CONF_UNARY(Name, double, double, fn(x))
F1(Acos, acos);
F1(Acosh, acosh);
F1(Asin, asin);
F1(Asinh, asinh);
F1(Atan, atan);
F1(Atanh, atanh);
F1(Cbrt, cbrt);
F1(Ceil, ceil);
F1(Cos, cos);
F1(Cosh, cosh);
F1(Cospi, cospi);
F1(I0, cyl_bessel_i0);
F1(I1, cyl_bessel_i1);
F1(Erfc, erfc);
F1(Erfcinv, erfcinv);
F1(Erfcx, erfcx);
F1(Erf, erf);
F1(Erfinv, erfinv);
F1(Exp10, exp10);
F1(Exp2, exp2);
F1(Exp, exp);
F1(Expm1, expm1);
F1(Fabs, fabs);
F1(Floor, floor);
F1(J0, j0);
F1(J1, j1);
F1(Lgamma, lgamma);
F1(Log10, log10);
F1(Log1p, log1p);
F1(Log2, log2);
F1(Logb, logb);
F1(Log, log);
F1(Nearbyint, nearbyint);
F1(Normcdf, normcdf);
F1(Normcdfinv, normcdfinv);
F1(Rcbrt, rcbrt);
F1(Rint, rint);
F1(Round, round);
F1(Rsqrt, rsqrt);
F1(Sin, sin);
F1(Sinh, sinh);
F1(Sinpi, sinpi);
F1(Sqrt, sqrt);
F1(Tan, tan);
F1(Tanh, tanh);
F1(Tgamma, tgamma);
F1(Trunc, trunc);
F1(Y0, y0);
F1(Y1, y1);
#undef F1
CONF_UNARY(Ilogb, int, double, ilogb(x));
CONF_UNARY(Lrint, long, double, lrint(x));
CONF_UNARY(Llrint, long long, double, llrint(x));
CONF_UNARY(Lround, long, double, lround(x));
CONF_UNARY(Llround, long long, double, llround(x));
CONF_UNARY(Frexp, Pair, double, frexp_packed(x));
CONF_UNARY(Modf, Pair, double, modf_packed(x));
CONF_UNARY(Sincos, Pair, double, sincos_packed(x));
CONF_UNARY(Sincospi, Pair, double, sincospi_packed(x));
#define F2(Name, fn) CONF_BINARY(Name, double, double, double, fn(x, y))
F2(Atan2, atan2);
F2(Fdim, fdim);
F2(Fmod, fmod);
F2(Hypot, hypot);
F2(Nextafter, nextafter);
F2(Pow, pow);
F2(Remainder, remainder);
F2(Rhypot, rhypot);
F2(Fmin, fmin);
F2(Fmax, fmax);
F2(Copysign, copysign);
#undef F2
CONF_BINARY(Ldexp, double, double, double, ldexp(x, small_int(y)));
CONF_BINARY(Scalbn, double, double, double, scalbn(x, small_int(y)));
CONF_BINARY(Scalbln, double, double, double, scalbln(x, small_int(y)));
CONF_BINARY(Jn, double, double, double, jn(small_int(y) % 12, x));
CONF_BINARY(Yn, double, double, double, yn(small_int(y) % 12, x));
CONF_BINARY(Powi, double, double, double, pow(x, static_cast<double>(small_int(y) % 8)));
CONF_BINARY(Remquo, Pair, double, double, remquo_packed(x, y));
CONF_TERNARY(Fma, double, double, double, double, fma(x, y, z));
CONF_TERNARY(Norm3d, double, double, double, double, norm3d(x, y, z));
CONF_TERNARY(Rnorm3d, double, double, double, double, rnorm3d(x, y, z));
CONF_TERNARY(Norm4d, double, double, double, double, norm4d(x, y, z, x - z));
CONF_TERNARY(Rnorm4d, double, double, double, double, rnorm4d(x, y, z, y + z));
CONF_TERNARY(Normf, double, double, double, double, ([&] {
               const double v[5] = {x, y, z, x * 0.5, y * 2.0};
               return norm(5, v);
             }()));
CONF_TERNARY(Rnormf, double, double, double, double, ([&] {
               const double v[5] = {x, y, z, x * 0.5, y * 2.0};
               return rnorm(5, v);
             }()));

int main() {
  begin("math_f64");
  const auto x = double_inputs();
  run_unary<Acos>("acos", x);
  run_unary<Acosh>("acosh", x);
  run_unary<Asin>("asin", x);
  run_unary<Asinh>("asinh", x);
  run_unary<Atan>("atan", x);
  run_unary<Atanh>("atanh", x);
  run_unary<Cbrt>("cbrt", x);
  run_unary<Ceil>("ceil", x);
  run_unary<Cos>("cos", x);
  run_unary<Cosh>("cosh", x);
  run_unary<Cospi>("cospi", x);
  run_unary<I0>("cyl_bessel_i0", x);
  run_unary<I1>("cyl_bessel_i1", x);
  run_unary<Erfc>("erfc", x);
  run_unary<Erfcinv>("erfcinv", x);
  run_unary<Erfcx>("erfcx", x);
  run_unary<Erf>("erf", x);
  run_unary<Erfinv>("erfinv", x);
  run_unary<Exp10>("exp10", x);
  run_unary<Exp2>("exp2", x);
  run_unary<Exp>("exp", x);
  run_unary<Expm1>("expm1", x);
  run_unary<Fabs>("fabs", x);
  run_unary<Floor>("floor", x);
  run_unary<J0>("j0", x);
  run_unary<J1>("j1", x);
  run_unary<Lgamma>("lgamma", x);
  run_unary<Log10>("log10", x);
  run_unary<Log1p>("log1p", x);
  run_unary<Log2>("log2", x);
  run_unary<Logb>("logb", x);
  run_unary<Log>("log", x);
  run_unary<Nearbyint>("nearbyint", x);
  run_unary<Normcdf>("normcdf", x);
  run_unary<Normcdfinv>("normcdfinv", x);
  run_unary<Rcbrt>("rcbrt", x);
  run_unary<Rint>("rint", x);
  run_unary<Round>("round", x);
  run_unary<Rsqrt>("rsqrt", x);
  run_unary<Sin>("sin", x);
  run_unary<Sinh>("sinh", x);
  run_unary<Sinpi>("sinpi", x);
  run_unary<Sqrt>("sqrt", x);
  run_unary<Tan>("tan", x);
  run_unary<Tanh>("tanh", x);
  run_unary<Tgamma>("tgamma", x);
  run_unary<Trunc>("trunc", x);
  run_unary<Y0>("y0", x);
  run_unary<Y1>("y1", x);
  run_unary<Ilogb>("ilogb", x);
  run_unary<Lrint>("lrint", x);
  run_unary<Llrint>("llrint", x);
  run_unary<Lround>("lround", x);
  run_unary<Llround>("llround", x);
  run_unary<Frexp>("frexp", x);
  run_unary<Modf>("modf", x);
  run_unary<Sincos>("sincos", x);
  run_unary<Sincospi>("sincospi", x);
  const auto [a, b] = double_pairs();
  run_binary<Atan2>("atan2", a, b);
  run_binary<Fdim>("fdim", a, b);
  run_binary<Fmod>("fmod", a, b);
  run_binary<Hypot>("hypot", a, b);
  run_binary<Nextafter>("nextafter", a, b);
  run_binary<Pow>("pow", a, b);
  run_binary<Remainder>("remainder", a, b);
  run_binary<Rhypot>("rhypot", a, b);
  run_binary<Fmin>("fmin", a, b);
  run_binary<Fmax>("fmax", a, b);
  run_binary<Copysign>("copysign", a, b);
  run_binary<Ldexp>("ldexp", a, b);
  run_binary<Scalbn>("scalbn", a, b);
  run_binary<Scalbln>("scalbln", a, b);
  run_binary<Jn>("jn", a, b);
  run_binary<Yn>("yn", a, b);
  run_binary<Powi>("pow_small_integer_exponent", a, b);
  run_binary<Remquo>("remquo", a, b);
  const auto c = shuffled(a, a.size(), 80);
  run_ternary<Fma>("fma", a, b, c);
  run_ternary<Norm3d>("norm3d", a, b, c);
  run_ternary<Rnorm3d>("rnorm3d", a, b, c);
  run_ternary<Norm4d>("norm4d", a, b, c);
  run_ternary<Rnorm4d>("rnorm4d", a, b, c);
  run_ternary<Normf>("normf_5", a, b, c);
  run_ternary<Rnormf>("rnormf_5", a, b, c);
  return 0;
}
