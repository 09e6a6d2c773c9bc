// Records the H100's integer mma.sync and mma.sp results with their inputs,
// for the integer dot-product rule (tools/probes/README.md, "Integer mma
// probe"):
//   nvcc -cudart shared -arch=sm_90 mma_int_probe.cu -o probe && ./probe OUTDIR
// Forms: dense s8/u8 (m8n8k16, m16n8k16, m16n8k32), s4/u4 (m8n8k32,
// m16n8k32, m16n8k64), each pairing with and without .satfinite; b1
// (m8n8k128, m16n8k128, m16n8k256) with .xor.popc and .and.popc; mma.sp and
// mma.sp::ordered_metadata s4/u4 (m16n8k64 with selector 0, or 1 with
// .satfinite; m16n8k128) each pairing with and without .satfinite.
// OUTDIR/NAME.bin holds kCases cases, each lane-major A words, B words, C
// words, (mma.sp: one metadata word,) D words: lane l's NA words of A, then
// lane l+1's, and so on.
#include <cstdint>
#include <cstdio>
#include <random>
#include <vector>
typedef uint32_t u32;
struct Args { const u32 *a, *b, *c, *e; u32* d; };

#define LOAD(NA, NB, NC) \
  const int l = threadIdx.x; \
  const u32* a = p.a + blockIdx.x * 32 * NA + l * NA; \
  const u32* b = p.b + blockIdx.x * 32 * NB + l * NB; \
  const u32* c = p.c + blockIdx.x * 32 * NC + l * NC; \
  const u32 e = p.e[blockIdx.x * 32 + l]; (void)e; \
  u32* d = p.d + blockIdx.x * 32 * NC + l * NC;

// Operand counts (A, B, C/D): 1,1,2 (m8n8kK); 2,1,4; 4,2,4; sparse 2,2,4 and 4,4,4.
#define K112(NAME, INSTR) __global__ void NAME(Args p) { LOAD(1, 1, 2) u32 d0, d1; \
  asm volatile(INSTR " {%0,%1}, {%2}, {%3}, {%4,%5};" : "=r"(d0), "=r"(d1) \
    : "r"(a[0]), "r"(b[0]), "r"(c[0]), "r"(c[1])); d[0] = d0; d[1] = d1; }
#define K214(NAME, INSTR) __global__ void NAME(Args p) { LOAD(2, 1, 4) u32 d0, d1, d2, d3; \
  asm volatile(INSTR " {%0,%1,%2,%3}, {%4,%5}, {%6}, {%7,%8,%9,%10};" \
    : "=r"(d0), "=r"(d1), "=r"(d2), "=r"(d3) \
    : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3])); \
  d[0] = d0; d[1] = d1; d[2] = d2; d[3] = d3; }
#define K424(NAME, INSTR) __global__ void NAME(Args p) { LOAD(4, 2, 4) u32 d0, d1, d2, d3; \
  asm volatile(INSTR " {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};" \
    : "=r"(d0), "=r"(d1), "=r"(d2), "=r"(d3) \
    : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), \
      "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3])); \
  d[0] = d0; d[1] = d1; d[2] = d2; d[3] = d3; }
#define S224(NAME, INSTR, SEL) __global__ void NAME(Args p) { LOAD(2, 2, 4) u32 d0, d1, d2, d3; \
  asm volatile(INSTR " {%0,%1,%2,%3}, {%4,%5}, {%6,%7}, {%8,%9,%10,%11}, %12, " #SEL ";" \
    : "=r"(d0), "=r"(d1), "=r"(d2), "=r"(d3) \
    : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(b[1]), \
      "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]), "r"(e)); \
  d[0] = d0; d[1] = d1; d[2] = d2; d[3] = d3; }
#define S444(NAME, INSTR, SEL) __global__ void NAME(Args p) { LOAD(4, 4, 4) u32 d0, d1, d2, d3; \
  asm volatile(INSTR " {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9,%10,%11}, {%12,%13,%14,%15}, %16, " #SEL ";" \
    : "=r"(d0), "=r"(d1), "=r"(d2), "=r"(d3) \
    : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(b[2]), "r"(b[3]), \
      "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]), "r"(e)); \
  d[0] = d0; d[1] = d1; d[2] = d2; d[3] = d3; }

#define MMA "mma.sync.aligned."
#define DENSE(K, SHAPE, A, B) \
  K(SHAPE##_##A##_##B, MMA #SHAPE ".row.col.s32." #A "." #B ".s32") \
  K(SHAPE##_##A##_##B##_sat, MMA #SHAPE ".row.col.satfinite.s32." #A "." #B ".s32")
#define PAIRS(K, SHAPE, S, U) \
  DENSE(K, SHAPE, S, S) DENSE(K, SHAPE, S, U) DENSE(K, SHAPE, U, S) DENSE(K, SHAPE, U, U)
PAIRS(K112, m8n8k16, s8, u8)
PAIRS(K214, m16n8k16, s8, u8)
PAIRS(K424, m16n8k32, s8, u8)
PAIRS(K112, m8n8k32, s4, u4)
PAIRS(K214, m16n8k32, s4, u4)
PAIRS(K424, m16n8k64, s4, u4)
#define BITS(K, SHAPE) \
  K(SHAPE##_b1_xor, MMA #SHAPE ".row.col.s32.b1.b1.s32.xor.popc") \
  K(SHAPE##_b1_and, MMA #SHAPE ".row.col.s32.b1.b1.s32.and.popc")
BITS(K112, m8n8k128)
BITS(K214, m16n8k128)
BITS(K424, m16n8k256)

#define SPARSE(K, SP, TAG, SHAPE, A, B, SEL_SAT) \
  K(TAG##_##SHAPE##_##A##_##B, SP ".sync.aligned." #SHAPE ".row.col.s32." #A "." #B ".s32", 0) \
  K(TAG##_##SHAPE##_##A##_##B##_sat, \
    SP ".sync.aligned." #SHAPE ".row.col.satfinite.s32." #A "." #B ".s32", SEL_SAT)
#define SPARSE_PAIRS(SP, TAG) \
  SPARSE(S224, SP, TAG, m16n8k64, s4, s4, 1) SPARSE(S224, SP, TAG, m16n8k64, s4, u4, 1) \
  SPARSE(S224, SP, TAG, m16n8k64, u4, s4, 1) SPARSE(S224, SP, TAG, m16n8k64, u4, u4, 1) \
  SPARSE(S444, SP, TAG, m16n8k128, s4, s4, 0) SPARSE(S444, SP, TAG, m16n8k128, s4, u4, 0) \
  SPARSE(S444, SP, TAG, m16n8k128, u4, s4, 0) SPARSE(S444, SP, TAG, m16n8k128, u4, u4, 0)
SPARSE_PAIRS("mma.sp", sp)
SPARSE_PAIRS("mma.sp::ordered_metadata", spo)

struct Form {
  void (*kernel)(Args);
  const char* name;
  int na, nb, nc;
  int bits;              // element width of A and B: 8, 4 or 1
  bool a_signed, b_signed;
  bool sparse;
};

// NA, NB, NC: words per lane of A, B and C/D.
#define F_DENSE(SHAPE, A, B, NA, NB, NC, BITS, AS, BS) \
  {SHAPE##_##A##_##B, #SHAPE "_" #A "_" #B, NA, NB, NC, BITS, AS, BS, false}, \
  {SHAPE##_##A##_##B##_sat, #SHAPE "_" #A "_" #B "_sat", NA, NB, NC, BITS, AS, BS, false}
#define F_PAIRS(SHAPE, S, U, NA, NB, NC, BITS) \
  F_DENSE(SHAPE, S, S, NA, NB, NC, BITS, true, true), \
  F_DENSE(SHAPE, S, U, NA, NB, NC, BITS, true, false), \
  F_DENSE(SHAPE, U, S, NA, NB, NC, BITS, false, true), \
  F_DENSE(SHAPE, U, U, NA, NB, NC, BITS, false, false)
#define F_BITS(SHAPE, NA, NB, NC) \
  {SHAPE##_b1_xor, #SHAPE "_b1_xor", NA, NB, NC, 1, false, false, false}, \
  {SHAPE##_b1_and, #SHAPE "_b1_and", NA, NB, NC, 1, false, false, false}
#define F_SP(TAG, SHAPE, A, B, NA, NB, AS, BS) \
  {TAG##_##SHAPE##_##A##_##B, #TAG "_" #SHAPE "_" #A "_" #B, NA, NB, 4, 4, AS, BS, true}, \
  {TAG##_##SHAPE##_##A##_##B##_sat, #TAG "_" #SHAPE "_" #A "_" #B "_sat", NA, NB, 4, 4, AS, BS, true}
#define F_SP_PAIRS(TAG, SHAPE, NA, NB) \
  F_SP(TAG, SHAPE, s4, s4, NA, NB, true, true), F_SP(TAG, SHAPE, s4, u4, NA, NB, true, false), \
  F_SP(TAG, SHAPE, u4, s4, NA, NB, false, true), F_SP(TAG, SHAPE, u4, u4, NA, NB, false, false)

int main(int argc, char** argv) {
  const int n = 32;  // cases per form
  const char* out = argc > 1 ? argv[1] : ".";
  const Form forms[] = {
      F_PAIRS(m8n8k16, s8, u8, 1, 1, 2, 8),  F_PAIRS(m16n8k16, s8, u8, 2, 1, 4, 8),
      F_PAIRS(m16n8k32, s8, u8, 4, 2, 4, 8), F_PAIRS(m8n8k32, s4, u4, 1, 1, 2, 4),
      F_PAIRS(m16n8k32, s4, u4, 2, 1, 4, 4), F_PAIRS(m16n8k64, s4, u4, 4, 2, 4, 4),
      F_BITS(m8n8k128, 1, 1, 2),             F_BITS(m16n8k128, 2, 1, 4),
      F_BITS(m16n8k256, 4, 2, 4),
      F_SP_PAIRS(sp, m16n8k64, 2, 2),        F_SP_PAIRS(sp, m16n8k128, 4, 4),
      F_SP_PAIRS(spo, m16n8k64, 2, 2),       F_SP_PAIRS(spo, m16n8k128, 4, 4),
  };
  std::mt19937 rng(20261122);
  // An element of `bits` bits: kind 0 and 2 any value; kind 1 one extreme
  // value for the whole case (`fixed`); kind 3 an extreme value each.
  auto extreme = [&](int bits, bool is_signed) -> u32 {
    const u32 all = (1u << bits) - 1, top = 1u << (bits - 1);
    if (bits == 1) return rng() & 1;
    const u32 choices[4] = {top, all, top - 1, 0};  // signed: min, -1, max; unsigned: mid, max
    return is_signed ? choices[rng() % 4] : (rng() % 2 ? all : choices[rng() % 4]);
  };
  auto word = [&](int bits, bool is_signed, int kind, u32 fixed) -> u32 {
    if (kind == 0 || kind == 2) return rng();
    u32 w = 0;
    for (int s = 0; s < 32; s += bits) w |= (kind == 1 ? fixed : extreme(bits, is_signed)) << s;
    return w;
  };
  // C: kind 0 small, kind 1 and 3 within 2^20 of INT32_MAX or INT32_MIN,
  // kind 2 any 32-bit value.
  auto c_word = [&](int kind) -> u32 {
    if (kind == 0) return static_cast<u32>(static_cast<int32_t>(rng() % 2000001) - 1000000);
    if (kind == 2) return rng();
    const u32 off = rng() % (1u << 20);
    return rng() % 2 ? 0x7fffffffu - off : 0x80000000u + off;
  };
  // Metadata: every nibble a valid ascending pair of a chunk of four.
  auto meta_word = [&]() -> u32 {
    static const u32 pairs[6] = {0x4, 0x8, 0xc, 0x9, 0xd, 0xe};
    u32 w = 0;
    for (int s = 0; s < 32; s += 4) w |= pairs[rng() % 6] << s;
    return w;
  };
  for (const Form& f : forms) {
    std::vector<u32> a(n * 32 * f.na), b(n * 32 * f.nb), c(n * 32 * f.nc), e(n * 32),
        d(n * 32 * f.nc);
    for (int cs = 0; cs < n; ++cs) {
      const int kind = cs % 4;
      const u32 fa = extreme(f.bits, f.a_signed), fb = extreme(f.bits, f.b_signed);
      for (int i = 0; i < 32 * f.na; ++i) a[cs * 32 * f.na + i] = word(f.bits, f.a_signed, kind, fa);
      for (int i = 0; i < 32 * f.nb; ++i) b[cs * 32 * f.nb + i] = word(f.bits, f.b_signed, kind, fb);
      for (int i = 0; i < 32 * f.nc; ++i) c[cs * 32 * f.nc + i] = c_word(kind);
      for (int i = 0; i < 32; ++i) e[cs * 32 + i] = f.sparse ? meta_word() : 0;
    }
    u32 *da, *db, *dc, *de, *dd;
    cudaMalloc(&da, a.size() * 4); cudaMalloc(&db, b.size() * 4);
    cudaMalloc(&dc, c.size() * 4); cudaMalloc(&de, e.size() * 4); cudaMalloc(&dd, d.size() * 4);
    cudaMemcpy(da, a.data(), a.size() * 4, cudaMemcpyHostToDevice);
    cudaMemcpy(db, b.data(), b.size() * 4, cudaMemcpyHostToDevice);
    cudaMemcpy(dc, c.data(), c.size() * 4, cudaMemcpyHostToDevice);
    cudaMemcpy(de, e.data(), e.size() * 4, cudaMemcpyHostToDevice);
    f.kernel<<<n, 32>>>(Args{da, db, dc, de, dd});
    const cudaError_t err = cudaDeviceSynchronize();
    if (err != cudaSuccess) { std::printf("%s: %s\n", f.name, cudaGetErrorString(err)); return 1; }
    cudaMemcpy(d.data(), dd, d.size() * 4, cudaMemcpyDeviceToHost);
    cudaFree(da); cudaFree(db); cudaFree(dc); cudaFree(de); cudaFree(dd);
    char path[512]; std::snprintf(path, sizeof path, "%s/%s.bin", out, f.name);
    FILE* fp = std::fopen(path, "wb");
    if (!fp) { std::printf("cannot write %s\n", path); return 1; }
    for (int cs = 0; cs < n; ++cs) {
      std::fwrite(&a[cs * 32 * f.na], 4, 32 * f.na, fp); std::fwrite(&b[cs * 32 * f.nb], 4, 32 * f.nb, fp);
      std::fwrite(&c[cs * 32 * f.nc], 4, 32 * f.nc, fp);
      if (f.sparse) std::fwrite(&e[cs * 32], 4, 32, fp);
      std::fwrite(&d[cs * 32 * f.nc], 4, 32 * f.nc, fp);
    }
    std::fclose(fp);
    std::printf("%s: %d cases written\n", f.name, n);
  }
  return 0;
}
