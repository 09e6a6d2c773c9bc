// Carry chains: multiword add, subtract and multiply-add through CC.CF.

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "engine_harness.h"
#include "kernel_builder.h"
#include "ptx_text.h"

namespace smsim::func {
namespace {

using testing::Harness;
using testing::KernelBuilder;
using M = isa::Modifier;
using O = isa::Opcode;
using T = isa::Type;

// Runs a two-instruction chain `first d0, a0, b0[, c0]; second d1, a1, b1[, c1]`
// with 32-bit operands and returns (d1 << 32) | d0.
std::uint64_t chain(O first, std::initializer_list<M> first_mods, O second,
                    std::initializer_list<M> second_mods, std::uint32_t a0, std::uint32_t b0,
                    std::uint32_t a1, std::uint32_t b1, bool mad = false, std::uint32_t c0 = 0,
                    std::uint32_t c1 = 0) {
  KernelBuilder k("chain");
  k.param(8);
  const auto out = k.reg(64), d0 = k.reg(), d1 = k.reg(), wide = k.reg(64);
  k.op(O::Ld, {T::U64}, {M::Param}, 1, {k.r(out), k.abs_addr(0)});
  if (mad) {
    k.op(first, {T::U32}, first_mods, 1, {k.r(d0), k.imm(a0), k.imm(b0), k.imm(c0)});
    k.op(second, {T::U32}, second_mods, 1, {k.r(d1), k.imm(a1), k.imm(b1), k.imm(c1)});
  } else {
    k.op(first, {T::U32}, first_mods, 1, {k.r(d0), k.imm(a0), k.imm(b0)});
    k.op(second, {T::U32}, second_mods, 1, {k.r(d1), k.imm(a1), k.imm(b1)});
  }
  k.op(O::Mov, {T::B64}, {}, 1, {k.r(wide), k.r(d0), k.r(d1)});
  k.op(O::St, {T::B64}, {M::Global}, 0, {k.addr(out), k.r(wide)});
  k.exit();
  Harness h;
  return h.run_for_result<std::uint64_t>(k.build());
}

TEST(CarryOps, SixtyFourBitAddFromThirtyTwoBitHalves) {
  const std::uint64_t a = 0x0000'0001'FFFF'FFFFull, b = 0x0000'0002'0000'0001ull;
  EXPECT_EQ(chain(O::Add, {M::Cc}, O::Addc, {}, static_cast<std::uint32_t>(a),
                  static_cast<std::uint32_t>(b), static_cast<std::uint32_t>(a >> 32),
                  static_cast<std::uint32_t>(b >> 32)),
            a + b);
  // No carry out of the low word.
  EXPECT_EQ(chain(O::Add, {M::Cc}, O::Addc, {}, 5, 6, 1, 2), (std::uint64_t{3} << 32) | 11);
}

TEST(CarryOps, SixtyFourBitSubtractBorrows) {
  const std::uint64_t a = 0x0000'0005'0000'0000ull, b = 0x0000'0001'0000'0001ull;
  EXPECT_EQ(chain(O::Sub, {M::Cc}, O::Subc, {}, static_cast<std::uint32_t>(a),
                  static_cast<std::uint32_t>(b), static_cast<std::uint32_t>(a >> 32),
                  static_cast<std::uint32_t>(b >> 32)),
            a - b);
}

TEST(CarryOps, MultiplyAddChainGivesTheFullProduct) {
  // (a * b + c) in 64 bits from mad.lo.cc and madc.hi.
  const std::uint32_t a = 0xDEAD'BEEF, b = 0xFEED'FACE;
  const std::uint64_t c = 0xFFFF'FFFF'FFFF'0000ull;
  const std::uint64_t expected = std::uint64_t{a} * b + c;
  EXPECT_EQ(chain(O::Mad, {M::Lo, M::Cc}, O::Madc, {M::Hi}, a, b, a, b, true,
                  static_cast<std::uint32_t>(c), static_cast<std::uint32_t>(c >> 32)),
            expected);
}

// Runs `body` in one thread; it stores `count` u32 results at [%rd1 + 4 * i].
std::vector<std::uint32_t> run_body(const std::string& body, std::size_t count) {
  const std::string text = ".version 9.0\n.target sm_90\n.address_size 64\n"
                           ".visible .entry k(.param .u64 out)\n{\n"
                           ".reg .b16 %h<8>;\n.reg .b32 %r<16>;\n.reg .b64 %rd<4>;\n"
                           "ld.param.u64 %rd1, [out];\n" +
                           body + "ret;\n}\n";
  Device device{LaunchOptions{}, std::uint64_t{1} << 30};
  const testing::PtxText ptx = testing::load_ptx_text(device, "carry.ptx", text.c_str());
  const ModuleKernel& kernel = ptx.first_kernel();
  EXPECT_TRUE(kernel.kernel.has_value()) << (kernel.errors.empty() ? "" : kernel.errors[0]);
  std::vector<std::uint32_t> v(count);
  if (!kernel.kernel) return v;
  const std::uint64_t out = device.allocate(4 * count);
  const LaunchResult r = device.launch(kernel, {.block = {1}}, testing::pointer_params({out}));
  EXPECT_TRUE(r.ok()) << r.error.message;
  device.copy_to_host(v.data(), out, 4 * count);
  return v;
}

// Measured on an H100 (form sweep): CC.CF is a true carry for subtraction
// too. sub.cc computes a + ~b + 1 and leaves "no borrow" in the flag; subc
// computes a + ~b + CF, so after an add.cc that did not carry, 0 - 1 gives
// 0xfffffffe. (The PTX ISA's a - (b + CF) reads the flag as a borrow.)
TEST(CarryOps, SubtractionUsesTheFlagAsACarry) {
  EXPECT_EQ(run_body("sub.cc.u32 %r1, 5, 3;\naddc.u32 %r2, 0, 0;\nst.global.u32 [%rd1], %r2;\n"
                     "sub.cc.u32 %r1, 3, 5;\naddc.u32 %r2, 0, 0;\nst.global.u32 [%rd1+4], %r2;\n",
                     2),
            (std::vector<std::uint32_t>{1, 0}));
  EXPECT_EQ(run_body("add.cc.u32 %r1, 1, 1;\nsubc.u32 %r2, 0, 1;\nst.global.u32 [%rd1], %r2;\n"
                     "add.cc.u32 %r1, 0xffffffff, 1;\nsubc.cc.u32 %r2, 0, 1;\n"
                     "addc.u32 %r3, 0, 0;\nst.global.u32 [%rd1+4], %r2;\n"
                     "st.global.u32 [%rd1+8], %r3;\n",
                     3),
            (std::vector<std::uint32_t>{0xfffffffe, 0xffffffff, 0}));
}

// 16-bit addc/subc/madc (no .cc) take the flag in and leave it. madc.hi on
// 16-bit types is measured on an H100 to add bits 32-47 of the product of
// the 32-bit-extended operands (0 or all ones), not bits 16-31 as mad.hi
// does: 0xffff * 0x10 + 0xff + 1 gives 0x100 (mad.hi.u16: 0x10e).
TEST(CarryOps, SixteenBitFormsTakeTheCarryIn) {
  const std::string set_flag = "add.cc.u32 %r1, 0xffffffff, 1;\n";
  const std::string clear_flag = "add.cc.u32 %r1, 1, 1;\n";
  const std::string ops = "mov.u16 %h2, 0xffff;\nmov.u16 %h3, 0x10;\nmov.u16 %h4, 0xff;\n";
  const auto one = [&](const std::string& flag, const std::string& op) {
    return run_body(ops + flag + op + "cvt.u32.u16 %r2, %h1;\nst.global.u32 [%rd1], %r2;\n", 1)[0];
  };
  EXPECT_EQ(one(set_flag, "addc.u16 %h1, %h2, %h3;\n"), 0x10u);
  EXPECT_EQ(one(clear_flag, "subc.u16 %h1, %h3, %h2;\n"), 0x10u);  // 0x10 + 0 + 0
  EXPECT_EQ(one(clear_flag, "subc.s16 %h1, %h4, %h3;\n"), 0xeeu);
  EXPECT_EQ(one(set_flag, "madc.lo.u16 %h1, %h2, %h3, %h4;\n"), 0xf0u);
  EXPECT_EQ(one(set_flag, "madc.hi.u16 %h1, %h2, %h3, %h4;\n"), 0x100u);
  EXPECT_EQ(one(clear_flag, "madc.hi.s16 %h1, %h2, %h3, %h4;\n"), 0xfeu);
}

}  // namespace
}  // namespace smsim::func

namespace smsim::func {
namespace {

// `opcode.types d, a, b[, c]` on 32-bit immediates.
std::uint32_t run_int(O opcode, std::initializer_list<T> types, std::initializer_list<M> mods,
                      std::uint32_t a, std::uint32_t b, std::optional<std::uint32_t> c = {}) {
  KernelBuilder k("int_op");
  k.param(8);
  const auto out = k.reg(64), d = k.reg();
  k.op(O::Ld, {T::U64}, {M::Param}, 1, {k.r(out), k.abs_addr(0)});
  if (c) {
    k.op(opcode, types, mods, 1, {k.r(d), k.imm(a), k.imm(b), k.imm(*c)});
  } else {
    k.op(opcode, types, mods, 1, {k.r(d), k.imm(a), k.imm(b)});
  }
  k.op(O::St, {T::U32}, {M::Global}, 0, {k.addr(out), k.r(d)});
  k.exit();
  Harness h;
  return h.run_for_result<std::uint32_t>(k.build());
}

TEST(IntegerOps, DivisionByZeroGivesAllOnesAsMeasured) {
  EXPECT_EQ(run_int(O::Div, {T::U32}, {}, 7, 0), 0xFFFF'FFFFu);
  EXPECT_EQ(run_int(O::Div, {T::S32}, {}, 7, 0), 0xFFFF'FFFFu);
  EXPECT_EQ(run_int(O::Rem, {T::S32}, {}, 7, 0), 0xFFFF'FFFFu);
  EXPECT_EQ(run_int(O::Div, {T::S32}, {}, 0x8000'0000u, 0xFFFF'FFFFu), 0x8000'0000u);
  EXPECT_EQ(run_int(O::Rem, {T::S32}, {}, 0x8000'0000u, 0xFFFF'FFFFu), 0u);
  EXPECT_EQ(run_int(O::Div, {T::S32}, {}, static_cast<std::uint32_t>(-7), 2),
            static_cast<std::uint32_t>(-3));
}

// Regression (integer_arith conformance, mad24.hi.sat.s32): the engine
// added c without saturating. 0x06e320b7 + 0x7c21fdbd overflows to
// 0x83051e74; the H100 writes INT32_MAX.
TEST(IntegerOps, Mad24HiSatSaturatesTheSum) {
  EXPECT_EQ(run_int(O::Mad24, {T::S32}, {M::Hi, M::Sat}, 0x7c1ccf4c, 0x003d32f1, 0x7c21fdbd),
            0x7fff'ffffu);
  EXPECT_EQ(run_int(O::Mad24, {T::S32}, {M::Hi}, 0x7c1ccf4c, 0x003d32f1, 0x7c21fdbd), 0x8305'1e74u);
  EXPECT_EQ(run_int(O::Mad24, {T::S32}, {M::Hi, M::Sat}, 0x00800000, 0x007fffff, 0x80000000),
            0x8000'0000u);
  EXPECT_EQ(run_int(O::Mul24, {T::S32}, {M::Hi}, 0x00800000, 0x00800000), 0x4000'0000u);
}

TEST(IntegerOps, DotProducts) {
  // bytes {1, 2, 3, 4} . {5, 6, 7, 8} + 10 = 80
  EXPECT_EQ(run_int(O::Dp4a, {T::U32, T::U32}, {}, 0x0403'0201, 0x0807'0605, 10), 80u);
  // signed bytes {-1, 2, -3, 4} . {1, 1, 1, 1} = 2
  EXPECT_EQ(run_int(O::Dp4a, {T::S32, T::S32}, {}, 0x04FD'02FF, 0x0101'0101, 0), 2u);
  // halves {3, 4} times bytes 2, 3 of b {5, 6}: 15 + 24 = 39
  EXPECT_EQ(run_int(O::Dp2a, {T::U32, T::U32}, {M::Hi}, 0x0004'0003, 0x0605'0000, 0), 39u);
}

}  // namespace
}  // namespace smsim::func

namespace smsim::func {
namespace {

TEST(IntegerOps, Packed16BitHalves) {
  EXPECT_EQ(run_int(O::Add, {T::U16x2}, {}, 0x0001'FFFF, 0x0002'0001), 0x0003'0000u);
  EXPECT_EQ(run_int(O::Min, {T::S16x2}, {}, 0xFFFF'0005, 0x0001'0003), 0xFFFF'0003u);
  EXPECT_EQ(run_int(O::Max, {T::S16x2}, {M::Relu}, 0xFFF0'0005, 0xFFFE'0003), 0x0000'0005u);
}

}  // namespace
}  // namespace smsim::func

namespace smsim::func {
namespace {

TEST(VideoOps, SimdAbsoluteDifferenceAndAccumulate) {
  // |{1,10,3,200} - {4,5,3,100}| = {3,5,0,100}
  EXPECT_EQ(run_int(O::Vabsdiff4, {T::U32, T::U32, T::U32}, {}, 0xC8'03'0A'01, 0x64'03'05'04, 0),
            0x64'00'05'03u);
  // .add: c plus the sum of the lane results: 7 + 108.
  EXPECT_EQ(
      run_int(O::Vabsdiff4, {T::U32, T::U32, T::U32}, {M::Add}, 0xC8'03'0A'01, 0x64'03'05'04, 7),
      115u);
  // vset2.s32.s32.lt: lanes {-1 < 1, 5 < 2} = {1, 0}
  EXPECT_EQ(run_int(O::Vset2, {T::S32, T::S32}, {M::Lt}, 0x0005'FFFF, 0x0002'0001, 0),
            0x0000'0001u);
}

}  // namespace
}  // namespace smsim::func
