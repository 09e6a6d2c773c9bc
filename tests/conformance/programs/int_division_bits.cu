// Integer division and remainder at the edges (zero divisors, INT_MIN / -1) in
// 32 and 64 bits, shifts by out-of-range amounts, and the bit-field, permute,
// three-input logic and carry-chain PTX instructions.
#include "../common/conformance.cuh"

using namespace conf;

using u32 = uint32_t;
using u64 = uint64_t;
using ll = long long;

__device__ u32 ptx_shl(u32 a, u32 b) {
  u32 d;
  asm("shl.b32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
  return d;
}
__device__ u32 ptx_shr_s(u32 a, u32 b) {
  int d;
  asm("shr.s32 %0, %1, %2;" : "=r"(d) : "r"(static_cast<int>(a)), "r"(b));
  return static_cast<u32>(d);
}
__device__ u32 ptx_shr_u(u32 a, u32 b) {
  u32 d;
  asm("shr.u32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
  return d;
}
__device__ u64 ptx_shl64(u64 a, u32 b) {
  u64 d;
  asm("shl.b64 %0, %1, %2;" : "=l"(d) : "l"(a), "r"(b));
  return d;
}
__device__ u32 ptx_bfe_u(u32 a, u32 b) {
  u32 d;
  asm("bfe.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b & 0xff), "r"((b >> 8) & 0xff));
  return d;
}
__device__ u32 ptx_bfe_s(u32 a, u32 b) {
  int d;
  asm("bfe.s32 %0, %1, %2, %3;"
      : "=r"(d)
      : "r"(static_cast<int>(a)), "r"(b & 0xff), "r"((b >> 8) & 0xff));
  return static_cast<u32>(d);
}
__device__ u32 ptx_bfi(u32 a, u32 b) {
  u32 d;
  asm("bfi.b32 %0, %1, %2, %3, %4;"
      : "=r"(d)
      : "r"(a), "r"(b), "r"(b & 0xff), "r"((a >> 8) & 0xff));
  return d;
}
__device__ u64 ptx_bfe_u64(u64 a, u64 b) {
  u64 d;
  asm("bfe.u64 %0, %1, %2, %3;"
      : "=l"(d)
      : "l"(a), "r"(static_cast<u32>(b & 0xff)), "r"(static_cast<u32>((b >> 8) & 0xff)));
  return d;
}
#define PRMT_MODE(Name, mode)                                                        \
  __device__ u32 Name(u32 a, u32 b) {                                                \
    u32 d;                                                                           \
    asm("prmt.b32." mode " %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(a ^ b)); \
    return d;                                                                        \
  }
PRMT_MODE(prmt_f4e, "f4e")
PRMT_MODE(prmt_b4e, "b4e")
PRMT_MODE(prmt_rc8, "rc8")
PRMT_MODE(prmt_ecl, "ecl")
PRMT_MODE(prmt_ecr, "ecr")
PRMT_MODE(prmt_rc16, "rc16")
#undef PRMT_MODE
__device__ u32 lop3_mix(u32 a, u32 b) {
  u32 d0, d1;
  asm("lop3.b32 %0, %1, %2, %3, 0x96;" : "=r"(d0) : "r"(a), "r"(b), "r"(a + b));
  asm("lop3.b32 %0, %1, %2, %3, 0xe8;" : "=r"(d1) : "r"(a), "r"(b), "r"(a * b));
  return d0 ^ (d1 << 1);
}
__device__ u32 shf_l_clamp(u32 a, u32 b) {
  u32 d;
  asm("shf.l.clamp.b32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(b >> 26));
  return d;
}
__device__ u32 shf_r_wrap(u32 a, u32 b) {
  u32 d;
  asm("shf.r.wrap.b32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(a >> 25));
  return d;
}
// A 96-bit add with carry chain: (a:b:a) + (b:a:b), returning the top word
// xor the middle word so that every carry shows.
__device__ u32 add_carry_chain(u32 a, u32 b) {
  u32 lo, mid, hi;
  asm("add.cc.u32 %0, %3, %4;\n\t"
      "addc.cc.u32 %1, %4, %3;\n\t"
      "addc.u32 %2, %3, %4;"
      : "=r"(lo), "=r"(mid), "=r"(hi)
      : "r"(a), "r"(b));
  return hi ^ mid ^ lo;
}
__device__ u32 sub_borrow_chain(u32 a, u32 b) {
  u32 lo, hi;
  asm("sub.cc.u32 %0, %2, %3;\n\t"
      "subc.u32 %1, %3, %2;"
      : "=r"(lo), "=r"(hi)
      : "r"(a), "r"(b));
  return hi * 31u + lo;
}
__device__ u32 mad_cc_chain(u32 a, u32 b) {
  u32 lo, hi;
  asm("mad.lo.cc.u32 %0, %2, %3, %2;\n\t"
      "madc.hi.u32 %1, %2, %3, %3;"
      : "=r"(lo), "=r"(hi)
      : "r"(a), "r"(b));
  return hi ^ lo;
}
__device__ u32 sad_ptx(u32 a, u32 b) {
  int d;
  asm("sad.s32 %0, %1, %2, %3;"
      : "=r"(d)
      : "r"(static_cast<int>(a)), "r"(static_cast<int>(b)), "r"(7));
  return static_cast<u32>(d);
}
__device__ u32 szext(u32 a, u32 b) {
  u32 d;
  asm("szext.wrap.s32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
  return d;
}
__device__ u32 bmsk(u32 a, u32 b) {
  u32 d;
  asm("bmsk.clamp.b32 %0, %1, %2;" : "=r"(d) : "r"(a & 63u), "r"(b & 63u));
  return d;
}

#define S(v) static_cast<int>(v)
CONF_BINARY(DivS32, int, u32, u32, S(x) / S(y));
CONF_BINARY(RemS32, int, u32, u32, S(x) % S(y));
CONF_BINARY(DivU32, u32, u32, u32, x / y);
CONF_BINARY(RemU32, u32, u32, u32, x % y);
CONF_BINARY(DivByConst7, int, u32, u32, S(x) / 7 + S(y) % -7);
CONF_BINARY(DivS64, ll, u64, u64, static_cast<ll>(x) / static_cast<ll>(y));
CONF_BINARY(RemS64, ll, u64, u64, static_cast<ll>(x) % static_cast<ll>(y));
CONF_BINARY(DivU64, u64, u64, u64, x / y);
CONF_BINARY(RemU64, u64, u64, u64, x % y);
CONF_BINARY(Shl, u32, u32, u32, ptx_shl(x, y & 63u));
CONF_BINARY(ShrS, u32, u32, u32, ptx_shr_s(x, y & 63u));
CONF_BINARY(ShrU, u32, u32, u32, ptx_shr_u(x, y & 63u));
CONF_BINARY(Shl64, u64, u64, u64, ptx_shl64(x, static_cast<u32>(y & 127u)));
CONF_BINARY(ShlMasked, u32, u32, u32, x << (y & 31u));
CONF_BINARY(BfeU, u32, u32, u32, ptx_bfe_u(x, y));
CONF_BINARY(BfeS, u32, u32, u32, ptx_bfe_s(x, y));
CONF_BINARY(Bfi, u32, u32, u32, ptx_bfi(x, y));
CONF_BINARY(BfeU64, u64, u64, u64, ptx_bfe_u64(x, y));
CONF_BINARY(PrmtF4e, u32, u32, u32, prmt_f4e(x, y));
CONF_BINARY(PrmtB4e, u32, u32, u32, prmt_b4e(x, y));
CONF_BINARY(PrmtRc8, u32, u32, u32, prmt_rc8(x, y));
CONF_BINARY(PrmtEcl, u32, u32, u32, prmt_ecl(x, y));
CONF_BINARY(PrmtEcr, u32, u32, u32, prmt_ecr(x, y));
CONF_BINARY(PrmtRc16, u32, u32, u32, prmt_rc16(x, y));
CONF_BINARY(Lop3, u32, u32, u32, lop3_mix(x, y));
CONF_BINARY(ShfLClamp, u32, u32, u32, shf_l_clamp(x, y));
CONF_BINARY(ShfRWrap, u32, u32, u32, shf_r_wrap(x, y));
CONF_BINARY(AddCarry, u32, u32, u32, add_carry_chain(x, y));
CONF_BINARY(SubBorrow, u32, u32, u32, sub_borrow_chain(x, y));
CONF_BINARY(MadCarry, u32, u32, u32, mad_cc_chain(x, y));
CONF_BINARY(SadS32, u32, u32, u32, sad_ptx(x, y));
CONF_BINARY(Szext, u32, u32, u32, szext(x, y));
CONF_BINARY(Bmsk, u32, u32, u32, bmsk(x, y));
CONF_BINARY(MulWide, ll, u32, u32, static_cast<ll>(S(x)) * S(y));
CONF_BINARY(MadHi, u32, u32, u32, __umulhi(x, y) + x * y);
CONF_BINARY(SatAdd, int, u32, u32, ([&] {
              int d;
              asm("add.sat.s32 %0, %1, %2;" : "=r"(d) : "r"(S(x)), "r"(S(y)));
              return d;
            }()));

int main() {
  begin("int_division_bits");
  const auto [a, b] = uint_pairs();
  run_binary<DivS32>("div_s32", a, b);
  run_binary<RemS32>("rem_s32", a, b);
  run_binary<DivU32>("div_u32", a, b);
  run_binary<RemU32>("rem_u32", a, b);
  run_binary<DivByConst7>("div_rem_by_constant_7", a, b);
  run_binary<Shl>("shl_b32_amount_0_63", a, b);
  run_binary<ShrS>("shr_s32_amount_0_63", a, b);
  run_binary<ShrU>("shr_u32_amount_0_63", a, b);
  run_binary<ShlMasked>("shl_masked_c", a, b);
  run_binary<BfeU>("bfe_u32", a, b);
  run_binary<BfeS>("bfe_s32", a, b);
  run_binary<Bfi>("bfi_b32", a, b);
  run_binary<PrmtF4e>("prmt_f4e", a, b);
  run_binary<PrmtB4e>("prmt_b4e", a, b);
  run_binary<PrmtRc8>("prmt_rc8", a, b);
  run_binary<PrmtEcl>("prmt_ecl", a, b);
  run_binary<PrmtEcr>("prmt_ecr", a, b);
  run_binary<PrmtRc16>("prmt_rc16", a, b);
  run_binary<Lop3>("lop3", a, b);
  run_binary<ShfLClamp>("shf_l_clamp", a, b);
  run_binary<ShfRWrap>("shf_r_wrap", a, b);
  run_binary<AddCarry>("add_cc_chain", a, b);
  run_binary<SubBorrow>("sub_cc_chain", a, b);
  run_binary<MadCarry>("mad_cc_chain", a, b);
  run_binary<SadS32>("sad_s32", a, b);
  run_binary<Szext>("szext_wrap_s32", a, b);
  run_binary<Bmsk>("bmsk_clamp", a, b);
  run_binary<MulWide>("mul_wide_s32", a, b);
  run_binary<MadHi>("umulhi_plus_lo", a, b);
  run_binary<SatAdd>("add_sat_s32", a, b);
  const auto [p, q] = uint64_pairs();
  run_binary<DivS64>("div_s64", p, q);
  run_binary<RemS64>("rem_s64", p, q);
  run_binary<DivU64>("div_u64", p, q);
  run_binary<RemU64>("rem_u64", p, q);
  run_binary<Shl64>("shl_b64_amount_0_127", p, q);
  run_binary<BfeU64>("bfe_u64", p, q);
  return 0;
}
