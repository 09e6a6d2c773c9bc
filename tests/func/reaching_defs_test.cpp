// Reaching definitions and basic blocks of a kernel (func/load/reaching_defs.h),
// the view of the kernel the load-time ptxas rewrites plan on.

#include "func/load/reaching_defs.h"

#include <gtest/gtest.h>

#include "kernel_builder.h"

namespace smsim::func {
namespace {

using isa::Opcode;
using isa::Type;
using testing::KernelBuilder;

TEST(ReachingDefs, StraightLineCodeIsOneBlock) {
  // Falling through from an ordinary instruction does not start a block; only
  // a branch target and what follows a branch do (math_f32's jnf recurrence was
  // left uncontracted because every instruction was its own block).
  KernelBuilder b("k");
  const std::uint32_t x = b.reg(), y = b.reg(), p = b.pred();
  const std::uint32_t loop = b.label(), done = b.label();
  b.op(Opcode::Mov, {Type::F32}, {}, 1, {b.r(x), KernelBuilder::imm(0)});  // 0
  b.bind(loop);
  b.op(Opcode::Mul, {Type::F32}, {}, 1, {b.r(y), b.r(x), b.r(x)});  // 1
  b.op(Opcode::Add, {Type::F32}, {}, 1, {b.r(x), b.r(y), b.r(x)});  // 2
  b.bra(loop, p);                                                    // 3
  b.op(Opcode::Mov, {Type::F32}, {}, 1, {b.r(y), b.r(x)});           // 4
  b.bra(done);                                                       // 5
  b.bind(done);
  b.exit();  // 6
  const KernelSpec spec = b.spec();
  const ReachingDefs defs(spec);
  EXPECT_NE(defs.block_of(0), defs.block_of(1));  // the loop head is a target
  EXPECT_EQ(defs.block_of(1), defs.block_of(2));
  EXPECT_EQ(defs.block_of(2), defs.block_of(3));
  EXPECT_NE(defs.block_of(3), defs.block_of(4));  // after a branch
  EXPECT_EQ(defs.block_of(4), defs.block_of(5));
  EXPECT_NE(defs.block_of(5), defs.block_of(6));  // a branch to the next one
  // x read by the mul: the entry mov or the loop's add (a phi).
  const auto at_mul = defs.defs(1, 1);
  EXPECT_EQ(std::vector<std::uint32_t>(at_mul.begin(), at_mul.end()),
            (std::vector<std::uint32_t>{0, 2}));
  EXPECT_EQ(defs.unique_def(2, 1), 1U);
  EXPECT_EQ(defs.unique_def(4, 1), 2U);
}

// wgmma.mma_async reads its destination registers (the accumulator): a
// mul feeding one of them must count as read there, or the fma contraction
// could fold the mul into an add and drop the value the wgmma accumulates.
TEST(ReachingDefs, WgmmaReadsItsAccumulators) {
  KernelBuilder b("k");
  const std::uint32_t x = b.reg(), y = b.reg(), z = b.reg(), d = b.reg();
  b.op(Opcode::Mul, {Type::F32}, {}, 1, {b.r(y), b.r(x), b.r(x)});  // 0
  b.op(Opcode::Add, {Type::F32}, {}, 1, {b.r(z), b.r(y), b.r(x)});  // 1
  b.op(Opcode::WgmmaMmaAsync, {Type::F32, Type::F16, Type::F16}, {}, 2,
       {b.r(y), b.r(d), b.r(d), b.r(d), KernelBuilder::imm(1)});  // 2
  b.exit();
  const KernelSpec spec = b.spec();
  const ReachingDefs defs(spec);
  bool read_by_wgmma = false;
  for (const RegisterRead& r : defs.uses(0)) read_by_wgmma = read_by_wgmma || r.instruction == 2;
  EXPECT_TRUE(read_by_wgmma);
}

}  // namespace
}  // namespace smsim::func
