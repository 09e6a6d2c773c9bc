// conformance: requires sm_90a
// Hopper warpgroup MMA with 16-bit inputs (build with -arch=sm_90a):
// wgmma.mma_async m64nNk16 with f16 and bf16 inputs into f32 and f16
// accumulators, A from a shared-memory descriptor or from registers, B from
// a descriptor, every N from 8 to 256, the four swizzle modes in K-major and
// MN-major (transposed) layouts, start addresses inside a swizzle atom,
// base offsets, imm-scale-a/b = -1, scale-d = 0, two warpgroups per block,
// and inputs that expose the tensor core's rounding (wide exponents,
// subnormals, infinities, NaNs, signed zeros). The harness is
// common/wgmma_harness.cuh.

#include "../common/wgmma_harness.cuh"

#define HH32D(N, R) \
  WG_KERNEL(hh32d_##N, "wgmma.mma_async.sync.aligned.m64n" #N "k16.f32.f16.f16", R, 0, WG_TAIL_F16_DESC)
#define HH32R(N, R) \
  WG_KERNEL(hh32r_##N, "wgmma.mma_async.sync.aligned.m64n" #N "k16.f32.f16.f16", R, 1, WG_TAIL_F16_REGS)
#define HH16D(N, R) \
  WG_KERNEL(hh16d_##N, "wgmma.mma_async.sync.aligned.m64n" #N "k16.f16.f16.f16", R, 0, WG_TAIL_F16_DESC)
#define HH16R(N, R) \
  WG_KERNEL(hh16r_##N, "wgmma.mma_async.sync.aligned.m64n" #N "k16.f16.f16.f16", R, 1, WG_TAIL_F16_REGS)
#define BB32D(N, R) \
  WG_KERNEL(bb32d_##N, "wgmma.mma_async.sync.aligned.m64n" #N "k16.f32.bf16.bf16", R, 0, WG_TAIL_F16_DESC)
#define BB32R(N, R) \
  WG_KERNEL(bb32r_##N, "wgmma.mma_async.sync.aligned.m64n" #N "k16.f32.bf16.bf16", R, 1, WG_TAIL_F16_REGS)

HH32D(8, 4) HH32D(16, 8) HH32D(24, 12) HH32D(32, 16) HH32D(40, 20) HH32D(48, 24) HH32D(56, 28)
HH32D(64, 32) HH32D(72, 36) HH32D(80, 40) HH32D(88, 44) HH32D(96, 48) HH32D(104, 52)
HH32D(112, 56) HH32D(120, 60) HH32D(128, 64) HH32D(136, 68) HH32D(144, 72) HH32D(152, 76)
HH32D(160, 80) HH32D(168, 84) HH32D(176, 88) HH32D(184, 92) HH32D(192, 96) HH32D(200, 100)
HH32D(208, 104) HH32D(216, 108) HH32D(224, 112) HH32D(232, 116) HH32D(240, 120)
HH32D(248, 124) HH32D(256, 128)
HH32R(8, 4) HH32R(64, 32) HH32R(256, 128)
HH16D(8, 2) HH16D(16, 4) HH16D(64, 16) HH16D(136, 34) HH16D(256, 64)
HH16R(8, 2) HH16R(64, 16) HH16R(256, 64)
BB32D(8, 4) BB32D(16, 8) BB32D(64, 32) BB32D(136, 68) BB32D(256, 128)
BB32R(8, 4) BB32R(64, 32) BB32R(256, 128)

using wg::Layout;

namespace {

// The kernel instantiation for runtime scale/transpose choices.
#define PICK(K, sa, sb, ta, tb)                                                             \
  ((sa) > 0 ? ((sb) > 0 ? ((ta) ? ((tb) ? &K<1, 1, 1, 1> : &K<1, 1, 1, 0>)                 \
                                 : ((tb) ? &K<1, 1, 0, 1> : &K<1, 1, 0, 0>))                \
                        : ((ta) ? ((tb) ? &K<1, -1, 1, 1> : &K<1, -1, 1, 0>)                \
                                : ((tb) ? &K<1, -1, 0, 1> : &K<1, -1, 0, 0>)))              \
            : ((sb) > 0 ? ((ta) ? ((tb) ? &K<-1, 1, 1, 1> : &K<-1, 1, 1, 0>)                \
                                 : ((tb) ? &K<-1, 1, 0, 1> : &K<-1, 1, 0, 0>))              \
                        : ((ta) ? ((tb) ? &K<-1, -1, 1, 1> : &K<-1, -1, 1, 0>)              \
                                : ((tb) ? &K<-1, -1, 0, 1> : &K<-1, -1, 0, 0>))))

Layout k_major(wg::Swizzle s) { return Layout{.swizzle = s}; }
Layout mn_major(wg::Swizzle s) { return Layout{.swizzle = s, .mn_major = true}; }

uint32_t f16_signed_zero(conf::Rng& r) { return r.below(2) << 15; }
uint32_t f32_signed_zero(conf::Rng& r) { return r.below(2) << 31; }

const wg::Swizzle kSwizzles[] = {wg::kNone, wg::k32, wg::k64, wg::k128};

void shapes() {
  struct Shape {
    uint32_t n;
    WgKernel k;
  };
  const Shape shapes[] = {
      {8, &hh32d_8<1, 1, 0, 0>},     {16, &hh32d_16<1, 1, 0, 0>},   {24, &hh32d_24<1, 1, 0, 0>},
      {32, &hh32d_32<1, 1, 0, 0>},   {40, &hh32d_40<1, 1, 0, 0>},   {48, &hh32d_48<1, 1, 0, 0>},
      {56, &hh32d_56<1, 1, 0, 0>},   {64, &hh32d_64<1, 1, 0, 0>},   {72, &hh32d_72<1, 1, 0, 0>},
      {80, &hh32d_80<1, 1, 0, 0>},   {88, &hh32d_88<1, 1, 0, 0>},   {96, &hh32d_96<1, 1, 0, 0>},
      {104, &hh32d_104<1, 1, 0, 0>}, {112, &hh32d_112<1, 1, 0, 0>}, {120, &hh32d_120<1, 1, 0, 0>},
      {128, &hh32d_128<1, 1, 0, 0>}, {136, &hh32d_136<1, 1, 0, 0>}, {144, &hh32d_144<1, 1, 0, 0>},
      {152, &hh32d_152<1, 1, 0, 0>}, {160, &hh32d_160<1, 1, 0, 0>}, {168, &hh32d_168<1, 1, 0, 0>},
      {176, &hh32d_176<1, 1, 0, 0>}, {184, &hh32d_184<1, 1, 0, 0>}, {192, &hh32d_192<1, 1, 0, 0>},
      {200, &hh32d_200<1, 1, 0, 0>}, {208, &hh32d_208<1, 1, 0, 0>}, {216, &hh32d_216<1, 1, 0, 0>},
      {224, &hh32d_224<1, 1, 0, 0>}, {232, &hh32d_232<1, 1, 0, 0>}, {240, &hh32d_240<1, 1, 0, 0>},
      {248, &hh32d_248<1, 1, 0, 0>}, {256, &hh32d_256<1, 1, 0, 0>},
  };
  for (const Shape& s : shapes) {
    char name[96];
    std::snprintf(name, sizeof name, "f32.f16.f16/n%u/sw128", s.n);
    wg::run({.name = name, .kernel = s.k, .nreg = s.n / 2, .n = s.n, .elem_bytes = 2,
             .a_in_registers = false, .la = k_major(wg::k128), .lb = k_major(wg::k128),
             .gen_ab = wg::f16_moderate, .gen_c = wg::f32_moderate, .c_is_pairs = false,
             .seed = s.n});
  }
}

void layouts() {
  // Every swizzle mode with A and B K-major or MN-major (imm-trans-a/b).
  for (wg::Swizzle sw : kSwizzles) {
    for (int ta = 0; ta < 2; ++ta) {
      for (int tb = 0; tb < 2; ++tb) {
        char name[96];
        std::snprintf(name, sizeof name, "f32.f16.f16/n64/%s/trans%d%d", wg::swizzle_name(sw), ta, tb);
        wg::run({.name = name, .kernel = PICK(hh32d_64, 1, 1, ta, tb), .nreg = 32, .n = 64,
                 .elem_bytes = 2, .a_in_registers = false,
                 .la = ta ? mn_major(sw) : k_major(sw), .lb = tb ? mn_major(sw) : k_major(sw),
                 .gen_ab = wg::f16_moderate, .gen_c = wg::f32_moderate, .c_is_pairs = false,
                 .seed = 100u + 4u * sw + 2u * ta + tb});
        // The same layouts of B read by a one-hot A from registers: D shows
        // which element of shared memory each B entry came from.
        if (ta == 0) {
          std::snprintf(name, sizeof name, "f32.f16.f16/n64/%s/probe_b%d", wg::swizzle_name(sw), tb);
          wg::run({.name = name, .kernel = PICK(hh32r_64, 1, 1, 0, tb), .nreg = 32, .n = 64,
                   .elem_bytes = 2, .a_in_registers = true, .la = {},
                   .lb = tb ? mn_major(sw) : k_major(sw), .gen_ab = wg::f16_moderate,
                   .gen_c = wg::f32_zero, .c_is_pairs = false, .scale_d = 0, .seed = 7,
                   .probe = true});
        }
      }
    }
  }
  // Layout details: K core matrices far apart, start addresses inside a
  // swizzle atom (how a K loop advances), an LBO that swizzled K-major
  // layouts leave unused, and the base offset.
  struct Extra {
    const char* name;
    Layout l;
  };
  const Extra extras[] = {
      {"interleave_far_k", Layout{.far_k = true}},
      {"sw128_start32", Layout{.swizzle = wg::k128, .start_extra = 32}},
      {"sw128_start64", Layout{.swizzle = wg::k128, .start_extra = 64}},
      {"sw128_start96", Layout{.swizzle = wg::k128, .start_extra = 96}},
      {"sw64_start32", Layout{.swizzle = wg::k64, .start_extra = 32}},
      {"sw128_lbo", Layout{.swizzle = wg::k128, .lbo_extra = 4096}},
      {"sw32_lbo", Layout{.swizzle = wg::k32, .lbo_extra = 512}},
      {"sw128_start128", Layout{.swizzle = wg::k128, .start_extra = 128}},
      {"sw128_start128_base1", Layout{.swizzle = wg::k128, .start_extra = 128, .base_offset = 1}},
      {"sw128_base3", Layout{.swizzle = wg::k128, .base_offset = 3}},
      {"sw64_start256_base2", Layout{.swizzle = wg::k64, .start_extra = 256, .base_offset = 2}},
      {"sw128_mn_start128_base1",
       Layout{.swizzle = wg::k128, .mn_major = true, .start_extra = 128, .base_offset = 1}},
  };
  for (const Extra& e : extras) {
    char name[96];
    std::snprintf(name, sizeof name, "f32.f16.f16/n64/%s", e.name);
    wg::run({.name = name, .kernel = PICK(hh32d_64, 1, 1, e.l.mn_major, e.l.mn_major), .nreg = 32,
             .n = 64, .elem_bytes = 2, .a_in_registers = false, .la = e.l, .lb = e.l,
             .gen_ab = wg::f16_moderate, .gen_c = wg::f32_moderate, .c_is_pairs = false,
             .seed = 300});
    std::snprintf(name, sizeof name, "f32.f16.f16/n64/%s/probe_b", e.name);
    wg::run({.name = name, .kernel = PICK(hh32r_64, 1, 1, 0, e.l.mn_major), .nreg = 32, .n = 64,
             .elem_bytes = 2, .a_in_registers = true, .la = {}, .lb = e.l,
             .gen_ab = wg::f16_moderate, .gen_c = wg::f32_zero, .c_is_pairs = false,
             .scale_d = 0, .seed = 8, .probe = true});
  }
}

void forms() {
  struct Form {
    const char* name;
    WgKernel k00, k11;  // trans 0,0 and 1,1 (A from registers: trans-b only)
    uint32_t n, nreg;
    bool a_regs;
    wg::Gen ab, c;
    bool pairs;
  };
  const Form forms[] = {
      {"f32.f16.f16/regs/n8", &hh32r_8<1, 1, 0, 0>, &hh32r_8<1, 1, 0, 1>, 8, 4, true, wg::f16_moderate, wg::f32_moderate, false},
      {"f32.f16.f16/regs/n64", &hh32r_64<1, 1, 0, 0>, &hh32r_64<1, 1, 0, 1>, 64, 32, true, wg::f16_moderate, wg::f32_moderate, false},
      {"f32.f16.f16/regs/n256", &hh32r_256<1, 1, 0, 0>, &hh32r_256<1, 1, 0, 1>, 256, 128, true, wg::f16_moderate, wg::f32_moderate, false},
      {"f16.f16.f16/n8", &hh16d_8<1, 1, 0, 0>, &hh16d_8<1, 1, 1, 1>, 8, 2, false, wg::f16_moderate, wg::f16_moderate, true},
      {"f16.f16.f16/n16", &hh16d_16<1, 1, 0, 0>, &hh16d_16<1, 1, 1, 1>, 16, 4, false, wg::f16_moderate, wg::f16_moderate, true},
      {"f16.f16.f16/n64", &hh16d_64<1, 1, 0, 0>, &hh16d_64<1, 1, 1, 1>, 64, 16, false, wg::f16_moderate, wg::f16_moderate, true},
      {"f16.f16.f16/n136", &hh16d_136<1, 1, 0, 0>, &hh16d_136<1, 1, 1, 1>, 136, 34, false, wg::f16_moderate, wg::f16_moderate, true},
      {"f16.f16.f16/n256", &hh16d_256<1, 1, 0, 0>, &hh16d_256<1, 1, 1, 1>, 256, 64, false, wg::f16_moderate, wg::f16_moderate, true},
      {"f16.f16.f16/regs/n8", &hh16r_8<1, 1, 0, 0>, &hh16r_8<1, 1, 0, 1>, 8, 2, true, wg::f16_moderate, wg::f16_moderate, true},
      {"f16.f16.f16/regs/n64", &hh16r_64<1, 1, 0, 0>, &hh16r_64<1, 1, 0, 1>, 64, 16, true, wg::f16_moderate, wg::f16_moderate, true},
      {"f16.f16.f16/regs/n256", &hh16r_256<1, 1, 0, 0>, &hh16r_256<1, 1, 0, 1>, 256, 64, true, wg::f16_moderate, wg::f16_moderate, true},
      {"f32.bf16.bf16/n8", &bb32d_8<1, 1, 0, 0>, &bb32d_8<1, 1, 1, 1>, 8, 4, false, wg::bf16_moderate, wg::f32_moderate, false},
      {"f32.bf16.bf16/n16", &bb32d_16<1, 1, 0, 0>, &bb32d_16<1, 1, 1, 1>, 16, 8, false, wg::bf16_moderate, wg::f32_moderate, false},
      {"f32.bf16.bf16/n64", &bb32d_64<1, 1, 0, 0>, &bb32d_64<1, 1, 1, 1>, 64, 32, false, wg::bf16_moderate, wg::f32_moderate, false},
      {"f32.bf16.bf16/n136", &bb32d_136<1, 1, 0, 0>, &bb32d_136<1, 1, 1, 1>, 136, 68, false, wg::bf16_moderate, wg::f32_moderate, false},
      {"f32.bf16.bf16/n256", &bb32d_256<1, 1, 0, 0>, &bb32d_256<1, 1, 1, 1>, 256, 128, false, wg::bf16_moderate, wg::f32_moderate, false},
      {"f32.bf16.bf16/regs/n8", &bb32r_8<1, 1, 0, 0>, &bb32r_8<1, 1, 0, 1>, 8, 4, true, wg::bf16_moderate, wg::f32_moderate, false},
      {"f32.bf16.bf16/regs/n64", &bb32r_64<1, 1, 0, 0>, &bb32r_64<1, 1, 0, 1>, 64, 32, true, wg::bf16_moderate, wg::f32_moderate, false},
      {"f32.bf16.bf16/regs/n256", &bb32r_256<1, 1, 0, 0>, &bb32r_256<1, 1, 0, 1>, 256, 128, true, wg::bf16_moderate, wg::f32_moderate, false},
  };
  uint64_t seed = 500;
  for (const Form& f : forms) {
    for (int trans = 0; trans < 2; ++trans) {
      for (wg::Swizzle sw : {wg::kNone, wg::k128}) {
        char name[96];
        std::snprintf(name, sizeof name, "%s/%s/trans%d", f.name, wg::swizzle_name(sw), trans);
        const Layout l = trans ? mn_major(sw) : k_major(sw);
        wg::run({.name = name, .kernel = trans ? f.k11 : f.k00, .nreg = f.nreg, .n = f.n,
                 .elem_bytes = 2, .a_in_registers = f.a_regs, .la = f.a_regs ? Layout{} : l,
                 .lb = l, .gen_ab = f.ab, .gen_c = f.c, .c_is_pairs = f.pairs, .seed = ++seed});
      }
    }
  }
}

void scales() {
  uint64_t seed = 700;
  for (int sa : {1, -1}) {
    for (int sb : {1, -1}) {
      for (int scale_d = 0; scale_d < 2; ++scale_d) {
        char name[96];
        std::snprintf(name, sizeof name, "f32.f16.f16/n32/scale_a%d_b%d_d%d", sa, sb, scale_d);
        wg::run({.name = name, .kernel = PICK(hh32d_32, sa, sb, 0, 1), .nreg = 16, .n = 32,
                 .elem_bytes = 2, .a_in_registers = false, .la = k_major(wg::k64),
                 .lb = mn_major(wg::k64), .gen_ab = wg::f16_special, .gen_c = wg::f32_special,
                 .c_is_pairs = false, .scale_d = scale_d, .seed = ++seed});
        std::snprintf(name, sizeof name, "f32.f16.f16/regs/n64/scale_a%d_b%d_d%d", sa, sb, scale_d);
        wg::run({.name = name, .kernel = PICK(hh32r_64, sa, sb, 0, 0), .nreg = 32, .n = 64,
                 .elem_bytes = 2, .a_in_registers = true, .la = {}, .lb = k_major(wg::k32),
                 .gen_ab = wg::f16_moderate, .gen_c = wg::f32_moderate, .c_is_pairs = false,
                 .scale_d = scale_d, .seed = ++seed});
        std::snprintf(name, sizeof name, "f16.f16.f16/n64/scale_a%d_b%d_d%d", sa, sb, scale_d);
        wg::run({.name = name, .kernel = PICK(hh16d_64, sa, sb, 1, 0), .nreg = 16, .n = 64,
                 .elem_bytes = 2, .a_in_registers = false, .la = mn_major(wg::k128),
                 .lb = k_major(wg::kNone), .gen_ab = wg::f16_special, .gen_c = wg::f16_special,
                 .c_is_pairs = true, .scale_d = scale_d, .seed = ++seed});
        std::snprintf(name, sizeof name, "f32.bf16.bf16/n64/scale_a%d_b%d_d%d", sa, sb, scale_d);
        wg::run({.name = name, .kernel = PICK(bb32d_64, sa, sb, 1, 1), .nreg = 32, .n = 64,
                 .elem_bytes = 2, .a_in_registers = false, .la = mn_major(wg::k32),
                 .lb = mn_major(wg::k64), .gen_ab = wg::bf16_special, .gen_c = wg::f32_special,
                 .c_is_pairs = false, .scale_d = scale_d, .seed = ++seed});
      }
    }
  }
}

void rounding() {
  struct Inputs {
    const char* name;
    wg::Gen ab, c;
  };
  const Inputs f16_inputs[] = {{"moderate", wg::f16_moderate, wg::f32_moderate},
                               {"wide", wg::f16_wide, wg::f32_wide},
                               {"special", wg::f16_special, wg::f32_special},
                               {"zeros", f16_signed_zero, f32_signed_zero},
                               {"small_ints", wg::f16_small_ints, wg::f32_small_ints}};
  uint64_t seed = 900;
  for (const Inputs& in : f16_inputs) {
    for (int scale_d = 0; scale_d < 2; ++scale_d) {
      char name[96];
      std::snprintf(name, sizeof name, "f32.f16.f16/n256/%s/d%d", in.name, scale_d);
      wg::run({.name = name, .kernel = &hh32d_256<1, 1, 0, 0>, .nreg = 128, .n = 256,
               .elem_bytes = 2, .a_in_registers = false, .la = k_major(wg::k128),
               .lb = k_major(wg::k128), .gen_ab = in.ab, .gen_c = in.c, .c_is_pairs = false,
               .scale_d = scale_d, .seed = ++seed});
      std::snprintf(name, sizeof name, "f16.f16.f16/n256/%s/d%d", in.name, scale_d);
      wg::run({.name = name, .kernel = &hh16d_256<1, 1, 0, 0>, .nreg = 64, .n = 256,
               .elem_bytes = 2, .a_in_registers = false, .la = k_major(wg::k128),
               .lb = k_major(wg::k128), .gen_ab = in.ab, .gen_c = in.ab, .c_is_pairs = true,
               .scale_d = scale_d, .seed = ++seed});
    }
  }
  const Inputs bf16_inputs[] = {{"moderate", wg::bf16_moderate, wg::f32_moderate},
                                {"wide", wg::bf16_wide, wg::f32_wide},
                                {"special", wg::bf16_special, wg::f32_special},
                                {"zeros", f16_signed_zero, f32_signed_zero}};
  for (const Inputs& in : bf16_inputs) {
    for (int scale_d = 0; scale_d < 2; ++scale_d) {
      char name[96];
      std::snprintf(name, sizeof name, "f32.bf16.bf16/n256/%s/d%d", in.name, scale_d);
      wg::run({.name = name, .kernel = &bb32d_256<1, 1, 0, 0>, .nreg = 128, .n = 256,
               .elem_bytes = 2, .a_in_registers = false, .la = k_major(wg::k128),
               .lb = k_major(wg::k128), .gen_ab = in.ab, .gen_c = in.c, .c_is_pairs = false,
               .scale_d = scale_d, .seed = ++seed});
    }
  }
}

void two_warpgroups() {
  wg::run({.name = "f32.f16.f16/n64/two_warpgroups/sw128", .kernel = &hh32d_64<1, 1, 0, 0>,
           .nreg = 32, .n = 64, .elem_bytes = 2, .a_in_registers = false,
           .la = k_major(wg::k128), .lb = k_major(wg::k128), .gen_ab = wg::f16_moderate,
           .gen_c = wg::f32_moderate, .c_is_pairs = false, .seed = 1000, .threads = 256});
  wg::run({.name = "f32.f16.f16/regs/n64/two_warpgroups/interleave", .kernel = &hh32r_64<1, 1, 0, 1>,
           .nreg = 32, .n = 64, .elem_bytes = 2, .a_in_registers = true, .la = {},
           .lb = mn_major(wg::kNone), .gen_ab = wg::f16_moderate, .gen_c = wg::f32_moderate,
           .c_is_pairs = false, .seed = 1001, .threads = 256});
}

}  // namespace

int main() {
  std::printf("PROGRAM wgmma\n");
  shapes();
  layouts();
  forms();
  scales();
  rounding();
  two_warpgroups();
  return 0;
}
