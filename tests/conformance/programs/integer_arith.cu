// Integer arithmetic across widths (Handbook 8.2): 8/16/32/64-bit add, sub,
// mul.lo/hi/wide, mad, mul24/mad24 hi and lo, neg/abs/min/max, sign and zero
// extension, saturating adds, 64-bit shifts and bit counts, and the C++
// operators on narrow types with their promotions.
#include "../common/conformance.cuh"

using namespace conf;

using u16 = uint16_t;
using u32 = uint32_t;
using u64 = uint64_t;
using ll = long long;

#define PTX_R2(Name, instruction)                               \
  __device__ u32 Name(u32 a, u32 b) {                           \
    u32 d;                                                      \
    asm(instruction " %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b)); \
    return d;                                                   \
  }
#define PTX_R3(Name, instruction)                                               \
  __device__ u32 Name(u32 a, u32 b) {                                           \
    u32 d;                                                                      \
    asm(instruction " %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(a ^ b)); \
    return d;                                                                   \
  }
#define PTX_H2(Name, instruction)                              \
  __device__ u32 Name(u32 a, u32 b) {                          \
    u16 d;                                                     \
    asm(instruction " %0, %1, %2;"                             \
        : "=h"(d)                                              \
        : "h"(static_cast<u16>(a)), "h"(static_cast<u16>(b))); \
    return d;                                                  \
  }
#define PTX_L2(Name, instruction)                               \
  __device__ u64 Name(u64 a, u64 b) {                           \
    u64 d;                                                      \
    asm(instruction " %0, %1, %2;" : "=l"(d) : "l"(a), "l"(b)); \
    return d;                                                   \
  }
PTX_R2(mul_hi_s32, "mul.hi.s32")
PTX_R2(mul_hi_u32, "mul.hi.u32") PTX_R2(mul24_hi_s32, "mul24.hi.s32")
    PTX_R2(mul24_hi_u32, "mul24.hi.u32") PTX_R2(mul24_lo_s32, "mul24.lo.s32")
        PTX_R2(add_sat, "add.sat.s32") PTX_R2(sub_sat, "sub.sat.s32") PTX_R2(min_s32, "min.s32")
            PTX_R2(max_u32, "max.u32") PTX_R3(mad_lo_s32, "mad.lo.s32")
                PTX_R3(mad_hi_u32, "mad.hi.u32") PTX_R3(mad_hi_sat_s32, "mad.hi.sat.s32")
                    PTX_R3(mad24_lo_u32, "mad24.lo.u32") PTX_R3(mad24_hi_s32, "mad24.hi.s32")
                        PTX_R3(mad24_hi_sat_s32, "mad24.hi.sat.s32") PTX_H2(add_u16, "add.u16")
                            PTX_H2(sub_s16, "sub.s16") PTX_H2(mul_lo_s16, "mul.lo.s16")
                                PTX_H2(mul_hi_u16, "mul.hi.u16") PTX_H2(min_s16, "min.s16")
                                    PTX_H2(div_s16, "div.s16") PTX_H2(rem_u16, "rem.u16")
                                        PTX_L2(mul_hi_s64, "mul.hi.s64")
                                            PTX_L2(mul_lo_u64, "mul.lo.u64")
                                                PTX_L2(min_s64, "min.s64")
                                                    PTX_L2(max_u64, "max.u64")
                                                        PTX_L2(sub_s64, "sub.s64") __device__ u32
    shr_s16(u32 a, u32 b) {
  u16 d;
  asm("shr.s16 %0, %1, %2;" : "=h"(d) : "h"(static_cast<u16>(a)), "r"(b));
  return d;
}
__device__ u64 mul_wide_u32(u32 a, u32 b) {
  u64 d;
  asm("mul.wide.u32 %0, %1, %2;" : "=l"(d) : "r"(a), "r"(b));
  return d;
}
__device__ u32 mul_wide_s16(u32 a, u32 b) {
  u32 d;
  asm("mul.wide.s16 %0, %1, %2;" : "=r"(d) : "h"(static_cast<u16>(a)), "h"(static_cast<u16>(b)));
  return d;
}
__device__ u64 mad_wide_s32(u32 a, u32 b) {
  u64 d;
  asm("mad.wide.s32 %0, %1, %2, %3;" : "=l"(d) : "r"(a), "r"(b), "l"(static_cast<u64>(a) << 17));
  return d;
}
__device__ u32 shl_s64_count(u64 a, u64 b) {
  u64 s, r;
  asm("shr.s64 %0, %1, %2;" : "=l"(s) : "l"(a), "r"(static_cast<u32>(b & 127u)));
  asm("shr.u64 %0, %1, %2;" : "=l"(r) : "l"(a), "r"(static_cast<u32>((b >> 8) & 127u)));
  u32 count;
  asm("popc.b64 %0, %1;" : "=r"(count) : "l"(s ^ r));
  u32 leading;
  asm("clz.b64 %0, %1;" : "=r"(leading) : "l"(s & r));
  return count << 8 | leading;
}
__device__ u32 extend(u32 a) {
  int s8, s16;
  u32 u8;
  asm("cvt.s32.s8 %0, %1;" : "=r"(s8) : "r"(a));
  asm("cvt.s32.s16 %0, %1;" : "=r"(s16) : "r"(a >> 3));
  asm("cvt.u32.u8 %0, %1;" : "=r"(u8) : "r"(a >> 7));
  return static_cast<u32>(s8) ^ static_cast<u32>(s16) * 3u ^ u8 * 5u;
}
__device__ u32 cvt_sat_narrow(u32 a) {
  u32 s8, u8, s16;
  asm("cvt.sat.s8.s32 %0, %1;" : "=r"(s8) : "r"(a));
  asm("cvt.sat.u8.s32 %0, %1;" : "=r"(u8) : "r"(a));
  asm("cvt.sat.s16.s32 %0, %1;" : "=r"(s16) : "r"(a >> 4));
  return (s8 & 0xffu) | (u8 & 0xffu) << 8 | (s16 & 0xffffu) << 16;
}

CONF_BINARY(MulHiS32, u32, u32, u32, mul_hi_s32(x, y));
CONF_BINARY(MulHiU32, u32, u32, u32, mul_hi_u32(x, y));
CONF_BINARY(Mul24HiS32, u32, u32, u32, mul24_hi_s32(x, y));
CONF_BINARY(Mul24HiU32, u32, u32, u32, mul24_hi_u32(x, y));
CONF_BINARY(Mul24LoS32, u32, u32, u32, mul24_lo_s32(x, y));
CONF_BINARY(AddSat, u32, u32, u32, add_sat(x, y));
CONF_BINARY(SubSat, u32, u32, u32, sub_sat(x, y));
CONF_BINARY(MinS32, u32, u32, u32, min_s32(x, y));
CONF_BINARY(MaxU32, u32, u32, u32, max_u32(x, y));
CONF_BINARY(MadLoS32, u32, u32, u32, mad_lo_s32(x, y));
CONF_BINARY(MadHiU32, u32, u32, u32, mad_hi_u32(x, y));
CONF_BINARY(MadHiSatS32, u32, u32, u32, mad_hi_sat_s32(x, y));
CONF_BINARY(Mad24LoU32, u32, u32, u32, mad24_lo_u32(x, y));
CONF_BINARY(Mad24HiS32, u32, u32, u32, mad24_hi_s32(x, y));
CONF_BINARY(Mad24HiSatS32, u32, u32, u32, mad24_hi_sat_s32(x, y));
CONF_BINARY(AddU16, u32, u32, u32, add_u16(x, y));
CONF_BINARY(SubS16, u32, u32, u32, sub_s16(x, y));
CONF_BINARY(MulLoS16, u32, u32, u32, mul_lo_s16(x, y));
CONF_BINARY(MulHiU16, u32, u32, u32, mul_hi_u16(x, y));
CONF_BINARY(MinS16, u32, u32, u32, min_s16(x, y));
CONF_BINARY(DivS16, u32, u32, u32, div_s16(x, y));
CONF_BINARY(RemU16, u32, u32, u32, rem_u16(x, y));
CONF_BINARY(ShrS16, u32, u32, u32, shr_s16(x, y & 31u));
CONF_BINARY(MulWideU32, u64, u32, u32, mul_wide_u32(x, y));
CONF_BINARY(MulWideS16, u32, u32, u32, mul_wide_s16(x, y));
CONF_BINARY(MadWideS32, u64, u32, u32, mad_wide_s32(x, y));
CONF_BINARY(CharPromotion, u32, u32, u32,
            static_cast<u32>(static_cast<signed char>(x) * static_cast<unsigned char>(y) +
                             static_cast<short>(x >> 8) / (static_cast<short>(y) | 1)));
CONF_BINARY(MulHiS64, u64, u64, u64, mul_hi_s64(x, y));
CONF_BINARY(MulLoU64, u64, u64, u64, mul_lo_u64(x, y));
CONF_BINARY(MinS64, u64, u64, u64, min_s64(x, y));
CONF_BINARY(MaxU64, u64, u64, u64, max_u64(x, y));
CONF_BINARY(SubS64, u64, u64, u64, sub_s64(x, y));
CONF_BINARY(Shifts64, u32, u64, u64, shl_s64_count(x, y));
CONF_BINARY(Add64Operator, u64, u64, u64, x + y * 3u - (x >> 5));
CONF_UNARY(Extend, u32, u32, extend(x));
CONF_UNARY(CvtSatNarrow, u32, u32, cvt_sat_narrow(x));
CONF_UNARY(NegAbs, u32, u32,
           static_cast<u32>(-static_cast<int>(x)) ^ static_cast<u32>(abs(static_cast<int>(x)))
                                                        << 1);
CONF_UNARY(Abs64, u64, u64,
           static_cast<u64>(llabs(static_cast<ll>(x))) ^ static_cast<u64>(-static_cast<ll>(x)));

int main() {
  begin("integer_arith");
  const auto [a, b] = uint_pairs();
  run_binary<MulHiS32>("mul.hi.s32", a, b);
  run_binary<MulHiU32>("mul.hi.u32", a, b);
  run_binary<Mul24HiS32>("mul24.hi.s32", a, b);
  run_binary<Mul24HiU32>("mul24.hi.u32", a, b);
  run_binary<Mul24LoS32>("mul24.lo.s32", a, b);
  run_binary<AddSat>("add.sat.s32", a, b);
  run_binary<SubSat>("sub.sat.s32", a, b);
  run_binary<MinS32>("min.s32", a, b);
  run_binary<MaxU32>("max.u32", a, b);
  run_binary<MadLoS32>("mad.lo.s32", a, b);
  run_binary<MadHiU32>("mad.hi.u32", a, b);
  run_binary<MadHiSatS32>("mad.hi.sat.s32", a, b);
  run_binary<Mad24LoU32>("mad24.lo.u32", a, b);
  run_binary<Mad24HiS32>("mad24.hi.s32", a, b);
  run_binary<Mad24HiSatS32>("mad24.hi.sat.s32", a, b);
  run_binary<AddU16>("add.u16", a, b);
  run_binary<SubS16>("sub.s16", a, b);
  run_binary<MulLoS16>("mul.lo.s16", a, b);
  run_binary<MulHiU16>("mul.hi.u16", a, b);
  run_binary<MinS16>("min.s16", a, b);
  run_binary<DivS16>("div.s16", a, b);
  run_binary<RemU16>("rem.u16", a, b);
  run_binary<ShrS16>("shr.s16", a, b);
  run_binary<MulWideU32>("mul.wide.u32", a, b);
  run_binary<MulWideS16>("mul.wide.s16", a, b);
  run_binary<MadWideS32>("mad.wide.s32", a, b);
  run_binary<CharPromotion>("char_short_promotions", a, b);
  const auto [p, q] = uint64_pairs();
  run_binary<MulHiS64>("mul.hi.s64", p, q);
  run_binary<MulLoU64>("mul.lo.u64", p, q);
  run_binary<MinS64>("min.s64", p, q);
  run_binary<MaxU64>("max.u64", p, q);
  run_binary<SubS64>("sub.s64", p, q);
  run_binary<Shifts64>("shr.s64_u64_popc_clz", p, q);
  run_binary<Add64Operator>("add_mul_shift_u64", p, q);
  const auto u = uint_inputs();
  run_unary<Extend>("cvt_sign_zero_extend", u);
  run_unary<CvtSatNarrow>("cvt.sat_narrow", u);
  run_unary<NegAbs>("neg_abs_s32", u);
  run_unary<Abs64>("abs_neg_s64", uint64_inputs());
  return 0;
}
