// cvt and half-precision executors through the engine, against hand-computed
// bit patterns (the H100-measured NaN rules come from isa/semantics).

#include <gtest/gtest.h>

#include <bit>
#include <optional>

#include "engine_harness.h"
#include "kernel_builder.h"

namespace smsim::func {
namespace {

using testing::Harness;
using testing::KernelBuilder;
using M = isa::Modifier;
using O = isa::Opcode;
using T = isa::Type;

struct Reg {
  T type;
  std::uint8_t bits;
};

// d = op.modifiers.types(a[, b]) for one thread; registers sized as given.
std::uint64_t run_op(O opcode, std::initializer_list<T> types, std::initializer_list<M> modifiers,
                     Reg dst, Reg src, std::uint64_t a, std::optional<std::uint64_t> b = {}) {
  KernelBuilder k("op");
  k.param(8);
  const auto out = k.reg(64), ra = k.reg(src.bits), rb = k.reg(src.bits), rd = k.reg(dst.bits),
             wide = k.reg(64);
  k.op(O::Ld, {T::U64}, {M::Param}, 1, {k.r(out), k.abs_addr(0)});
  k.op(O::Mov, {src.type}, {}, 1, {k.r(ra), k.imm(a)});
  if (b) {
    k.op(O::Mov, {src.type}, {}, 1, {k.r(rb), k.imm(*b)});
    k.op(opcode, types, modifiers, 1, {k.r(rd), k.r(ra), k.r(rb)});
  } else {
    k.op(opcode, types, modifiers, 1, {k.r(rd), k.r(ra)});
  }
  k.op(O::Mov, {T::B64}, {}, 1, {k.r(wide), k.r(rd)});
  k.op(O::St, {T::B64}, {M::Global}, 0, {k.addr(out), k.r(wide)});
  k.exit();
  Harness h;
  return h.run_for_result<std::uint64_t>(k.build());
}

constexpr Reg kF32{T::F32, 32}, kF64{T::F64, 64}, kB16{T::B16, 16}, kB32{T::B32, 32},
    kS32{T::S32, 32}, kS64{T::S64, 64}, kU8{T::U8, 16};

TEST(ConvertOps, FloatToHalfRoundsToNearestEven) {
  const std::uint64_t third = std::bit_cast<std::uint32_t>(1.0f / 3.0f);
  EXPECT_EQ(run_op(O::Cvt, {T::F16, T::F32}, {M::Rn}, kB16, kF32, third), 0x3555u);
  EXPECT_EQ(run_op(O::Cvt, {T::F16, T::F32}, {M::Rz}, kB16, kF32, third), 0x3555u);
  EXPECT_EQ(run_op(O::Cvt, {T::F16, T::F32}, {M::Rp}, kB16, kF32, third), 0x3556u);
  // 65520 is the first value that rounds to infinity.
  EXPECT_EQ(
      run_op(O::Cvt, {T::F16, T::F32}, {M::Rn}, kB16, kF32, std::bit_cast<std::uint32_t>(65520.0f)),
      0x7C00u);
  EXPECT_EQ(run_op(O::Cvt, {T::F32, T::F16}, {}, kF32, kB16, 0x3C00),
            std::bit_cast<std::uint32_t>(1.0f));
}

TEST(ConvertOps, FloatPairsPackWithTheFirstOperandInTheUpperHalf) {
  const std::uint64_t one = std::bit_cast<std::uint32_t>(1.0f);
  const std::uint64_t two = std::bit_cast<std::uint32_t>(2.0f);
  EXPECT_EQ(run_op(O::Cvt, {T::F16x2, T::F32}, {M::Rn}, kB32, kF32, one, two), 0x3C00'4000u);
  EXPECT_EQ(run_op(O::Cvt, {T::Bf16x2, T::F32}, {M::Rn}, kB32, kF32, one, two), 0x3F80'4000u);
  const std::uint64_t minus_one = std::bit_cast<std::uint32_t>(-1.0f);
  EXPECT_EQ(run_op(O::Cvt, {T::F16x2, T::F32}, {M::Rn, M::Relu}, kB32, kF32, minus_one, two),
            0x0000'4000u);
}

// Regression (fp8_fp6_fp4 conformance): the fp8 pair forms were refused.
// e4m3: 1.0 is 0x38 and 1000 saturates to 448 (0x7e); e5m2: 1.0 is 0x3c.
TEST(ConvertOps, Fp8PairsPackWithTheFirstOperandInTheUpperByte) {
  const std::uint64_t one = std::bit_cast<std::uint32_t>(1.0f);
  const std::uint64_t big = std::bit_cast<std::uint32_t>(1000.0f);
  EXPECT_EQ(run_op(O::Cvt, {T::E4m3x2, T::F32}, {M::Rn, M::Satfinite}, kB16, kF32, one, big),
            0x387eu);
  EXPECT_EQ(run_op(O::Cvt, {T::E5m2x2, T::F16x2}, {M::Rn, M::Satfinite}, kB16, kB32, 0x3c00c000),
            0x3cc0u);
  // Back to f16x2 exactly: 1.0 and 448.
  EXPECT_EQ(run_op(O::Cvt, {T::F16x2, T::E4m3x2}, {M::Rn}, kB32, kB16, 0x387e), 0x3c005f00u);
}

// Regression (fp16_half and bf16 conformance, hrint/hfloor/hceil/htrunc): a
// NaN rounded to integral in f16 or bf16 is 0x7fff, not f32's NaN cut short.
TEST(ConvertOps, HalfRoundToIntegralWritesTheCanonicalNan) {
  EXPECT_EQ(run_op(O::Cvt, {T::F16, T::F16}, {M::Rni}, kB16, kB16, 0xfe01), 0x7fffu);
  EXPECT_EQ(run_op(O::Cvt, {T::Bf16, T::Bf16}, {M::Rzi}, kB16, kB16, 0x7f81), 0x7fffu);
  EXPECT_EQ(run_op(O::Cvt, {T::F16, T::F16}, {M::Rmi}, kB16, kB16, 0xbe00), 0xc000u);  // -1.5
}

TEST(ConvertOps, FloatToIntegerClampsAndMapsNaN) {
  const std::uint64_t nan32 = 0x7FC0'0000;
  EXPECT_EQ(run_op(O::Cvt, {T::S32, T::F32}, {M::Rzi}, kS32, kF32, nan32), 0u);
  EXPECT_EQ(run_op(O::Cvt, {T::S64, T::F64}, {M::Rzi}, kS64, kF64, 0x7FF8'0000'0000'0000),
            0x8000'0000'0000'0000u);
  EXPECT_EQ(
      run_op(O::Cvt, {T::S32, T::F32}, {M::Rni}, kS32, kF32, std::bit_cast<std::uint32_t>(2.5f)),
      2u);
  EXPECT_EQ(
      run_op(O::Cvt, {T::S32, T::F32}, {M::Rmi}, kS32, kF32, std::bit_cast<std::uint32_t>(-2.5f)),
      0xFFFF'FFFDu);
  EXPECT_EQ(
      run_op(O::Cvt, {T::S32, T::F32}, {M::Rzi}, kS32, kF32, std::bit_cast<std::uint32_t>(3e9f)),
      0x7FFF'FFFFu);
}

TEST(ConvertOps, IntegerNarrowingAndSaturation) {
  EXPECT_EQ(run_op(O::Cvt, {T::U8, T::S32}, {M::Sat}, kU8, kS32, 300), 255u);
  EXPECT_EQ(run_op(O::Cvt, {T::U8, T::S32}, {}, kU8, kS32, 300), 44u);
  EXPECT_EQ(run_op(O::Cvt, {T::S64, T::S32}, {}, kS64, kS32, 0xFFFF'FFFE), 0xFFFF'FFFF'FFFF'FFFEu);
}

TEST(HalfOps, ScalarAndPackedArithmetic) {
  EXPECT_EQ(run_op(O::Add, {T::F16}, {}, kB16, kB16, 0x3C00, 0x4000), 0x4200u);  // 1 + 2
  EXPECT_EQ(run_op(O::Mul, {T::F16x2}, {}, kB32, kB32, 0x4000'3C00, 0x4200'4400),
            0x4600'4400u);  // {2*3, 1*4}
  EXPECT_EQ(run_op(O::Add, {T::Bf16}, {}, kB16, kB16, 0x3F80, 0x3F80), 0x4000u);
  EXPECT_EQ(run_op(O::Neg, {T::F16}, {}, kB16, kB16, 0x7E01), 0x7FFFu) << "canonical NaN";
}

}  // namespace
}  // namespace smsim::func

namespace smsim::func {
namespace {

// setp on f16/bf16 values, through selp so that the predicate is visible.
std::uint64_t setp_half(T type, M op, std::uint64_t a, std::uint64_t b, bool upper = false) {
  KernelBuilder k("setp_half");
  k.param(8);
  const auto out = k.reg(64), ra = k.reg(32), rb = k.reg(32), p = k.pred(), q = k.pred(),
             d = k.reg(64);
  k.op(O::Ld, {T::U64}, {M::Param}, 1, {k.r(out), k.abs_addr(0)});
  k.op(O::Mov, {T::B32}, {}, 1, {k.r(ra), k.imm(a)});
  k.op(O::Mov, {T::B32}, {}, 1, {k.r(rb), k.imm(b)});
  k.op(O::Setp, {type}, {op}, 2, {k.r(p), k.r(q), k.r(ra), k.r(rb)});
  k.op(O::Selp, {T::U64}, {}, 1, {k.r(d), k.imm(1), k.imm(0), k.r(upper ? q : p)});
  k.op(O::St, {T::U64}, {M::Global}, 0, {k.addr(out), k.r(d)});
  k.exit();
  Harness h;
  return h.run_for_result<std::uint64_t>(k.build());
}

TEST(HalfCompare, ScalarAndPackedSetp) {
  EXPECT_EQ(setp_half(T::F16, M::Lt, 0x3C00, 0x4000), 1u);                    // 1 < 2
  EXPECT_EQ(setp_half(T::F16, M::Lt, 0xC000, 0xBC00), 1u);                    // -2 < -1
  EXPECT_EQ(setp_half(T::F16, M::Equ, 0x7E00, 0x3C00), 1u);                   // NaN unordered
  EXPECT_EQ(setp_half(T::Bf16, M::Gt, 0x4000, 0x3F80), 1u);                   // 2 > 1
  EXPECT_EQ(setp_half(T::F16x2, M::Lt, 0x4000'3C00, 0x3C00'4000), 1u);        // lower: 1 < 2
  EXPECT_EQ(setp_half(T::F16x2, M::Lt, 0x4000'3C00, 0x3C00'4000, true), 0u);  // upper: 2 < 1
}

}  // namespace
}  // namespace smsim::func
