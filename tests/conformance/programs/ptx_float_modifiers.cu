// PTX floating-point instructions with the modifiers C++ rarely reaches:
// flush-to-zero (.ftz) and saturation (.sat) on add/mul/fma/min/max/abs/neg,
// float-to-float rounding to integers (cvt.rni/rzi/rmi/rpi), IEEE rcp/sqrt/div
// with .ftz, every setp comparison including the unordered ones, testp
// classes, selp/slct, and halves packed into a 32-bit register.
#include "../common/conformance.cuh"

using namespace conf;

using u32 = uint32_t;

#define PTX_F1(Name, instruction)                   \
  __device__ float Name(float a) {                  \
    float d;                                        \
    asm(instruction " %0, %1;" : "=f"(d) : "f"(a)); \
    return d;                                       \
  }
#define PTX_F2(Name, instruction)                               \
  __device__ float Name(float a, float b) {                     \
    float d;                                                    \
    asm(instruction " %0, %1, %2;" : "=f"(d) : "f"(a), "f"(b)); \
    return d;                                                   \
  }
#define PTX_F3(Name, instruction)                                           \
  __device__ float Name(float a, float b, float c) {                        \
    float d;                                                                \
    asm(instruction " %0, %1, %2, %3;" : "=f"(d) : "f"(a), "f"(b), "f"(c)); \
    return d;                                                               \
  }
#define PTX_D1(Name, instruction)                   \
  __device__ double Name(double a) {                \
    double d;                                       \
    asm(instruction " %0, %1;" : "=d"(d) : "d"(a)); \
    return d;                                       \
  }
#define PTX_D2(Name, instruction)                               \
  __device__ double Name(double a, double b) {                  \
    double d;                                                   \
    asm(instruction " %0, %1, %2;" : "=d"(d) : "d"(a), "d"(b)); \
    return d;                                                   \
  }

PTX_F2(add_ftz, "add.rn.ftz.f32")
PTX_F2(add_sat, "add.rn.sat.f32") PTX_F2(add_ftz_sat, "add.rz.ftz.sat.f32") PTX_F2(
    sub_ftz, "sub.rm.ftz.f32") PTX_F2(mul_ftz, "mul.rn.ftz.f32") PTX_F2(mul_sat, "mul.rp.sat.f32")
    PTX_F2(min_ftz, "min.ftz.f32") PTX_F2(max_ftz, "max.ftz.f32")
        PTX_F2(div_rn_ftz, "div.rn.ftz.f32") PTX_F2(div_full_ftz, "div.full.ftz.f32") PTX_F2(
            copysign_f, "copysign.f32") PTX_F3(fma_ftz, "fma.rn.ftz.f32")
            PTX_F3(fma_sat, "fma.rn.sat.f32") PTX_F3(fma_rz_ftz_sat, "fma.rz.ftz.sat.f32") PTX_F3(
                mad_rn, "mad.rn.f32") PTX_F1(abs_ftz, "abs.ftz.f32") PTX_F1(neg_ftz, "neg.ftz.f32")
                PTX_F1(rcp_rn_ftz, "rcp.rn.ftz.f32") PTX_F1(rcp_rz, "rcp.rz.f32")
                    PTX_F1(sqrt_rn_ftz, "sqrt.rn.ftz.f32") PTX_F1(sqrt_rp, "sqrt.rp.f32")
                        PTX_F1(cvt_rni, "cvt.rni.f32.f32") PTX_F1(cvt_rzi, "cvt.rzi.f32.f32")
                            PTX_F1(cvt_rmi, "cvt.rmi.f32.f32") PTX_F1(cvt_rpi, "cvt.rpi.f32.f32")
                                PTX_F1(cvt_rni_ftz, "cvt.rni.ftz.f32.f32") PTX_F1(
                                    cvt_ftz, "cvt.ftz.f32.f32") PTX_F1(cvt_sat, "cvt.sat.f32.f32")
                                    PTX_F1(cvt_rzi_ftz_sat, "cvt.rzi.ftz.sat.f32.f32")
                                        PTX_D2(add_f64_rm, "add.rm.f64") PTX_D2(min_f64, "min.f64")
                                            PTX_D2(div_f64_rz, "div.rz.f64")
                                                PTX_D1(rcp_f64_rp, "rcp.rp.f64")
                                                    PTX_D1(sqrt_f64_rm, "sqrt.rm.f64")
                                                        PTX_D1(cvt_rni_f64, "cvt.rni.f64.f64")
                                                            PTX_D1(cvt_rmi_f64, "cvt.rmi.f64.f64")
                                                                PTX_D1(abs_f64, "abs.f64")
                                                                    PTX_D1(neg_f64, "neg.f64")

                                                                        __device__ u32
    setp_all(float a, float b) {
  u32 bits;
  asm("{\n\t"
      ".reg .pred p<14>;\n\t"
      ".reg .u32 r<14>;\n\t"
      "setp.eq.f32 p0, %1, %2;\n\t setp.ne.f32 p1, %1, %2;\n\t setp.lt.f32 p2, %1, %2;\n\t"
      "setp.le.f32 p3, %1, %2;\n\t setp.gt.f32 p4, %1, %2;\n\t setp.ge.f32 p5, %1, %2;\n\t"
      "setp.equ.f32 p6, %1, %2;\n\t setp.neu.f32 p7, %1, %2;\n\t setp.ltu.f32 p8, %1, %2;\n\t"
      "setp.leu.f32 p9, %1, %2;\n\t setp.gtu.f32 p10, %1, %2;\n\t setp.geu.f32 p11, %1, %2;\n\t"
      "setp.num.f32 p12, %1, %2;\n\t setp.nan.ftz.f32 p13, %1, %2;\n\t"
      "selp.u32 r0, 1, 0, p0;\n\t selp.u32 r1, 2, 0, p1;\n\t selp.u32 r2, 4, 0, p2;\n\t"
      "selp.u32 r3, 8, 0, p3;\n\t selp.u32 r4, 16, 0, p4;\n\t selp.u32 r5, 32, 0, p5;\n\t"
      "selp.u32 r6, 64, 0, p6;\n\t selp.u32 r7, 128, 0, p7;\n\t selp.u32 r8, 256, 0, p8;\n\t"
      "selp.u32 r9, 512, 0, p9;\n\t selp.u32 r10, 1024, 0, p10;\n\t selp.u32 r11, 2048, 0, p11;\n\t"
      "selp.u32 r12, 4096, 0, p12;\n\t selp.u32 r13, 8192, 0, p13;\n\t"
      "or.b32 r0, r0, r1;\n\t or.b32 r0, r0, r2;\n\t or.b32 r0, r0, r3;\n\t or.b32 r0, r0, r4;\n\t"
      "or.b32 r0, r0, r5;\n\t or.b32 r0, r0, r6;\n\t or.b32 r0, r0, r7;\n\t or.b32 r0, r0, r8;\n\t"
      "or.b32 r0, r0, r9;\n\t or.b32 r0, r0, r10;\n\t or.b32 r0, r0, r11;\n\t or.b32 r0, r0, "
      "r12;\n\t"
      "or.b32 %0, r0, r13;\n\t"
      "}"
      : "=r"(bits)
      : "f"(a), "f"(b));
  return bits;
}

__device__ u32 setp_ftz_and_f64(float a, float b) {
  u32 bits;
  const double da = a, db = b;
  asm("{\n\t"
      ".reg .pred p<4>;\n\t"
      ".reg .u32 r<4>;\n\t"
      "setp.lt.ftz.f32 p0, %1, %2;\n\t setp.eq.ftz.f32 p1, %1, %2;\n\t"
      "setp.gtu.f64 p2, %3, %4;\n\t setp.nan.f64 p3, %3, %4;\n\t"
      "selp.u32 r0, 1, 0, p0;\n\t selp.u32 r1, 2, 0, p1;\n\t selp.u32 r2, 4, 0, p2;\n\t selp.u32 "
      "r3, 8, 0, p3;\n\t"
      "or.b32 r0, r0, r1;\n\t or.b32 r0, r0, r2;\n\t or.b32 %0, r0, r3;\n\t"
      "}"
      : "=r"(bits)
      : "f"(a), "f"(b), "d"(da), "d"(db));
  return bits;
}

__device__ u32 testp_all(float a) {
  u32 bits;
  asm("{\n\t"
      ".reg .pred p<6>;\n\t"
      ".reg .u32 r<6>;\n\t"
      "testp.finite.f32 p0, %1;\n\t testp.infinite.f32 p1, %1;\n\t testp.number.f32 p2, %1;\n\t"
      "testp.notanumber.f32 p3, %1;\n\t testp.normal.f32 p4, %1;\n\t testp.subnormal.f32 p5, "
      "%1;\n\t"
      "selp.u32 r0, 1, 0, p0;\n\t selp.u32 r1, 2, 0, p1;\n\t selp.u32 r2, 4, 0, p2;\n\t"
      "selp.u32 r3, 8, 0, p3;\n\t selp.u32 r4, 16, 0, p4;\n\t selp.u32 r5, 32, 0, p5;\n\t"
      "or.b32 r0, r0, r1;\n\t or.b32 r0, r0, r2;\n\t or.b32 r0, r0, r3;\n\t or.b32 r0, r0, r4;\n\t"
      "or.b32 %0, r0, r5;\n\t"
      "}"
      : "=r"(bits)
      : "f"(a));
  return bits;
}

__device__ u32 slct(float a, float b) {
  u32 d;
  asm("slct.u32.f32 %0, %1, %2, %3;"
      : "=r"(d)
      : "r"(__float_as_uint(a)), "r"(__float_as_uint(b)), "f"(a - b));
  return d;
}
// Two halves packed with mov.b32 (cvt.rn.f16x2.f32 itself needs sm_80).
__device__ u32 cvt_f16_pair(float a, float b) {
  u32 d;
  asm("{\n\t.reg .b16 lo, hi;\n\tcvt.rn.f16.f32 lo, %1;\n\tcvt.rn.f16.f32 hi, %2;\n\tmov.b32 %0, "
      "{lo, hi};\n\t}"
      : "=r"(d)
      : "f"(a), "f"(b));
  return d;
}
__device__ u32 cvt_f16_rz(float a) {
  unsigned short d;
  asm("cvt.rz.f16.f32 %0, %1;" : "=h"(d) : "f"(a));
  return d;
}
__device__ float cvt_f32_f16(float a) {
  float d;
  asm("{\n\t.reg .b16 h;\n\tcvt.rn.f16.f32 h, %1;\n\tcvt.f32.f16 %0, h;\n\t}" : "=f"(d) : "f"(a));
  return d;
}
__device__ u32 cvt_sat_s8(float a) {
  int d;
  asm("cvt.rni.sat.s8.f32 %0, %1;" : "=r"(d) : "f"(a));
  return static_cast<u32>(d);
}
__device__ u32 cvt_u16_rmi(float a) {
  unsigned short d;
  asm("cvt.rmi.u16.f32 %0, %1;" : "=h"(d) : "f"(a));
  return d;
}
__device__ u32 cvt_s32_ftz(float a) {
  int d;
  asm("cvt.rzi.ftz.s32.f32 %0, %1;" : "=r"(d) : "f"(a));
  return static_cast<u32>(d);
}
__device__ float cvt_f32_s64_rp(float a) {
  float d;
  const long long v = static_cast<long long>(__float_as_uint(a)) << 24 | __float_as_uint(a);
  asm("cvt.rp.f32.s64 %0, %1;" : "=f"(d) : "l"(v));
  return d;
}

CONF_BINARY(AddFtz, float, float, float, add_ftz(x, y));
CONF_BINARY(AddSat, float, float, float, add_sat(x, y));
CONF_BINARY(AddFtzSat, float, float, float, add_ftz_sat(x, y));
CONF_BINARY(SubFtz, float, float, float, sub_ftz(x, y));
CONF_BINARY(MulFtz, float, float, float, mul_ftz(x, y));
CONF_BINARY(MulSat, float, float, float, mul_sat(x, y));
CONF_BINARY(MinFtz, float, float, float, min_ftz(x, y));
CONF_BINARY(MaxFtz, float, float, float, max_ftz(x, y));
CONF_BINARY(DivRnFtz, float, float, float, div_rn_ftz(x, y));
CONF_BINARY(DivFullFtz, float, float, float, div_full_ftz(x, y));
CONF_BINARY(Copysign, float, float, float, copysign_f(x, y));
CONF_BINARY(Setp, u32, float, float, setp_all(x, y));
CONF_BINARY(SetpFtzF64, u32, float, float, setp_ftz_and_f64(x, y));
CONF_BINARY(Slct, u32, float, float, slct(x, y));
CONF_BINARY(CvtF16x2, u32, float, float, cvt_f16_pair(x, y));
CONF_BINARY(AddF64Rm, double, double, double, add_f64_rm(x, y));
CONF_BINARY(MinF64, double, double, double, min_f64(x, y));
CONF_BINARY(DivF64Rz, double, double, double, div_f64_rz(x, y));
CONF_TERNARY(FmaFtz, float, float, float, float, fma_ftz(x, y, z));
CONF_TERNARY(FmaSat, float, float, float, float, fma_sat(x, y, z));
CONF_TERNARY(FmaRzFtzSat, float, float, float, float, fma_rz_ftz_sat(x, y, z));
CONF_TERNARY(MadRn, float, float, float, float, mad_rn(x, y, z));
CONF_UNARY(AbsFtz, float, float, abs_ftz(x));
CONF_UNARY(NegFtz, float, float, neg_ftz(x));
CONF_UNARY(RcpRnFtz, float, float, rcp_rn_ftz(x));
CONF_UNARY(RcpRz, float, float, rcp_rz(x));
CONF_UNARY(SqrtRnFtz, float, float, sqrt_rn_ftz(x));
CONF_UNARY(SqrtRp, float, float, sqrt_rp(x));
CONF_UNARY(CvtRni, float, float, cvt_rni(x));
CONF_UNARY(CvtRzi, float, float, cvt_rzi(x));
CONF_UNARY(CvtRmi, float, float, cvt_rmi(x));
CONF_UNARY(CvtRpi, float, float, cvt_rpi(x));
CONF_UNARY(CvtRniFtz, float, float, cvt_rni_ftz(x));
CONF_UNARY(CvtFtz, float, float, cvt_ftz(x));
CONF_UNARY(CvtSat, float, float, cvt_sat(x));
CONF_UNARY(CvtRziFtzSat, float, float, cvt_rzi_ftz_sat(x));
CONF_UNARY(Testp, u32, float, testp_all(x));
CONF_UNARY(CvtF16Rz, u32, float, cvt_f16_rz(x));
CONF_UNARY(CvtF32F16, float, float, cvt_f32_f16(x));
CONF_UNARY(CvtSatS8, u32, float, cvt_sat_s8(x));
CONF_UNARY(CvtU16Rmi, u32, float, cvt_u16_rmi(x));
CONF_UNARY(CvtS32Ftz, u32, float, cvt_s32_ftz(x));
CONF_UNARY(CvtF32S64Rp, float, float, cvt_f32_s64_rp(x));
CONF_UNARY(RcpF64Rp, double, double, rcp_f64_rp(x));
CONF_UNARY(SqrtF64Rm, double, double, sqrt_f64_rm(x));
CONF_UNARY(CvtRniF64, double, double, cvt_rni_f64(x));
CONF_UNARY(CvtRmiF64, double, double, cvt_rmi_f64(x));
CONF_UNARY(AbsF64, double, double, abs_f64(x));
CONF_UNARY(NegF64, double, double, neg_f64(x));

int main() {
  begin("ptx_float_modifiers");
  const auto [a, b] = float_pairs();
  const auto c = shuffled(a, a.size(), 84);
  run_binary<AddFtz>("add.rn.ftz.f32", a, b);
  run_binary<AddSat>("add.rn.sat.f32", a, b);
  run_binary<AddFtzSat>("add.rz.ftz.sat.f32", a, b);
  run_binary<SubFtz>("sub.rm.ftz.f32", a, b);
  run_binary<MulFtz>("mul.rn.ftz.f32", a, b);
  run_binary<MulSat>("mul.rp.sat.f32", a, b);
  run_binary<MinFtz>("min.ftz.f32", a, b);
  run_binary<MaxFtz>("max.ftz.f32", a, b);
  run_binary<DivRnFtz>("div.rn.ftz.f32", a, b);
  run_binary<DivFullFtz>("div.full.ftz.f32", a, b);
  run_binary<Copysign>("copysign.f32", a, b);
  run_binary<Setp>("setp.all_comparisons.f32", a, b);
  run_binary<SetpFtzF64>("setp.ftz_and_f64", a, b);
  run_binary<Slct>("slct.u32.f32", a, b);
  run_binary<CvtF16x2>("cvt.rn.f16.f32_pair_mov.b32", a, b);
  run_ternary<FmaFtz>("fma.rn.ftz.f32", a, b, c);
  run_ternary<FmaSat>("fma.rn.sat.f32", a, b, c);
  run_ternary<FmaRzFtzSat>("fma.rz.ftz.sat.f32", a, b, c);
  run_ternary<MadRn>("mad.rn.f32", a, b, c);
  const auto x = float_inputs();
  run_unary<AbsFtz>("abs.ftz.f32", x);
  run_unary<NegFtz>("neg.ftz.f32", x);
  run_unary<RcpRnFtz>("rcp.rn.ftz.f32", x);
  run_unary<RcpRz>("rcp.rz.f32", x);
  run_unary<SqrtRnFtz>("sqrt.rn.ftz.f32", x);
  run_unary<SqrtRp>("sqrt.rp.f32", x);
  run_unary<CvtRni>("cvt.rni.f32.f32", x);
  run_unary<CvtRzi>("cvt.rzi.f32.f32", x);
  run_unary<CvtRmi>("cvt.rmi.f32.f32", x);
  run_unary<CvtRpi>("cvt.rpi.f32.f32", x);
  run_unary<CvtRniFtz>("cvt.rni.ftz.f32.f32", x);
  run_unary<CvtFtz>("cvt.ftz.f32.f32", x);
  run_unary<CvtSat>("cvt.sat.f32.f32", x);
  run_unary<CvtRziFtzSat>("cvt.rzi.ftz.sat.f32.f32", x);
  run_unary<Testp>("testp.all_classes.f32", x);
  run_unary<CvtF16Rz>("cvt.rz.f16.f32", x);
  run_unary<CvtF32F16>("cvt.f32.f16_round_trip", x);
  run_unary<CvtSatS8>("cvt.rni.sat.s8.f32", x);
  run_unary<CvtU16Rmi>("cvt.rmi.u16.f32", x);
  run_unary<CvtS32Ftz>("cvt.rzi.ftz.s32.f32", x);
  run_unary<CvtF32S64Rp>("cvt.rp.f32.s64", x);
  const auto [p, q] = double_pairs();
  run_binary<AddF64Rm>("add.rm.f64", p, q);
  run_binary<MinF64>("min.f64", p, q);
  run_binary<DivF64Rz>("div.rz.f64", p, q);
  const auto d = double_inputs();
  run_unary<RcpF64Rp>("rcp.rp.f64", d);
  run_unary<SqrtF64Rm>("sqrt.rm.f64", d);
  run_unary<CvtRniF64>("cvt.rni.f64.f64", d);
  run_unary<CvtRmiF64>("cvt.rmi.f64.f64", d);
  run_unary<AbsF64>("abs.f64", d);
  run_unary<NegF64>("neg.f64", d);
  return 0;
}
