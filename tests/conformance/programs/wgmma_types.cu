// conformance: requires sm_90a
// Hopper warpgroup MMA with tf32, fp8 (e4m3/e5m2), 8-bit integer and 1-bit
// inputs (build with -arch=sm_90a): wgmma.mma_async m64nNk8 .tf32,
// m64nNk32 .e4m3/.e5m2 into f32 and f16 accumulators, m64nNk32 .s8/.u8 into
// s32 with and without .satfinite, and m64nNk256 .b1 .and.popc; A from a
// descriptor or from registers, K-major layouts with and without swizzling,
// imm-scale-a/b = -1, scale-d = 0, and inputs that expose rounding,
// saturation and special values. The harness is common/wgmma_harness.cuh.

#include "../common/wgmma_harness.cuh"

#define WG_FORM(NAME, N, R, TYPES, K, TAIL)                                                            \
  WG_KERNEL(NAME##_d_##N, "wgmma.mma_async.sync.aligned.m64n" #N "k" #K TYPES, R, 0, TAIL)            \
  WG_KERNEL(NAME##_r_##N, "wgmma.mma_async.sync.aligned.m64n" #N "k" #K TYPES, R, 1, TAIL)
#define WG_THREE(NAME, TYPES, K, TAIL, HALF)                                                           \
  WG_FORM(NAME, 8, HALF##8, TYPES, K, TAIL)                                                          \
  WG_FORM(NAME, 64, HALF##64, TYPES, K, TAIL) WG_FORM(NAME, 256, HALF##256, TYPES, K, TAIL)
// Accumulator registers per thread: N/2 for 32-bit accumulators, N/4 for f16 pairs.
#define R32_8 4
#define R32_64 32
#define R32_256 128
#define R16_8 2
#define R16_64 16
#define R16_256 64
#define WG_FORM_X(NAME, N, R, TYPES, K, TAIL) WG_FORM(NAME, N, R, TYPES, K, TAIL)
#define WG_THREE_X(NAME, TYPES, K, TAIL, HALF)                                                         \
  WG_FORM_X(NAME, 8, HALF##_8, TYPES, K, TAIL)                                                       \
  WG_FORM_X(NAME, 64, HALF##_64, TYPES, K, TAIL) WG_FORM_X(NAME, 256, HALF##_256, TYPES, K, TAIL)

WG_THREE_X(tf32, ".f32.tf32.tf32", 8, WG_TAIL_SCALED, R32)
WG_THREE_X(e4e4_32, ".f32.e4m3.e4m3", 32, WG_TAIL_SCALED, R32)
WG_THREE_X(e4e5_32, ".f32.e4m3.e5m2", 32, WG_TAIL_SCALED, R32)
WG_THREE_X(e5e4_32, ".f32.e5m2.e4m3", 32, WG_TAIL_SCALED, R32)
WG_THREE_X(e5e5_32, ".f32.e5m2.e5m2", 32, WG_TAIL_SCALED, R32)
WG_THREE_X(e4e4_16, ".f16.e4m3.e4m3", 32, WG_TAIL_SCALED, R16)
WG_THREE_X(e4e5_16, ".f16.e4m3.e5m2", 32, WG_TAIL_SCALED, R16)
WG_THREE_X(e5e4_16, ".f16.e5m2.e4m3", 32, WG_TAIL_SCALED, R16)
WG_THREE_X(e5e5_16, ".f16.e5m2.e5m2", 32, WG_TAIL_SCALED, R16)
WG_THREE_X(ss, ".s32.s8.s8", 32, WG_TAIL_NONE, R32)
WG_THREE_X(su, ".s32.s8.u8", 32, WG_TAIL_NONE, R32)
WG_THREE_X(us, ".s32.u8.s8", 32, WG_TAIL_NONE, R32)
WG_THREE_X(uu, ".s32.u8.u8", 32, WG_TAIL_NONE, R32)
WG_THREE_X(ss_sat, ".satfinite.s32.s8.s8", 32, WG_TAIL_NONE, R32)
WG_THREE_X(su_sat, ".satfinite.s32.s8.u8", 32, WG_TAIL_NONE, R32)
WG_THREE_X(us_sat, ".satfinite.s32.u8.s8", 32, WG_TAIL_NONE, R32)
WG_THREE_X(uu_sat, ".satfinite.s32.u8.u8", 32, WG_TAIL_NONE, R32)
WG_THREE_X(b1, ".s32.b1.b1.and.popc", 256, WG_TAIL_NONE, R32)

namespace {

using wg::Layout;

struct Form {
  const char* name;
  WgKernel d[3], r[3];  // N = 8, 64, 256 with A from a descriptor / registers
  WgKernel d_neg;       // N = 64, imm-scale-a = -1 (scaled forms), else nullptr
  WgKernel d_neg_b;     // N = 64, imm-scale-b = -1
  uint32_t elem_bytes;
  bool f16_acc;
  wg::Gen inputs[2];  // moderate, special
  wg::Gen acc[2];
};

#define KS(NAME, SA, SB) \
  {&NAME##_d_8<SA, SB, 0, 0>, &NAME##_d_64<SA, SB, 0, 0>, &NAME##_d_256<SA, SB, 0, 0>}, \
  {&NAME##_r_8<SA, SB, 0, 0>, &NAME##_r_64<SA, SB, 0, 0>, &NAME##_r_256<SA, SB, 0, 0>}

uint32_t f16_acc(conf::Rng& r) { return wg::f16_moderate(r); }
uint32_t f16_acc_special(conf::Rng& r) { return wg::f16_special(r); }

const Form kForms[] = {
    {"f32.tf32.tf32", KS(tf32, 1, 1), &tf32_d_64<-1, 1, 0, 0>, &tf32_d_64<1, -1, 0, 0>, 4, false,
     {wg::tf32_moderate, wg::tf32_wide}, {wg::f32_moderate, wg::f32_special}},
    {"f32.e4m3.e4m3", KS(e4e4_32, 1, 1), &e4e4_32_d_64<-1, 1, 0, 0>, &e4e4_32_d_64<1, -1, 0, 0>, 1, false,
     {wg::e4m3_moderate, wg::e4m3_special}, {wg::f32_moderate, wg::f32_special}},
    {"f32.e4m3.e5m2", KS(e4e5_32, 1, 1), &e4e5_32_d_64<-1, 1, 0, 0>, &e4e5_32_d_64<1, -1, 0, 0>, 1, false,
     {wg::e4m3_moderate, wg::e5m2_special}, {wg::f32_moderate, wg::f32_special}},
    {"f32.e5m2.e4m3", KS(e5e4_32, 1, 1), &e5e4_32_d_64<-1, 1, 0, 0>, &e5e4_32_d_64<1, -1, 0, 0>, 1, false,
     {wg::e5m2_moderate, wg::e4m3_special}, {wg::f32_moderate, wg::f32_special}},
    {"f32.e5m2.e5m2", KS(e5e5_32, 1, 1), &e5e5_32_d_64<-1, 1, 0, 0>, &e5e5_32_d_64<1, -1, 0, 0>, 1, false,
     {wg::e5m2_moderate, wg::e5m2_special}, {wg::f32_moderate, wg::f32_special}},
    {"f16.e4m3.e4m3", KS(e4e4_16, 1, 1), &e4e4_16_d_64<-1, 1, 0, 0>, &e4e4_16_d_64<1, -1, 0, 0>, 1, true,
     {wg::e4m3_moderate, wg::e4m3_special}, {f16_acc, f16_acc_special}},
    {"f16.e4m3.e5m2", KS(e4e5_16, 1, 1), &e4e5_16_d_64<-1, 1, 0, 0>, &e4e5_16_d_64<1, -1, 0, 0>, 1, true,
     {wg::e4m3_moderate, wg::e5m2_special}, {f16_acc, f16_acc_special}},
    {"f16.e5m2.e4m3", KS(e5e4_16, 1, 1), &e5e4_16_d_64<-1, 1, 0, 0>, &e5e4_16_d_64<1, -1, 0, 0>, 1, true,
     {wg::e5m2_moderate, wg::e4m3_special}, {f16_acc, f16_acc_special}},
    {"f16.e5m2.e5m2", KS(e5e5_16, 1, 1), &e5e5_16_d_64<-1, 1, 0, 0>, &e5e5_16_d_64<1, -1, 0, 0>, 1, true,
     {wg::e5m2_moderate, wg::e5m2_special}, {f16_acc, f16_acc_special}},
    {"s32.s8.s8", KS(ss, 1, 1), nullptr, nullptr, 1, false, {wg::byte_random, wg::byte_random}, {wg::word_random, wg::s32_near_limits}},
    {"s32.s8.u8", KS(su, 1, 1), nullptr, nullptr, 1, false, {wg::byte_random, wg::byte_random}, {wg::word_random, wg::s32_near_limits}},
    {"s32.u8.s8", KS(us, 1, 1), nullptr, nullptr, 1, false, {wg::byte_random, wg::byte_random}, {wg::word_random, wg::s32_near_limits}},
    {"s32.u8.u8", KS(uu, 1, 1), nullptr, nullptr, 1, false, {wg::byte_random, wg::byte_random}, {wg::word_random, wg::s32_near_limits}},
    {"satfinite.s32.s8.s8", KS(ss_sat, 1, 1), nullptr, nullptr, 1, false, {wg::byte_random, wg::byte_random}, {wg::word_random, wg::s32_near_limits}},
    {"satfinite.s32.s8.u8", KS(su_sat, 1, 1), nullptr, nullptr, 1, false, {wg::byte_random, wg::byte_random}, {wg::word_random, wg::s32_near_limits}},
    {"satfinite.s32.u8.s8", KS(us_sat, 1, 1), nullptr, nullptr, 1, false, {wg::byte_random, wg::byte_random}, {wg::word_random, wg::s32_near_limits}},
    {"satfinite.s32.u8.u8", KS(uu_sat, 1, 1), nullptr, nullptr, 1, false, {wg::byte_random, wg::byte_random}, {wg::word_random, wg::s32_near_limits}},
    {"s32.b1.b1.and.popc", KS(b1, 1, 1), nullptr, nullptr, 1, false, {wg::byte_random, wg::byte_random}, {wg::word_random, wg::s32_near_limits}},
};

const uint32_t kN[3] = {8, 64, 256};

void run_form(const Form& f, uint64_t& seed) {
  const auto nreg = [&](uint32_t n) { return f.f16_acc ? n / 4 : n / 2; };
  for (int i = 0; i < 3; ++i) {
    const uint32_t n = kN[i];
    for (wg::Swizzle sw : {wg::kNone, wg::k32, wg::k128}) {
      for (int regs = 0; regs < 2; ++regs) {
        char name[96];
        std::snprintf(name, sizeof name, "%s/n%u/%s%s", f.name, n, wg::swizzle_name(sw), regs ? "/regs" : "");
        wg::run({.name = name, .kernel = regs ? f.r[i] : f.d[i], .nreg = nreg(n), .n = n,
                 .elem_bytes = f.elem_bytes, .a_in_registers = regs != 0,
                 .la = Layout{.swizzle = sw}, .lb = Layout{.swizzle = sw}, .gen_ab = f.inputs[0],
                 .gen_c = f.acc[0], .c_is_pairs = f.f16_acc, .seed = ++seed});
      }
    }
  }
  // Special values, saturation and scale-d = 0 at N = 256.
  for (int scale_d = 0; scale_d < 2; ++scale_d) {
    char name[96];
    std::snprintf(name, sizeof name, "%s/n256/special/d%d", f.name, scale_d);
    wg::run({.name = name, .kernel = f.d[2], .nreg = nreg(256), .n = 256,
             .elem_bytes = f.elem_bytes, .a_in_registers = false,
             .la = Layout{.swizzle = wg::k64}, .lb = Layout{.swizzle = wg::k128},
             .gen_ab = f.inputs[1], .gen_c = f.acc[1], .c_is_pairs = f.f16_acc,
             .scale_d = scale_d, .seed = ++seed});
  }
  if (f.d_neg != nullptr) {
    for (int b = 0; b < 2; ++b) {
      char name[96];
      std::snprintf(name, sizeof name, "%s/n64/scale_%s_neg", f.name, b ? "b" : "a");
      wg::run({.name = name, .kernel = b ? f.d_neg_b : f.d_neg, .nreg = nreg(64), .n = 64,
               .elem_bytes = f.elem_bytes, .a_in_registers = false,
               .la = Layout{.swizzle = wg::k128}, .lb = Layout{.swizzle = wg::k128},
               .gen_ab = f.inputs[1], .gen_c = f.acc[0], .c_is_pairs = f.f16_acc,
               .seed = ++seed});
    }
  }
}

}  // namespace

int main() {
  std::printf("PROGRAM wgmma_types\n");
  uint64_t seed = 0;
  for (const Form& f : kForms) run_form(f, seed);
  return 0;
}
