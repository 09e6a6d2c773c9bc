// Records the H100's results of the mma.sync forms sm_90 has no native
// instruction shape for: f16 m8n8k4 (the Volta quad-pair layouts, every
// .row/.col pairing, f16/f16, f32/f16 and f32/f32 D/C) and f64 m16n8k4,
// m16n8k8 and m16n8k16, with their inputs (tools/probes/README.md, "mma f64
// and f16 m8n8k4 probe"):
//   nvcc -cudart shared -arch=sm_90 mma_f64_f16_probe.cu -o probe && ./probe OUTDIR
// Each case of OUTDIR/mma_NAME.bin: A, B, C and D as 32-bit words,
// lane-major (lane l's NA words of A, then lane l+1's; an f64 is two words,
// low first); per lane NA/NB/NC/ND words as in the table in main(). (The
// recorded run's kernels had one stride for C and D, which the f32.f16 forms
// do not share: see README.md.)
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>
typedef uint32_t u32;
typedef uint64_t u64;
struct Args { const u32 *a, *b, *c; u32* d; };

#define LOAD(NA, NB, NC, ND) \
  const int l = threadIdx.x; \
  const u32* a = p.a + blockIdx.x * 32 * NA + l * NA; \
  const u32* b = p.b + blockIdx.x * 32 * NB + l * NB; \
  const u32* c = p.c + blockIdx.x * 32 * NC + l * NC; \
  u32* d = p.d + blockIdx.x * 32 * ND + l * ND;
#define F(i) __uint_as_float(c[i])
#define FD(v) (v)
#define DBL(w, i) __longlong_as_double((long long)((u64)w[2 * (i)] | (u64)w[2 * (i) + 1] << 32))
#define PUT(i, v) { const u64 bits = (u64)__double_as_longlong(v); d[2 * (i)] = (u32)bits; d[2 * (i) + 1] = (u32)(bits >> 32); }

// m8n8k4 f16: A and B two f16x2 registers; C/D four f16x2 or eight f32.
#define K4_F16_F16(NAME, INSTR) __global__ void NAME(Args p) { LOAD(2, 2, 4, 4) \
  u32 d0, d1, d2, d3; \
  asm volatile(INSTR " {%0,%1,%2,%3}, {%4,%5}, {%6,%7}, {%8,%9,%10,%11};" \
    : "=r"(d0), "=r"(d1), "=r"(d2), "=r"(d3) \
    : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(b[1]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3])); \
  d[0] = d0; d[1] = d1; d[2] = d2; d[3] = d3; }
#define K4_F32_F16(NAME, INSTR) __global__ void NAME(Args p) { LOAD(2, 2, 4, 8) \
  float e[8]; \
  asm volatile(INSTR " {%0,%1,%2,%3,%4,%5,%6,%7}, {%8,%9}, {%10,%11}, {%12,%13,%14,%15};" \
    : "=f"(e[0]), "=f"(e[1]), "=f"(e[2]), "=f"(e[3]), "=f"(e[4]), "=f"(e[5]), "=f"(e[6]), "=f"(e[7]) \
    : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(b[1]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3])); \
  for (int i = 0; i < 8; ++i) d[i] = __float_as_uint(e[i]); }
#define K4_F32_F32(NAME, INSTR) __global__ void NAME(Args p) { LOAD(2, 2, 8, 8) \
  float e[8]; \
  asm volatile(INSTR " {%0,%1,%2,%3,%4,%5,%6,%7}, {%8,%9}, {%10,%11}, {%12,%13,%14,%15,%16,%17,%18,%19};" \
    : "=f"(e[0]), "=f"(e[1]), "=f"(e[2]), "=f"(e[3]), "=f"(e[4]), "=f"(e[5]), "=f"(e[6]), "=f"(e[7]) \
    : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(b[1]), \
      "f"(F(0)), "f"(F(1)), "f"(F(2)), "f"(F(3)), "f"(F(4)), "f"(F(5)), "f"(F(6)), "f"(F(7))); \
  for (int i = 0; i < 8; ++i) d[i] = __float_as_uint(e[i]); }

#define LAYOUTS(MACRO, D, C) \
  MACRO(k4_rr_##D##_##C, "mma.sync.aligned.m8n8k4.row.row." #D ".f16.f16." #C) \
  MACRO(k4_rc_##D##_##C, "mma.sync.aligned.m8n8k4.row.col." #D ".f16.f16." #C) \
  MACRO(k4_cr_##D##_##C, "mma.sync.aligned.m8n8k4.col.row." #D ".f16.f16." #C) \
  MACRO(k4_cc_##D##_##C, "mma.sync.aligned.m8n8k4.col.col." #D ".f16.f16." #C)
LAYOUTS(K4_F16_F16, f16, f16)
LAYOUTS(K4_F32_F16, f32, f16)
LAYOUTS(K4_F32_F32, f32, f32)

// f64 m16n8k4/k8/k16: A 2/4/8, B 1/2/4, C and D 4 f64 registers.
__global__ void f64_k4(Args p) { LOAD(4, 2, 8, 8)
  double e[4];
  asm volatile("mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%7,%8,%9,%10};"
    : "=d"(e[0]), "=d"(e[1]), "=d"(e[2]), "=d"(e[3])
    : "d"(DBL(a, 0)), "d"(DBL(a, 1)), "d"(DBL(b, 0)), "d"(DBL(c, 0)), "d"(DBL(c, 1)), "d"(DBL(c, 2)), "d"(DBL(c, 3)));
  for (int i = 0; i < 4; ++i) PUT(i, e[i]) }
__global__ void f64_k8(Args p) { LOAD(8, 4, 8, 8)
  double e[4];
  asm volatile("mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"
    : "=d"(e[0]), "=d"(e[1]), "=d"(e[2]), "=d"(e[3])
    : "d"(DBL(a, 0)), "d"(DBL(a, 1)), "d"(DBL(a, 2)), "d"(DBL(a, 3)), "d"(DBL(b, 0)), "d"(DBL(b, 1)),
      "d"(DBL(c, 0)), "d"(DBL(c, 1)), "d"(DBL(c, 2)), "d"(DBL(c, 3)));
  for (int i = 0; i < 4; ++i) PUT(i, e[i]) }
__global__ void f64_k16(Args p) { LOAD(16, 8, 8, 8)
  double e[4];
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, {%4,%5,%6,%7,%8,%9,%10,%11}, {%12,%13,%14,%15}, {%16,%17,%18,%19};"
    : "=d"(e[0]), "=d"(e[1]), "=d"(e[2]), "=d"(e[3])
    : "d"(DBL(a, 0)), "d"(DBL(a, 1)), "d"(DBL(a, 2)), "d"(DBL(a, 3)), "d"(DBL(a, 4)), "d"(DBL(a, 5)),
      "d"(DBL(a, 6)), "d"(DBL(a, 7)), "d"(DBL(b, 0)), "d"(DBL(b, 1)), "d"(DBL(b, 2)), "d"(DBL(b, 3)),
      "d"(DBL(c, 0)), "d"(DBL(c, 1)), "d"(DBL(c, 2)), "d"(DBL(c, 3)));
  for (int i = 0; i < 4; ++i) PUT(i, e[i]) }

// kind: the element type of A/B (f16 or f64) and of C (f16, f32 or f64).
enum Elem { e_f16, e_f32, e_f64 };
struct Form { void (*kernel)(Args); int na, nb, nc, nd; Elem ab, c; const char* name; };

int main(int argc, char** argv) {
  const int n = 512;
  const char* out = argc > 1 ? argv[1] : ".";
  const Form forms[] = {
      {k4_rr_f16_f16, 2, 2, 4, 4, e_f16, e_f16, "k4_row_row_f16_f16"},
      {k4_rc_f16_f16, 2, 2, 4, 4, e_f16, e_f16, "k4_row_col_f16_f16"},
      {k4_cr_f16_f16, 2, 2, 4, 4, e_f16, e_f16, "k4_col_row_f16_f16"},
      {k4_cc_f16_f16, 2, 2, 4, 4, e_f16, e_f16, "k4_col_col_f16_f16"},
      {k4_rr_f32_f16, 2, 2, 4, 8, e_f16, e_f16, "k4_row_row_f32_f16"},
      {k4_rc_f32_f16, 2, 2, 4, 8, e_f16, e_f16, "k4_row_col_f32_f16"},
      {k4_cr_f32_f16, 2, 2, 4, 8, e_f16, e_f16, "k4_col_row_f32_f16"},
      {k4_cc_f32_f16, 2, 2, 4, 8, e_f16, e_f16, "k4_col_col_f32_f16"},
      {k4_rr_f32_f32, 2, 2, 8, 8, e_f16, e_f32, "k4_row_row_f32_f32"},
      {k4_rc_f32_f32, 2, 2, 8, 8, e_f16, e_f32, "k4_row_col_f32_f32"},
      {k4_cr_f32_f32, 2, 2, 8, 8, e_f16, e_f32, "k4_col_row_f32_f32"},
      {k4_cc_f32_f32, 2, 2, 8, 8, e_f16, e_f32, "k4_col_col_f32_f32"},
      {f64_k4, 4, 2, 8, 8, e_f64, e_f64, "f64_k4"},
      {f64_k8, 8, 4, 8, 8, e_f64, e_f64, "f64_k8"},
      {f64_k16, 16, 8, 8, 8, e_f64, e_f64, "f64_k16"},
  };
  std::mt19937_64 rng(20261123);
  // Kinds of case (case % 4): 0 moderate exponents; 1 any finite value, 1 in
  // 64 a NaN or infinity; 2 small and subnormal values; 3 cancellation: every
  // input +-x or +-y of one case with a few random low fraction bits, so the
  // products of a dot product nearly cancel, C of the same magnitude.
  auto f16 = [&](int kind, u32 base) -> u32 {
    const u32 sign = (rng() & 1) << 15, frac = rng() & 0x3ff;
    switch (kind) {
      case 0: return sign | (11u + rng() % 8) << 10 | frac;             // [2^-4, 2^4)
      case 1:
        if (rng() % 64 == 0) return sign | 0x7c00u | (rng() % 2 ? frac | 0x200 : 0);
        return sign | (rng() % 31) << 10 | frac;
      case 2: return sign | (rng() % 4 == 0 ? 0 : (rng() % 6)) << 10 | frac;  // subnormal or tiny
      default: return sign | (base & 0x7ff8u) | (rng() & 7);
    }
  };
  auto f32 = [&](int kind, u32 base) -> u32 {
    const u32 sign = (u32)(rng() & 1) << 31, frac = rng() & 0x7fffff;
    switch (kind) {
      case 0: return sign | (123u + rng() % 8) << 23 | frac;
      case 1:
        if (rng() % 64 == 0) return sign | 0x7f800000u | (rng() % 2 ? frac | 0x400000 : 0);
        return sign | (rng() % 255) << 23 | frac;
      case 2: return sign | (rng() % 4 == 0 ? 0 : (100u + rng() % 12)) << 23 | frac;
      default: return sign | (base & 0x7fffff00u) | (rng() & 0xff);
    }
  };
  auto f64 = [&](int kind, u64 base) -> u64 {
    const u64 sign = (rng() & 1) << 63, frac = rng() & 0xfffffffffffffull;
    switch (kind) {
      case 0: return sign | (1019ull + rng() % 8) << 52 | frac;
      case 1:
        if (rng() % 64 == 0) return sign | 0x7ff0000000000000ull | (rng() % 2 ? frac | (1ull << 51) : 0);
        return sign | (rng() % 2047) << 52 | frac;
      case 2: return sign | (rng() % 4 == 0 ? 0 : (rng() % 40)) << 52 | frac;  // subnormal or near
      default: return sign | (base & 0x7fffffffffffff00ull) | (rng() & 0xff);
    }
  };
  for (const Form& f : forms) {
    const int per = 32 * (f.na + f.nb + f.nc + f.nd);
    std::vector<u32> a(n * 32 * f.na), b(n * 32 * f.nb), c(n * 32 * f.nc), d(n * 32 * f.nd);
    for (int cs = 0; cs < n; ++cs) {
      const int kind = cs % 4;
      // Case bases for cancellation: the products of A's and B's bases have
      // the magnitude of C's.
      const u32 h_a = (12u + rng() % 6) << 10 | (rng() & 0x3ff), h_b = (13u + rng() % 4) << 10 | (rng() & 0x3ff);
      const u32 h_c = ((h_a >> 10) + (h_b >> 10) - 15) << 10 | (rng() & 0x3ff);
      const u32 s_c = ((h_a >> 10) + (h_b >> 10) - 30 + 127) << 23 | (u32)(rng() & 0x7fffff);
      const u64 d_a = (1020ull + rng() % 6) << 52 | (rng() & 0xfffffffffffffull);
      const u64 d_b = (1021ull + rng() % 4) << 52 | (rng() & 0xfffffffffffffull);
      const u64 d_c = ((d_a >> 52) + (d_b >> 52) - 1023) << 52 | (rng() & 0xfffffffffffffull);
      u32* pa = &a[cs * 32 * f.na];
      u32* pb = &b[cs * 32 * f.nb];
      u32* pc = &c[cs * 32 * f.nc];
      if (f.ab == e_f64) {
        for (int i = 0; i < 32 * f.na / 2; ++i) { const u64 v = f64(kind, d_a); pa[2 * i] = (u32)v; pa[2 * i + 1] = (u32)(v >> 32); }
        for (int i = 0; i < 32 * f.nb / 2; ++i) { const u64 v = f64(kind, d_b); pb[2 * i] = (u32)v; pb[2 * i + 1] = (u32)(v >> 32); }
        for (int i = 0; i < 32 * f.nc / 2; ++i) { const u64 v = f64(kind, d_c); pc[2 * i] = (u32)v; pc[2 * i + 1] = (u32)(v >> 32); }
      } else {
        for (int i = 0; i < 32 * f.na; ++i) pa[i] = f16(kind, h_a) | f16(kind, h_a) << 16;
        for (int i = 0; i < 32 * f.nb; ++i) pb[i] = f16(kind, h_b) | f16(kind, h_b) << 16;
        for (int i = 0; i < 32 * f.nc; ++i)
          pc[i] = f.c == e_f32 ? f32(kind, s_c) : (f16(kind, h_c) | f16(kind, h_c) << 16);
      }
    }
    u32 *da, *db, *dc, *dd;
    cudaMalloc(&da, a.size() * 4); cudaMalloc(&db, b.size() * 4);
    cudaMalloc(&dc, c.size() * 4); cudaMalloc(&dd, d.size() * 4);
    cudaMemcpy(da, a.data(), a.size() * 4, cudaMemcpyHostToDevice);
    cudaMemcpy(db, b.data(), b.size() * 4, cudaMemcpyHostToDevice);
    cudaMemcpy(dc, c.data(), c.size() * 4, cudaMemcpyHostToDevice);
    f.kernel<<<n, 32>>>(Args{da, db, dc, dd});
    const cudaError_t err = cudaDeviceSynchronize();
    if (err != cudaSuccess) { std::printf("%s: %s\n", f.name, cudaGetErrorString(err)); return 1; }
    cudaMemcpy(d.data(), dd, d.size() * 4, cudaMemcpyDeviceToHost);
    cudaFree(da); cudaFree(db); cudaFree(dc); cudaFree(dd);
    char path[512]; std::snprintf(path, sizeof path, "%s/mma_%s.bin", out, f.name);
    FILE* fp = std::fopen(path, "wb");
    if (!fp) { std::printf("cannot write %s\n", path); return 1; }
    for (int cs = 0; cs < n; ++cs) {
      std::fwrite(&a[cs * 32 * f.na], 4, 32 * f.na, fp); std::fwrite(&b[cs * 32 * f.nb], 4, 32 * f.nb, fp);
      std::fwrite(&c[cs * 32 * f.nc], 4, 32 * f.nc, fp); std::fwrite(&d[cs * 32 * f.nd], 4, 32 * f.nd, fp);
    }
    std::fclose(fp);
    std::printf("%s: %d cases written (%d words each)\n", f.name, n, per);
  }
  return 0;
}
