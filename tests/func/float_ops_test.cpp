// Float executors against hand-computed IEEE results: single rounding of
// fma, directed rounding, flush-to-zero, the canonical NaN, min/max rules.

#include <gtest/gtest.h>

#include <bit>
#include <cmath>

#include "engine_harness.h"
#include "kernel_builder.h"

namespace smsim::func {
namespace {

using testing::Harness;
using testing::KernelBuilder;
using M = isa::Modifier;
using O = isa::Opcode;
using T = isa::Type;

// Runs `opcode.modifiers.f32 d, a, b[, c]` for one thread and returns d's bits.
std::uint32_t run_f32(O opcode, std::initializer_list<M> modifiers, std::uint32_t a,
                      std::uint32_t b, std::uint32_t c = 0, unsigned sources = 3) {
  KernelBuilder k("float_op");
  k.param(8);
  const auto out = k.reg(64), ra = k.reg(), rb = k.reg(), rc = k.reg(), rd = k.reg();
  k.op(O::Ld, {T::U64}, {M::Param}, 1, {k.r(out), k.abs_addr(0)});
  k.op(O::Mov, {T::B32}, {}, 1, {k.r(ra), k.imm(a)});
  k.op(O::Mov, {T::B32}, {}, 1, {k.r(rb), k.imm(b)});
  k.op(O::Mov, {T::B32}, {}, 1, {k.r(rc), k.imm(c)});
  if (sources == 3) {
    k.op(opcode, {T::F32}, modifiers, 1, {k.r(rd), k.r(ra), k.r(rb), k.r(rc)});
  } else if (sources == 2) {
    k.op(opcode, {T::F32}, modifiers, 1, {k.r(rd), k.r(ra), k.r(rb)});
  } else {
    k.op(opcode, {T::F32}, modifiers, 1, {k.r(rd), k.r(ra)});
  }
  k.op(O::St, {T::B32}, {M::Global}, 0, {k.addr(out), k.r(rd)});
  k.exit();
  Harness h;
  return h.run_for_result<std::uint32_t>(k.build(), {32});
}

constexpr std::uint32_t bits(float f) {
  return std::bit_cast<std::uint32_t>(f);
}

TEST(FloatOps, Fma32RoundsOnceNotViaDouble) {
  // (1 + 2^-12)^2 + 2^-80 lies just above the midpoint between two floats; a
  // double intermediate lands exactly on it and ties to even (0x3F801000).
  const std::uint32_t one_plus = 0x3F80'0800;  // 1 + 2^-12
  const std::uint32_t tiny = bits(std::ldexp(1.0f, -80));
  EXPECT_EQ(run_f32(O::Fma, {M::Rn}, one_plus, one_plus, tiny), 0x3F80'1001u);
  EXPECT_EQ(run_f32(O::Fma, {M::Rz}, one_plus, one_plus, tiny), 0x3F80'1000u);
}

TEST(FloatOps, DirectedRoundingOfAdd) {
  const std::uint32_t one = bits(1.0f), eps = bits(std::ldexp(1.0f, -30));
  EXPECT_EQ(run_f32(O::Add, {M::Rn}, one, eps, 0, 2), one);
  EXPECT_EQ(run_f32(O::Add, {M::Rp}, one, eps, 0, 2), one + 1);
  EXPECT_EQ(run_f32(O::Add, {M::Rm}, one, eps, 0, 2), one);
  EXPECT_EQ(run_f32(O::Sub, {M::Rz}, one, eps, 0, 2), bits(std::nextafter(1.0f, 0.0f)));
}

TEST(FloatOps, FlushToZero) {
  const std::uint32_t denormal = 0x0000'0010, neg_denormal = 0x8000'0010;
  EXPECT_EQ(run_f32(O::Add, {M::Ftz}, denormal, 0, 0, 2), 0u);
  EXPECT_EQ(run_f32(O::Add, {}, denormal, 0, 0, 2), denormal);
  EXPECT_EQ(run_f32(O::Mul, {M::Ftz}, neg_denormal, bits(1.0f), 0, 2), 0x8000'0000u);
}

TEST(FloatOps, NaNResultsAreCanonical) {
  const std::uint32_t quiet_payload = 0xFFC0'1234;
  EXPECT_EQ(run_f32(O::Add, {}, quiet_payload, bits(1.0f), 0, 2), 0x7FFF'FFFFu);
  EXPECT_EQ(run_f32(O::Mul, {M::Rn}, bits(INFINITY), 0, 0, 2), 0x7FFF'FFFFu);
  // neg and abs are arithmetic on the H100 (tools/probes results and the
  // fp32_arith conformance golden): an f32 NaN comes out canonical.
  EXPECT_EQ(run_f32(O::Neg, {}, quiet_payload, 0, 0, 1), 0x7FFF'FFFFu);
  EXPECT_EQ(run_f32(O::Abs, {}, quiet_payload, 0, 0, 1), 0x7FFF'FFFFu);
  // Away from NaNs they are sign-bit operations, denormals included.
  EXPECT_EQ(run_f32(O::Neg, {}, 0x0000'0001, 0, 0, 1), 0x8000'0001u);
  EXPECT_EQ(run_f32(O::Abs, {}, 0x8000'0001, 0, 0, 1), 0x0000'0001u);
  EXPECT_EQ(run_f32(O::Neg, {M::Ftz}, 0x0000'0001, 0, 0, 1), 0x8000'0000u);
}

TEST(FloatOps, MinMaxNaNAndSignedZero) {
  const std::uint32_t nan = 0x7FC0'0000;
  EXPECT_EQ(run_f32(O::Min, {}, nan, bits(2.0f), 0, 2), bits(2.0f));
  EXPECT_EQ(run_f32(O::Max, {}, bits(-3.0f), nan, 0, 2), bits(-3.0f));
  EXPECT_EQ(run_f32(O::Min, {M::NaN}, nan, bits(2.0f), 0, 2), 0x7FFF'FFFFu);
  EXPECT_EQ(run_f32(O::Min, {}, bits(0.0f), bits(-0.0f), 0, 2), bits(-0.0f));
  EXPECT_EQ(run_f32(O::Max, {}, bits(-0.0f), bits(0.0f), 0, 2), bits(0.0f));
}

// .xorsign.abs: the smaller or larger magnitude, signed with the exclusive
// or of the operands' signs; a lone NaN still yields the other operand
// (magnitude, xor sign) unless .NaN is given. The engine used to refuse it.
TEST(FloatOps, MinMaxXorsignAbs) {
  const std::uint32_t nan = 0x7FC0'0000;
  EXPECT_EQ(run_f32(O::Min, {M::Xorsign, M::Abs}, bits(-2.0f), bits(3.0f), 0, 2), bits(-2.0f));
  EXPECT_EQ(run_f32(O::Max, {M::Xorsign, M::Abs}, bits(-2.0f), bits(3.0f), 0, 2), bits(-3.0f));
  EXPECT_EQ(run_f32(O::Max, {M::Xorsign, M::Abs}, bits(-2.0f), bits(-3.0f), 0, 2), bits(3.0f));
  EXPECT_EQ(run_f32(O::Max, {M::Xorsign, M::Abs}, nan, bits(-1.0f), 0, 2), bits(-1.0f));
  EXPECT_EQ(run_f32(O::Max, {M::NaN, M::Xorsign, M::Abs}, nan, bits(-1.0f), 0, 2), 0x7FFF'FFFFu);
}

TEST(FloatOps, SaturateClampsToUnitInterval) {
  EXPECT_EQ(run_f32(O::Add, {M::Sat}, bits(0.75f), bits(0.5f), 0, 2), bits(1.0f));
  EXPECT_EQ(run_f32(O::Add, {M::Sat}, bits(-0.75f), bits(0.5f), 0, 2), bits(0.0f));
}

}  // namespace
}  // namespace smsim::func
