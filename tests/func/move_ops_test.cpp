// cvta and isspacep through the engine, on addresses of each kind of
// allocation.

#include <gtest/gtest.h>

#include "engine_harness.h"
#include "func/memory/generic_windows.h"
#include "kernel_builder.h"

namespace smsim::func {
namespace {

using testing::Harness;
using testing::KernelBuilder;
using testing::ParamBytes;
using M = isa::Modifier;
using O = isa::Opcode;
using T = isa::Type;

// Bit 0: isspacep.global, bit 1: isspacep.const, bit 2: isspacep.shared, for
// the generic address `probe`.
std::uint32_t space_bits(Harness& h, std::uint64_t probe) {
  KernelBuilder k("spaces");
  k.param(8);
  k.param(8);
  const auto out = k.reg(64), a = k.reg(64), d = k.reg(), bit = k.reg(), p = k.pred();
  k.op(O::Ld, {T::U64}, {M::Param}, 1, {k.r(out), k.abs_addr(0)});
  k.op(O::Ld, {T::U64}, {M::Param}, 1, {k.r(a), k.abs_addr(8)});
  k.op(O::Mov, {T::U32}, {}, 1, {k.r(d), k.imm(0)});
  std::uint32_t value = 1;
  for (M space : {M::Global, M::Const, M::Shared}) {
    k.op(O::Isspacep, {}, {space}, 1, {k.r(p), k.r(a)});
    k.op(O::Selp, {T::U32}, {}, 1, {k.r(bit), k.imm(value), k.imm(0), k.r(p)});
    k.op(O::Or, {T::B32}, {}, 1, {k.r(d), k.r(d), k.r(bit)});
    value <<= 1;
  }
  k.op(O::St, {T::U32}, {M::Global}, 0, {k.addr(out), k.r(d)});
  k.exit();
  const std::uint64_t slot = h.upload(std::vector<std::uint32_t>(1));
  const LaunchResult r = h.run(k.build(), {1}, {1}, ParamBytes().add(slot).add(probe));
  EXPECT_TRUE(r.ok()) << r.error.message;
  return h.download<std::uint32_t>(slot, 1)[0];
}

// Regression (memory_operations conformance, isspacep_cvta): the H100 says a
// __constant__ variable's generic address is in .const and not in .global,
// and a cudaMalloc address the other way round; smsim said both were both.
TEST(MoveOps, IsspacepTellsConstantBanksFromGlobalMemory) {
  Harness h;
  const std::uint64_t device = h.memory.allocate(64);
  const std::uint64_t bank = h.memory.allocate(64, AllocationKind::constant_bank);
  EXPECT_EQ(space_bits(h, device + 4), 0b001u);
  EXPECT_EQ(space_bits(h, bank + 4), 0b010u);
  EXPECT_EQ(space_bits(h, to_generic(MemorySpace::shared, 16)), 0b100u);
}

}  // namespace
}  // namespace smsim::func
