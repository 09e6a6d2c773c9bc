// SIMD video intrinsics on packed 2x16 and 4x8 lanes (Handbook 8.6.4), every
// __v* function of the CUDA math API, plus scalar and SIMD video PTX
// instructions with saturation, clamping and wrapping.
#include "../common/conformance.cuh"

using namespace conf;

using u32 = uint32_t;

#define PTX_VIDEO(Name, instruction)                                         \
  __device__ u32 Name(u32 a, u32 b) {                                        \
    u32 d;                                                                   \
    asm(instruction " %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(0u)); \
    return d;                                                                \
  }

PTX_VIDEO(ptx_vadd_s32_sat, "vadd.s32.s32.s32.sat")
PTX_VIDEO(ptx_vsub_u32_s32_sat, "vsub.u32.u32.s32.sat")
PTX_VIDEO(ptx_vabsdiff_s32, "vabsdiff.s32.s32.s32")
PTX_VIDEO(ptx_vmin_u32_b0, "vmin.u32.u32.u32")
PTX_VIDEO(ptx_vmax_s32_sat, "vmax.s32.s32.s32.sat")
PTX_VIDEO(ptx_vshl_u32_clamp, "vshl.u32.u32.u32.clamp")
PTX_VIDEO(ptx_vshr_s32_wrap, "vshr.s32.s32.u32.wrap")
PTX_VIDEO(ptx_vadd2_u32_sat, "vadd2.u32.u32.u32.sat")
PTX_VIDEO(ptx_vavrg4_u32, "vavrg4.u32.u32.u32")
PTX_VIDEO(ptx_vsub4_s32_sat, "vsub4.s32.s32.s32.sat")
PTX_VIDEO(ptx_vmax2_s32, "vmax2.s32.s32.s32")
#undef PTX_VIDEO

CONF_UNARY(Vabs2, u32, u32, __vabs2(x));
CONF_UNARY(Vabs4, u32, u32, __vabs4(x));
CONF_UNARY(Vabsss2, u32, u32, __vabsss2(x));
CONF_UNARY(Vabsss4, u32, u32, __vabsss4(x));
CONF_UNARY(Vneg2, u32, u32, __vneg2(x));
CONF_UNARY(Vneg4, u32, u32, __vneg4(x));
CONF_UNARY(Vnegss2, u32, u32, __vnegss2(x));
CONF_UNARY(Vnegss4, u32, u32, __vnegss4(x));
CONF_BINARY(Vabsdiffs2, u32, u32, u32, __vabsdiffs2(x, y));
CONF_BINARY(Vabsdiffs4, u32, u32, u32, __vabsdiffs4(x, y));
CONF_BINARY(Vabsdiffu2, u32, u32, u32, __vabsdiffu2(x, y));
CONF_BINARY(Vabsdiffu4, u32, u32, u32, __vabsdiffu4(x, y));
CONF_BINARY(Vadd2, u32, u32, u32, __vadd2(x, y));
CONF_BINARY(Vadd4, u32, u32, u32, __vadd4(x, y));
CONF_BINARY(Vaddss2, u32, u32, u32, __vaddss2(x, y));
CONF_BINARY(Vaddss4, u32, u32, u32, __vaddss4(x, y));
CONF_BINARY(Vaddus2, u32, u32, u32, __vaddus2(x, y));
CONF_BINARY(Vaddus4, u32, u32, u32, __vaddus4(x, y));
CONF_BINARY(Vavgs2, u32, u32, u32, __vavgs2(x, y));
CONF_BINARY(Vavgs4, u32, u32, u32, __vavgs4(x, y));
CONF_BINARY(Vavgu2, u32, u32, u32, __vavgu2(x, y));
CONF_BINARY(Vavgu4, u32, u32, u32, __vavgu4(x, y));
CONF_BINARY(Vcmpeq2, u32, u32, u32, __vcmpeq2(x, y));
CONF_BINARY(Vcmpeq4, u32, u32, u32, __vcmpeq4(x, y));
CONF_BINARY(Vcmpges2, u32, u32, u32, __vcmpges2(x, y));
CONF_BINARY(Vcmpges4, u32, u32, u32, __vcmpges4(x, y));
CONF_BINARY(Vcmpgeu2, u32, u32, u32, __vcmpgeu2(x, y));
CONF_BINARY(Vcmpgeu4, u32, u32, u32, __vcmpgeu4(x, y));
CONF_BINARY(Vcmpgts2, u32, u32, u32, __vcmpgts2(x, y));
CONF_BINARY(Vcmpgts4, u32, u32, u32, __vcmpgts4(x, y));
CONF_BINARY(Vcmpgtu2, u32, u32, u32, __vcmpgtu2(x, y));
CONF_BINARY(Vcmpgtu4, u32, u32, u32, __vcmpgtu4(x, y));
CONF_BINARY(Vcmples2, u32, u32, u32, __vcmples2(x, y));
CONF_BINARY(Vcmples4, u32, u32, u32, __vcmples4(x, y));
CONF_BINARY(Vcmpleu2, u32, u32, u32, __vcmpleu2(x, y));
CONF_BINARY(Vcmpleu4, u32, u32, u32, __vcmpleu4(x, y));
CONF_BINARY(Vcmplts2, u32, u32, u32, __vcmplts2(x, y));
CONF_BINARY(Vcmplts4, u32, u32, u32, __vcmplts4(x, y));
CONF_BINARY(Vcmpltu2, u32, u32, u32, __vcmpltu2(x, y));
CONF_BINARY(Vcmpltu4, u32, u32, u32, __vcmpltu4(x, y));
CONF_BINARY(Vcmpne2, u32, u32, u32, __vcmpne2(x, y));
CONF_BINARY(Vcmpne4, u32, u32, u32, __vcmpne4(x, y));
CONF_BINARY(Vhaddu2, u32, u32, u32, __vhaddu2(x, y));
CONF_BINARY(Vhaddu4, u32, u32, u32, __vhaddu4(x, y));
CONF_BINARY(Vmaxs2, u32, u32, u32, __vmaxs2(x, y));
CONF_BINARY(Vmaxs4, u32, u32, u32, __vmaxs4(x, y));
CONF_BINARY(Vmaxu2, u32, u32, u32, __vmaxu2(x, y));
CONF_BINARY(Vmaxu4, u32, u32, u32, __vmaxu4(x, y));
CONF_BINARY(Vmins2, u32, u32, u32, __vmins2(x, y));
CONF_BINARY(Vmins4, u32, u32, u32, __vmins4(x, y));
CONF_BINARY(Vminu2, u32, u32, u32, __vminu2(x, y));
CONF_BINARY(Vminu4, u32, u32, u32, __vminu4(x, y));
CONF_BINARY(Vsads2, u32, u32, u32, __vsads2(x, y));
CONF_BINARY(Vsads4, u32, u32, u32, __vsads4(x, y));
CONF_BINARY(Vsadu2, u32, u32, u32, __vsadu2(x, y));
CONF_BINARY(Vsadu4, u32, u32, u32, __vsadu4(x, y));
CONF_BINARY(Vseteq2, u32, u32, u32, __vseteq2(x, y));
CONF_BINARY(Vseteq4, u32, u32, u32, __vseteq4(x, y));
CONF_BINARY(Vsetges2, u32, u32, u32, __vsetges2(x, y));
CONF_BINARY(Vsetges4, u32, u32, u32, __vsetges4(x, y));
CONF_BINARY(Vsetgeu2, u32, u32, u32, __vsetgeu2(x, y));
CONF_BINARY(Vsetgeu4, u32, u32, u32, __vsetgeu4(x, y));
CONF_BINARY(Vsetgts2, u32, u32, u32, __vsetgts2(x, y));
CONF_BINARY(Vsetgts4, u32, u32, u32, __vsetgts4(x, y));
CONF_BINARY(Vsetgtu2, u32, u32, u32, __vsetgtu2(x, y));
CONF_BINARY(Vsetgtu4, u32, u32, u32, __vsetgtu4(x, y));
CONF_BINARY(Vsetles2, u32, u32, u32, __vsetles2(x, y));
CONF_BINARY(Vsetles4, u32, u32, u32, __vsetles4(x, y));
CONF_BINARY(Vsetleu2, u32, u32, u32, __vsetleu2(x, y));
CONF_BINARY(Vsetleu4, u32, u32, u32, __vsetleu4(x, y));
CONF_BINARY(Vsetlts2, u32, u32, u32, __vsetlts2(x, y));
CONF_BINARY(Vsetlts4, u32, u32, u32, __vsetlts4(x, y));
CONF_BINARY(Vsetltu2, u32, u32, u32, __vsetltu2(x, y));
CONF_BINARY(Vsetltu4, u32, u32, u32, __vsetltu4(x, y));
CONF_BINARY(Vsetne2, u32, u32, u32, __vsetne2(x, y));
CONF_BINARY(Vsetne4, u32, u32, u32, __vsetne4(x, y));
CONF_BINARY(Vsub2, u32, u32, u32, __vsub2(x, y));
CONF_BINARY(Vsub4, u32, u32, u32, __vsub4(x, y));
CONF_BINARY(Vsubss2, u32, u32, u32, __vsubss2(x, y));
CONF_BINARY(Vsubss4, u32, u32, u32, __vsubss4(x, y));
CONF_BINARY(Vsubus2, u32, u32, u32, __vsubus2(x, y));
CONF_BINARY(Vsubus4, u32, u32, u32, __vsubus4(x, y));
CONF_BINARY(PtxVaddS32Sat, u32, u32, u32, ptx_vadd_s32_sat(x, y));
CONF_BINARY(PtxVsubU32S32Sat, u32, u32, u32, ptx_vsub_u32_s32_sat(x, y));
CONF_BINARY(PtxVabsdiffS32, u32, u32, u32, ptx_vabsdiff_s32(x, y));
CONF_BINARY(PtxVminU32B0, u32, u32, u32, ptx_vmin_u32_b0(x, y));
CONF_BINARY(PtxVmaxS32Sat, u32, u32, u32, ptx_vmax_s32_sat(x, y));
CONF_BINARY(PtxVshlU32Clamp, u32, u32, u32, ptx_vshl_u32_clamp(x, y));
CONF_BINARY(PtxVshrS32Wrap, u32, u32, u32, ptx_vshr_s32_wrap(x, y));
CONF_BINARY(PtxVadd2U32Sat, u32, u32, u32, ptx_vadd2_u32_sat(x, y));
CONF_BINARY(PtxVavrg4U32, u32, u32, u32, ptx_vavrg4_u32(x, y));
CONF_BINARY(PtxVsub4S32Sat, u32, u32, u32, ptx_vsub4_s32_sat(x, y));
CONF_BINARY(PtxVmax2S32, u32, u32, u32, ptx_vmax2_s32(x, y));

int main() {
  begin("simd_video");
  const auto u = uint_inputs();
  run_unary<Vabs2>("vabs2", u);
  run_unary<Vabs4>("vabs4", u);
  run_unary<Vabsss2>("vabsss2", u);
  run_unary<Vabsss4>("vabsss4", u);
  run_unary<Vneg2>("vneg2", u);
  run_unary<Vneg4>("vneg4", u);
  run_unary<Vnegss2>("vnegss2", u);
  run_unary<Vnegss4>("vnegss4", u);
  const auto [a, b] = uint_pairs();
  run_binary<Vabsdiffs2>("vabsdiffs2", a, b);
  run_binary<Vabsdiffs4>("vabsdiffs4", a, b);
  run_binary<Vabsdiffu2>("vabsdiffu2", a, b);
  run_binary<Vabsdiffu4>("vabsdiffu4", a, b);
  run_binary<Vadd2>("vadd2", a, b);
  run_binary<Vadd4>("vadd4", a, b);
  run_binary<Vaddss2>("vaddss2", a, b);
  run_binary<Vaddss4>("vaddss4", a, b);
  run_binary<Vaddus2>("vaddus2", a, b);
  run_binary<Vaddus4>("vaddus4", a, b);
  run_binary<Vavgs2>("vavgs2", a, b);
  run_binary<Vavgs4>("vavgs4", a, b);
  run_binary<Vavgu2>("vavgu2", a, b);
  run_binary<Vavgu4>("vavgu4", a, b);
  run_binary<Vcmpeq2>("vcmpeq2", a, b);
  run_binary<Vcmpeq4>("vcmpeq4", a, b);
  run_binary<Vcmpges2>("vcmpges2", a, b);
  run_binary<Vcmpges4>("vcmpges4", a, b);
  run_binary<Vcmpgeu2>("vcmpgeu2", a, b);
  run_binary<Vcmpgeu4>("vcmpgeu4", a, b);
  run_binary<Vcmpgts2>("vcmpgts2", a, b);
  run_binary<Vcmpgts4>("vcmpgts4", a, b);
  run_binary<Vcmpgtu2>("vcmpgtu2", a, b);
  run_binary<Vcmpgtu4>("vcmpgtu4", a, b);
  run_binary<Vcmples2>("vcmples2", a, b);
  run_binary<Vcmples4>("vcmples4", a, b);
  run_binary<Vcmpleu2>("vcmpleu2", a, b);
  run_binary<Vcmpleu4>("vcmpleu4", a, b);
  run_binary<Vcmplts2>("vcmplts2", a, b);
  run_binary<Vcmplts4>("vcmplts4", a, b);
  run_binary<Vcmpltu2>("vcmpltu2", a, b);
  run_binary<Vcmpltu4>("vcmpltu4", a, b);
  run_binary<Vcmpne2>("vcmpne2", a, b);
  run_binary<Vcmpne4>("vcmpne4", a, b);
  run_binary<Vhaddu2>("vhaddu2", a, b);
  run_binary<Vhaddu4>("vhaddu4", a, b);
  run_binary<Vmaxs2>("vmaxs2", a, b);
  run_binary<Vmaxs4>("vmaxs4", a, b);
  run_binary<Vmaxu2>("vmaxu2", a, b);
  run_binary<Vmaxu4>("vmaxu4", a, b);
  run_binary<Vmins2>("vmins2", a, b);
  run_binary<Vmins4>("vmins4", a, b);
  run_binary<Vminu2>("vminu2", a, b);
  run_binary<Vminu4>("vminu4", a, b);
  run_binary<Vsads2>("vsads2", a, b);
  run_binary<Vsads4>("vsads4", a, b);
  run_binary<Vsadu2>("vsadu2", a, b);
  run_binary<Vsadu4>("vsadu4", a, b);
  run_binary<Vseteq2>("vseteq2", a, b);
  run_binary<Vseteq4>("vseteq4", a, b);
  run_binary<Vsetges2>("vsetges2", a, b);
  run_binary<Vsetges4>("vsetges4", a, b);
  run_binary<Vsetgeu2>("vsetgeu2", a, b);
  run_binary<Vsetgeu4>("vsetgeu4", a, b);
  run_binary<Vsetgts2>("vsetgts2", a, b);
  run_binary<Vsetgts4>("vsetgts4", a, b);
  run_binary<Vsetgtu2>("vsetgtu2", a, b);
  run_binary<Vsetgtu4>("vsetgtu4", a, b);
  run_binary<Vsetles2>("vsetles2", a, b);
  run_binary<Vsetles4>("vsetles4", a, b);
  run_binary<Vsetleu2>("vsetleu2", a, b);
  run_binary<Vsetleu4>("vsetleu4", a, b);
  run_binary<Vsetlts2>("vsetlts2", a, b);
  run_binary<Vsetlts4>("vsetlts4", a, b);
  run_binary<Vsetltu2>("vsetltu2", a, b);
  run_binary<Vsetltu4>("vsetltu4", a, b);
  run_binary<Vsetne2>("vsetne2", a, b);
  run_binary<Vsetne4>("vsetne4", a, b);
  run_binary<Vsub2>("vsub2", a, b);
  run_binary<Vsub4>("vsub4", a, b);
  run_binary<Vsubss2>("vsubss2", a, b);
  run_binary<Vsubss4>("vsubss4", a, b);
  run_binary<Vsubus2>("vsubus2", a, b);
  run_binary<Vsubus4>("vsubus4", a, b);
  run_binary<PtxVaddS32Sat>("vadd.s32.s32.s32.sat", a, b);
  run_binary<PtxVsubU32S32Sat>("vsub.u32.u32.s32.sat", a, b);
  run_binary<PtxVabsdiffS32>("vabsdiff.s32.s32.s32", a, b);
  run_binary<PtxVminU32B0>("vmin.u32.u32.u32", a, b);
  run_binary<PtxVmaxS32Sat>("vmax.s32.s32.s32.sat", a, b);
  run_binary<PtxVshlU32Clamp>("vshl.u32.u32.u32.clamp", a, b);
  run_binary<PtxVshrS32Wrap>("vshr.s32.s32.u32.wrap", a, b);
  run_binary<PtxVadd2U32Sat>("vadd2.u32.u32.u32.sat", a, b);
  run_binary<PtxVavrg4U32>("vavrg4.u32.u32.u32", a, b);
  run_binary<PtxVsub4S32Sat>("vsub4.s32.s32.s32.sat", a, b);
  run_binary<PtxVmax2S32>("vmax2.s32.s32.s32", a, b);
  return 0;
}
