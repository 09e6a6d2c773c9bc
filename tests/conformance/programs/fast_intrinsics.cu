// Approximate (SFU) single-precision intrinsics (Handbook Tables 8.11/8.12) and
// the raw PTX approximations they compile to, with and without flush-to-zero.
// Their comparison under smsim may fall back to the PTX ISA's error bounds.
#include "../common/conformance.cuh"

using namespace conf;

using ull = unsigned long long;

__device__ ull sincos_fast(float x) {
  float s = 0.0f, c = 0.0f;
  __sincosf(x, &s, &c);
  return static_cast<ull>(__float_as_uint(c)) << 32 | __float_as_uint(s);
}

#define PTX_APPROX(Name, instruction)               \
  __device__ float Name(float x) {                  \
    float y;                                        \
    asm(instruction " %0, %1;" : "=f"(y) : "f"(x)); \
    return y;                                       \
  }
PTX_APPROX(ptx_ex2, "ex2.approx.f32")
PTX_APPROX(ptx_ex2_ftz, "ex2.approx.ftz.f32")
PTX_APPROX(ptx_lg2, "lg2.approx.f32")
PTX_APPROX(ptx_lg2_ftz, "lg2.approx.ftz.f32")
PTX_APPROX(ptx_sin, "sin.approx.f32")
PTX_APPROX(ptx_sin_ftz, "sin.approx.ftz.f32")
PTX_APPROX(ptx_cos, "cos.approx.f32")
PTX_APPROX(ptx_rcp, "rcp.approx.f32")
PTX_APPROX(ptx_rcp_ftz, "rcp.approx.ftz.f32")
PTX_APPROX(ptx_rsqrt, "rsqrt.approx.f32")
PTX_APPROX(ptx_rsqrt_ftz, "rsqrt.approx.ftz.f32")
PTX_APPROX(ptx_sqrt, "sqrt.approx.f32")
PTX_APPROX(ptx_sqrt_ftz, "sqrt.approx.ftz.f32")
PTX_APPROX(ptx_tanh, "tanh.approx.f32")
#undef PTX_APPROX

__device__ float ptx_div_approx(float x, float y) {
  float q;
  asm("div.approx.f32 %0, %1, %2;" : "=f"(q) : "f"(x), "f"(y));
  return q;
}
__device__ float ptx_div_full(float x, float y) {
  float q;
  asm("div.full.f32 %0, %1, %2;" : "=f"(q) : "f"(x), "f"(y));
  return q;
}
__device__ double ptx_rcp_approx_f64(double x) {
  double y;
  asm("rcp.approx.ftz.f64 %0, %1;" : "=d"(y) : "d"(x));
  return y;
}
__device__ double ptx_rsqrt_approx_f64(double x) {
  double y;
  asm("rsqrt.approx.f64 %0, %1;" : "=d"(y) : "d"(x));
  return y;
}

CONF_UNARY(Sin, float, float, __sinf(x));
CONF_UNARY(Cos, float, float, __cosf(x));
CONF_UNARY(Tan, float, float, __tanf(x));
CONF_UNARY(Exp, float, float, __expf(x));
CONF_UNARY(Exp10, float, float, __exp10f(x));
CONF_UNARY(Log, float, float, __logf(x));
CONF_UNARY(Log2, float, float, __log2f(x));
CONF_UNARY(Log10, float, float, __log10f(x));
CONF_UNARY(Saturate, float, float, __saturatef(x));
CONF_UNARY(Sincos, ull, float, sincos_fast(x));
CONF_UNARY(Ex2, float, float, ptx_ex2(x));
CONF_UNARY(Ex2Ftz, float, float, ptx_ex2_ftz(x));
CONF_UNARY(Lg2, float, float, ptx_lg2(x));
CONF_UNARY(Lg2Ftz, float, float, ptx_lg2_ftz(x));
CONF_UNARY(SinApprox, float, float, ptx_sin(x));
CONF_UNARY(SinApproxFtz, float, float, ptx_sin_ftz(x));
CONF_UNARY(CosApprox, float, float, ptx_cos(x));
CONF_UNARY(RcpApprox, float, float, ptx_rcp(x));
CONF_UNARY(RcpApproxFtz, float, float, ptx_rcp_ftz(x));
CONF_UNARY(RsqrtApprox, float, float, ptx_rsqrt(x));
CONF_UNARY(RsqrtApproxFtz, float, float, ptx_rsqrt_ftz(x));
CONF_UNARY(SqrtApprox, float, float, ptx_sqrt(x));
CONF_UNARY(SqrtApproxFtz, float, float, ptx_sqrt_ftz(x));
CONF_UNARY(TanhApprox, float, float, ptx_tanh(x));
CONF_UNARY(RcpApproxF64, double, double, ptx_rcp_approx_f64(x));
CONF_UNARY(RsqrtApproxF64, double, double, ptx_rsqrt_approx_f64(x));
CONF_BINARY(Pow, float, float, float, __powf(x, y));
CONF_BINARY(Fdividef, float, float, float, __fdividef(x, y));
CONF_BINARY(DivApprox, float, float, float, ptx_div_approx(x, y));
CONF_BINARY(DivFull, float, float, float, ptx_div_full(x, y));

int main() {
  begin("fast_intrinsics");
  const auto x = float_inputs();
  run_unary<Sin>("__sinf", x);
  run_unary<Cos>("__cosf", x);
  run_unary<Tan>("__tanf", x);
  run_unary<Exp>("__expf", x);
  run_unary<Exp10>("__exp10f", x);
  run_unary<Log>("__logf", x);
  run_unary<Log2>("__log2f", x);
  run_unary<Log10>("__log10f", x);
  run_unary<Saturate>("__saturatef", x);
  run_unary<Sincos>("__sincosf", x);
  run_unary<Ex2>("ex2.approx.f32", x);
  run_unary<Ex2Ftz>("ex2.approx.ftz.f32", x);
  run_unary<Lg2>("lg2.approx.f32", x);
  run_unary<Lg2Ftz>("lg2.approx.ftz.f32", x);
  run_unary<SinApprox>("sin.approx.f32", x);
  run_unary<SinApproxFtz>("sin.approx.ftz.f32", x);
  run_unary<CosApprox>("cos.approx.f32", x);
  run_unary<RcpApprox>("rcp.approx.f32", x);
  run_unary<RcpApproxFtz>("rcp.approx.ftz.f32", x);
  run_unary<RsqrtApprox>("rsqrt.approx.f32", x);
  run_unary<RsqrtApproxFtz>("rsqrt.approx.ftz.f32", x);
  run_unary<SqrtApprox>("sqrt.approx.f32", x);
  run_unary<SqrtApproxFtz>("sqrt.approx.ftz.f32", x);
  run_unary<TanhApprox>("tanh.approx.f32", x);
  const auto d = double_inputs();
  run_unary<RcpApproxF64>("rcp.approx.ftz.f64", d);
  run_unary<RsqrtApproxF64>("rsqrt.approx.f64", d);
  const auto [a, b] = float_pairs();
  run_binary<Pow>("__powf", a, b);
  run_binary<Fdividef>("__fdividef", a, b);
  run_binary<DivApprox>("div.approx.f32", a, b);
  run_binary<DivFull>("div.full.f32", a, b);
  return 0;
}
