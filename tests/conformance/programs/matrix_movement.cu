// conformance: requires sm_90
// Warp-level matrix movement and the other sm_72..sm_90 instructions that have
// no C++ intrinsic of their own, through inline PTX: ldmatrix and stmatrix
// (.x1/.x2/.x4, with and without .trans), movmatrix, sparse mma.sp and
// mma.sp::ordered_metadata (f16, bf16, tf32, s8/u8 with .satfinite, e4m3/e5m2;
// every sparsity selector the shape allows), cvt.pack.sat, istypep,
// getctarank in a cluster, and sured (.b and .p, every operation, type and
// geometry that ptxas accepts: 1d, 2d, 3d; and/or on .b32 only).
#include "../common/conformance.cuh"

using namespace conf;

using u32 = uint32_t;
using u64 = uint64_t;

// ---------------------------------------------------------------------------
// ldmatrix / stmatrix / movmatrix
// ---------------------------------------------------------------------------
constexpr int kTileRows = 64;  // rows of 16 bytes (eight b16) in the shared tile

// Each lane names one row of the tile (a permutation of the 64 rows), so the
// eight row addresses of each 8x8 matrix are scattered.
__device__ u32 row_address(const unsigned short* tile, const u32* rows, int lane) {
  return static_cast<u32>(__cvta_generic_to_shared(tile + rows[lane] * 8));
}

__global__ void ldmatrix_kernel(const unsigned short* src, const u32* rows, u32* out) {
  __shared__ __align__(16) unsigned short tile[kTileRows * 8];
  const int lane = threadIdx.x;
  for (int i = lane; i < kTileRows * 8; i += 32) tile[i] = src[i];
  __syncwarp();
  const u32 a = row_address(tile, rows, lane);
  const u64 g = reinterpret_cast<u64>(tile + rows[lane] * 8);
  u32 r0 = 0, r1 = 0, r2 = 0, r3 = 0;
  u32* o = out + lane * 4;
  asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];" : "=r"(r0) : "r"(a));
  o[0] = r0;
  o += 128;
  asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0,%1}, [%2];"
               : "=r"(r0), "=r"(r1)
               : "r"(a));
  o[0] = r0, o[1] = r1;
  o += 128;
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];"
               : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
               : "r"(a));
  o[0] = r0, o[1] = r1, o[2] = r2, o[3] = r3;
  o += 128;
  asm volatile("ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16 {%0}, [%1];" : "=r"(r0) : "r"(a));
  o[0] = r0;
  o += 128;
  asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared::cta.b16 {%0,%1}, [%2];"
               : "=r"(r0), "=r"(r1)
               : "r"(a));
  o[0] = r0, o[1] = r1;
  o += 128;
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0,%1,%2,%3}, [%4];"
               : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
               : "r"(a));
  o[0] = r0, o[1] = r1, o[2] = r2, o[3] = r3;
  o += 128;
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.b16 {%0,%1,%2,%3}, [%4];"
               : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
               : "l"(g));
  o[0] = r0, o[1] = r1, o[2] = r2, o[3] = r3;
}
constexpr int kLdmatrixVariants = 7;

// stmatrix variant `v` from every lane's four words, then the whole tile out.
template <int V>
__global__ void stmatrix_kernel(const u32* values, const u32* rows, unsigned short* out) {
  __shared__ __align__(16) unsigned short tile[kTileRows * 8];
  const int lane = threadIdx.x;
  for (int i = lane; i < kTileRows * 8; i += 32) tile[i] = static_cast<unsigned short>(0xa5a5 + i);
  __syncwarp();
  const u32 a = row_address(tile, rows, lane);
  const u32* v = values + lane * 4;
  if (V == 0) asm volatile("stmatrix.sync.aligned.m8n8.x1.shared.b16 [%0], {%1};" ::"r"(a), "r"(v[0]));
  if (V == 1)
    asm volatile("stmatrix.sync.aligned.m8n8.x2.shared::cta.b16 [%0], {%1,%2};" ::"r"(a), "r"(v[0]),
                 "r"(v[1]));
  if (V == 2)
    asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1,%2,%3,%4};" ::"r"(a),
                 "r"(v[0]), "r"(v[1]), "r"(v[2]), "r"(v[3]));
  if (V == 3)
    asm volatile("stmatrix.sync.aligned.m8n8.x1.trans.shared.b16 [%0], {%1};" ::"r"(a), "r"(v[0]));
  if (V == 4)
    asm volatile("stmatrix.sync.aligned.m8n8.x2.trans.shared.b16 [%0], {%1,%2};" ::"r"(a),
                 "r"(v[0]), "r"(v[1]));
  if (V == 5)
    asm volatile("stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 [%0], {%1,%2,%3,%4};" ::"r"(a),
                 "r"(v[0]), "r"(v[1]), "r"(v[2]), "r"(v[3]));
  if (V == 6) {
    const u64 g = reinterpret_cast<u64>(tile + rows[lane] * 8);
    asm volatile("stmatrix.sync.aligned.m8n8.x4.b16 [%0], {%1,%2,%3,%4};" ::"l"(g), "r"(v[0]),
                 "r"(v[1]), "r"(v[2]), "r"(v[3]));
  }
  __syncwarp();
  for (int i = lane; i < kTileRows * 8; i += 32) out[i] = tile[i];
}

__global__ void movmatrix_kernel(const u32* in, u32* out) {
  const int lane = threadIdx.x;
  u32 d;
  asm volatile("movmatrix.sync.aligned.m8n8.trans.b16 %0, %1;" : "=r"(d) : "r"(in[lane]));
  out[lane] = d;
  asm volatile("movmatrix.sync.aligned.m8n8.trans.b16 %0, %1;" : "=r"(d) : "r"(in[32 + lane]));
  out[32 + lane] = d;
}

// ---------------------------------------------------------------------------
// mma.sp: every lane loads up to four A, B and C words and its metadata word,
// runs one form and stores its D words (four slots per lane).
// ---------------------------------------------------------------------------
struct SpArgs {
  const u32* a;
  const u32* b;
  const u32* c;
  const u32* e;
  u32* d;
};

#define SP_LOAD                                                                            \
  const int l = threadIdx.x;                                                               \
  const u32 a0 = p.a[l * 4], a1 = p.a[l * 4 + 1], a2 = p.a[l * 4 + 2], a3 = p.a[l * 4 + 3]; \
  const u32 b0 = p.b[l * 4], b1 = p.b[l * 4 + 1], b2 = p.b[l * 4 + 2], b3 = p.b[l * 4 + 3]; \
  const u32 c0 = p.c[l * 4], c1 = p.c[l * 4 + 1], c2 = p.c[l * 4 + 2], c3 = p.c[l * 4 + 3]; \
  const u32 e = p.e[l];                                                                    \
  u32 d0 = 0, d1 = 0, d2 = 0, d3 = 0;                                                      \
  (void)a2, (void)a3, (void)b2, (void)b3, (void)c2, (void)c3;
#define SP_STORE p.d[l * 4] = d0, p.d[l * 4 + 1] = d1, p.d[l * 4 + 2] = d2, p.d[l * 4 + 3] = d3;

// f32 D and C (float registers), A and B of two or four words.
#define SP_F32(NAME, INSTR, AB)                                                               \
  __global__ void NAME(SpArgs p) {                                                            \
    SP_LOAD float f0, f1, f2, f3;                                                             \
    if (AB == 2)                                                                              \
      asm volatile(INSTR " {%0,%1,%2,%3}, {%4,%5}, {%6,%7}, {%8,%9,%10,%11}, %12, " SEL ";"        \
                   : "=f"(f0), "=f"(f1), "=f"(f2), "=f"(f3)                                   \
                   : "r"(a0), "r"(a1), "r"(b0), "r"(b1), "f"(__uint_as_float(c0)),            \
                     "f"(__uint_as_float(c1)), "f"(__uint_as_float(c2)),                      \
                     "f"(__uint_as_float(c3)), "r"(e));                                       \
    else                                                                                      \
      asm volatile(INSTR                                                                      \
                   " {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9,%10,%11}, {%12,%13,%14,%15}, %16, " SEL ";" \
                   : "=f"(f0), "=f"(f1), "=f"(f2), "=f"(f3)                                   \
                   : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(b2), "r"(b3),  \
                     "f"(__uint_as_float(c0)), "f"(__uint_as_float(c1)),                      \
                     "f"(__uint_as_float(c2)), "f"(__uint_as_float(c3)), "r"(e));             \
    d0 = __float_as_uint(f0), d1 = __float_as_uint(f1), d2 = __float_as_uint(f2),             \
    d3 = __float_as_uint(f3);                                                                 \
    SP_STORE                                                                                  \
  }

// Integer (s32) or packed f16 D and C: b32 registers, ND/NC of them.
#define SP_B32(NAME, INSTR, AB, N)                                                              \
  __global__ void NAME(SpArgs p) {                                                              \
    SP_LOAD if (AB == 2 && N == 4) asm volatile(                                                \
        INSTR " {%0,%1,%2,%3}, {%4,%5}, {%6,%7}, {%8,%9,%10,%11}, %12, " SEL ";"                     \
        : "=r"(d0), "=r"(d1), "=r"(d2), "=r"(d3)                                                \
        : "r"(a0), "r"(a1), "r"(b0), "r"(b1), "r"(c0), "r"(c1), "r"(c2), "r"(c3), "r"(e));      \
    if (AB == 4 && N == 4)                                                                      \
      asm volatile(INSTR                                                                        \
                   " {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9,%10,%11}, {%12,%13,%14,%15}, %16, " SEL ";" \
                   : "=r"(d0), "=r"(d1), "=r"(d2), "=r"(d3)                                     \
                   : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(b2), "r"(b3),    \
                     "r"(c0), "r"(c1), "r"(c2), "r"(c3), "r"(e));                               \
    if (AB == 2 && N == 2)                                                                      \
      asm volatile(INSTR " {%0,%1}, {%2,%3}, {%4,%5}, {%6,%7}, %8, " SEL ";"                         \
                   : "=r"(d0), "=r"(d1)                                                         \
                   : "r"(a0), "r"(a1), "r"(b0), "r"(b1), "r"(c0), "r"(c1), "r"(e));             \
    if (AB == 4 && N == 2)                                                                      \
      asm volatile(INSTR " {%0,%1}, {%2,%3,%4,%5}, {%6,%7,%8,%9}, {%10,%11}, %12, " SEL ";"          \
                   : "=r"(d0), "=r"(d1)                                                         \
                   : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(b2), "r"(b3),    \
                     "r"(c0), "r"(c1), "r"(e));                                                 \
    SP_STORE                                                                                    \
  }

#define SEL "0"
SP_F32(sp_f16_k16_f32_s0, "mma.sp.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32", 2)
SP_B32(sp_f16_k16_f16_s0, "mma.sp.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16", 2, 2)
SP_F32(sp_f16_k32_f32_s0, "mma.sp.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32", 4)
SP_B32(sp_f16_k32_f16_s0, "mma.sp::ordered_metadata.sync.aligned.m16n8k32.row.col.f16.f16.f16.f16", 4, 2)
SP_F32(sp_bf16_k16_s0, "mma.sp.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32", 2)
SP_F32(sp_bf16_k32_s0, "mma.sp::ordered_metadata.sync.aligned.m16n8k32.row.col.f32.bf16.bf16.f32", 4)
SP_F32(sp_tf32_k8_s0, "mma.sp.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32", 2)
SP_F32(sp_tf32_k16_s0, "mma.sp::ordered_metadata.sync.aligned.m16n8k16.row.col.f32.tf32.tf32.f32", 4)
SP_B32(sp_s8_k32_s0, "mma.sp.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32", 2, 4)
SP_B32(sp_u8s8_k32_sat_s0, "mma.sp.sync.aligned.m16n8k32.row.col.satfinite.s32.u8.s8.s32", 2, 4)
SP_B32(sp_s8_k64_s0, "mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.s32.s8.s8.s32", 4, 4)
SP_B32(sp_u8_k64_sat_s0, "mma.sp.sync.aligned.m16n8k64.row.col.satfinite.s32.u8.u8.s32", 4, 4)
SP_B32(sp_s8u8_k64_s0, "mma.sp.sync.aligned.m16n8k64.row.col.s32.s8.u8.s32", 4, 4)
SP_F32(sp_e4m3_k64_s0, "mma.sp.sync.aligned.m16n8k64.row.col.f32.e4m3.e4m3.f32", 4)
SP_F32(sp_e5m2_k64_s0, "mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.f32.e5m2.e5m2.f32", 4)
SP_F32(sp_e4m3e5m2_k64_s0, "mma.sp.sync.aligned.m16n8k64.row.col.f32.e4m3.e5m2.f32", 4)
#undef SEL
#define SEL "1"
SP_F32(sp_f16_k16_f32_s1, "mma.sp::ordered_metadata.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32", 2)
SP_F32(sp_f16_k32_f32_s1, "mma.sp.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32", 4)
SP_F32(sp_bf16_k32_s1, "mma.sp.sync.aligned.m16n8k32.row.col.f32.bf16.bf16.f32", 4)
SP_F32(sp_tf32_k8_s1, "mma.sp.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32", 2)
SP_F32(sp_tf32_k16_s1, "mma.sp.sync.aligned.m16n8k16.row.col.f32.tf32.tf32.f32", 4)
SP_B32(sp_s8_k32_s1, "mma.sp::ordered_metadata.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32", 2, 4)
#undef SEL
#define SEL "2"
SP_B32(sp_f16_k16_f16_s2, "mma.sp.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16", 2, 2)
SP_F32(sp_tf32_k8_s2, "mma.sp.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32", 2)
#undef SEL
#define SEL "3"
SP_F32(sp_bf16_k16_s3, "mma.sp.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32", 2)
SP_F32(sp_tf32_k8_s3, "mma.sp::ordered_metadata.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32", 2)
#undef SEL

enum class Elem { f16, bf16, tf32, s8, u8, e4m3, e5m2 };

struct SpForm {
  const char* name;
  void (*kernel)(SpArgs);
  Elem a, b;
  bool f16_c;    // C is packed f16 (else f32 or s32)
  bool tf32_md;  // 1:2 metadata (tf32)
};

const SpForm kSpForms[] = {
    {"f16_k16_f32_sel0", sp_f16_k16_f32_s0, Elem::f16, Elem::f16, false, false},
    {"f16_k16_f16_sel0", sp_f16_k16_f16_s0, Elem::f16, Elem::f16, true, false},
    {"f16_k32_f32_sel0", sp_f16_k32_f32_s0, Elem::f16, Elem::f16, false, false},
    {"f16_k32_f16_ordered_sel0", sp_f16_k32_f16_s0, Elem::f16, Elem::f16, true, false},
    {"bf16_k16_sel0", sp_bf16_k16_s0, Elem::bf16, Elem::bf16, false, false},
    {"bf16_k32_ordered_sel0", sp_bf16_k32_s0, Elem::bf16, Elem::bf16, false, false},
    {"tf32_k8_sel0", sp_tf32_k8_s0, Elem::tf32, Elem::tf32, false, true},
    {"tf32_k16_ordered_sel0", sp_tf32_k16_s0, Elem::tf32, Elem::tf32, false, true},
    {"s8_k32_sel0", sp_s8_k32_s0, Elem::s8, Elem::s8, false, false},
    {"u8s8_k32_satfinite_sel0", sp_u8s8_k32_sat_s0, Elem::u8, Elem::s8, false, false},
    {"s8_k64_ordered_sel0", sp_s8_k64_s0, Elem::s8, Elem::s8, false, false},
    {"u8_k64_satfinite_sel0", sp_u8_k64_sat_s0, Elem::u8, Elem::u8, false, false},
    {"s8u8_k64_sel0", sp_s8u8_k64_s0, Elem::s8, Elem::u8, false, false},
    {"e4m3_k64_sel0", sp_e4m3_k64_s0, Elem::e4m3, Elem::e4m3, false, false},
    {"e5m2_k64_ordered_sel0", sp_e5m2_k64_s0, Elem::e5m2, Elem::e5m2, false, false},
    {"e4m3e5m2_k64_sel0", sp_e4m3e5m2_k64_s0, Elem::e4m3, Elem::e5m2, false, false},
    {"f16_k16_f32_ordered_sel1", sp_f16_k16_f32_s1, Elem::f16, Elem::f16, false, false},
    {"f16_k32_f32_sel1", sp_f16_k32_f32_s1, Elem::f16, Elem::f16, false, false},
    {"bf16_k32_sel1", sp_bf16_k32_s1, Elem::bf16, Elem::bf16, false, false},
    {"tf32_k8_sel1", sp_tf32_k8_s1, Elem::tf32, Elem::tf32, false, true},
    {"tf32_k16_sel1", sp_tf32_k16_s1, Elem::tf32, Elem::tf32, false, true},
    {"s8_k32_ordered_sel1", sp_s8_k32_s1, Elem::s8, Elem::s8, false, false},
    {"f16_k16_f16_sel2", sp_f16_k16_f16_s2, Elem::f16, Elem::f16, true, false},
    {"tf32_k8_sel2", sp_tf32_k8_s2, Elem::tf32, Elem::tf32, false, true},
    {"bf16_k16_sel3", sp_bf16_k16_s3, Elem::bf16, Elem::bf16, false, false},
    {"tf32_k8_ordered_sel3", sp_tf32_k8_s3, Elem::tf32, Elem::tf32, false, true},
};

// Small integers (exact in every format and every sum: they show where each
// element goes) or random values of moderate exponent (they show the rounding).
u32 small_element(Rng& rng, Elem t) {
  const int v = static_cast<int>(rng.below(9)) - 4;
  const float f = static_cast<float>(v);
  u32 bits;
  std::memcpy(&bits, &f, 4);
  switch (t) {
    case Elem::f16: {
      static const u32 h[9] = {0xc400, 0xc200, 0xc000, 0xbc00, 0, 0x3c00, 0x4000, 0x4200, 0x4400};
      return h[v + 4];
    }
    case Elem::bf16:
      return bits >> 16;
    case Elem::tf32:
      return bits | (rng.next32() & 0x1fffu);  // the low 13 bits are not part of a tf32
    case Elem::s8:
      return static_cast<u32>(static_cast<int>(rng.below(256)) - 128) & 0xffu;
    case Elem::u8:
      return rng.below(256);
    case Elem::e4m3: {
      static const u32 q[9] = {0xc8, 0xc4, 0xc0, 0xb8, 0, 0x38, 0x40, 0x44, 0x48};
      return q[v + 4];
    }
    case Elem::e5m2: {
      static const u32 q[9] = {0xc4, 0xc2, 0xc0, 0xbc, 0, 0x3c, 0x40, 0x42, 0x44};
      return q[v + 4];
    }
  }
  return 0;
}

u32 random_element(Rng& rng, Elem t) {
  switch (t) {
    case Elem::f16:
      return (rng.next32() & 0x83ffu) | ((10u + rng.below(10)) << 10);
    case Elem::bf16:
      return (rng.next32() & 0x807fu) | ((120u + rng.below(16)) << 7);
    case Elem::tf32:
      return (rng.next32() & 0x807fffffu) | ((120u + rng.below(16)) << 23);
    case Elem::s8:
    case Elem::u8:
      return rng.below(256);
    case Elem::e4m3:
      return (rng.next32() & 0x87u) | ((3u + rng.below(10)) << 3);
    case Elem::e5m2:
      return (rng.next32() & 0x83u) | ((10u + rng.below(10)) << 2);
  }
  return 0;
}

unsigned element_bits(Elem t) {
  return t == Elem::tf32 ? 32 : (t == Elem::f16 || t == Elem::bf16) ? 16 : 8;
}

u32 pack_word(Rng& rng, Elem t, bool small) {
  const unsigned bits = element_bits(t);
  u32 w = 0;
  for (unsigned s = 0; s < 32; s += bits) {
    const u32 v = small ? small_element(rng, t) : random_element(rng, t);
    w |= bits == 32 ? v : (v & ((1u << bits) - 1)) << s;
  }
  return w;
}

// Metadata words: every 4-bit chunk a valid, ordered pair of indices (2:4) or
// one of the two tf32 patterns (1:2).
u32 metadata_word(Rng& rng, bool tf32) {
  static const u32 pairs[6] = {0x4, 0x8, 0xc, 0x9, 0xd, 0xe};
  u32 w = 0;
  for (int s = 0; s < 32; s += 4) w |= (tf32 ? (rng.below(2) ? 0xeu : 0x4u) : pairs[rng.below(6)]) << s;
  return w;
}

void run_sparse(Rng& rng, const SpForm& f, bool small, const char* suffix) {
  std::vector<u32> a(128), b(128), c(128), e(32);
  for (auto& v : a) v = pack_word(rng, f.a, small);
  for (auto& v : b) v = pack_word(rng, f.b, small);
  const bool integer = f.a == Elem::s8 || f.a == Elem::u8;
  for (size_t i = 0; i < c.size(); ++i) {
    if (f.f16_c) {
      c[i] = pack_word(rng, Elem::f16, small);
    } else if (integer) {
      // A few accumulators near the s32 limits, so that .satfinite clamps.
      const u32 r = rng.next32();
      c[i] = i % 16 == 3 ? 0x7fffff00u + (r & 0xff) : i % 16 == 7 ? 0x80000100u - (r & 0xff) : r >> 12;
    } else {
      const float v = small ? static_cast<float>(static_cast<int>(rng.below(17)) - 8)
                            : static_cast<float>(rng.uniform(-10.0, 10.0));
      std::memcpy(&c[i], &v, 4);
    }
  }
  for (auto& v : e) v = metadata_word(rng, f.tf32_md);
  DeviceBuffer<u32> da(a), db(b), dc(c), de(e), dd(128);
  f.kernel<<<1, 32>>>(SpArgs{da.get(), db.get(), dc.get(), de.get(), dd.get()});
  CONF_CHECK_LAUNCH();
  char name[96];
  std::snprintf(name, sizeof(name), "mma_sp/%s/%s", f.name, suffix);
  print_case(name, dd.download());
}

// ---------------------------------------------------------------------------
// cvt.pack.sat
// ---------------------------------------------------------------------------
__global__ void cvt_pack_kernel(const int* a, const int* b, const u32* c, u32* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const int x = a[i], y = b[i];
  const u32 z = c[i];
  u32 r[8];
  asm("cvt.pack.sat.u8.s32.b32 %0, %1, %2, %3;" : "=r"(r[0]) : "r"(x), "r"(y), "r"(z));
  asm("cvt.pack.sat.s8.s32.b32 %0, %1, %2, %3;" : "=r"(r[1]) : "r"(x), "r"(y), "r"(z));
  asm("cvt.pack.sat.u4.s32.b32 %0, %1, %2, %3;" : "=r"(r[2]) : "r"(x), "r"(y), "r"(z));
  asm("cvt.pack.sat.s4.s32.b32 %0, %1, %2, %3;" : "=r"(r[3]) : "r"(x), "r"(y), "r"(z));
  asm("cvt.pack.sat.u2.s32.b32 %0, %1, %2, %3;" : "=r"(r[4]) : "r"(x), "r"(y), "r"(z));
  asm("cvt.pack.sat.s2.s32.b32 %0, %1, %2, %3;" : "=r"(r[5]) : "r"(x), "r"(y), "r"(z));
  asm("cvt.pack.sat.u16.s32 %0, %1, %2;" : "=r"(r[6]) : "r"(x), "r"(y));
  asm("cvt.pack.sat.s16.s32 %0, %1, %2;" : "=r"(r[7]) : "r"(x), "r"(y));
  for (int k = 0; k < 8; ++k) out[k * n + i] = r[k];
}

// ---------------------------------------------------------------------------
// istypep on texture and surface objects
// ---------------------------------------------------------------------------
__global__ void istypep_kernel(u64 tex, u64 surf, u32* out) {
  u32 r[6];
  asm("{ .reg .pred p; istypep.texref p, %1; selp.u32 %0, 1, 0, p; }" : "=r"(r[0]) : "l"(tex));
  asm("{ .reg .pred p; istypep.samplerref p, %1; selp.u32 %0, 1, 0, p; }" : "=r"(r[1]) : "l"(tex));
  asm("{ .reg .pred p; istypep.surfref p, %1; selp.u32 %0, 1, 0, p; }" : "=r"(r[2]) : "l"(tex));
  asm("{ .reg .pred p; istypep.texref p, %1; selp.u32 %0, 1, 0, p; }" : "=r"(r[3]) : "l"(surf));
  asm("{ .reg .pred p; istypep.samplerref p, %1; selp.u32 %0, 1, 0, p; }" : "=r"(r[4]) : "l"(surf));
  asm("{ .reg .pred p; istypep.surfref p, %1; selp.u32 %0, 1, 0, p; }" : "=r"(r[5]) : "l"(surf));
  for (int k = 0; k < 6; ++k) out[k] = r[k];
}

// ---------------------------------------------------------------------------
// getctarank: the rank that owns a shared::cluster address (from mapa), in
// the shared::cluster and generic forms.
// ---------------------------------------------------------------------------
constexpr int kClusterSize = 4;

__global__ void __cluster_dims__(kClusterSize, 1, 1) getctarank_kernel(u32* out) {
  __shared__ u32 slot[4];
  const int t = threadIdx.x;
  if (t < 4) slot[t] = t;
  const u32 own = static_cast<u32>(__cvta_generic_to_shared(&slot[t & 3]));
  const u32 target = static_cast<u32>(t) % kClusterSize;
  u32 mapped, rank_cluster, rank_generic, rank_own;
  u64 generic_mapped;
  asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(mapped) : "r"(own), "r"(target));
  asm volatile("getctarank.shared::cluster.u32 %0, %1;" : "=r"(rank_cluster) : "r"(mapped));
  asm volatile("mapa.u64 %0, %1, %2;"
               : "=l"(generic_mapped)
               : "l"(reinterpret_cast<u64>(&slot[t & 3])), "r"(target));
  asm volatile("getctarank.u64 %0, %1;" : "=r"(rank_generic) : "l"(generic_mapped));
  asm volatile("getctarank.shared::cluster.u32 %0, %1;" : "=r"(rank_own) : "r"(own));
  const int i = blockIdx.x * blockDim.x + t;
  out[i * 3] = rank_cluster;
  out[i * 3 + 1] = rank_generic;
  out[i * 3 + 2] = rank_own;
  asm volatile("barrier.cluster.arrive; barrier.cluster.wait;");
}

// ---------------------------------------------------------------------------
// sured: reductions into surfaces of u32/s32 and 64-bit elements, then every
// element read back with suld.
// ---------------------------------------------------------------------------
constexpr int kSw = 16, kSh = 4, kSd = 3;

// Each launch performs one sured instruction (`step`) in every thread, so all
// the updates one element receives within a launch use one commutative
// operation, and the kernel boundaries order the steps. The PTX memory model
// does not cover surface accesses, so neither a barrier nor program order
// between different threads' reductions would make the result deterministic.
constexpr int kSured1dSteps = 17, kSuredNdSteps = 9;

__global__ void sured_1d_kernel(u64 s32s, u64 s64s, const u32* v, int zero_x, int step) {
  const int t = threadIdx.x;
  const u32 x = v[t];
  const u64 y = (static_cast<u64>(v[t + 32]) << 32) | v[t + 64];
  const int bx = (t % kSw) * 4, px = t % kSw;
  const int zx = (t & 1) ? zero_x : 0;  // odd lanes fall outside: .zero drops them
  const int b8 = (t % kSw) * 8;
  switch (step) {
    case 0: asm volatile("sured.b.add.1d.u32.trap [%0, {%1}], %2;" ::"l"(s32s), "r"(bx), "r"(x & 0xffff)); break;
    case 1: asm volatile("sured.b.min.1d.s32.clamp [%0, {%1}], %2;" ::"l"(s32s), "r"(bx + 8 * kSw), "r"(x)); break;
    case 2: asm volatile("sured.b.max.1d.u32.zero [%0, {%1}], %2;" ::"l"(s32s), "r"(zx + bx), "r"(x)); break;
    case 3: asm volatile("sured.b.and.1d.b32.trap [%0, {%1}], %2;" ::"l"(s32s), "r"(bx), "r"(x | 0x0f0f0f0fu)); break;
    case 4: asm volatile("sured.b.or.1d.b32.clamp [%0, {%1}], %2;" ::"l"(s32s), "r"(bx - 8), "r"(x & 0x10101010u)); break;
    case 5: asm volatile("sured.b.max.1d.s32.trap [%0, {%1}], %2;" ::"l"(s32s), "r"(bx), "r"(x)); break;
    case 6: asm volatile("sured.b.min.1d.u32.trap [%0, {%1}], %2;" ::"l"(s32s), "r"(bx), "r"(x | 0x80000000u)); break;
    case 7: asm volatile("sured.b.add.1d.s32.trap [%0, {%1}], %2;" ::"l"(s32s), "r"(bx), "r"(x)); break;
    case 8: asm volatile("sured.p.add.1d.b32.trap [%0, {%1}], %2;" ::"l"(s32s), "r"(px), "r"(x >> 8)); break;
    case 9: asm volatile("sured.p.min.1d.b32.clamp [%0, {%1}], %2;" ::"l"(s32s), "r"(px + 2 * kSw - 4), "r"(x)); break;
    case 10: asm volatile("sured.p.or.1d.b32.zero [%0, {%1}], %2;" ::"l"(s32s), "r"(px - zx), "r"(x)); break;
    case 11: asm volatile("sured.b.add.1d.u64.trap [%0, {%1}], %2;" ::"l"(s64s), "r"(b8), "l"(y)); break;
    case 12: asm volatile("sured.b.min.1d.s64.trap [%0, {%1}], %2;" ::"l"(s64s), "r"(b8), "l"(y)); break;
    case 13: asm volatile("sured.b.max.1d.u64.clamp [%0, {%1}], %2;" ::"l"(s64s), "r"(b8 + 8), "l"(y)); break;
    case 14: asm volatile("sured.b.max.1d.s64.zero [%0, {%1}], %2;" ::"l"(s64s), "r"(b8 + zx * 8), "l"(y)); break;
    case 15: asm volatile("sured.p.max.1d.b64.trap [%0, {%1}], %2;" ::"l"(s64s), "r"(px), "l"(y >> 3)); break;
    case 16: asm volatile("sured.p.min.1d.b64.clamp [%0, {%1}], %2;" ::"l"(s64s), "r"(px - 2), "l"(y)); break;
  }
}

__global__ void sured_nd_kernel(u64 s2d, u64 s3d, u64 s3ds, const u32* v, int step) {
  const int t = threadIdx.x;
  const u32 x = v[t];
  const int bx = (t % kSw) * 4, y = (t / kSw) % kSh, z = t % kSd;
  switch (step) {
    case 0: asm volatile("sured.b.add.2d.u32.trap [%0, {%1, %2}], %3;" ::"l"(s2d), "r"(bx), "r"(y), "r"(x & 0xfff)); break;
    case 1: asm volatile("sured.b.max.2d.s32.clamp [%0, {%1, %2}], %3;" ::"l"(s2d), "r"(bx), "r"(y + 2), "r"(x)); break;
    case 2: asm volatile("sured.p.and.2d.b32.zero [%0, {%1, %2}], %3;" ::"l"(s2d), "r"(t % kSw), "r"(y - 1), "r"(x | 0xff00ff00u)); break;
    case 3: asm volatile("sured.b.add.3d.u32.trap [%0, {%1, %2, %3, %4}], %5;" ::"l"(s3d), "r"(bx), "r"(y), "r"(z), "r"(0), "r"(x & 0xff)); break;
    case 4: asm volatile("sured.p.max.3d.b32.clamp [%0, {%1, %2, %3, %4}], %5;" ::"l"(s3d), "r"(t % kSw), "r"(y), "r"(z + 2), "r"(0), "r"(x)); break;
    case 5: asm volatile("sured.b.or.2d.b32.trap [%0, {%1, %2}], %3;" ::"l"(s2d), "r"(bx), "r"(y), "r"(1u << (t % 32))); break;
    case 6: asm volatile("sured.b.min.3d.u32.clamp [%0, {%1, %2, %3, %4}], %5;" ::"l"(s3d), "r"(bx), "r"(y), "r"(z - 1), "r"(0), "r"(x)); break;
    case 7: asm volatile("sured.b.add.3d.s32.trap [%0, {%1, %2, %3, %4}], %5;" ::"l"(s3ds), "r"(bx), "r"(y), "r"(z), "r"(0), "r"(x & 0xffff)); break;
    case 8: asm volatile("sured.p.max.3d.b32.zero [%0, {%1, %2, %3, %4}], %5;" ::"l"(s3ds), "r"(t % kSw + 5), "r"(y), "r"(z), "r"(0), "r"(x)); break;
  }
}

// Reads every element of a w x h x d (or layered) surface into `out`.
__global__ void read_u32(u64 s, int w, int h, int depth, int mode, u32* out) {
  const int x = threadIdx.x, y = blockIdx.x, z = blockIdx.y;
  if (x >= w || y >= h || z >= depth) return;
  u32 r = 0;
  if (mode == 1) asm volatile("suld.b.1d.b32.trap {%0}, [%1, {%2}];" : "=r"(r) : "l"(s), "r"(x * 4));
  if (mode == 2) asm volatile("suld.b.2d.b32.trap {%0}, [%1, {%2, %3}];" : "=r"(r) : "l"(s), "r"(x * 4), "r"(y));
  if (mode == 3)
    asm volatile("suld.b.3d.b32.trap {%0}, [%1, {%2, %3, %4, %4}];" : "=r"(r) : "l"(s), "r"(x * 4), "r"(y), "r"(z));
  out[(z * h + y) * w + x] = r;
}

__global__ void read_u64(u64 s, int w, u64* out) {
  const int x = threadIdx.x;
  if (x >= w) return;
  u64 r;
  asm volatile("suld.b.1d.b64.trap {%0}, [%1, {%2}];" : "=l"(r) : "l"(s), "r"(x * 8));
  out[x] = r;
}

struct Surface {
  cudaArray_t array = nullptr;
  cudaSurfaceObject_t object = 0;
  Surface(const cudaChannelFormatDesc& channel, cudaExtent extent, unsigned flags,
          const std::vector<u32>& init) {
    CONF_CHECK(cudaMalloc3DArray(&array, &channel, extent, flags | cudaArraySurfaceLoadStore));
    const size_t texel = (channel.x + channel.y + channel.z + channel.w) / 8;
    cudaMemcpy3DParms copy{};
    copy.srcPtr = make_cudaPitchedPtr(const_cast<u32*>(init.data()), extent.width * texel,
                                      extent.width, extent.height ? extent.height : 1);
    copy.dstArray = array;
    copy.extent = make_cudaExtent(extent.width, extent.height ? extent.height : 1,
                                  extent.depth ? extent.depth : 1);
    copy.kind = cudaMemcpyHostToDevice;
    CONF_CHECK(cudaMemcpy3D(&copy));
    cudaResourceDesc r{};
    r.resType = cudaResourceTypeArray;
    r.res.array.array = array;
    CONF_CHECK(cudaCreateSurfaceObject(&object, &r));
  }
  ~Surface() {
    cudaDestroySurfaceObject(object);
    cudaFreeArray(array);
  }
};

std::vector<u32> read_back(const Surface& s, int w, int h, int d, int mode) {
  DeviceBuffer<u32> out(static_cast<size_t>(w) * h * d);
  read_u32<<<dim3(h, d), 32>>>(s.object, w, h, d, mode, out.get());
  CONF_CHECK_LAUNCH();
  return out.download();
}

int main() {
  begin("matrix_movement");
  Rng rng(0x3a7b1c55ull);
  std::vector<u32> rows(32);
  {
    std::vector<u32> perm(kTileRows);
    for (int i = 0; i < kTileRows; ++i) perm[i] = i;
    for (int i = kTileRows - 1; i > 0; --i) std::swap(perm[i], perm[rng.below(i + 1)]);
    for (int i = 0; i < 32; ++i) rows[i] = perm[i];
  }
  DeviceBuffer<u32> drows(rows);
  {
    std::vector<unsigned short> tile(kTileRows * 8);
    for (size_t i = 0; i < tile.size(); ++i)
      tile[i] = static_cast<unsigned short>((i << 4) ^ (rng.next32() & 0xf00f));
    DeviceBuffer<unsigned short> src(tile);
    DeviceBuffer<u32> out(kLdmatrixVariants * 128);
    ldmatrix_kernel<<<1, 32>>>(src.get(), drows.get(), out.get());
    CONF_CHECK_LAUNCH();
    const std::vector<u32> all = out.download();
    const char* names[kLdmatrixVariants] = {"x1", "x2", "x4", "x1_trans", "x2_trans_cta", "x4_trans",
                                            "x4_generic"};
    for (int v = 0; v < kLdmatrixVariants; ++v)
      print_case(CaseName("ldmatrix", names[v]), all.data() + v * 128, 128);
  }
  {
    std::vector<u32> values(128);
    for (auto& v : values) v = rng.next32();
    DeviceBuffer<u32> dv(values);
    DeviceBuffer<unsigned short> out(kTileRows * 8);
    void (*kernels[])(const u32*, const u32*, unsigned short*) = {
        stmatrix_kernel<0>, stmatrix_kernel<1>, stmatrix_kernel<2>, stmatrix_kernel<3>,
        stmatrix_kernel<4>, stmatrix_kernel<5>, stmatrix_kernel<6>};
    const char* names[] = {"x1", "x2_cta", "x4", "x1_trans", "x2_trans", "x4_trans", "x4_generic"};
    for (int v = 0; v < 7; ++v) {
      kernels[v]<<<1, 32>>>(dv.get(), drows.get(), out.get());
      CONF_CHECK_LAUNCH();
      print_case(CaseName("stmatrix", names[v]), out.download());
    }
  }
  {
    std::vector<u32> in(64);
    for (auto& v : in) v = rng.next32();
    DeviceBuffer<u32> din(in), out(64);
    movmatrix_kernel<<<1, 32>>>(din.get(), out.get());
    CONF_CHECK_LAUNCH();
    print_case("movmatrix/trans", out.download());
  }
  for (const SpForm& f : kSpForms) {
    run_sparse(rng, f, true, "small_integers");
    run_sparse(rng, f, false, "random");
  }
  {
    std::vector<int> a, b;
    const int edges[] = {0, 1, -1, 2, -2, 3, -3, 7, -8, 8, -9, 15, 16, 127, 128, -128, -129,
                         255, 256, 32767, 32768, -32768, -32769, 65535, 65536, INT32_MAX, INT32_MIN};
    for (int x : edges)
      for (int y : edges) a.push_back(x), b.push_back(y);
    while (a.size() < 1024) {
      a.push_back(static_cast<int>(rng.next32()) >> rng.below(31));
      b.push_back(static_cast<int>(rng.next32()) >> rng.below(31));
    }
    std::vector<u32> c(a.size());
    for (auto& v : c) v = rng.next32();
    const int n = static_cast<int>(a.size());
    DeviceBuffer<int> da(a), db(b);
    DeviceBuffer<u32> dc(c), out(8 * a.size());
    cvt_pack_kernel<<<blocks_for(a.size()), kBlockSize>>>(da.get(), db.get(), dc.get(), out.get(), n);
    CONF_CHECK_LAUNCH();
    print_slots("cvt_pack_sat", out.download(), a.size(),
                {"u8", "s8", "u4", "s4", "u2", "s2", "u16", "s16"});
  }
  {
    cudaArray_t array = nullptr;
    const cudaChannelFormatDesc channel = cudaCreateChannelDesc<float>();
    CONF_CHECK(cudaMallocArray(&array, &channel, 16, 0, cudaArraySurfaceLoadStore));
    cudaResourceDesc r{};
    r.resType = cudaResourceTypeArray;
    r.res.array.array = array;
    cudaTextureDesc td{};
    td.readMode = cudaReadModeElementType;
    cudaTextureObject_t tex = 0;
    cudaSurfaceObject_t surf = 0;
    CONF_CHECK(cudaCreateTextureObject(&tex, &r, &td, nullptr));
    CONF_CHECK(cudaCreateSurfaceObject(&surf, &r));
    DeviceBuffer<u32> out(6);
    istypep_kernel<<<1, 1>>>(tex, surf, out.get());
    CONF_CHECK_LAUNCH();
    print_case("istypep/texture_and_surface_objects", out.download());
    CONF_CHECK(cudaDestroyTextureObject(tex));
    CONF_CHECK(cudaDestroySurfaceObject(surf));
    CONF_CHECK(cudaFreeArray(array));
  }
  {
    const int blocks = 8, threads = 64;
    DeviceBuffer<u32> out(static_cast<size_t>(blocks) * threads * 3);
    getctarank_kernel<<<blocks, threads>>>(out.get());
    CONF_CHECK_LAUNCH();
    print_case("getctarank/mapa_cluster_generic_own", out.download());
  }
  {
    std::vector<u32> v(96);
    for (auto& x : v) x = rng.next32();
    DeviceBuffer<u32> dv(v);
    auto init = [&](size_t n) {
      std::vector<u32> data(n);
      for (auto& x : data) x = rng.next32() >> 1;
      return data;
    };
    const cudaChannelFormatDesc u32c = cudaCreateChannelDesc<u32>();
    const cudaChannelFormatDesc s32c = cudaCreateChannelDesc<int>();
    const cudaChannelFormatDesc s64c = cudaCreateChannelDesc(32, 32, 0, 0, cudaChannelFormatKindSigned);
    {
      Surface s32s(s32c, make_cudaExtent(2 * kSw, 0, 0), 0, init(2 * kSw));
      Surface s64s(s64c, make_cudaExtent(kSw, 0, 0), 0, init(2 * kSw));
      for (int step = 0; step < kSured1dSteps; ++step) {
        sured_1d_kernel<<<1, 32>>>(s32s.object, s64s.object, dv.get(), 1000, step);
        CONF_CHECK_LAUNCH();
      }
      print_case("sured/1d_32bit_signed_format", read_back(s32s, 2 * kSw, 1, 1, 1));
      DeviceBuffer<u64> out(kSw);
      read_u64<<<1, 32>>>(s64s.object, kSw, out.get());
      CONF_CHECK_LAUNCH();
      print_case("sured/1d_64bit_signed_format", out.download());
    }
    {
      Surface s2d(u32c, make_cudaExtent(kSw, kSh, 0), 0, init(kSw * kSh));
      Surface s3d(u32c, make_cudaExtent(kSw, kSh, kSd), 0, init(kSw * kSh * kSd));
      Surface s3ds(s32c, make_cudaExtent(kSw, kSh, kSd), 0, init(kSw * kSh * kSd));
      for (int step = 0; step < kSuredNdSteps; ++step) {
        sured_nd_kernel<<<1, 64>>>(s2d.object, s3d.object, s3ds.object, dv.get(), step);
        CONF_CHECK_LAUNCH();
      }
      print_case("sured/2d_unsigned", read_back(s2d, kSw, kSh, 1, 2));
      print_case("sured/3d_unsigned", read_back(s3d, kSw, kSh, kSd, 3));
      print_case("sured/3d_signed", read_back(s3ds, kSw, kSh, kSd, 3));
    }
  }
  return 0;
}
