// Scalar video instructions through the engine: operand selectors, .sat,
// secondary operations and merges reach isa/semantics/video_scalar.h (whose
// values are checked against the H100 probe there). Expected values are
// worked out by hand from the PTX ISA's definitions.

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
using V = isa::sem::VideoSelect;

struct Src {
  std::uint32_t value;
  V select = V::word;
};

// `op.types{.mods} d{.dsel}, a{.asel}, b{.bsel}{, c}` with a, b, c in registers.
std::uint32_t run_video(O op, std::initializer_list<T> types, std::initializer_list<M> mods, Src a,
                        Src b, std::optional<std::uint32_t> c = std::nullopt, V dsel = V::word) {
  KernelBuilder k("video");
  k.param(8);
  const auto out = k.reg(64), ra = k.reg(), rb = k.reg(), rc = k.reg(), d = k.reg();
  k.op(O::Ld, {T::U64}, {M::Param}, 1, {k.r(out), k.abs_addr(0)});
  k.op(O::Mov, {T::U32}, {}, 1, {k.r(ra), k.imm(a.value)});
  k.op(O::Mov, {T::U32}, {}, 1, {k.r(rb), k.imm(b.value)});
  k.op(O::Mov, {T::U32}, {}, 1, {k.r(rc), k.imm(c.value_or(0))});
  auto dst = k.r(d);
  dst.video_select = dsel;
  auto sa = k.r(ra);
  sa.video_select = a.select;
  auto sb = k.r(rb);
  sb.video_select = b.select;
  if (c) {
    k.op(op, types, mods, 1, {dst, sa, sb, k.r(rc)});
  } else {
    k.op(op, types, mods, 1, {dst, sa, sb});
  }
  k.op(O::St, {T::U32}, {M::Global}, 0, {k.addr(out), k.r(d)});
  k.exit();
  Harness h;
  return h.run_for_result<std::uint32_t>(k.build());
}

constexpr std::initializer_list<T> kU = {T::U32, T::U32, T::U32};
constexpr std::initializer_list<T> kS = {T::S32, T::S32, T::S32};

TEST(VideoOps, ScalarSelectorsPickAndExtendTheirPart) {
  // 0xab (byte 1) + 0x1234 (half 1), unsigned.
  EXPECT_EQ(run_video(O::Vadd, kU, {}, {0x0000ab00, V::b1}, {0x12340000, V::h1}), 0x12dfu);
  // Signed bytes: -1 + -128 = -129.
  EXPECT_EQ(run_video(O::Vadd, kS, {}, {0xff, V::b0}, {0x80, V::b0}), 0xffffff7fu);
}

TEST(VideoOps, ScalarSaturationAndSecondaryOperations) {
  // INT_MAX - (-1) saturates.
  EXPECT_EQ(run_video(O::Vsub, kS, {M::Sat}, {0x7fffffff}, {0xffffffff}), 0x7fffffffu);
  // max(3, 9) + 100, then min(|10 - 3|, 5).
  EXPECT_EQ(run_video(O::Vmax, kU, {M::Add}, {3}, {9}, 100), 109u);
  EXPECT_EQ(run_video(O::Vabsdiff, kU, {M::Min}, {10}, {3}, 5), 5u);
}

TEST(VideoOps, ScalarMergeWritesOneByteOfC) {
  EXPECT_EQ(run_video(O::Vadd, kU, {}, {1}, {2}, 0xaabbccdd, V::b2), 0xaa03ccddu);
}

TEST(VideoOps, ScalarSetShiftAndMad) {
  EXPECT_EQ(run_video(O::Vset, {T::U32, T::U32}, {M::Lt}, {3}, {5}), 1u);
  // -1 < 0 as s32 against u32, plus c.
  EXPECT_EQ(run_video(O::Vset, {T::S32, T::U32}, {M::Lt, M::Add}, {0xffffffff}, {0}, 10), 11u);
  // .clamp: a shift by 40 becomes 32, so 1 leaves the word; .wrap: by 8.
  EXPECT_EQ(run_video(O::Vshl, kU, {M::Clamp}, {1}, {40}), 0u);
  EXPECT_EQ(run_video(O::Vshl, kU, {M::Wrap}, {1}, {40}), 256u);
  EXPECT_EQ(run_video(O::Vshr, {T::S32, T::S32, T::U32}, {M::Wrap}, {0x80000000}, {33}),
            0xc0000000u);
  // 3 (half 0 of a) * 5 (half 1 of b) + 7.
  EXPECT_EQ(run_video(O::Vmad, kU, {}, {0x3, V::h0}, {0x50000, V::h1}, 7), 22u);
}

// Measured on an H100 (form sweep): vset's .min/.max compare with c signed
// exactly when a is signed, whatever b is.
TEST(VideoOps, SetSecondaryMinMaxFollowsTheSignednessOfA) {
  // 0 == 1 is false: max(0, c) with c = -1 signed, 0xffffffff unsigned.
  EXPECT_EQ(run_video(O::Vset, {T::S32, T::U32}, {M::Eq, M::Max}, {0}, {1}, 0xffffffff), 0u);
  EXPECT_EQ(run_video(O::Vset, {T::U32, T::S32}, {M::Eq, M::Max}, {0}, {1}, 0xffffffff),
            0xffffffffu);
  EXPECT_EQ(run_video(O::Vset, {T::S32, T::S32}, {M::Ne, M::Min}, {0}, {1}, 0xffffffff),
            0xffffffffu);
}

}  // namespace
}  // namespace smsim::func
