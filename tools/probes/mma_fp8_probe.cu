// Records the H100's dense fp8 mma.sync results (m16n8k32 and m16n8k16, f32 and
// f16 accumulators, every pairing of e4m3 and e5m2) with their inputs, for the
// dot-product rule (tools/probes/README.md, "Dense mma fp8 probe"):
//   nvcc -cudart shared -arch=sm_90 mma_fp8_probe.cu -o probe && ./probe OUTDIR
// Each case of OUTDIR/mma_kK_D_A_B.bin (K 32 or 16, D f32 or f16, A and B the
// input types): A, B, C and D, lane-major (lane l's NA words of A, then lane
// l+1's); per lane NA = K/8 A words, NB = K/16 B words, NC = 4 (f32) or 2 (f16x2)
// C and D words.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>
typedef uint32_t u32;
struct Args { const u32 *a, *b, *c; u32* d; };

// One case per block: lane l loads its own words, runs the instruction, stores D.
#define LOAD(NA, NB, NC) \
  const int l = threadIdx.x; \
  const u32* a = p.a + blockIdx.x * 32 * NA + l * NA; \
  const u32* b = p.b + blockIdx.x * 32 * NB + l * NB; \
  const u32* c = p.c + blockIdx.x * 32 * NC + l * NC; \
  u32* d = p.d + blockIdx.x * 32 * NC + l * NC;

#define K32_F32(NAME, INSTR) __global__ void NAME(Args p) { LOAD(4, 2, 4) \
  float d0, d1, d2, d3; \
  asm volatile(INSTR " {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};" \
    : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3) \
    : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), \
      "f"(__uint_as_float(c[0])), "f"(__uint_as_float(c[1])), "f"(__uint_as_float(c[2])), "f"(__uint_as_float(c[3]))); \
  d[0] = __float_as_uint(d0); d[1] = __float_as_uint(d1); d[2] = __float_as_uint(d2); d[3] = __float_as_uint(d3); }

#define K32_F16(NAME, INSTR) __global__ void NAME(Args p) { LOAD(4, 2, 2) \
  u32 d0, d1; \
  asm volatile(INSTR " {%0,%1}, {%2,%3,%4,%5}, {%6,%7}, {%8,%9};" \
    : "=r"(d0), "=r"(d1) \
    : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(c[0]), "r"(c[1])); \
  d[0] = d0; d[1] = d1; }

#define K16_F32(NAME, INSTR) __global__ void NAME(Args p) { LOAD(2, 1, 4) \
  float d0, d1, d2, d3; \
  asm volatile(INSTR " {%0,%1,%2,%3}, {%4,%5}, {%6}, {%7,%8,%9,%10};" \
    : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3) \
    : "r"(a[0]), "r"(a[1]), "r"(b[0]), \
      "f"(__uint_as_float(c[0])), "f"(__uint_as_float(c[1])), "f"(__uint_as_float(c[2])), "f"(__uint_as_float(c[3]))); \
  d[0] = __float_as_uint(d0); d[1] = __float_as_uint(d1); d[2] = __float_as_uint(d2); d[3] = __float_as_uint(d3); }

#define K16_F16(NAME, INSTR) __global__ void NAME(Args p) { LOAD(2, 1, 2) \
  u32 d0, d1; \
  asm volatile(INSTR " {%0,%1}, {%2,%3}, {%4}, {%5,%6};" \
    : "=r"(d0), "=r"(d1) : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(c[0]), "r"(c[1])); \
  d[0] = d0; d[1] = d1; }

#define PAIRINGS(MACRO, K, D) \
  MACRO(k##K##_##D##_e4e4, "mma.sync.aligned.m16n8k" #K ".row.col." #D ".e4m3.e4m3." #D) \
  MACRO(k##K##_##D##_e4e5, "mma.sync.aligned.m16n8k" #K ".row.col." #D ".e4m3.e5m2." #D) \
  MACRO(k##K##_##D##_e5e4, "mma.sync.aligned.m16n8k" #K ".row.col." #D ".e5m2.e4m3." #D) \
  MACRO(k##K##_##D##_e5e5, "mma.sync.aligned.m16n8k" #K ".row.col." #D ".e5m2.e5m2." #D)
PAIRINGS(K32_F32, 32, f32)
PAIRINGS(K32_F16, 32, f16)
PAIRINGS(K16_F32, 16, f32)
PAIRINGS(K16_F16, 16, f16)

struct Form { void (*kernel)(Args); int k; bool f16; bool a_e4, b_e4; const char* name; };

int main(int argc, char** argv) {
  const int n = 512;
  const char* out = argc > 1 ? argv[1] : ".";
  const Form forms[] = {
      {k32_f32_e4e4, 32, false, true, true, "k32_f32_e4m3_e4m3"},
      {k32_f32_e4e5, 32, false, true, false, "k32_f32_e4m3_e5m2"},
      {k32_f32_e5e4, 32, false, false, true, "k32_f32_e5m2_e4m3"},
      {k32_f32_e5e5, 32, false, false, false, "k32_f32_e5m2_e5m2"},
      {k32_f16_e4e4, 32, true, true, true, "k32_f16_e4m3_e4m3"},
      {k32_f16_e4e5, 32, true, true, false, "k32_f16_e4m3_e5m2"},
      {k32_f16_e5e4, 32, true, false, true, "k32_f16_e5m2_e4m3"},
      {k32_f16_e5e5, 32, true, false, false, "k32_f16_e5m2_e5m2"},
      {k16_f32_e4e4, 16, false, true, true, "k16_f32_e4m3_e4m3"},
      {k16_f32_e4e5, 16, false, true, false, "k16_f32_e4m3_e5m2"},
      {k16_f32_e5e4, 16, false, false, true, "k16_f32_e5m2_e4m3"},
      {k16_f32_e5e5, 16, false, false, false, "k16_f32_e5m2_e5m2"},
      {k16_f16_e4e4, 16, true, true, true, "k16_f16_e4m3_e4m3"},
      {k16_f16_e4e5, 16, true, true, false, "k16_f16_e4m3_e5m2"},
      {k16_f16_e5e4, 16, true, false, true, "k16_f16_e5m2_e4m3"},
      {k16_f16_e5e5, 16, true, false, false, "k16_f16_e5m2_e5m2"},
  };
  std::mt19937 rng(20261122);
  // Kinds of case (case % 4): 0 moderate exponents, C in [-10, 10]; 1 every
  // finite value, 1 in 256 inputs a NaN or infinity, C of any exponent; 2 many
  // small and subnormal inputs, |C| < 1; 3 moderate exponents, C = 0.
  auto elem = [&](bool e4, int kind) -> u32 {
    for (;;) {
      u32 v = rng() & 0xff;
      if (kind == 0) v = e4 ? ((rng() & 0x87u) | ((3u + rng() % 10) << 3)) : ((rng() & 0x83u) | ((10u + rng() % 10) << 2));
      if (kind == 2 && rng() % 4 == 0) v &= 0x87;
      const bool special = e4 ? (v & 0x7f) == 0x7f : (v & 0x7c) == 0x7c;
      if (special && !(kind == 1 && rng() % 256 == 0)) continue;
      return v;
    }
  };
  auto c_f32 = [&](int kind) -> u32 {
    float v = 0.f;
    if (kind == 0) v = std::uniform_real_distribution<float>(-10.f, 10.f)(rng);
    if (kind == 1) { u32 bits = (rng() & 0x807fffffu) | ((100u + rng() % 60) << 23); std::memcpy(&v, &bits, 4); }
    if (kind == 2) v = std::uniform_real_distribution<float>(-1.f, 1.f)(rng);
    u32 w; std::memcpy(&w, &v, 4); return w;
  };
  auto c_f16 = [&](int kind) -> u32 {  // one f16: sign, field exponent, fraction
    const u32 sign_frac = rng() & 0x83ffu;
    if (kind == 0) return sign_frac | (12u + rng() % 6) << 10;  // [2^-3, 2^3)
    if (kind == 1) return sign_frac | (rng() % 31) << 10;       // any finite
    if (kind == 2) return sign_frac | (rng() % 15) << 10;       // below 1
    return 0;
  };
  for (const Form& f : forms) {
    const int na = f.k / 8, nb = f.k / 16, nc = f.f16 ? 2 : 4;
    std::vector<u32> a(n * 32 * na), b(n * 32 * nb), c(n * 32 * nc), d(n * 32 * nc);
    auto fill = [&](u32* w, bool e4, int kind) {
      *w = 0; for (int s = 0; s < 32; s += 8) *w |= elem(e4, kind == 3 ? 0 : kind) << s;
    };
    for (int cs = 0; cs < n; ++cs) {
      const int kind = cs % 4;
      for (int i = 0; i < 32 * na; ++i) fill(&a[cs * 32 * na + i], f.a_e4, kind);
      for (int i = 0; i < 32 * nb; ++i) fill(&b[cs * 32 * nb + i], f.b_e4, kind);
      for (int i = 0; i < 32 * nc; ++i)
        c[cs * 32 * nc + i] = f.f16 ? (c_f16(kind) | c_f16(kind) << 16) : c_f32(kind);
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
      std::fwrite(&a[cs * 32 * na], 4, 32 * na, fp); std::fwrite(&b[cs * 32 * nb], 4, 32 * nb, fp);
      std::fwrite(&c[cs * 32 * nc], 4, 32 * nc, fp); std::fwrite(&d[cs * 32 * nc], 4, 32 * nc, fp);
    }
    std::fclose(fp);
    std::printf("%s: %d cases written\n", f.name, n);
  }
  return 0;
}
