// Integer arithmetic and bit operations against the H100's results.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "device_golden.h"
#include "isa/semantics/integer_arith.h"
#include "isa/semantics/integer_bits.h"
#include "isa/semantics/integer_dot.h"
#include "probe_inputs.h"

namespace smsim::isa::sem {
namespace {

uint32_t w(uint64_t x) {
  return static_cast<uint32_t>(x);
}

#define EXPECT_U32_OP(name, ...)                                                         \
  EXPECT_MATCHES_DEVICE(name, [](uint64_t a64, uint64_t b64, uint64_t c64) -> uint64_t { \
    const uint32_t a = w(a64), b = w(b64), c = w(c64);                                   \
    (void)a, (void)b, (void)c;                                                           \
    return (__VA_ARGS__);                                                                \
  })
#define EXPECT_U64_OP(name, ...)                                                   \
  EXPECT_MATCHES_DEVICE(name, [](uint64_t a, uint64_t b, uint64_t c) -> uint64_t { \
    (void)a, (void)b, (void)c;                                                     \
    return (__VA_ARGS__);                                                          \
  })

TEST(IntegerOnDevice, DivisionAndRemainderIncludingByZero) {
  EXPECT_U32_OP("div.u32", div_unsigned<uint32_t>(a, b));
  EXPECT_U32_OP("div.s32", div_signed<uint32_t>(a, b));
  EXPECT_U32_OP("rem.u32", rem_unsigned<uint32_t>(a, b));
  EXPECT_U32_OP("rem.s32", rem_signed<uint32_t>(a, b));
  EXPECT_U64_OP("div.u64", div_unsigned<uint64_t>(a, b));
  EXPECT_U64_OP("div.s64", div_signed<uint64_t>(a, b));
  EXPECT_U64_OP("rem.u64", rem_unsigned<uint64_t>(a, b));
  EXPECT_U64_OP("rem.s64", rem_signed<uint64_t>(a, b));
}

TEST(IntegerOnDevice, MultiplyAndMad) {
  EXPECT_U32_OP("mul.hi.u32", mul_hi_u32(a, b));
  EXPECT_U32_OP("mul.hi.s32", mul_hi_s32(a, b));
  EXPECT_U32_OP("mul.lo.u32", mul_lo<uint32_t>(a, b));
  EXPECT_U32_OP("mul.wide.u32", mul_wide_u32(a, b));
  EXPECT_U32_OP("mul.wide.s32", mul_wide_s32(a, b));
  EXPECT_U64_OP("mul.hi.u64", mul_hi_u64(a, b));
  EXPECT_U64_OP("mul.hi.s64", mul_hi_s64(a, b));
  EXPECT_U32_OP("mul24.hi.u32", mul24_hi(a, b, false));
  EXPECT_U32_OP("mul24.hi.s32", mul24_hi(a, b, true));
  EXPECT_U32_OP("mul24.lo.u32", mul24_lo(a, b, false));
  EXPECT_U32_OP("mul24.lo.s32", mul24_lo(a, b, true));
  EXPECT_U32_OP("mad.hi.sat.s32", mad_hi_sat_s32(a, b, c));
  EXPECT_U32_OP("mad.hi.u32", mul_hi_u32(a, b) + c);
  EXPECT_U32_OP("mad.lo.s32", a * b + c);
  EXPECT_U32_OP("mad24.hi.sat.s32", mad24_hi_sat_s32(a, b, c));
  EXPECT_U32_OP("mad24.hi.u32", mul24_hi(a, b, false) + c);
  EXPECT_U32_OP("mad24.lo.u32", mul24_lo(a, b, false) + c);
}

TEST(IntegerOnDevice, SaturationMinMaxAbs) {
  EXPECT_U32_OP("add.sat.s32", add_sat_s32(a, b));
  EXPECT_U32_OP("sub.sat.s32", sub_sat_s32(a, b));
  EXPECT_U32_OP("min.u32", min_int<uint32_t>(a, b, false));
  EXPECT_U32_OP("max.u32", max_int<uint32_t>(a, b, false));
  EXPECT_U32_OP("min.s32", static_cast<uint32_t>(min_int<int32_t>(static_cast<int32_t>(a),
                                                                  static_cast<int32_t>(b), false)));
  EXPECT_U32_OP("max.s32", static_cast<uint32_t>(max_int<int32_t>(static_cast<int32_t>(a),
                                                                  static_cast<int32_t>(b), false)));
  EXPECT_U32_OP("min.relu.s32", static_cast<uint32_t>(min_int<int32_t>(
                                    static_cast<int32_t>(a), static_cast<int32_t>(b), true)));
  EXPECT_U32_OP("max.relu.s32", static_cast<uint32_t>(max_int<int32_t>(
                                    static_cast<int32_t>(a), static_cast<int32_t>(b), true)));
  EXPECT_U32_OP("min.u16x2", min_max_16x2<uint16_t>(a, b, false, false));
  EXPECT_U32_OP("max.u16x2", min_max_16x2<uint16_t>(a, b, true, false));
  EXPECT_U32_OP("min.s16x2", min_max_16x2<int16_t>(a, b, false, false));
  EXPECT_U32_OP("max.s16x2", min_max_16x2<int16_t>(a, b, true, false));
  EXPECT_U32_OP("min.relu.s16x2", min_max_16x2<int16_t>(a, b, false, true));
  EXPECT_U32_OP("max.relu.s16x2", min_max_16x2<int16_t>(a, b, true, true));
  EXPECT_U64_OP("min.s64", static_cast<uint64_t>(min_int<int64_t>(static_cast<int64_t>(a),
                                                                  static_cast<int64_t>(b), false)));
  EXPECT_U64_OP("max.u64", max_int<uint64_t>(a, b, false));
  EXPECT_U32_OP("abs.s32", abs_int<uint32_t>(a));
  EXPECT_U32_OP("neg.s32", 0u - a);
  EXPECT_U32_OP("not.b32", ~a);
  EXPECT_U32_OP("cnot.b32", cnot<uint32_t>(a));
  EXPECT_U32_OP("sad.u32", sad<uint32_t>(a, b, c, false));
  EXPECT_U32_OP("sad.s32", sad<uint32_t>(a, b, c, true));
}

TEST(IntegerOnDevice, CarryChains) {
  // add.cc t = a + b; addc.cc d = c + a + CF; addc t = CF; d += t.
  EXPECT_U32_OP("addc.chain.u32", [&] {
    const auto first = add_cc<uint32_t>(a, b);
    const auto second = add_with_carry<uint32_t>(c, a, first.carry);
    return second.value + (second.carry ? 1u : 0u);
  }());
  // sub.cc t = a - b; subc.cc d = c - a - borrow; subc t = 0 - 0 - borrow; d ^= t.
  EXPECT_U32_OP("subc.chain.u32", [&] {
    const auto first = sub_cc<uint32_t>(a, b);
    const auto second = sub_with_carry<uint32_t>(c, a, first.carry);
    const auto third = sub_with_carry<uint32_t>(0, 0, second.carry);
    return second.value ^ third.value;
  }());
  // mad.lo.cc t = lo(a*b) + c; madc.hi.cc d = hi(a*b) + t + CF; addc t = CF; d += t.
  EXPECT_U32_OP("madc.chain.u32", [&] {
    const auto first = add_cc<uint32_t>(a * b, c);
    const auto second = add_with_carry<uint32_t>(mul_hi_u32(a, b), first.value, first.carry);
    return second.value + (second.carry ? 1u : 0u);
  }());
}

TEST(IntegerOnDevice, BitOperations) {
  EXPECT_U32_OP("popc.b32", popc<uint32_t>(a));
  EXPECT_U32_OP("clz.b32", clz<uint32_t>(a));
  EXPECT_U32_OP("brev.b32", brev<uint32_t>(a));
  EXPECT_U32_OP("bfind.u32", bfind<uint32_t>(a, false, false));
  EXPECT_U32_OP("bfind.s32", bfind<uint32_t>(a, true, false));
  EXPECT_U32_OP("bfind.shiftamt.u32", bfind<uint32_t>(a, false, true));
  EXPECT_U32_OP("bfind.shiftamt.s32", bfind<uint32_t>(a, true, true));
  EXPECT_U64_OP("popc.b64", popc<uint64_t>(a));
  EXPECT_U64_OP("clz.b64", clz<uint64_t>(a));
  EXPECT_U64_OP("bfind.u64", bfind<uint64_t>(a, false, false));
  EXPECT_U64_OP("bfind.s64", bfind<uint64_t>(a, true, false));
  EXPECT_U32_OP("bfe.u32", bfe<uint32_t>(a, b, c, false));
  EXPECT_U32_OP("bfe.s32", bfe<uint32_t>(a, b, c, true));
  EXPECT_U64_OP("bfe.u64",
                bfe<uint64_t>(a, static_cast<uint32_t>(b), static_cast<uint32_t>(c), false));
  EXPECT_U64_OP("bfe.s64",
                bfe<uint64_t>(a, static_cast<uint32_t>(b), static_cast<uint32_t>(c), true));
  EXPECT_U32_OP("bfi.b32", bfi<uint32_t>(a, b, probe::bfi_position(c), probe::bfi_length(c)));
  EXPECT_U32_OP("fns.b32", fns(a, b, static_cast<int32_t>(c)));
  EXPECT_U32_OP("bmsk.clamp.b32", bmsk(a, b, ShiftMode::clamp));
  EXPECT_U32_OP("bmsk.wrap.b32", bmsk(a, b, ShiftMode::wrap));
  EXPECT_U32_OP("szext.clamp.s32", szext(a, b, ShiftMode::clamp, true));
  EXPECT_U32_OP("szext.clamp.u32", szext(a, b, ShiftMode::clamp, false));
  EXPECT_U32_OP("szext.wrap.s32", szext(a, b, ShiftMode::wrap, true));
  EXPECT_U32_OP("szext.wrap.u32", szext(a, b, ShiftMode::wrap, false));
  EXPECT_U32_OP("shf.l.clamp.b32", shf(a, b, c, FunnelDirection::left, ShiftMode::clamp));
  EXPECT_U32_OP("shf.l.wrap.b32", shf(a, b, c, FunnelDirection::left, ShiftMode::wrap));
  EXPECT_U32_OP("shf.r.clamp.b32", shf(a, b, c, FunnelDirection::right, ShiftMode::clamp));
  EXPECT_U32_OP("shf.r.wrap.b32", shf(a, b, c, FunnelDirection::right, ShiftMode::wrap));
  EXPECT_U32_OP("shl.b32", shl<uint32_t>(a, b));
  EXPECT_U32_OP("shr.u32", shr<uint32_t>(a, b, false));
  EXPECT_U32_OP("shr.s32", shr<uint32_t>(a, b, true));
  EXPECT_U64_OP("shl.b64", shl<uint64_t>(a, static_cast<uint32_t>(b)));
  EXPECT_U64_OP("shr.u64", shr<uint64_t>(a, static_cast<uint32_t>(b), false));
  EXPECT_U64_OP("shr.s64", shr<uint64_t>(a, static_cast<uint32_t>(b), true));
}

TEST(IntegerOnDevice, PermuteEveryMode) {
  EXPECT_U32_OP("prmt.b32", prmt(a, b, c, PermuteMode::generic));
  EXPECT_U32_OP("prmt.b32.f4e", prmt(a, b, c, PermuteMode::f4e));
  EXPECT_U32_OP("prmt.b32.b4e", prmt(a, b, c, PermuteMode::b4e));
  EXPECT_U32_OP("prmt.b32.rc8", prmt(a, b, c, PermuteMode::rc8));
  EXPECT_U32_OP("prmt.b32.ecl", prmt(a, b, c, PermuteMode::ecl));
  EXPECT_U32_OP("prmt.b32.ecr", prmt(a, b, c, PermuteMode::ecr));
  EXPECT_U32_OP("prmt.b32.rc16", prmt(a, b, c, PermuteMode::rc16));
}

TEST(IntegerOnDevice, Lop3Tables) {
  for (const uint8_t table : {0x96, 0xe8, 0xca, 0x80, 0xfe, 0x1e, 0x6a, 0x00, 0xff, 0xb4}) {
    char name[32];
    std::snprintf(name, sizeof name, "lop3.b32.0x%02x", table);
    EXPECT_MATCHES_DEVICE(name, [table](uint64_t a, uint64_t b, uint64_t c) -> uint64_t {
      return lop3(w(a), w(b), w(c), table);
    });
  }
}

TEST(IntegerOnDevice, DotProducts) {
  EXPECT_U32_OP("dp4a.u32.u32", dp4a(a, b, c, false, false));
  EXPECT_U32_OP("dp4a.s32.s32", dp4a(a, b, c, true, true));
  EXPECT_U32_OP("dp4a.s32.u32", dp4a(a, b, c, true, false));
  EXPECT_U32_OP("dp4a.u32.s32", dp4a(a, b, c, false, true));
  EXPECT_U32_OP("dp2a.lo.u32.u32", dp2a(a, b, c, false, false, false));
  EXPECT_U32_OP("dp2a.hi.s32.s32", dp2a(a, b, c, true, true, true));
  EXPECT_U32_OP("dp2a.lo.s32.u32", dp2a(a, b, c, true, false, false));
  EXPECT_U32_OP("dp2a.hi.u32.s32", dp2a(a, b, c, false, true, true));
}

}  // namespace
}  // namespace smsim::isa::sem
