// The instruction forms that real nvcc 13 output uses most and that no other
// engine test ran (the opcode coverage report's list, docs/opcode-coverage.md),
// each against hand-computed values or the host's IEEE arithmetic.

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "engine_harness.h"
#include "kernel_builder.h"

namespace smsim::func {
namespace {

using testing::Harness;
using testing::KernelBuilder;
using M = isa::Modifier;
using O = isa::Opcode;
using T = isa::Type;

struct Src {
  std::uint64_t value;
  std::uint8_t bits;  // 1 for a predicate
};

isa::Type bits_type(std::uint8_t bits) {
  switch (bits) {
    case 16: return T::B16;
    case 32: return T::B32;
    default: return T::B64;
  }
}

// Runs `opcode.modifiers.types d, sources...` for one full warp, every source
// in a register of its width (a predicate set by setp from its value), and
// returns lane 0's d, a predicate result read back through selp.
std::uint64_t run(O opcode, std::initializer_list<T> types, std::initializer_list<M> modifiers,
                  std::uint8_t dst_bits, std::vector<Src> sources) {
  KernelBuilder k("form");
  k.param(8);
  const auto out = k.reg(64), result = k.reg(64);
  k.op(O::Ld, {T::U64}, {M::Param}, 1, {k.r(out), k.abs_addr(0)});
  std::vector<SpecOperand> operands;
  const auto d = k.reg(dst_bits);
  operands.push_back(k.r(d));
  for (const Src& s : sources) {
    if (s.bits == 1) {
      const auto v = k.reg(32), p = k.pred();
      k.op(O::Mov, {T::B32}, {}, 1, {k.r(v), k.imm(s.value)});
      k.op(O::Setp, {T::U32}, {M::Ne}, 1, {k.r(p), k.r(v), k.imm(0)});
      operands.push_back(k.r(p));
    } else {
      const auto r = k.reg(s.bits);
      k.op(O::Mov, {bits_type(s.bits)}, {}, 1, {k.r(r), k.imm(s.value)});
      operands.push_back(k.r(r));
    }
  }
  InstructionSpec& s = k.op(opcode, types, modifiers, 1, {});
  s.operands = operands;
  if (dst_bits == 1) {
    k.op(O::Selp, {T::U64}, {}, 1, {k.r(result), k.imm(1), k.imm(0), k.r(d)});
  } else if (dst_bits == 64) {
    k.op(O::Mov, {T::B64}, {}, 1, {k.r(result), k.r(d)});
  } else {
    k.op(O::Cvt, {T::U64, dst_bits == 16 ? T::U16 : T::U32}, {}, 1, {k.r(result), k.r(d)});
  }
  k.op(O::St, {T::B64}, {M::Global}, 0, {k.addr(out), k.r(result)});
  k.exit();
  Harness h;
  return h.run_for_result<std::uint64_t>(k.build(), {32});
}

std::uint64_t f64(double x) { return std::bit_cast<std::uint64_t>(x); }
std::uint64_t f32(float x) { return std::bit_cast<std::uint32_t>(x); }
Src d64(double x) { return {f64(x), 64}; }
Src s32(float x) { return {f32(x), 32}; }
Src u64(std::uint64_t x) { return {x, 64}; }
Src u32(std::uint32_t x) { return {x, 32}; }
Src pred(bool x) { return {x ? 1u : 0u, 1}; }
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr float kNaNf = std::numeric_limits<float>::quiet_NaN();

TEST(CommonForms, FmaRnF64RoundsOnce) {
  // a = 1 + 2^-27: a*a - 1 = 2^-26 + 2^-54 exactly; a separate multiply would
  // round a*a to 1 + 2^-26 first and give 2^-26.
  const double a = 1.0 + std::ldexp(1.0, -27);
  EXPECT_EQ(run(O::Fma, {T::F64}, {M::Rn}, 64, {d64(a), d64(a), d64(-1.0)}),
            0x3E50'0000'0100'0000u);
}

TEST(CommonForms, MulSubRnF64MatchHostIeee) {
  volatile double three = 3.0, tenth = 0.1, one = 1.0, tiny = std::ldexp(1.0, -60);
  EXPECT_EQ(run(O::Mul, {T::F64}, {M::Rn}, 64, {d64(three), d64(tenth)}), f64(three * tenth));
  EXPECT_EQ(run(O::Mul, {T::F64}, {M::Rn}, 64, {d64(three), d64(tenth)}), 0x3FD3'3333'3333'3334u);
  EXPECT_EQ(run(O::Sub, {T::F64}, {}, 64, {d64(one), d64(tiny)}), f64(1.0));
  EXPECT_EQ(run(O::Sub, {T::F64}, {}, 64, {d64(0.5), d64(0.75)}), f64(-0.25));
}

TEST(CommonForms, NegAbsF64AreSignOperations) {
  EXPECT_EQ(run(O::Neg, {T::F64}, {}, 64, {d64(1.5)}), 0xBFF8'0000'0000'0000u);
  EXPECT_EQ(run(O::Neg, {T::F64}, {}, 64, {d64(0.0)}), 0x8000'0000'0000'0000u);
  EXPECT_EQ(run(O::Abs, {T::F64}, {}, 64, {d64(-2.5)}), f64(2.5));
  EXPECT_EQ(run(O::Abs, {T::F64}, {}, 64, {d64(-0.0)}), 0u);
}

TEST(CommonForms, SelpPassesBitsThrough) {
  const std::uint64_t payload_nan = 0x7FC0'1234;
  EXPECT_EQ(run(O::Selp, {T::F32}, {}, 32, {u32(payload_nan), s32(2.0f), pred(true)}),
            payload_nan);
  EXPECT_EQ(run(O::Selp, {T::F32}, {}, 32, {u32(payload_nan), s32(2.0f), pred(false)}),
            f32(2.0f));
  EXPECT_EQ(run(O::Selp, {T::F64}, {}, 64, {d64(-0.0), d64(1.0), pred(true)}),
            0x8000'0000'0000'0000u);
  EXPECT_EQ(run(O::Selp, {T::F64}, {}, 64, {d64(-0.0), d64(1.0), pred(false)}), f64(1.0));
}

TEST(CommonForms, FloatSetpOrderedAndUnordered) {
  auto setp32 = [](M cmp, float a, float b) {
    return run(O::Setp, {T::F32}, {cmp}, 1, {s32(a), s32(b)});
  };
  auto setp64 = [](M cmp, double a, double b) {
    return run(O::Setp, {T::F64}, {cmp}, 1, {d64(a), d64(b)});
  };
  EXPECT_EQ(setp32(M::Lt, 1.0f, 2.0f), 1u);
  EXPECT_EQ(setp32(M::Lt, 2.0f, 2.0f), 0u);
  EXPECT_EQ(setp32(M::Lt, kNaNf, 2.0f), 0u);  // ordered: false on NaN
  EXPECT_EQ(setp32(M::Geu, 1.0f, 2.0f), 0u);
  EXPECT_EQ(setp32(M::Geu, 2.0f, 2.0f), 1u);
  EXPECT_EQ(setp32(M::Geu, kNaNf, 2.0f), 1u);  // unordered: true on NaN
  EXPECT_EQ(setp32(M::Eq, -0.0f, 0.0f), 1u);
  EXPECT_EQ(setp32(M::Eq, kNaNf, kNaNf), 0u);
  EXPECT_EQ(setp64(M::Eq, 0.1, 0.1), 1u);
  EXPECT_EQ(setp64(M::Eq, kNaN, kNaN), 0u);
  EXPECT_EQ(setp64(M::Gtu, 1.0, 2.0), 0u);
  EXPECT_EQ(setp64(M::Gtu, kNaN, 2.0), 1u);
  EXPECT_EQ(setp64(M::Gtu, 3.0, 2.0), 1u);
}

TEST(CommonForms, IntegerSetpSignedAndUnsigned) {
  EXPECT_EQ(run(O::Setp, {T::S64}, {M::Lt}, 1, {u64(~0ULL), u64(0)}), 1u);   // -1 < 0
  EXPECT_EQ(run(O::Setp, {T::U64}, {M::Le}, 1, {u64(~0ULL), u64(0)}), 0u);
  EXPECT_EQ(run(O::Setp, {T::U64}, {M::Gt}, 1, {u64(1ULL << 63), u64(1)}), 1u);
  EXPECT_EQ(run(O::Setp, {T::S64}, {M::Eq}, 1, {u64(1ULL << 40), u64(1ULL << 40)}), 1u);
  EXPECT_EQ(run(O::Setp, {T::S64}, {M::Eq}, 1, {u64(1ULL << 40), u64(0)}), 0u);  // upper half counts
  EXPECT_EQ(run(O::Setp, {T::S32}, {M::Le}, 1, {u32(0xFFFF'FFFB), u32(0xFFFF'FFFB)}), 1u);
  EXPECT_EQ(run(O::Setp, {T::S32}, {M::Le}, 1, {u32(0), u32(0xFFFF'FFFB)}), 0u);  // 0 <= -5
  EXPECT_EQ(run(O::Setp, {T::U32}, {M::Gt}, 1, {u32(0xFFFF'FFFF), u32(1)}), 1u);
}

TEST(CommonForms, AndPred) {
  EXPECT_EQ(run(O::And, {T::Pred}, {}, 1, {pred(true), pred(true)}), 1u);
  EXPECT_EQ(run(O::And, {T::Pred}, {}, 1, {pred(true), pred(false)}), 0u);
  EXPECT_EQ(run(O::And, {T::Pred}, {}, 1, {pred(false), pred(false)}), 0u);
}

TEST(CommonForms, MinMaxSigned) {
  EXPECT_EQ(run(O::Max, {T::S64}, {}, 64, {u64(~0ULL), u64(5)}), 5u);
  EXPECT_EQ(run(O::Max, {T::S64}, {}, 64, {u64(1ULL << 63), u64(~0ULL)}), ~0ULL);
  EXPECT_EQ(run(O::Min, {T::S32}, {}, 32, {u32(0xFFFF'FFFD), u32(2)}), 0xFFFF'FFFDu);
}

TEST(CommonForms, ShiftsRightClampTheShiftAmount) {
  EXPECT_EQ(run(O::Shr, {T::S32}, {}, 32, {u32(0x8000'0000), u32(4)}), 0xF800'0000u);
  EXPECT_EQ(run(O::Shr, {T::S32}, {}, 32, {u32(0xFFFF'FFF8), u32(40)}), 0xFFFF'FFFFu);
  EXPECT_EQ(run(O::Shr, {T::S32}, {}, 32, {u32(0x7FFF'FFF8), u32(40)}), 0u);
  EXPECT_EQ(run(O::Shr, {T::B32}, {}, 32, {u32(0x8000'0000), u32(4)}), 0x0800'0000u);
  EXPECT_EQ(run(O::Shr, {T::B32}, {}, 32, {u32(0x8000'0000), u32(33)}), 0u);
}

TEST(CommonForms, SixtyFourBitIntegerAndLogic) {
  EXPECT_EQ(run(O::Sub, {T::S64}, {}, 64, {u64(0), u64(1)}), ~0ULL);
  EXPECT_EQ(run(O::Sub, {T::S64}, {}, 64, {u64(1ULL << 32), u64(1)}), 0xFFFF'FFFFu);
  EXPECT_EQ(run(O::Not, {T::B64}, {}, 64, {u64(0x00FF'00FF'00FF'00FFu)}), 0xFF00'FF00'FF00'FF00u);
  EXPECT_EQ(run(O::Xor, {T::B64}, {}, 64, {u64(0xF0F0'0000'0000'000Fu), u64(0xFF00'0000'0000'00FFu)}),
            0x0FF0'0000'0000'00F0u);
}

TEST(CommonForms, SixteenBitForms) {
  EXPECT_EQ(run(O::Add, {T::S16}, {}, 16, {{0x7FFF, 16}, {1, 16}}), 0x8000u);  // wraps
  EXPECT_EQ(run(O::Cvt, {T::U32, T::U16}, {}, 32, {{0xFFFF, 16}}), 0xFFFFu);  // zero-extends
}

TEST(CommonForms, PrmtDefaultMode) {
  // Selector nibbles 0,1,4,5: a's two low bytes, then b's two low bytes.
  EXPECT_EQ(run(O::Prmt, {T::B32}, {}, 32, {u32(0x0302'0100), u32(0x0706'0504), u32(0x5410)}),
            0x0504'0100u);
  // Bit 3 of a nibble replicates the chosen byte's sign: byte 1 of b (0x86).
  EXPECT_EQ(run(O::Prmt, {T::B32}, {}, 32, {u32(0x0302'0100), u32(0x0706'8604), u32(0x000D)}),
            0x0000'00FFu);
}

TEST(CommonForms, CvtRnF32F64) {
  EXPECT_EQ(run(O::Cvt, {T::F32, T::F64}, {M::Rn}, 32, {d64(0.1)}), f32(0.1f));
  EXPECT_EQ(run(O::Cvt, {T::F32, T::F64}, {M::Rn}, 32, {d64(1e300)}), 0x7F80'0000u);
  // 1 + 2^-24 is halfway between two floats: ties to even gives 1.
  EXPECT_EQ(run(O::Cvt, {T::F32, T::F64}, {M::Rn}, 32, {d64(1.0 + std::ldexp(1.0, -24))}),
            f32(1.0f));
}


TEST(CommonForms, MoreFloatCompares) {
  auto setp32 = [](M cmp, float a, float b) {
    return run(O::Setp, {T::F32}, {cmp}, 1, {s32(a), s32(b)});
  };
  auto setp64 = [](M cmp, double a, double b) {
    return run(O::Setp, {T::F64}, {cmp}, 1, {d64(a), d64(b)});
  };
  EXPECT_EQ(setp32(M::Gt, 3.0f, 2.0f), 1u);
  EXPECT_EQ(setp32(M::Gt, kNaNf, 2.0f), 0u);
  EXPECT_EQ(setp32(M::Le, 2.0f, 2.0f), 1u);
  EXPECT_EQ(setp32(M::Le, 2.0f, kNaNf), 0u);
  EXPECT_EQ(setp64(M::Ltu, 1.0, 2.0), 1u);
  EXPECT_EQ(setp64(M::Ltu, 2.0, 1.0), 0u);
  EXPECT_EQ(setp64(M::Ltu, 2.0, kNaN), 1u);
  EXPECT_EQ(setp64(M::Lt, -0.0, 0.0), 0u);
  EXPECT_EQ(setp64(M::Lt, kNaN, 1.0), 0u);
  EXPECT_EQ(setp64(M::Leu, kNaN, 1.0), 1u);
  EXPECT_EQ(setp64(M::Leu, 1.5, 1.0), 0u);
  EXPECT_EQ(setp64(M::Gt, 1.0, -1.0), 1u);
  EXPECT_EQ(setp64(M::Gt, kNaN, -1.0), 0u);
  EXPECT_EQ(run(O::Setp, {T::U32}, {M::Le}, 1, {u32(0xFFFF'FFFF), u32(1)}), 0u);
  EXPECT_EQ(run(O::Setp, {T::U32}, {M::Le}, 1, {u32(7), u32(7)}), 1u);
}

TEST(CommonForms, AddSubRoundToNearest) {
  volatile double a = 0.1, b = 0.2;
  EXPECT_EQ(run(O::Add, {T::F64}, {M::Rn}, 64, {d64(a), d64(b)}), f64(a + b));
  EXPECT_EQ(run(O::Add, {T::F64}, {M::Rn}, 64, {d64(a), d64(b)}), 0x3FD3'3333'3333'3334u);
  volatile float c = 1.0f, d = 0x1p-25f;
  EXPECT_EQ(run(O::Sub, {T::F32}, {}, 32, {s32(c), s32(d)}), f32(c - d));
  EXPECT_EQ(run(O::Sub, {T::F32}, {}, 32, {s32(c), s32(d)}), f32(1.0f));  // ties to even
}

TEST(CommonForms, MovMinU64Copysign) {
  EXPECT_EQ(run(O::Mov, {T::S64}, {}, 64, {u64(0x8000'0000'0000'0001u)}), 0x8000'0000'0000'0001u);
  EXPECT_EQ(run(O::Min, {T::U64}, {}, 64, {u64(~0ULL), u64(5)}), 5u);
  EXPECT_EQ(run(O::Min, {T::U64}, {}, 64, {u64(1ULL << 63), u64(1ULL << 62)}), 1ULL << 62);
  // copysign d, a, b: b's magnitude with a's sign.
  EXPECT_EQ(run(O::Copysign, {T::F64}, {}, 64, {d64(-1.0), d64(2.0)}), f64(-2.0));
  EXPECT_EQ(run(O::Copysign, {T::F64}, {}, 64, {d64(0.0), d64(-3.0)}), f64(3.0));
}

TEST(CommonForms, RoundToIntegralF32) {
  auto cvt = [](M mode, float x) { return run(O::Cvt, {T::F32, T::F32}, {mode}, 32, {s32(x)}); };
  EXPECT_EQ(cvt(M::Rni, 2.5f), f32(2.0f));  // ties to even
  EXPECT_EQ(cvt(M::Rni, 3.5f), f32(4.0f));
  EXPECT_EQ(cvt(M::Rni, -0.5f), f32(-0.0f));
  EXPECT_EQ(cvt(M::Rzi, -2.7f), f32(-2.0f));
  EXPECT_EQ(cvt(M::Rzi, 0x1p30f + 64.0f), f32(0x1p30f + 64.0f));  // already integral
}

// One warp through the shared, read-only global and atomic forms nvcc emits
// most: each lane moves in[2t], in[2t+1] through 64-bit and vector accesses
// of its own 16 shared bytes and writes ten results; the lanes count with
// atom.add on a shared u32 and a global u64.
TEST(CommonForms, SharedVectorNonCoherentAndAtomicForms) {
  KernelBuilder k("memory_forms");
  k.param(8);
  k.param(8);
  k.shared_bytes(32 * 16 + 4);
  const auto pin = k.reg(64), pout = k.reg(64), tid = k.reg(), off64 = k.reg(64), gin = k.reg(64),
             a = k.reg(64), b = k.reg(64), c = k.reg(64), e = k.reg(64), f = k.reg(64),
             soff = k.reg(), g = k.reg(64), h = k.reg(64), i = k.reg(64), x0 = k.reg(),
             x1 = k.reg(), x2 = k.reg(), x3 = k.reg(), old = k.reg(), old2 = k.reg(64),
             ooff = k.reg(64), po = k.reg(64), cnt = k.reg(64);
  k.op(O::Ld, {T::U64}, {M::Param}, 1, {k.r(pin), k.abs_addr(0)});
  k.op(O::Ld, {T::U64}, {M::Param}, 1, {k.r(pout), k.abs_addr(8)});
  k.op(O::Mov, {T::U32}, {}, 1, {k.r(tid), k.sreg(isa::SpecialRegister::Tid, isa::SregComponent::X)});
  k.op(O::Mul, {T::U32}, {M::Wide}, 1, {k.r(off64), k.r(tid), k.imm(16)});
  k.op(O::Add, {T::S64}, {}, 1, {k.r(gin), k.r(pin), k.r(off64)});
  k.op(O::Ld, {T::U64}, {M::Global, M::Nc}, 1, {k.r(a), k.addr(gin)});
  k.op(O::Ld, {T::U64}, {M::Global, M::Nc, M::V2}, 2, {k.r(b), k.r(c), k.addr(gin)});
  k.op(O::Ld, {T::F64}, {M::Global, M::Nc, M::V2}, 2, {k.r(e), k.r(f), k.addr(gin)});
  k.op(O::Mul, {T::U32}, {M::Lo}, 1, {k.r(soff), k.r(tid), k.imm(16)});
  k.op(O::St, {T::U64}, {M::Shared}, 0, {k.addr(soff), k.r(a)});
  k.op(O::St, {T::U64}, {M::Shared, M::V2}, 0, {k.addr(soff), k.r(c), k.r(b)});
  k.op(O::Ld, {T::U64}, {M::Shared}, 1, {k.r(g), k.addr(soff)});
  k.op(O::Ld, {T::U64}, {M::Shared, M::V2}, 2, {k.r(h), k.r(i), k.addr(soff)});
  k.op(O::Ld, {T::F32}, {M::Shared, M::V4}, 4, {k.r(x0), k.r(x1), k.r(x2), k.r(x3), k.addr(soff)});
  k.op(O::Atom, {T::U32}, {M::Shared, M::Add}, 1, {k.r(old), k.abs_addr(32 * 16), k.imm(1)});
  k.op(O::Add, {T::S64}, {}, 1, {k.r(cnt), k.r(pout), k.imm(32 * 80)});
  k.op(O::Atom, {T::U64}, {M::Global, M::Add}, 1, {k.r(old2), k.addr(cnt), k.imm(1ULL << 32)});
  k.op(O::Mul, {T::U32}, {M::Wide}, 1, {k.r(ooff), k.r(tid), k.imm(80)});
  k.op(O::Add, {T::S64}, {}, 1, {k.r(po), k.r(pout), k.r(ooff)});
  const std::array<std::uint32_t, 8> wide{a, b, c, f, g, h, i, old2};
  for (std::size_t n = 0; n < wide.size(); ++n) {
    k.op(O::St, {T::U64}, {M::Global}, 0, {k.addr(po, n * 8), k.r(wide[n])});
  }
  k.op(O::St, {T::U32}, {M::Global}, 0, {k.addr(po, 64), k.r(x1)});
  k.op(O::St, {T::U32}, {M::Global}, 0, {k.addr(po, 72), k.r(old)});
  k.exit();

  Harness h_;
  std::vector<std::uint64_t> in(64);
  for (std::size_t n = 0; n < in.size(); ++n) in[n] = (n + 1) * 0x0000'0001'0000'0003u;
  const std::uint64_t din = h_.upload(in);
  const std::uint64_t dout = h_.upload(std::vector<std::uint64_t>(32 * 10 + 1));
  const LaunchResult r = h_.run(k.build(), {1}, {32}, testing::ParamBytes().add(din).add(dout));
  ASSERT_TRUE(r.ok()) << r.error.message;
  const std::vector<std::uint64_t> out = h_.download<std::uint64_t>(dout, 32 * 10 + 1);
  std::vector<std::uint64_t> olds, olds2;
  for (std::size_t t = 0; t < 32; ++t) {
    const std::uint64_t* o = &out[t * 10];
    const std::uint64_t lo = in[2 * t], hi = in[2 * t + 1];
    EXPECT_EQ(o[0], lo) << t;   // ld.global.nc.u64
    EXPECT_EQ(o[1], lo) << t;   // ld.v2.global.nc.u64, first element
    EXPECT_EQ(o[2], hi) << t;   // second element
    EXPECT_EQ(o[3], hi) << t;   // ld.v2.global.nc.f64 keeps the bits
    EXPECT_EQ(o[4], hi) << t;   // st.v2.shared.u64 {c, b} overwrote st.shared.u64
    EXPECT_EQ(o[5], hi) << t;   // ld.v2.shared.u64
    EXPECT_EQ(o[6], lo) << t;
    EXPECT_EQ(o[8] & 0xFFFF'FFFFu, hi >> 32) << t;  // ld.v4.shared.f32, element 1
    olds.push_back(o[9] & 0xFFFF'FFFFu);
    olds2.push_back(o[7]);
  }
  std::sort(olds.begin(), olds.end());
  std::sort(olds2.begin(), olds2.end());
  for (std::uint64_t n = 0; n < 32; ++n) {
    EXPECT_EQ(olds[n], n);  // every lane saw a distinct count
    EXPECT_EQ(olds2[n], n << 32);
  }
  EXPECT_EQ(out[32 * 10], 32ULL << 32);
}

struct ChainStep {
  O opcode;
  std::initializer_list<M> modifiers;
  std::vector<std::uint32_t> sources;  // immediates
};

// Runs three 32-bit carry-chain steps `op d<n>, imm...` and returns d0, d1, d2.
std::array<std::uint32_t, 3> run_chain(const std::array<ChainStep, 3>& steps) {
  KernelBuilder k("chain3");
  k.param(8);
  const auto out = k.reg(64);
  std::array<std::uint32_t, 3> d{};
  k.op(O::Ld, {T::U64}, {M::Param}, 1, {k.r(out), k.abs_addr(0)});
  for (std::size_t n = 0; n < steps.size(); ++n) {
    d[n] = k.reg();
    InstructionSpec& s = k.op(steps[n].opcode, {T::U32}, steps[n].modifiers, 1, {k.r(d[n])});
    for (std::uint32_t v : steps[n].sources) s.operands.push_back(KernelBuilder::imm(v));
  }
  for (std::size_t n = 0; n < steps.size(); ++n) {
    k.op(O::St, {T::U32}, {M::Global}, 0, {k.addr(out, 4 * n), k.r(d[n])});
  }
  k.exit();
  Harness h;
  const std::uint64_t slot = h.upload(std::vector<std::uint32_t>(4));
  const LaunchResult r = h.run(k.build(), {1}, {1}, testing::ParamBytes().add(slot));
  EXPECT_TRUE(r.ok()) << r.error.message;
  const auto words = h.download<std::uint32_t>(slot, 3);
  return {words[0], words[1], words[2]};
}

TEST(CommonForms, NinetySixBitChainsThroughSubcCcAndMadcHiCc) {
  // 0x5_00000000_00000000 - 1: the borrow runs through the middle word.
  EXPECT_EQ(run_chain({{{O::Sub, {M::Cc}, {0, 1}},
                        {O::Subc, {M::Cc}, {0, 0}},
                        {O::Subc, {}, {5, 0}}}}),
            (std::array<std::uint32_t, 3>{0xFFFF'FFFF, 0xFFFF'FFFF, 4}));
  // a*b + c in 96 bits, a = b = 2^32-1, c = 0x1_FFFFFFFF_FFFFFFFF:
  // 0xFFFFFFFE_00000001 + c = 0x2_FFFFFFFE_00000000; the carry out of the
  // high product half reaches the top word.
  const std::uint32_t a = 0xFFFF'FFFF, b = 0xFFFF'FFFF;
  EXPECT_EQ(run_chain({{{O::Mad, {M::Lo, M::Cc}, {a, b, 0xFFFF'FFFF}},
                        {O::Madc, {M::Hi, M::Cc}, {a, b, 0xFFFF'FFFF}},
                        {O::Addc, {}, {1, 0}}}}),
            (std::array<std::uint32_t, 3>{0, 0xFFFF'FFFE, 2}));
}

TEST(CommonForms, F64MinMaxRoundToIntegralAndCompares) {
  EXPECT_EQ(run(O::Min, {T::F64}, {}, 64, {d64(kNaN), d64(1.0)}), f64(1.0));  // NaN loses
  EXPECT_EQ(run(O::Min, {T::F64}, {}, 64, {d64(-3.0), d64(1.0)}), f64(-3.0));
  EXPECT_EQ(run(O::Max, {T::F64}, {}, 64, {d64(2.0), d64(kNaN)}), f64(2.0));
  EXPECT_EQ(run(O::Max, {T::F64}, {}, 64, {d64(-3.0), d64(1.0)}), f64(1.0));
  auto cvt = [](M mode, double x) { return run(O::Cvt, {T::F64, T::F64}, {mode}, 64, {d64(x)}); };
  EXPECT_EQ(cvt(M::Rzi, -2.7), f64(-2.0));
  EXPECT_EQ(cvt(M::Rzi, 0x1p52 + 1.0), f64(0x1p52 + 1.0));
  EXPECT_EQ(cvt(M::Rni, 2.5), f64(2.0));
  EXPECT_EQ(cvt(M::Rni, -1.5), f64(-2.0));
  EXPECT_EQ(run(O::Setp, {T::F64}, {M::Le}, 1, {d64(1.0), d64(1.0)}), 1u);
  EXPECT_EQ(run(O::Setp, {T::F64}, {M::Le}, 1, {d64(kNaN), d64(1.0)}), 0u);
  EXPECT_EQ(run(O::Setp, {T::F64}, {M::Neu}, 1, {d64(1.0), d64(1.0)}), 0u);
  EXPECT_EQ(run(O::Setp, {T::F64}, {M::Neu}, 1, {d64(kNaN), d64(kNaN)}), 1u);
  EXPECT_EQ(run(O::Setp, {T::F32}, {M::Leu}, 1, {s32(kNaNf), s32(1.0f)}), 1u);
  EXPECT_EQ(run(O::Setp, {T::F32}, {M::Leu}, 1, {s32(2.0f), s32(1.0f)}), 0u);
}

TEST(CommonForms, ShrB64AndReduxAdd) {
  EXPECT_EQ(run(O::Shr, {T::B64}, {}, 64, {u64(1ULL << 63), u32(63)}), 1u);
  EXPECT_EQ(run(O::Shr, {T::B64}, {}, 64, {u64(1ULL << 63), u32(64)}), 0u);
  // Every lane of the warp holds -3: the sum is -96.
  EXPECT_EQ(run(O::Redux, {T::S32}, {M::Sync, M::Add}, 32, {u32(0xFFFF'FFFD), u32(0xFFFF'FFFF)}),
            0xFFFF'FFA0u);
}

}  // namespace
}  // namespace smsim::func
