// fns, bmsk and szext through the engine (values from isa/semantics, which
// matches the H100 probe results; here the wiring is checked).

#include <gtest/gtest.h>

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

// Runs `op.type d, a, b[, c]` on immediates in one thread and returns d.
std::uint32_t run_one(O op, T type, std::initializer_list<M> mods, std::uint32_t a, std::uint32_t b,
                      std::optional<std::uint32_t> c = std::nullopt) {
  KernelBuilder k("bits");
  k.param(8);
  const auto out = k.reg(64), d = k.reg();
  k.op(O::Ld, {T::U64}, {M::Param}, 1, {k.r(out), k.abs_addr(0)});
  if (c) {
    k.op(op, {type}, mods, 1, {k.r(d), k.imm(a), k.imm(b), k.imm(*c)});
  } else {
    k.op(op, {type}, mods, 1, {k.r(d), k.imm(a), k.imm(b)});
  }
  k.op(O::St, {T::B32}, {M::Global}, 0, {k.addr(out), k.r(d)});
  k.exit();
  Harness h;
  return h.run_for_result<std::uint32_t>(k.build());
}

TEST(BitOps, FnsFindsTheNthSetBit) {
  EXPECT_EQ(run_one(O::Fns, T::B32, {}, 0b1011'0100u, 0, 2), 4u);
  EXPECT_EQ(run_one(O::Fns, T::B32, {}, 0b1011'0100u, 7, -2), 5u);
  EXPECT_EQ(run_one(O::Fns, T::B32, {}, 0b1011'0100u, 3, 0), 0xFFFF'FFFFu);
}

TEST(BitOps, BmskClampsOrWraps) {
  EXPECT_EQ(run_one(O::Bmsk, T::B32, {M::Clamp}, 4, 8), 0x0000'0FF0u);
  EXPECT_EQ(run_one(O::Bmsk, T::B32, {M::Clamp}, 0, 40), 0xFFFF'FFFFu);
  EXPECT_EQ(run_one(O::Bmsk, T::B32, {M::Wrap}, 0, 33), 0x0000'0001u);
}

TEST(BitOps, SzextSignOrZeroExtends) {
  EXPECT_EQ(run_one(O::Szext, T::S32, {M::Clamp}, 0x0000'00F0u, 8), 0xFFFF'FFF0u);
  EXPECT_EQ(run_one(O::Szext, T::U32, {M::Clamp}, 0x0000'01F0u, 8), 0x0000'00F0u);
  EXPECT_EQ(run_one(O::Szext, T::S32, {M::Wrap}, 0x0000'0001u, 33), 0xFFFF'FFFFu);
}

}  // namespace
}  // namespace smsim::func
