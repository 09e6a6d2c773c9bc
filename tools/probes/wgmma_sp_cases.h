// The cases of the sparse wgmma probe (wgmma_sp_probe.cu), shared with the
// unit test that replays its H100 recording (tests/func/ops/
// wgmma_sp_replay_test.cpp): the forms, the PTX kernel of each form and
// every case's inputs, rebuilt from (form, case), so the recording holds
// only the results.
//
// One case is one block of 128 threads (a warpgroup): it copies its
// shared-memory image from global memory, builds the A and B descriptors
// from the case's control words, loads its A registers (register forms),
// accumulators and metadata word, runs one wgmma.mma_async.sp and stores
// D. Most cases fill the whole image with random elements of the case's
// kind (so every layout reads defined values) under random descriptor
// layouts; the cancellation cases and the address forms place known
// matrices in a K-major layout without swizzling. Host-only C++17.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace smsim::probe::wgsp {

enum class El : uint8_t { f16, bf16, tf32, e4m3, e5m2, s8, u8 };
enum class Acc : uint8_t { f32, f16, s32 };
// numeric: random elements of eight kinds; address: one-hot A against B
// elements that hold their own offset; bad_meta: any nibble, valid or not.
enum class Input : uint8_t { numeric, address, bad_meta };

struct Form {
  const char* name;
  Acc d;
  El a, b;
  unsigned n;
  bool a_regs;
  unsigned sel;
  int scale_a, scale_b;       // imm-scale-a/b (floating-point forms)
  unsigned trans_a, trans_b;  // imm-trans-a/b (16-bit forms)
  bool sat;
  unsigned cases;
  Input input;
};

inline const char* el_name(El e) {
  switch (e) {
    case El::f16:
      return "f16";
    case El::bf16:
      return "bf16";
    case El::tf32:
      return "tf32";
    case El::e4m3:
      return "e4m3";
    case El::e5m2:
      return "e5m2";
    case El::s8:
      return "s8";
    case El::u8:
      return "u8";
  }
  return "?";
}
inline const char* acc_name(Acc a) {
  return a == Acc::f32 ? "f32" : a == Acc::f16 ? "f16" : "s32";
}
inline unsigned el_bytes(El e) {
  return e == El::tf32 ? 4 : (e == El::f16 || e == El::bf16) ? 2 : 1;
}
inline bool el_float(El e) {
  return e != El::s8 && e != El::u8;
}
inline bool el_sixteen(El e) {
  return e == El::f16 || e == El::bf16;
}
inline unsigned k_of(El e) {
  return 64 / el_bytes(e);
}  // logical K: 64 bytes of B per row
inline unsigned packed_of(El e) {
  return k_of(e) / 2;
}  // A's stored columns: 32 bytes
inline unsigned d_regs(const Form& f) {
  return f.d == Acc::f16 ? f.n / 4 : f.n / 2;
}

#define WGSP_F(name, d, a, b, n, regs, sel, sa, sb, ta, tb, sat, cases, in)         \
  Form {                                                                            \
    name, Acc::d, El::a, El::b, n, regs, sel, sa, sb, ta, tb, sat, cases, Input::in \
  }
inline const std::vector<Form>& forms() {
  static const std::vector<Form> list = {
      // Every type pairing, A from a descriptor, N = 8.
      WGSP_F("f32_f16", f32, f16, f16, 8, false, 0, 1, 1, 0, 0, false, 64, numeric),
      WGSP_F("f16_f16", f16, f16, f16, 8, false, 0, 1, 1, 0, 0, false, 64, numeric),
      WGSP_F("f32_bf16", f32, bf16, bf16, 8, false, 0, 1, 1, 0, 0, false, 64, numeric),
      WGSP_F("f32_tf32", f32, tf32, tf32, 8, false, 0, 1, 1, 0, 0, false, 64, numeric),
      WGSP_F("f32_e4m3_e4m3", f32, e4m3, e4m3, 8, false, 0, 1, 1, 0, 0, false, 64, numeric),
      WGSP_F("f32_e4m3_e5m2", f32, e4m3, e5m2, 8, false, 0, 1, 1, 0, 0, false, 64, numeric),
      WGSP_F("f32_e5m2_e4m3", f32, e5m2, e4m3, 8, false, 0, 1, 1, 0, 0, false, 64, numeric),
      WGSP_F("f32_e5m2_e5m2", f32, e5m2, e5m2, 8, false, 0, 1, 1, 0, 0, false, 64, numeric),
      WGSP_F("f16_e4m3_e4m3", f16, e4m3, e4m3, 8, false, 0, 1, 1, 0, 0, false, 64, numeric),
      WGSP_F("f16_e4m3_e5m2", f16, e4m3, e5m2, 8, false, 0, 1, 1, 0, 0, false, 64, numeric),
      WGSP_F("f16_e5m2_e4m3", f16, e5m2, e4m3, 8, false, 0, 1, 1, 0, 0, false, 64, numeric),
      WGSP_F("f16_e5m2_e5m2", f16, e5m2, e5m2, 8, false, 0, 1, 1, 0, 0, false, 64, numeric),
      WGSP_F("s32_s8_s8", s32, s8, s8, 8, false, 0, 1, 1, 0, 0, false, 64, numeric),
      WGSP_F("s32_s8_u8", s32, s8, u8, 8, false, 0, 1, 1, 0, 0, false, 64, numeric),
      WGSP_F("s32_u8_s8", s32, u8, s8, 8, false, 0, 1, 1, 0, 0, false, 64, numeric),
      WGSP_F("s32_u8_u8", s32, u8, u8, 8, false, 0, 1, 1, 0, 0, false, 64, numeric),
      WGSP_F("s32_s8_s8_sat", s32, s8, s8, 8, false, 0, 1, 1, 0, 0, true, 64, numeric),
      WGSP_F("s32_s8_u8_sat", s32, s8, u8, 8, false, 0, 1, 1, 0, 0, true, 64, numeric),
      WGSP_F("s32_u8_s8_sat", s32, u8, s8, 8, false, 0, 1, 1, 0, 0, true, 64, numeric),
      WGSP_F("s32_u8_u8_sat", s32, u8, u8, 8, false, 0, 1, 1, 0, 0, true, 64, numeric),
      // A from registers.
      WGSP_F("r_f32_f16", f32, f16, f16, 8, true, 0, 1, 1, 0, 0, false, 64, numeric),
      WGSP_F("r_f16_f16", f16, f16, f16, 8, true, 0, 1, 1, 0, 0, false, 64, numeric),
      WGSP_F("r_f32_bf16", f32, bf16, bf16, 8, true, 0, 1, 1, 0, 0, false, 64, numeric),
      WGSP_F("r_f32_tf32", f32, tf32, tf32, 8, true, 0, 1, 1, 0, 0, false, 64, numeric),
      WGSP_F("r_f32_e4m3_e5m2", f32, e4m3, e5m2, 8, true, 0, 1, 1, 0, 0, false, 64, numeric),
      WGSP_F("r_f16_e5m2_e4m3", f16, e5m2, e4m3, 8, true, 0, 1, 1, 0, 0, false, 64, numeric),
      WGSP_F("r_s32_s8_u8_sat", s32, s8, u8, 8, true, 0, 1, 1, 0, 0, true, 64, numeric),
      WGSP_F("r_s32_u8_s8", s32, u8, s8, 8, true, 0, 1, 1, 0, 0, false, 64, numeric),
      // Sparsity selector 1.
      WGSP_F("sel1_f32_f16", f32, f16, f16, 8, false, 1, 1, 1, 0, 0, false, 32, numeric),
      WGSP_F("sel1_f32_tf32", f32, tf32, tf32, 8, false, 1, 1, 1, 0, 0, false, 32, numeric),
      WGSP_F("sel1_r_f32_bf16", f32, bf16, bf16, 8, true, 1, 1, 1, 0, 0, false, 32, numeric),
      WGSP_F("sel1_r_f16_f16", f16, f16, f16, 8, true, 1, 1, 1, 0, 0, false, 32, numeric),
      // imm-scale-a/b = -1.
      WGSP_F("neg_a_f32_f16", f32, f16, f16, 8, false, 0, -1, 1, 0, 0, false, 32, numeric),
      WGSP_F("neg_b_r_f32_f16", f32, f16, f16, 8, true, 0, 1, -1, 0, 0, false, 32, numeric),
      WGSP_F("neg_ab_f32_tf32", f32, tf32, tf32, 8, false, 0, -1, -1, 0, 0, false, 32, numeric),
      WGSP_F("neg_a_f32_e4m3_e4m3", f32, e4m3, e4m3, 8, false, 0, -1, 1, 0, 0, false, 32, numeric),
      WGSP_F("neg_b_f16_e5m2_e5m2", f16, e5m2, e5m2, 8, false, 0, 1, -1, 0, 0, false, 32, numeric),
      WGSP_F("neg_ab_r_f32_bf16", f32, bf16, bf16, 8, true, 0, -1, -1, 0, 0, false, 32, numeric),
      // imm-trans-a/b (MN-major A or B).
      WGSP_F("ta_f32_f16", f32, f16, f16, 8, false, 0, 1, 1, 1, 0, false, 32, numeric),
      WGSP_F("tb_f32_f16", f32, f16, f16, 16, false, 0, 1, 1, 0, 1, false, 32, numeric),
      WGSP_F("tab_f32_bf16", f32, bf16, bf16, 16, false, 0, 1, 1, 1, 1, false, 32, numeric),
      WGSP_F("tb_r_f16_f16", f16, f16, f16, 16, true, 0, 1, 1, 0, 1, false, 32, numeric),
      // Other N.
      WGSP_F("n256_f32_f16", f32, f16, f16, 256, false, 0, 1, 1, 0, 0, false, 8, numeric),
      WGSP_F("n24_f32_tf32", f32, tf32, tf32, 24, false, 0, 1, 1, 0, 0, false, 16, numeric),
      WGSP_F("n40_f16_e4m3_e4m3", f16, e4m3, e4m3, 40, false, 0, 1, 1, 0, 0, false, 16, numeric),
      WGSP_F("n48_s32_s8_s8", s32, s8, s8, 48, false, 0, 1, 1, 0, 0, false, 16, numeric),
      WGSP_F("n16_r_f32_bf16", f32, bf16, bf16, 16, true, 0, 1, 1, 0, 0, false, 16, numeric),
      WGSP_F("n128_r_s32_u8_u8_sat", s32, u8, u8, 128, true, 0, 1, 1, 0, 0, true, 8, numeric),
      // Where B's elements are read from: one-hot A, K-major and MN-major.
      WGSP_F("addr_k", f32, f16, f16, 16, true, 0, 1, 1, 0, 0, false, 16, address),
      WGSP_F("addr_mn", f32, f16, f16, 16, true, 0, 1, 1, 0, 1, false, 16, address),
      WGSP_F("addr_sel1", f32, f16, f16, 16, true, 1, 1, 1, 0, 0, false, 4, address),
      // Metadata nibbles the PTX ISA does not allow (indices not increasing).
      WGSP_F("badmeta_f32_f16", f32, f16, f16, 8, false, 0, 1, 1, 0, 0, false, 16, bad_meta),
      WGSP_F("badmeta_f32_tf32", f32, tf32, tf32, 8, false, 0, 1, 1, 0, 0, false, 16, bad_meta),
      WGSP_F("badmeta_f32_e4m3_e4m3", f32, e4m3, e4m3, 8, false, 0, 1, 1, 0, 0, false, 16,
             bad_meta),
  };
  return list;
}
#undef WGSP_F

// Shared memory: A's region (8 KiB), then B's (enough for any layout of N
// rows of 64 bytes), the whole image copied per case.
constexpr unsigned kARegion = 8192;
inline unsigned b_region(const Form& f) {
  return f.n * 128 < 8192 ? 8192 : f.n * 128;
}
inline unsigned image_bytes(const Form& f) {
  return kARegion + b_region(f) + 1024;
}

// Control words per case: A's and B's start offsets in the image, their
// descriptors without the start address (low, high words), scale-d.
constexpr unsigned kCtlWords = 8;

struct Case {
  std::vector<uint32_t> image;  // image_bytes / 4 words
  uint32_t ctl[kCtlWords] = {};
  std::vector<uint32_t> a;     // 4 per thread (register forms)
  std::vector<uint32_t> c;     // d_regs per thread
  std::vector<uint32_t> meta;  // 1 per thread
};

struct Rng {
  uint64_t s;
  uint64_t next() {
    s += 0x9e3779b97f4a7c15ull;
    uint64_t x = s;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
  }
  uint32_t below(uint32_t n) { return static_cast<uint32_t>(next() % n); }
};

// The kind of a numeric case: 0 moderate, 1 every finite value, 2 small
// and subnormal, 3 NaN and infinities among moderate values, 4
// cancellation (pairs x, -x and one small term), 5 C far above the
// products, 6 moderate with scale-d = 0, 7 C far below the products.
inline unsigned kind_of(const Form& f, unsigned cs) {
  return f.input == Input::numeric ? cs % 8 : 0;
}

// Element bits of a kind; `up` shifts the exponent (C-dominant kinds).
inline uint32_t element(El e, unsigned kind, Rng& r) {
  const uint32_t sign = static_cast<uint32_t>(r.next() & 1);
  const bool special = kind == 3 && r.below(16) == 0;
  switch (e) {
    case El::f16: {
      uint32_t ex = kind == 1 ? r.below(31) : kind == 2 ? r.below(4) : 10 + r.below(10);
      uint32_t m = r.below(1024);
      if (special) ex = 31, m = r.below(2) ? 0 : 1 + r.below(1023);
      return sign << 15 | ex << 10 | m;
    }
    case El::bf16: {
      uint32_t ex = kind == 1 ? 1 + r.below(253) : kind == 2 ? r.below(4) : 120 + r.below(14);
      uint32_t m = r.below(128);
      if (special) ex = 255, m = r.below(2) ? 0 : 1 + r.below(127);
      return sign << 15 | ex << 7 | m;
    }
    case El::tf32: {  // f32 bits with random low 13 bits (which tf32 ignores)
      uint32_t ex = kind == 1 ? 1 + r.below(253) : kind == 2 ? r.below(4) : 120 + r.below(14);
      uint32_t m = static_cast<uint32_t>(r.next() & 0x7fffff);
      if (special) ex = 255, m = r.below(2) ? (m & 0x1fff) : m | 0x400000;
      return sign << 31 | ex << 23 | m;
    }
    case El::e4m3: {
      uint32_t ex = kind == 1 ? r.below(16) : kind == 2 ? r.below(2) : 4 + r.below(8);
      uint32_t m = r.below(8);
      if (ex == 15 && m == 7) m = 6;
      if (special) ex = 15, m = 7;
      return sign << 7 | ex << 3 | m;
    }
    case El::e5m2: {
      uint32_t ex = kind == 1 ? r.below(31) : kind == 2 ? r.below(2) : 11 + r.below(8);
      uint32_t m = r.below(4);
      if (special) ex = 31, m = r.below(4);
      return sign << 7 | ex << 2 | m;
    }
    case El::s8:
    case El::u8: {
      if (kind % 4 == 1) {
        static const uint32_t extremes[] = {0x7f, 0x80, 0xff, 0x00, 0x01, 0x81};
        return extremes[r.below(6)];
      }
      if (kind % 4 == 3) return r.below(16);
      return r.below(256);
    }
  }
  return 0;
}

inline uint32_t f32_of(unsigned kind, Rng& r) {
  const uint32_t sign = static_cast<uint32_t>(r.next() & 1) << 31;
  const uint32_t m = static_cast<uint32_t>(r.next() & 0x7fffff);
  uint32_t ex = 120 + r.below(14);
  if (kind == 1) ex = 1 + r.below(253);
  if (kind == 2) ex = r.below(4);
  if (kind == 3 && r.below(16) == 0) return sign | 0x7f800000u | (r.below(2) ? 0 : m | 0x400000);
  if (kind == 4) return r.below(2) ? sign : sign | (100 + r.below(20)) << 23 | m;
  if (kind == 5) ex = 150 + r.below(30);
  if (kind == 7) ex = 70 + r.below(30);
  return sign | ex << 23 | m;
}

inline uint32_t f16_of(unsigned kind, Rng& r) {
  const uint32_t sign = static_cast<uint32_t>(r.next() & 1) << 15;
  const uint32_t m = r.below(1024);
  uint32_t ex = 10 + r.below(10);
  if (kind == 1) ex = r.below(31);
  if (kind == 2) ex = r.below(3);
  if (kind == 3 && r.below(16) == 0) return sign | 0x7c00u | (r.below(2) ? 0 : m | 0x200);
  if (kind == 4) return r.below(2) ? sign : sign | r.below(6) << 10 | m;
  if (kind == 5) ex = 24 + r.below(6);
  if (kind == 7) ex = r.below(4);
  return sign | ex << 10 | m;
}

inline uint32_t s32_of(unsigned kind, Rng& r) {
  const uint32_t near = r.below(1u << 20);
  switch (kind % 4) {
    case 1:
    case 2:
      return r.below(2) ? 0x7fffffffu - near : 0x80000000u + near;
    default:
      return static_cast<uint32_t>(r.next());
  }
}

inline void put(std::vector<uint32_t>& image, uint32_t byte, uint32_t bits, unsigned bytes) {
  for (unsigned i = 0; i < bytes; ++i) {
    const uint32_t at = byte + i;
    uint32_t& w = image[at / 4];
    w = (w & ~(0xffu << (8 * (at % 4)))) | ((bits >> (8 * i)) & 0xffu) << (8 * (at % 4));
  }
}

// Row and column of bit `bit` of A register `reg` of `lane` in its warp's
// 16 rows (the packed A: the dense fragment of half the K).
inline void a_coord(El e, unsigned lane, unsigned reg, unsigned bit, unsigned& row, unsigned& col) {
  const unsigned g = lane / 4, t = lane % 4, width = 8 * el_bytes(e), x = bit / width;
  if (width == 16) {
    const unsigned i = 2 * reg + x;
    row = g + 8 * ((i >> 1) & 1);
    col = 2 * t + (i & 1) + 8 * (i >> 2);
  } else if (width == 32) {
    row = g + 8 * (reg & 1);
    col = t + 4 * (reg >> 1);
  } else {
    row = g + 8 * (reg & 1);
    col = 4 * t + x + 16 * (reg >> 1);
  }
}

// Where the nibble of chunk `chunk` of row `row` (0..15 in a warp) sits, as
// mma.sp m16n8k32 (16-bit), m16n8k16 (tf32) and m16n8k64 (8-bit) place it.
inline void meta_place(El e, unsigned row, unsigned chunk, unsigned sel, unsigned& lane,
                       unsigned& shift) {
  const unsigned upper = row / 8, first = (row % 8) * 4;
  if (el_bytes(e) == 1) {
    lane = first + (chunk / 8) * 2 + upper;
    shift = 4 * (chunk % 8);
  } else {
    lane = first + sel * 2 + chunk / 4;
    shift = 4 * (chunk % 4) + 16 * upper;
  }
}

inline uint32_t valid_nibble(El e, Rng& r) {
  static const uint32_t pairs[6] = {0x4, 0x8, 0xc, 0x9, 0xd, 0xe};
  return e == El::tf32 ? (r.below(2) ? 0xeu : 0x4u) : pairs[r.below(6)];
}

// A descriptor without its start address: LBO, SBO (bytes), swizzle mode
// (0 none, 1 128-byte, 2 64-byte, 3 32-byte).
inline uint64_t descriptor(uint32_t lbo, uint32_t sbo, unsigned swizzle) {
  return uint64_t{(lbo >> 4) & 0x3fffu} << 16 | uint64_t{(sbo >> 4) & 0x3fffu} << 32 |
         uint64_t{swizzle} << 62;
}

inline Case make_case(const Form& f, unsigned form_index, unsigned cs) {
  Rng r{(uint64_t{form_index} << 32) ^ (cs * 0x51ed27u) ^ 0x77a1u};
  Case c;
  const unsigned kind = kind_of(f, cs);
  c.image.assign(image_bytes(f) / 4, 0);
  c.a.assign(128 * 4, 0);
  c.c.assign(128 * d_regs(f), 0);
  c.meta.assign(128, 0);
  const unsigned ab = el_bytes(f.a), bb = el_bytes(f.b), packed = packed_of(f.a), k = k_of(f.a);
  const bool structured = f.input == Input::address || (kind == 4 && !f.trans_a && !f.trans_b);

  // Metadata: every nibble of every lane valid (bad_meta: any value), so
  // that whatever lanes the hardware reads hold defined indices.
  for (auto& m : c.meta) {
    m = 0;
    for (unsigned s = 0; s < 32; s += 4) {
      m |= (f.input == Input::bad_meta ? r.below(16) : valid_nibble(f.a, r)) << s;
    }
  }
  // The logical column of each packed element under that metadata.
  const auto column = [&](unsigned row, unsigned p) {
    const unsigned w = row / 16, rr = row % 16;
    unsigned lane, shift;
    if (f.a == El::tf32) {
      meta_place(f.a, rr, p, f.sel, lane, shift);
      return 2 * p + ((c.meta[32 * w + lane] >> shift >> 1) & 1);
    }
    const unsigned chunk = p / 2;
    meta_place(f.a, rr, chunk, f.sel, lane, shift);
    return 4 * chunk + ((c.meta[32 * w + lane] >> shift >> (2 * (p % 2))) & 3);
  };

  uint32_t a_off = 0, b_off = kARegion, a_lbo = 128, a_sbo = 256, b_lbo = 128, b_sbo = 512;
  unsigned a_sw = 0, b_sw = 0;
  std::vector<uint32_t> pa(64 * packed, 0);  // structured cases: packed A, row-major
  if (!structured) {
    // Every element slot random; a random layout per case.
    const unsigned per = 4 / ab;
    for (unsigned w = 0; w < kARegion / 4; ++w) {
      uint32_t v = 0;
      for (unsigned i = 0; i < per; ++i) v |= element(f.a, kind, r) << (8 * ab * i);
      c.image[w] = v;
    }
    for (unsigned w = kARegion / 4; w < c.image.size(); ++w) {
      uint32_t v = 0;
      for (unsigned i = 0; i < 4 / bb; ++i) v |= element(f.b, kind, r) << (8 * bb * i);
      c.image[w] = v;
    }
    for (auto& x : c.a) {
      uint32_t v = 0;
      for (unsigned i = 0; i < 4 / ab; ++i) v |= element(f.a, kind, r) << (8 * ab * i);
      x = v;
    }
    static const unsigned kSwizzleOf[4] = {0, 3, 2, 1};  // none, 32, 64, 128 bytes
    a_sw = kSwizzleOf[r.below(4)];
    b_sw = kSwizzleOf[r.below(4)];
    const auto width = [](unsigned sw) { return sw == 0 ? 0u : 256u >> sw; };
    const unsigned aw = width(a_sw), bw = width(b_sw);
    // Start addresses 0..3 16-byte chunks into the region (inside a swizzle
    // atom: how a K loop advances), strides as the canonical layouts use
    // them or twice that.
    a_off = 16 * r.below(4);
    b_off = kARegion + 16 * r.below(4);
    if (f.trans_a) {
      a_lbo = aw == 0 ? 128u * (1 + r.below(2)) : 4 * aw * (1 + r.below(2));
      a_sbo = aw == 0 ? 256u * (1 + r.below(2)) : 8 * aw;
    } else {
      a_lbo = 128u * (1 + r.below(2));
      a_sbo = aw == 0 ? 256u * (1 + r.below(2)) : 8 * aw;
    }
    const unsigned groups = f.n / 8;
    if (f.trans_b) {
      b_lbo = bw == 0 ? 128u * (1 + r.below(2)) : 8 * bw * (1 + r.below(2));
      b_sbo = bw == 0 ? 128u * groups : 8 * bw;
      if (bw != 0 && b_lbo * (f.n / (bw / 2) + 1) + 4 * b_sbo > b_region(f)) b_lbo = 8 * bw;
    } else {
      b_sbo = bw == 0 ? 512u : 8 * bw;
      b_lbo = bw == 0 ? 128u * (1 + r.below(2)) : groups * b_sbo;  // next K atom after all of N
    }
  } else if (f.input == Input::address) {
    // B's region holds f16 elements equal to their own offset / 2 in it;
    // row m of A has a single 1 at logical column m % 32 (f16: K = 32).
    for (uint32_t h = 0; h < b_region(f) / 2 && h < 2048; ++h) {
      uint32_t bits = 0;  // h as f16, exact up to 2048
      if (h != 0) {
        int e = 31 - __builtin_clz(h);
        bits = static_cast<uint32_t>(e + 15) << 10 | ((h << (10 - e)) & 0x3ffu);
      }
      put(c.image, kARegion + 2 * h, bits, 2);
    }
    static const unsigned kSwizzleOf[4] = {0, 3, 2, 1};
    b_sw = kSwizzleOf[cs % 4];
    const unsigned bw = b_sw == 0 ? 0u : 256u >> b_sw;
    const unsigned v = cs / 4 % 4;
    if (f.trans_b) {
      b_lbo = bw == 0 ? 128u << (v % 2) : 8 * bw;
      b_sbo = bw == 0 ? 256u << (v / 2) : 8 * bw;
    } else {
      b_lbo = bw == 0 ? 128u << v : 512u << (v % 2);
      b_sbo = bw == 0 ? 512u : 8 * bw;
    }
    for (unsigned row = 0; row < 64; ++row) {
      const unsigned want = row % 32;
      for (unsigned p = 0; p < packed; ++p) {
        if (column(row, p) == want) {
          pa[row * packed + p] = 0x3c00;  // 1.0
          break;
        }
      }
    }
  } else {
    // Cancellation: B's columns constant (s_n), A's rows pairs x, -x and
    // one element 2^-10..2^-40 of x, so the exact sum is that element times
    // s_n (plus C).
    std::vector<uint32_t> s(f.n);
    for (auto& x : s) x = element(f.b, 0, r);
    for (unsigned n = 0; n < f.n; ++n) {
      for (unsigned kk = 0; kk < k; ++kk) {
        const uint32_t at =
            b_off + (n / 8) * b_sbo + (kk * bb / 16) * b_lbo + (n % 8) * 16 + kk * bb % 16;
        put(c.image, at, s[n], bb);
      }
    }
    const unsigned sign_shift = 8 * ab - 1;
    for (unsigned row = 0; row < 64; ++row) {
      for (unsigned p = 0; p + 1 < packed; p += 2) {
        const uint32_t x = element(f.a, 0, r);
        pa[row * packed + p] = x;
        pa[row * packed + p + 1] =
            el_float(f.a)
                ? x ^ (1u << sign_shift)
                : (static_cast<uint32_t>(-static_cast<int32_t>(static_cast<int8_t>(x))) & 0xffu);
      }
      // One small element: the same kind, smaller exponent.
      uint32_t t = element(f.a, 2, r);
      pa[row * packed + r.below(packed)] = t;
    }
  }
  if (structured) {
    for (unsigned row = 0; row < 64; ++row) {
      for (unsigned p = 0; p < packed; ++p) {
        const uint32_t at =
            a_off + (row / 8) * a_sbo + (p * ab / 16) * a_lbo + (row % 8) * 16 + p * ab % 16;
        put(c.image, at, pa[row * packed + p], ab);
      }
    }
    for (unsigned t = 0; t < 128; ++t) {
      const unsigned w = t / 32, lane = t % 32;
      for (unsigned reg = 0; reg < 4; ++reg) {
        uint32_t v = 0;
        for (unsigned bit = 0; bit < 32; bit += 8 * ab) {
          unsigned row, col;
          a_coord(f.a, lane, reg, bit, row, col);
          v |= pa[(16 * w + row) * packed + col] << bit;
        }
        c.a[4 * t + reg] = v;
      }
    }
  }
  // Accumulators.
  for (auto& x : c.c) {
    if (f.input == Input::address) {
      x = 0;
    } else if (f.d == Acc::f32) {
      x = f32_of(kind, r);
    } else if (f.d == Acc::f16) {
      x = f16_of(kind, r) | f16_of(kind, r) << 16;
    } else {
      x = s32_of(kind, r);
    }
  }
  const uint64_t da = descriptor(a_lbo, a_sbo, a_sw), db = descriptor(b_lbo, b_sbo, b_sw);
  c.ctl[0] = a_off;
  c.ctl[1] = b_off;
  c.ctl[2] = static_cast<uint32_t>(da);
  c.ctl[3] = static_cast<uint32_t>(da >> 32);
  c.ctl[4] = static_cast<uint32_t>(db);
  c.ctl[5] = static_cast<uint32_t>(db >> 32);
  c.ctl[6] = (kind == 6 && f.input == Input::numeric) || f.input == Input::address ? 0u : 1u;
  if (!el_float(f.a) && kind % 4 == 3) c.ctl[6] = 0;
  return c;
}

// The instruction of a form, operands named as the kernel below names them.
inline std::string instruction(const Form& f) {
  std::string s = "wgmma.mma_async.sp.sync.aligned.m64n" + std::to_string(f.n) + "k" +
                  std::to_string(k_of(f.a)) + "." + acc_name(f.d) + "." + el_name(f.a) + "." +
                  el_name(f.b) + (f.sat ? ".satfinite" : "") + " {";
  for (unsigned i = 0; i < d_regs(f); ++i) s += (i ? ", %d" : "%d") + std::to_string(i);
  s += "}, ";
  s += f.a_regs ? "{%a0, %a1, %a2, %a3}" : "%rd20";
  s += ", %rd21, %r20, " + std::to_string(f.sel) + ", %p1";
  if (el_float(f.a)) s += ", " + std::to_string(f.scale_a) + ", " + std::to_string(f.scale_b);
  if (el_sixteen(f.a)) {
    if (!f.a_regs) s += ", " + std::to_string(f.trans_a);
    s += ", " + std::to_string(f.trans_b);
  }
  return s + ";";
}

// The kernel of a form: (image, ctl, a, c, meta, d) as global pointers, one
// case per block of 128 threads.
inline std::string kernel_ptx(const Form& f) {
  const unsigned img = image_bytes(f), dr = d_regs(f);
  std::string k = ".visible .entry wgsp_" + std::string(f.name) +
                  "(.param .u64 pimg, .param .u64 pctl, .param .u64 pa, .param .u64 pc,"
                  " .param .u64 pmeta, .param .u64 pd)\n{\n"
                  "  .reg .b32 %r<40>;\n  .reg .b32 %a<4>;\n  .reg .b32 %d<" +
                  std::to_string(dr) +
                  ">;\n  .reg .b64 %rd<40>;\n  .reg .pred %p<3>;\n"
                  "  .shared .align 1024 .b8 smem[" +
                  std::to_string(img) +
                  "];\n"
                  "  ld.param.u64 %rd1, [pimg];\n  ld.param.u64 %rd2, [pctl];\n"
                  "  ld.param.u64 %rd3, [pa];\n  ld.param.u64 %rd4, [pc];\n"
                  "  ld.param.u64 %rd5, [pmeta];\n  ld.param.u64 %rd6, [pd];\n"
                  "  mov.u32 %r1, %tid.x;\n  mov.u32 %r2, %ctaid.x;\n  mov.u32 %r3, smem;\n"
                  "  mul.wide.u32 %rd7, %r2, " +
                  std::to_string(img) +
                  ";\n  add.s64 %rd1, %rd1, %rd7;\n"
                  "  mov.u32 %r4, %r1;\n"
                  "COPY:\n  setp.ge.u32 %p2, %r4, " +
                  std::to_string(img / 4) +
                  ";\n  @%p2 bra COPIED;\n"
                  "  mul.wide.u32 %rd8, %r4, 4;\n  add.s64 %rd9, %rd1, %rd8;\n"
                  "  ld.global.u32 %r5, [%rd9];\n  shl.b32 %r6, %r4, 2;\n"
                  "  add.u32 %r7, %r3, %r6;\n  st.shared.u32 [%r7], %r5;\n"
                  "  add.u32 %r4, %r4, 128;\n  bra COPY;\n"
                  "COPIED:\n  fence.proxy.async.shared::cta;\n  bar.sync 0;\n"
                  // Control words.
                  "  mul.wide.u32 %rd10, %r2, " +
                  std::to_string(kCtlWords * 4) +
                  ";\n  add.s64 %rd11, %rd2, %rd10;\n"
                  "  ld.global.v4.u32 {%r8, %r9, %r10, %r11}, [%rd11];\n"
                  "  ld.global.v4.u32 {%r12, %r13, %r14, %r15}, [%rd11+16];\n"
                  "  add.u32 %r16, %r3, %r8;\n  shr.u32 %r16, %r16, 4;\n"
                  "  mov.b64 %rd12, {%r10, %r11};\n  cvt.u64.u32 %rd13, %r16;\n"
                  "  or.b64 %rd20, %rd12, %rd13;\n"
                  "  add.u32 %r17, %r3, %r9;\n  shr.u32 %r17, %r17, 4;\n"
                  "  mov.b64 %rd14, {%r12, %r13};\n  cvt.u64.u32 %rd15, %r17;\n"
                  "  or.b64 %rd21, %rd14, %rd15;\n"
                  "  setp.ne.u32 %p1, %r14, 0;\n"
                  // Per-thread words: t = case * 128 + tid.
                  "  mad.lo.u32 %r18, %r2, 128, %r1;\n"
                  "  mul.wide.u32 %rd16, %r18, 4;\n  add.s64 %rd17, %rd5, %rd16;\n"
                  "  ld.global.u32 %r20, [%rd17];\n"
                  "  mul.wide.u32 %rd18, %r18, 16;\n  add.s64 %rd19, %rd3, %rd18;\n"
                  "  ld.global.v4.u32 {%a0, %a1, %a2, %a3}, [%rd19];\n"
                  "  mul.wide.u32 %rd22, %r18, " +
                  std::to_string(dr * 4) +
                  ";\n  add.s64 %rd23, %rd4, %rd22;\n"
                  "  add.s64 %rd24, %rd6, %rd22;\n";
  for (unsigned i = 0; i < dr; ++i) {
    k += "  ld.global.u32 %d" + std::to_string(i) + ", [%rd23+" + std::to_string(4 * i) + "];\n";
  }
  k += "  wgmma.fence.sync.aligned;\n  " + instruction(f) +
       "\n  wgmma.commit_group.sync.aligned;\n  wgmma.wait_group.sync.aligned 0;\n";
  for (unsigned i = 0; i < dr; ++i) {
    k += "  st.global.u32 [%rd24+" + std::to_string(4 * i) + "], %d" + std::to_string(i) + ";\n";
  }
  return k + "  ret;\n}\n";
}

inline std::string module_ptx() {
  std::string m = ".version 8.7\n.target sm_90a\n.address_size 64\n\n";
  for (const Form& f : forms()) m += kernel_ptx(f) + "\n";
  return m;
}

}  // namespace smsim::probe::wgsp
