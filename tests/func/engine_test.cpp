// Whole kernels through decode + launch: the vector_add shape nvcc emits,
// SIMT reconvergence, memory faults and special registers.

#include <gtest/gtest.h>

#include <bit>
#include <numeric>

#include "engine_harness.h"
#include "kernel_builder.h"

namespace smsim::func {
namespace {

using testing::Harness;
using testing::KernelBuilder;
using testing::ParamBytes;
using M = isa::Modifier;
using O = isa::Opcode;
using S = isa::SpecialRegister;
using T = isa::Type;
constexpr auto X = isa::SregComponent::X;

// c[i] = a[i] + b[i] for i < n, as nvcc -arch=sm_90 writes it.
DecodedKernel vector_add() {
  KernelBuilder k("vector_add");
  for (std::uint32_t size : {8u, 8u, 8u, 4u}) k.param(size);
  const auto rd1 = k.reg(64), rd2 = k.reg(64), rd3 = k.reg(64), r2 = k.reg(), r3 = k.reg(),
             r4 = k.reg(), r5 = k.reg(), r1 = k.reg(), p1 = k.pred(), rd4 = k.reg(64),
             rd5 = k.reg(64), rd6 = k.reg(64), rd7 = k.reg(64), rd8 = k.reg(64), f1 = k.reg(),
             f2 = k.reg(), f3 = k.reg(), rd9 = k.reg(64), rd10 = k.reg(64);
  const auto done = k.label();
  k.op(O::Ld, {T::U64}, {M::Param}, 1, {k.r(rd1), k.abs_addr(0)});
  k.op(O::Ld, {T::U64}, {M::Param}, 1, {k.r(rd2), k.abs_addr(8)});
  k.op(O::Ld, {T::U64}, {M::Param}, 1, {k.r(rd3), k.abs_addr(16)});
  k.op(O::Ld, {T::U32}, {M::Param}, 1, {k.r(r2), k.abs_addr(24)});
  k.op(O::Mov, {T::U32}, {}, 1, {k.r(r3), k.sreg(S::Ctaid, X)});
  k.op(O::Mov, {T::U32}, {}, 1, {k.r(r4), k.sreg(S::Ntid, X)});
  k.op(O::Mov, {T::U32}, {}, 1, {k.r(r5), k.sreg(S::Tid, X)});
  k.op(O::Mad, {T::S32}, {M::Lo}, 1, {k.r(r1), k.r(r3), k.r(r4), k.r(r5)});
  k.op(O::Setp, {T::S32}, {M::Ge}, 1, {k.r(p1), k.r(r1), k.r(r2)});
  k.bra(done, p1);
  k.op(O::Cvta, {T::U64}, {M::To, M::Global}, 1, {k.r(rd4), k.r(rd1)});
  k.op(O::Mul, {T::S32}, {M::Wide}, 1, {k.r(rd5), k.r(r1), k.imm(4)});
  k.op(O::Add, {T::S64}, {}, 1, {k.r(rd6), k.r(rd4), k.r(rd5)});
  k.op(O::Cvta, {T::U64}, {M::To, M::Global}, 1, {k.r(rd7), k.r(rd2)});
  k.op(O::Add, {T::S64}, {}, 1, {k.r(rd8), k.r(rd7), k.r(rd5)});
  k.op(O::Ld, {T::F32}, {M::Global}, 1, {k.r(f1), k.addr(rd8)});
  k.op(O::Ld, {T::F32}, {M::Global}, 1, {k.r(f2), k.addr(rd6)});
  k.op(O::Add, {T::F32}, {}, 1, {k.r(f3), k.r(f2), k.r(f1)});
  k.op(O::Cvta, {T::U64}, {M::To, M::Global}, 1, {k.r(rd9), k.r(rd3)});
  k.op(O::Add, {T::S64}, {}, 1, {k.r(rd10), k.r(rd9), k.r(rd5)});
  k.op(O::St, {T::F32}, {M::Global}, 0, {k.addr(rd10), k.r(f3)});
  k.bind(done);
  k.op(O::Ret, {}, {}, 0, {});
  return k.build();
}

TEST(Engine, VectorAddGivesTheSumsAndCountsInstructions) {
  Harness h;
  const int n = 1000;
  std::vector<float> a(n), b(n);
  for (int i = 0; i < n; ++i) {
    a[i] = 0.5f * static_cast<float>(i);
    b[i] = 1.0f / static_cast<float>(i + 1);
  }
  const auto da = h.upload(a), db = h.upload(b), dc = h.upload(std::vector<float>(n));
  const DecodedKernel k = vector_add();
  const LaunchResult r =
      h.run(k, {4}, {256}, ParamBytes().add(da).add(db).add(dc).add(std::int32_t{n}));
  ASSERT_TRUE(r.ok()) << r.error.message;
  const auto c = h.download<float>(dc, n);
  for (int i = 0; i < n; ++i) ASSERT_EQ(c[i], a[i] + b[i]) << i;
  // 32 warps run the 10-instruction prologue; the 31.25 warps with work run
  // 12 more (the partial warp too), the rest branch straight to ret.
  const std::uint64_t full_warps = (n + 31) / 32;
  EXPECT_EQ(r.stats.warp_instructions, 32 * 10 + full_warps * 12 + (32 - full_warps) * 1);
  EXPECT_EQ(r.stats.per_opcode[static_cast<std::size_t>(O::St)], full_warps);
}

TEST(Engine, VectorAddFaultsOnAShortBuffer) {
  Harness h;
  const int n = 64;
  const auto da = h.upload(std::vector<float>(n)), db = h.upload(std::vector<float>(n));
  const auto dc = h.upload(std::vector<float>(n - 1));
  const LaunchResult r =
      h.run(vector_add(), {1}, {64}, ParamBytes().add(da).add(db).add(dc).add(std::int32_t{n}));
  EXPECT_EQ(r.error.code, CudaError::illegal_address);
  EXPECT_NE(r.error.message.find("out-of-bounds global write of 4 bytes"), std::string::npos)
      << r.error.message;
  EXPECT_NE(r.error.message.find("thread (63,0,0)"), std::string::npos) << r.error.message;
  EXPECT_NE(r.error.message.find("PTX line 21"), std::string::npos) << r.error.message;
}

TEST(Engine, ParallelBlocksGiveTheSameResult) {
  Harness h;
  h.options.host_threads = 2;
  const int n = 4096;
  std::vector<float> a(n, 1.5f), b(n);
  std::iota(b.begin(), b.end(), 0.0f);
  const auto da = h.upload(a), db = h.upload(b), dc = h.upload(std::vector<float>(n));
  const LaunchResult r =
      h.run(vector_add(), {n / 128}, {128}, ParamBytes().add(da).add(db).add(dc).add(n));
  ASSERT_TRUE(r.ok()) << r.error.message;
  const auto c = h.download<float>(dc, n);
  for (int i = 0; i < n; ++i) ASSERT_EQ(c[i], 1.5f + static_cast<float>(i));
  EXPECT_EQ(r.stats.warp_instructions, std::uint64_t{n / 32} * 22);
}

TEST(Engine, InvalidConfigurationIsRefused) {
  Harness h;
  const DecodedKernel k = vector_add();
  ParamBytes p;
  p.add(std::uint64_t{0}).add(std::uint64_t{0}).add(std::uint64_t{0}).add(0);
  EXPECT_EQ(h.run(k, {1}, {1025}, p).error.code, CudaError::invalid_configuration);
  EXPECT_EQ(h.run(k, {0}, {32}, p).error.code, CudaError::invalid_configuration);
  EXPECT_EQ(h.run(k, {1}, {1, 1, 65}, p).error.code, CudaError::invalid_configuration);
  EXPECT_EQ(h.run(k, {1}, {32}, ParamBytes().add(1)).error.code, CudaError::invalid_configuration);
}

// out[tid] = odd ? tid * 2 : tid + 100; then out[64 + tid] = activemask.
DecodedKernel if_else_then_activemask() {
  KernelBuilder k("if_else");
  k.param(8);
  const auto base = k.reg(64), tid = k.reg(), odd = k.reg(), p = k.pred(), v = k.reg(),
             off = k.reg(64), at = k.reg(64), am = k.reg();
  const auto else_part = k.label(), join = k.label();
  k.op(O::Ld, {T::U64}, {M::Param}, 1, {k.r(base), k.abs_addr(0)});
  k.op(O::Mov, {T::U32}, {}, 1, {k.r(tid), k.sreg(S::Tid, X)});
  k.op(O::And, {T::B32}, {}, 1, {k.r(odd), k.r(tid), k.imm(1)});
  k.op(O::Setp, {T::U32}, {M::Eq}, 1, {k.r(p), k.r(odd), k.imm(0)});
  k.bra(else_part, p);
  k.op(O::Shl, {T::B32}, {}, 1, {k.r(v), k.r(tid), k.imm(1)});
  k.bra(join);
  k.bind(else_part);
  k.op(O::Add, {T::U32}, {}, 1, {k.r(v), k.r(tid), k.imm(100)});
  k.bind(join);
  k.op(O::Mul, {T::U32}, {M::Wide}, 1, {k.r(off), k.r(tid), k.imm(4)});
  k.op(O::Add, {T::U64}, {}, 1, {k.r(at), k.r(base), k.r(off)});
  k.op(O::St, {T::U32}, {M::Global}, 0, {k.addr(at), k.r(v)});
  k.op(O::Activemask, {T::B32}, {}, 1, {k.r(am)});
  k.op(O::St, {T::U32}, {M::Global}, 0, {k.addr(at, 256), k.r(am)});
  k.exit();
  return k.build();
}

TEST(Engine, IfElseReconvergesAtThePostDominator) {
  for (bool its : {true, false}) {
    Harness h;
    h.options.independent_thread_scheduling = its;
    const auto out = h.upload(std::vector<std::uint32_t>(128));
    const LaunchResult r = h.run(if_else_then_activemask(), {1}, {64}, ParamBytes().add(out));
    ASSERT_TRUE(r.ok()) << r.error.message;
    const auto v = h.download<std::uint32_t>(out, 128);
    for (std::uint32_t t = 0; t < 64; ++t) {
      EXPECT_EQ(v[t], t % 2 != 0 ? t * 2 : t + 100) << t;
      EXPECT_EQ(v[64 + t], 0xFFFF'FFFFu) << "lanes rejoined before activemask, thread " << t;
    }
  }
}

TEST(Engine, PartialWarpRunsOnlyItsLanes) {
  Harness h;
  const auto out = h.upload(std::vector<std::uint32_t>(128, 7));
  const LaunchResult r = h.run(if_else_then_activemask(), {1}, {40}, ParamBytes().add(out));
  ASSERT_TRUE(r.ok()) << r.error.message;
  const auto v = h.download<std::uint32_t>(out, 128);
  EXPECT_EQ(v[39], 78u);
  EXPECT_EQ(v[40], 7u) << "no thread 40";
  EXPECT_EQ(v[64 + 32], 0xFFu) << "the second warp has 8 lanes";
}

// Each thread loops: i = 0; do { sum += i; if (i == tid % 5) break; i++ } while (true);
// out[tid] = sum; out[32 + tid] = activemask after the loop.
TEST(Engine, LoopWithDivergentBreakReconverges) {
  KernelBuilder k("loop_break");
  k.param(8);
  const auto base = k.reg(64), tid = k.reg(), limit = k.reg(), i = k.reg(), sum = k.reg(),
             p = k.pred(), off = k.reg(64), at = k.reg(64), am = k.reg();
  const auto loop = k.label(), after = k.label();
  k.op(O::Ld, {T::U64}, {M::Param}, 1, {k.r(base), k.abs_addr(0)});
  k.op(O::Mov, {T::U32}, {}, 1, {k.r(tid), k.sreg(S::Tid, X)});
  k.op(O::Rem, {T::U32}, {}, 1, {k.r(limit), k.r(tid), k.imm(5)});
  k.op(O::Mov, {T::U32}, {}, 1, {k.r(i), k.imm(0)});
  k.op(O::Mov, {T::U32}, {}, 1, {k.r(sum), k.imm(0)});
  k.bind(loop);
  k.op(O::Add, {T::U32}, {}, 1, {k.r(sum), k.r(sum), k.r(i)});
  k.op(O::Setp, {T::U32}, {M::Eq}, 1, {k.r(p), k.r(i), k.r(limit)});
  k.bra(after, p);
  k.op(O::Add, {T::U32}, {}, 1, {k.r(i), k.r(i), k.imm(1)});
  k.bra(loop);
  k.bind(after);
  k.op(O::Mul, {T::U32}, {M::Wide}, 1, {k.r(off), k.r(tid), k.imm(4)});
  k.op(O::Add, {T::U64}, {}, 1, {k.r(at), k.r(base), k.r(off)});
  k.op(O::St, {T::U32}, {M::Global}, 0, {k.addr(at), k.r(sum)});
  k.op(O::Activemask, {T::B32}, {}, 1, {k.r(am)});
  k.op(O::St, {T::U32}, {M::Global}, 0, {k.addr(at, 128), k.r(am)});
  k.exit();
  const DecodedKernel kernel = k.build();
  for (bool its : {true, false}) {
    Harness h;
    h.options.independent_thread_scheduling = its;
    const auto out = h.upload(std::vector<std::uint32_t>(64));
    const LaunchResult r = h.run(kernel, {1}, {32}, ParamBytes().add(out));
    ASSERT_TRUE(r.ok()) << r.error.message;
    const auto v = h.download<std::uint32_t>(out, 64);
    for (std::uint32_t t = 0; t < 32; ++t) {
      const std::uint32_t m = t % 5;
      EXPECT_EQ(v[t], m * (m + 1) / 2) << t;
      EXPECT_EQ(v[32 + t], 0xFFFF'FFFFu) << t;
    }
  }
}

// Threads with tid % 3 == 0 exit early; the others store 1 and their activemask.
TEST(Engine, EarlyExitLeavesTheOthersRunning) {
  KernelBuilder k("early_exit");
  k.param(8);
  const auto base = k.reg(64), tid = k.reg(), m = k.reg(), p = k.pred(), off = k.reg(64),
             at = k.reg(64), am = k.reg();
  k.op(O::Ld, {T::U64}, {M::Param}, 1, {k.r(base), k.abs_addr(0)});
  k.op(O::Mov, {T::U32}, {}, 1, {k.r(tid), k.sreg(S::Tid, X)});
  k.op(O::Rem, {T::U32}, {}, 1, {k.r(m), k.r(tid), k.imm(3)});
  k.op(O::Setp, {T::U32}, {M::Eq}, 1, {k.r(p), k.r(m), k.imm(0)});
  k.exit(p);
  k.op(O::Mul, {T::U32}, {M::Wide}, 1, {k.r(off), k.r(tid), k.imm(4)});
  k.op(O::Add, {T::U64}, {}, 1, {k.r(at), k.r(base), k.r(off)});
  k.op(O::Activemask, {T::B32}, {}, 1, {k.r(am)});
  k.op(O::St, {T::U32}, {M::Global}, 0, {k.addr(at), k.r(am)});
  k.exit();
  Harness h;
  const auto out = h.upload(std::vector<std::uint32_t>(32));
  const LaunchResult r = h.run(k.build(), {1}, {32}, ParamBytes().add(out));
  ASSERT_TRUE(r.ok()) << r.error.message;
  const auto v = h.download<std::uint32_t>(out, 32);
  std::uint32_t expected = 0;
  for (unsigned t = 0; t < 32; ++t) expected |= t % 3 != 0 ? 1u << t : 0u;
  for (unsigned t = 0; t < 32; ++t) EXPECT_EQ(v[t], t % 3 == 0 ? 0u : expected) << t;
}

TEST(Engine, SpecialRegisters) {
  KernelBuilder k("sregs");
  k.param(8);
  const auto base = k.reg(64), lin = k.reg(), off = k.reg(64), at = k.reg(64), v = k.reg();
  k.op(O::Ld, {T::U64}, {M::Param}, 1, {k.r(base), k.abs_addr(0)});
  // lin = (ctaid.x * ntid.x + tid.x) * 8 words per thread
  const auto c = k.reg(), n = k.reg(), t = k.reg();
  k.op(O::Mov, {T::U32}, {}, 1, {k.r(c), k.sreg(S::Ctaid, X)});
  k.op(O::Mov, {T::U32}, {}, 1, {k.r(n), k.sreg(S::Ntid, X)});
  k.op(O::Mov, {T::U32}, {}, 1, {k.r(t), k.sreg(S::Tid, X)});
  k.op(O::Mad, {T::U32}, {M::Lo}, 1, {k.r(lin), k.r(c), k.r(n), k.r(t)});
  k.op(O::Mul, {T::U32}, {M::Wide}, 1, {k.r(off), k.r(lin), k.imm(32)});
  k.op(O::Add, {T::U64}, {}, 1, {k.r(at), k.r(base), k.r(off)});
  const isa::SpecialRegisterRef regs[] = {{S::Laneid},          {S::Warpid},       {S::LanemaskLt},
                                          {S::LanemaskGe},      {S::Nctaid, X},    {S::Nsmid},
                                          {S::DynamicSmemSize}, {S::TotalSmemSize}};
  for (std::uint32_t i = 0; i < 8; ++i) {
    k.op(O::Mov, {T::U32}, {}, 1, {k.r(v), SpecOperand::make_special(regs[i])});
    k.op(O::St, {T::U32}, {M::Global}, 0, {k.addr(at, 4 * i), k.r(v)});
  }
  k.exit();
  Harness h;
  const auto out = h.upload(std::vector<std::uint32_t>(2 * 64 * 8));
  const LaunchResult r = h.run(k.build(), {2}, {64}, ParamBytes().add(out), 100);
  ASSERT_TRUE(r.ok()) << r.error.message;
  const auto words = h.download<std::uint32_t>(out, 2 * 64 * 8);
  const std::uint32_t* thread37 = &words[(64 + 37) * 8];
  EXPECT_EQ(thread37[0], 5u);
  EXPECT_EQ(thread37[1], 1u);
  EXPECT_EQ(thread37[2], 0x1Fu);
  EXPECT_EQ(thread37[3], 0xFFFF'FFE0u);
  EXPECT_EQ(thread37[4], 2u);
  EXPECT_EQ(thread37[5], 132u);
  EXPECT_EQ(thread37[6], 100u);
  EXPECT_EQ(thread37[7], 100u);
}

TEST(Decoder, UnsupportedInstructionsAreNamedWithTheirLine) {
  KernelBuilder k("bad");
  const auto r = k.reg();
  k.op(O::Mov, {T::U32}, {}, 1, {k.r(r), k.imm(1)});
  k.op(O::Tex, {T::F32}, {}, 1, {k.r(r)});
  k.op(O::BrxIdx, {}, {}, 0, {k.r(r)});
  const DecodeResult d = decode_kernel(k.spec());
  ASSERT_FALSE(d.kernel);
  ASSERT_EQ(d.errors.size(), 2u);
  EXPECT_EQ(d.errors[0].ptx_line, 2u);
  EXPECT_NE(d.errors[0].message.find("kernel bad, PTX line 2: tex"), std::string::npos)
      << d.errors[0].message;
  // brx.idx runs, but only with the jump table its label names.
  EXPECT_NE(d.errors[1].message.find("kernel bad, PTX line 3: brx.idx: brx.idx without a jump table"),
            std::string::npos)
      << d.errors[1].message;
}

}  // namespace
}  // namespace smsim::func
