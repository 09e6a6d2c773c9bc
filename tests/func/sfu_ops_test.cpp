// The table-driven SFU models through the engine: the default launch options
// read data/sfu on first use, and a launch that needs the tables when they
// cannot be read fails naming the instruction.

#include <gtest/gtest.h>

#include <bit>
#include <optional>
#include <utility>

#include "engine_harness.h"
#include "isa/semantics/sfu_approx.h"
#include "kernel_builder.h"

namespace smsim::func {
namespace {

using testing::Harness;
using testing::KernelBuilder;
using testing::ParamBytes;
using M = isa::Modifier;
using O = isa::Opcode;
using T = isa::Type;

DecodedKernel one_op(O op, T type, std::initializer_list<M> mods, std::uint32_t a,
                     std::optional<std::uint32_t> b = std::nullopt) {
  KernelBuilder k("sfu");
  k.param(8);
  const auto out = k.reg(64), d = k.reg();
  k.op(O::Ld, {T::U64}, {M::Param}, 1, {k.r(out), k.abs_addr(0)});
  if (b) {
    k.op(op, {type}, mods, 1, {k.r(d), k.imm(a), k.imm(*b)});
  } else {
    k.op(op, {type}, mods, 1, {k.r(d), k.imm(a)});
  }
  k.op(O::St, {T::B32}, {M::Global}, 0, {k.addr(out), k.r(d)});
  k.exit();
  return k.build();
}

const isa::sem::SfuTables& tables() {
  static const auto t = [] {
    std::string error;
    auto loaded = isa::sem::SfuTables::load(std::string(SMSIM_SOURCE_DIR) + "/data/sfu", error);
    EXPECT_TRUE(loaded.has_value()) << error;
    return *loaded;
  }();
  return t;
}

std::uint32_t f(float x) {
  return std::bit_cast<std::uint32_t>(x);
}

// Regression (bf16 conformance, __hdiv/__h2div): div.approx.f32 was a
// correctly rounded 1/b times a, two roundings and not the SFU's reciprocal.
TEST(SfuOps, DivApproxAndRcpUseTheMeasuredTables) {
  Harness h;
  for (const auto& [a, b] :
       {std::pair{1.0f, 3.0f}, {-7.25f, 1.1f}, {3e-39f, 0.7f}, {2.0f, 5e37f}}) {
    EXPECT_EQ(h.run_for_result<std::uint32_t>(one_op(O::Div, T::F32, {M::Approx}, f(a), f(b))),
              isa::sem::div_approx_f32(tables(), f(a), f(b), false))
        << a << " / " << b;
    EXPECT_EQ(
        h.run_for_result<std::uint32_t>(one_op(O::Div, T::F32, {M::Full, M::Ftz}, f(a), f(b))),
        isa::sem::div_full_f32(tables(), f(a), f(b), true))
        << a << " / " << b;
    EXPECT_EQ(h.run_for_result<std::uint32_t>(one_op(O::Rcp, T::F32, {M::Approx}, f(b))),
              isa::sem::rcp_approx_f32(tables(), f(b), false))
        << b;
  }
}

// Regression (math_f64: rsqrt, rnorm, the Bessel functions): rsqrt.approx.f64
// was 1/sqrt(x) rounded twice. The H100's results (math_f64's raw dump,
// rsqrt@0 and @3072): rsqrt(0.5), a subnormal (ptxas's slow path), and an
// input whose result is 0.5003 ulp from the exact value.
TEST(SfuOps, RsqrtApproxF64IsTheRefinedEstimate) {
  for (const auto& [x, want] : {std::pair<std::uint64_t, std::uint64_t>{0x3fe0000000000000,
                                                                        0x3ff6a09e667f3bcd},
                                {0x0008000000000000, 0x5fe6a09e667f3bcd},
                                {0x400924a75bca4980, 0x3fe20ce1b44b5333}}) {
    KernelBuilder k("rsqrt64");
    k.param(8);
    const auto out = k.reg(64), d = k.reg(64);
    k.op(O::Ld, {T::U64}, {M::Param}, 1, {k.r(out), k.abs_addr(0)});
    k.op(O::Rsqrt, {T::F64}, {M::Approx}, 1, {k.r(d), k.imm(x)});
    k.op(O::St, {T::B64}, {M::Global}, 0, {k.addr(out), k.r(d)});
    k.exit();
    Harness h;
    EXPECT_EQ(h.run_for_result<std::uint64_t>(k.build()), want) << std::hex << x;
  }
}

TEST(SfuOps, HalfEx2AndTanhComeFromTheTables) {
  Harness h;
  // ex2.approx.f16x2 of {1.0, -1.0} and tanh.approx.bf16 of 0.5.
  const std::uint32_t pair = 0xbc003c00;
  const std::uint32_t want =
      isa::sem::ex2_approx_half(tables(), isa::sem::HalfType::f16, 0x3c00) |
      std::uint32_t{isa::sem::ex2_approx_half(tables(), isa::sem::HalfType::f16, 0xbc00)} << 16;
  EXPECT_EQ(h.run_for_result<std::uint32_t>(one_op(O::Ex2, T::F16x2, {M::Approx}, pair)), want);
  EXPECT_EQ(want, 0x38004000u);  // 2 and 0.5 exactly
  EXPECT_EQ(h.run_for_result<std::uint32_t>(one_op(O::Tanh, T::Bf16, {M::Approx}, 0x3f00)) & 0xffff,
            isa::sem::tanh_approx_half(tables(), isa::sem::HalfType::bf16, 0x3f00));
}

// Regression (fast_intrinsics, __tanhf): tanh.approx.f32 was tanh rounded to
// nearest. The H100's results (tools/probes/tanh_probe.cu and its sweep):
// tanh(0.5) is 0x3eec9a50, not the correctly rounded 0x3eec9a9f; x itself
// below 2^-8, 1 from 8 on, one NaN for all NaNs.
TEST(SfuOps, TanhApproxF32IsTheMeasuredMufuTanh) {
  Harness h;
  for (const auto& [x, want] : {std::pair<std::uint32_t, std::uint32_t>{0x3f000000, 0x3eec9a50},
                                {0xbf000000, 0xbeec9a50},
                                {0x3f800000, 0x3f42f848},
                                {0x3b7fffff, 0x3b7fffff},
                                {0x80000001, 0x80000001},
                                {0x41000000, 0x3f800000},
                                {0xff800000, 0xbf800000},
                                {0xffc00000, 0x7fffffff}}) {
    EXPECT_EQ(h.run_for_result<std::uint32_t>(one_op(O::Tanh, T::F32, {M::Approx}, x)), want)
        << std::hex << x;
  }
}

TEST(SfuOps, MissingTablesFailTheLaunchNamingTheInstruction) {
  Harness h;
  h.options.sfu_tables = std::make_shared<const SfuTableSource>("/nonexistent/sfu");
  const std::uint64_t slot = h.upload(std::vector<std::uint32_t>(1));
  const LaunchResult r =
      h.run(one_op(O::Rcp, T::F32, {M::Approx}, f(3.0f)), {1}, {1}, ParamBytes().add(slot));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error.message.find("rcp"), std::string::npos) << r.error.message;
  EXPECT_NE(r.error.message.find("/nonexistent/sfu"), std::string::npos) << r.error.message;
}

}  // namespace
}  // namespace smsim::func
