// CTA barriers, the deadlocks the engine diagnoses instead of hanging, the
// watchdog, and intra-warp spin locks under both scheduling models.

#include <gtest/gtest.h>

#include <chrono>

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

// smem[tid] = tid + 1; bar.sync 0; out[tid] = smem[(tid + 1) % n]; with the
// block size in the param so warps read each other's writes.
DecodedKernel rotate_through_shared() {
  KernelBuilder k("rotate");
  k.param(8);
  k.param(4);
  k.shared_bytes(1024 * 4);
  const auto out = k.reg(64), n = k.reg(), tid = k.reg(), v = k.reg(), soff = k.reg(),
             next = k.reg(), noff = k.reg(), w = k.reg(), goff = k.reg(64), at = k.reg(64);
  k.op(O::Ld, {T::U64}, {M::Param}, 1, {k.r(out), k.abs_addr(0)});
  k.op(O::Ld, {T::U32}, {M::Param}, 1, {k.r(n), k.abs_addr(8)});
  k.op(O::Mov, {T::U32}, {}, 1, {k.r(tid), k.sreg(S::Tid, X)});
  k.op(O::Add, {T::U32}, {}, 1, {k.r(v), k.r(tid), k.imm(1)});
  k.op(O::Shl, {T::B32}, {}, 1, {k.r(soff), k.r(tid), k.imm(2)});
  k.op(O::St, {T::U32}, {M::Shared}, 0, {k.addr(soff), k.r(v)});
  k.op(O::Bar, {}, {M::Sync}, 0, {k.imm(0)});
  k.op(O::Rem, {T::U32}, {}, 1, {k.r(next), k.r(v), k.r(n)});
  k.op(O::Shl, {T::B32}, {}, 1, {k.r(noff), k.r(next), k.imm(2)});
  k.op(O::Ld, {T::U32}, {M::Shared}, 1, {k.r(w), k.addr(noff)});
  k.op(O::Mul, {T::U32}, {M::Wide}, 1, {k.r(goff), k.r(tid), k.imm(4)});
  k.op(O::Add, {T::U64}, {}, 1, {k.r(at), k.r(out), k.r(goff)});
  k.op(O::St, {T::U32}, {M::Global}, 0, {k.addr(at), k.r(w)});
  k.exit();
  return k.build();
}

TEST(Barriers, SharedMemoryIsVisibleAcrossWarpsAfterBarSync) {
  Harness h;
  for (std::uint32_t n : {32u, 100u, 1024u}) {
    const auto out = h.upload(std::vector<std::uint32_t>(n));
    const LaunchResult r = h.run(rotate_through_shared(), {3}, {n}, ParamBytes().add(out).add(n));
    ASSERT_TRUE(r.ok()) << r.error.message;
    const auto v = h.download<std::uint32_t>(out, n);
    for (std::uint32_t t = 0; t < n; ++t) ASSERT_EQ(v[t], (t + 1) % n + 1) << n << " " << t;
  }
}

// bar.red.popc / .and / .or over `tid % 3 == 0`.
TEST(Barriers, ReductionBarriers) {
  for (M op : {M::Popc, M::And, M::Or}) {
    KernelBuilder k("bar_red");
    k.param(8);
    const auto out = k.reg(64), tid = k.reg(), m = k.reg(), p = k.pred(), d = k.reg(),
               goff = k.reg(64), at = k.reg(64);
    k.op(O::Ld, {T::U64}, {M::Param}, 1, {k.r(out), k.abs_addr(0)});
    k.op(O::Mov, {T::U32}, {}, 1, {k.r(tid), k.sreg(S::Tid, X)});
    k.op(O::Rem, {T::U32}, {}, 1, {k.r(m), k.r(tid), k.imm(3)});
    k.op(O::Setp, {T::U32}, {M::Eq}, 1, {k.r(p), k.r(m), k.imm(0)});
    if (op == M::Popc) {
      k.op(O::Bar, {T::U32}, {M::Red, M::Popc}, 1, {k.r(d), k.imm(0), k.r(p)});
    } else {
      const auto q = k.pred();
      k.op(O::Bar, {T::Pred}, {M::Red, op}, 1, {k.r(q), k.imm(0), k.r(p)});
      k.op(O::Selp, {T::U32}, {}, 1, {k.r(d), k.imm(1), k.imm(0), k.r(q)});
    }
    k.op(O::Mul, {T::U32}, {M::Wide}, 1, {k.r(goff), k.r(tid), k.imm(4)});
    k.op(O::Add, {T::U64}, {}, 1, {k.r(at), k.r(out), k.r(goff)});
    k.op(O::St, {T::U32}, {M::Global}, 0, {k.addr(at), k.r(d)});
    k.exit();
    Harness h;
    const auto buf = h.upload(std::vector<std::uint32_t>(96, 99));
    const LaunchResult r = h.run(k.build(), {1}, {96}, ParamBytes().add(buf));
    ASSERT_TRUE(r.ok()) << r.error.message;
    const auto v = h.download<std::uint32_t>(buf, 96);
    const std::uint32_t expected = op == M::Popc ? 32u : op == M::And ? 0u : 1u;
    for (std::uint32_t t = 0; t < 96; ++t) ASSERT_EQ(v[t], expected) << t;
  }
}

// Threads below `limit` reach bar.sync; the others exit first.
DecodedKernel partial_barrier(bool with_count) {
  KernelBuilder k("partial_barrier");
  k.param(4);
  const auto limit = k.reg(), tid = k.reg(), p = k.pred();
  k.op(O::Ld, {T::U32}, {M::Param}, 1, {k.r(limit), k.abs_addr(0)});
  k.op(O::Mov, {T::U32}, {}, 1, {k.r(tid), k.sreg(S::Tid, X)});
  k.op(O::Setp, {T::U32}, {M::Ge}, 1, {k.r(p), k.r(tid), k.r(limit)});
  k.exit(p);
  if (with_count) {
    k.op(O::Bar, {}, {M::Sync}, 0, {k.imm(1), k.imm(128)});
  } else {
    k.op(O::Bar, {}, {M::Sync}, 0, {k.imm(0)});
  }
  k.exit();
  return k.build();
}

TEST(Barriers, ExitedThreadsCountAsArrivedLikeTheH100) {
  Harness h;
  const LaunchResult r = h.run(partial_barrier(false), {1}, {64}, ParamBytes().add(16));
  EXPECT_TRUE(r.ok()) << r.error.message;
}

TEST(Barriers, StrictModeDiagnosesTheExitedThreadBarrier) {
  Harness h;
  h.options.exited_threads_satisfy_barriers = false;
  const LaunchResult r = h.run(partial_barrier(false), {2}, {64}, ParamBytes().add(16));
  EXPECT_EQ(r.error.code, CudaError::launch_timeout);
  EXPECT_NE(r.error.message.find("barrier deadlock in block (0,0,0): warps 0 wait at barrier 0 "
                                 "(PTX line 5) with 16 of 64 threads arrived; 48 of 64 threads "
                                 "have exited"),
            std::string::npos)
      << r.error.message;
}

TEST(Barriers, ACountThatCanNeverBeReachedIsADiagnosedDeadlock) {
  Harness h;
  const LaunchResult r = h.run(partial_barrier(true), {1}, {128}, ParamBytes().add(64));
  EXPECT_EQ(r.error.code, CudaError::launch_timeout);
  EXPECT_NE(r.error.message.find("warps 0,1 wait at barrier 1 (PTX line 5) with 64 of 128"),
            std::string::npos)
      << r.error.message;
}

// Even lanes reach one bar.sync, odd lanes another (the divergent
// __syncthreads measured on the H100: it completes).
DecodedKernel divergent_barriers() {
  KernelBuilder k("divergent_barrier");
  const auto tid = k.reg(), bit = k.reg(), p = k.pred();
  const auto odd = k.label(), done = k.label();
  k.op(O::Mov, {T::U32}, {}, 1, {k.r(tid), k.sreg(S::Tid, X)});
  k.op(O::And, {T::B32}, {}, 1, {k.r(bit), k.r(tid), k.imm(1)});
  k.op(O::Setp, {T::U32}, {M::Ne}, 1, {k.r(p), k.r(bit), k.imm(0)});
  k.bra(odd, p);
  k.op(O::Bar, {}, {M::Sync}, 0, {k.imm(0)});
  k.bra(done);
  k.bind(odd);
  k.op(O::Bar, {}, {M::Sync}, 0, {k.imm(0)});
  k.bind(done);
  k.exit();
  return k.build();
}

TEST(Barriers, DivergentSyncthreadsCompletesAsOnTheH100) {
  Harness h;
  const LaunchResult r = h.run(divergent_barriers(), {1}, {64}, ParamBytes());
  EXPECT_TRUE(r.ok()) << r.error.message;
}

TEST(Barriers, DivergentSyncthreadsIsReportedWhenAsked) {
  Harness h;
  h.options.report_divergent_barriers = true;
  const LaunchResult r = h.run(divergent_barriers(), {1}, {64}, ParamBytes());
  EXPECT_EQ(r.error.code, CudaError::launch_failure);
  EXPECT_NE(r.error.message.find("divergent barrier: block (0,0,0) warp 0 reached the aligned "
                                 "barrier at PTX line 5 with lanes 0x55555555"),
            std::string::npos)
      << r.error.message;
}

// Lanes 0..15 of a 64-thread block reach bar.sync; lanes 16..31 of warp 0
// skip it and wait for them at the join, warp 1 exits (the error-matrix case
// divergent_syncthreads_partial). The H100 completes the barrier: lanes held at
// a convergence point behind the arriving lanes count as arrived, like exited
// ones. Both orders of warp 1's exit and warp 0's arrival must complete.
DecodedKernel partial_warp_barrier() {
  KernelBuilder k("partial_warp_barrier");
  const auto tid = k.reg(), p = k.pred();
  const auto skip = k.label();
  k.op(O::Mov, {T::U32}, {}, 1, {k.r(tid), k.sreg(S::Tid, X)});
  k.op(O::Setp, {T::U32}, {M::Ge}, 1, {k.r(p), k.r(tid), k.imm(16)});
  k.bra(skip, p);
  k.op(O::Bar, {}, {M::Sync}, 0, {k.imm(0)});
  k.bind(skip);
  k.exit();
  return k.build();
}

TEST(Barriers, LanesWaitingToReconvergeCountAsArrivedAsOnTheH100) {
  for (std::uint32_t threads : {64u, 32u, 96u}) {
    Harness h;
    const LaunchResult r = h.run(partial_warp_barrier(), {2}, {threads}, ParamBytes());
    EXPECT_TRUE(r.ok()) << threads << ": " << r.error.message;
  }
}

TEST(Barriers, LanesWaitingToReconvergeDeadlockInStrictMode) {
  Harness h;
  h.options.exited_threads_satisfy_barriers = false;
  const LaunchResult r = h.run(partial_warp_barrier(), {1}, {64}, ParamBytes());
  EXPECT_EQ(r.error.code, CudaError::launch_timeout);
}

// A kernel that never ends: `for (;;) ++r;`.
DecodedKernel spin_forever() {
  KernelBuilder k("spin_forever");
  const auto r0 = k.reg();
  const auto loop = k.label();
  k.bind(loop);
  k.op(O::Add, {T::U32}, {}, 1, {k.r(r0), k.r(r0), k.imm(1)});
  k.bra(loop);
  return k.build();
}

TEST(Watchdog, AnInfiniteLoopIsStopped) {
  Harness h;
  h.options.instruction_budget = 100000;
  const LaunchResult r = h.run(spin_forever(), {2}, {64}, ParamBytes());
  EXPECT_EQ(r.error.code, CudaError::launch_timeout);
  EXPECT_NE(r.error.message.find("watchdog: more than 100000 warp-instructions"), std::string::npos)
      << r.error.message;
  EXPECT_LE(r.stats.warp_instructions, 100000u + 2 * 512);
}

// The other watchdog: wall-clock time, for kernels that are slow rather than
// long (the instruction budget is left at its default of 2^36).
TEST(Watchdog, ALaunchPastItsTimeBudgetIsStopped) {
  Harness h;
  h.options.time_budget_ms = 50;
  const auto start = std::chrono::steady_clock::now();
  const LaunchResult r = h.run(spin_forever(), {2}, {64}, ParamBytes());
  const auto took = std::chrono::steady_clock::now() - start;
  EXPECT_EQ(r.error.code, CudaError::launch_timeout);
  EXPECT_NE(r.error.message.find("watchdog: running for more than 50 ms"), std::string::npos)
      << r.error.message;
  EXPECT_LT(took, std::chrono::seconds(30));
}

// Every lane of one warp increments a global counter inside a lock taken
// with atom.cas (the naive `while (atomicCAS(lock, 0, 1)); ++n; atomicExch`).
DecodedKernel intra_warp_lock() {
  KernelBuilder k("intra_warp_lock");
  k.param(8);
  k.param(8);
  const auto lock = k.reg(64), counter = k.reg(64), old = k.reg(), p = k.pred(), n = k.reg(),
             ignored = k.reg();
  const auto spin = k.label();
  k.op(O::Ld, {T::U64}, {M::Param}, 1, {k.r(lock), k.abs_addr(0)});
  k.op(O::Ld, {T::U64}, {M::Param}, 1, {k.r(counter), k.abs_addr(8)});
  k.bind(spin);
  k.op(O::Atom, {T::B32}, {M::Global, M::Cas}, 1, {k.r(old), k.addr(lock), k.imm(0), k.imm(1)});
  k.op(O::Setp, {T::U32}, {M::Ne}, 1, {k.r(p), k.r(old), k.imm(0)});
  k.bra(spin, p);
  k.op(O::Ld, {T::U32}, {M::Global}, 1, {k.r(n), k.addr(counter)});
  k.op(O::Add, {T::U32}, {}, 1, {k.r(n), k.r(n), k.imm(1)});
  k.op(O::St, {T::U32}, {M::Global}, 0, {k.addr(counter), k.r(n)});
  k.op(O::Atom, {T::B32}, {M::Global, M::Exch}, 1, {k.r(ignored), k.addr(lock), k.imm(0)});
  k.exit();
  return k.build();
}

TEST(IndependentThreadScheduling, IntraWarpSpinLockMakesProgress) {
  Harness h;
  const auto lock = h.upload(std::vector<std::uint32_t>(1));
  const auto counter = h.upload(std::vector<std::uint32_t>(1));
  const LaunchResult r = h.run(intra_warp_lock(), {4}, {64}, ParamBytes().add(lock).add(counter));
  ASSERT_TRUE(r.ok()) << r.error.message;
  EXPECT_EQ(h.download<std::uint32_t>(counter, 1)[0], 256u);
}

TEST(IndependentThreadScheduling, PreVoltaSpinLockIsStoppedByTheWatchdog) {
  Harness h;
  h.options.independent_thread_scheduling = false;
  h.options.instruction_budget = 200000;
  const auto lock = h.upload(std::vector<std::uint32_t>(1));
  const auto counter = h.upload(std::vector<std::uint32_t>(1));
  const LaunchResult r = h.run(intra_warp_lock(), {1}, {32}, ParamBytes().add(lock).add(counter));
  EXPECT_EQ(r.error.code, CudaError::launch_timeout);
  EXPECT_NE(r.error.message.find("PTX line"), std::string::npos) << r.error.message;
}

}  // namespace
}  // namespace smsim::func
