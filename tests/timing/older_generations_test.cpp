// The seeds' figures for older generations as checks of the cycle model on
// their GPU models (issue 8, validation 3): Tesla's ~24-cycle register RAW
// latency hidden by 6 warps, the slides' 4/16/20/32-cycle issue costs, the
// transactions and bandwidth loss of a misaligned copy on 1.0 vs 1.3, Fermi's
// odd/even schedulers with double precision stopping the other one, and dual
// issue on 2.1 and 3.x. Times are clock64 differences between two chain
// lengths, so that the code around the chains cancels out.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "timing/timed_launch.h"
#include "timing/timing_params.h"
#include "timing_test_models.h"

namespace smsim::timing {
namespace {

using test_models::gpu;

TimingParams params_of(std::string_view name) {
  const auto p = timing_params(gpu(name));
  EXPECT_TRUE(p.params) << p.error;
  return p.params.value_or(TimingParams{});
}

struct Launch {
  std::uint32_t grid = 1;
  std::uint32_t block = 32;
  std::uint32_t blocks_per_sm = 1;
};

struct Outcome {
  TimingStats stats;
  std::vector<std::uint64_t> out;  // one u64 per thread
};

// Runs `ptx`, whose parameters are u64s: the per-thread output buffer,
// `buffers` device buffers of `buffer_bytes` each, then `scalars`.
Outcome run(const std::string& ptx, const TimingParams& p, Launch l, int buffers = 0,
            std::uint64_t buffer_bytes = 0, const std::vector<std::uint64_t>& scalars = {}) {
  func::Device device(func::LaunchOptions{}, std::uint64_t{1} << 30);
  const func::LoadedModule loaded = test_models::load_one_kernel(device, ptx);
  const std::uint64_t threads = std::uint64_t{l.grid} * l.block;
  std::vector<std::uint64_t> values{device.allocate(threads * 8)};
  for (int i = 0; i < buffers; ++i) values.push_back(device.allocate(buffer_bytes));
  values.insert(values.end(), scalars.begin(), scalars.end());
  std::vector<std::byte> bytes(values.size() * 8);
  std::memcpy(bytes.data(), values.data(), bytes.size());
  const TimedLaunchResult r =
      launch_timed(*loaded.kernels[0].kernel, {.grid = {l.grid}, .block = {l.block}},
                   device.options(), device.memory(), bytes, p, l.blocks_per_sm);
  EXPECT_TRUE(r.launch.ok()) << r.launch.error.message;
  Outcome o{.stats = r.timing, .out = std::vector<std::uint64_t>(threads)};
  device.copy_to_host(o.out.data(), values[0], threads * 8);
  return o;
}

// A kernel that writes, per thread, the clock64 cycles `body` takes.
std::string timed_kernel(const std::string& setup, const std::string& body) {
  return ".version 8.0\n.target sm_90\n.address_size 64\n"
         ".visible .entry k(.param .u64 out) {\n"
         "  .reg .f32 %f<40>; .reg .f64 %fd<40>; .reg .b64 %rd<8>; .reg .b32 %r<8>;\n"
         "  .reg .pred %p<4>;\n"
         "  ld.param.u64 %rd1, [out];\n  mov.u32 %r1, %tid.x;\n"
         "  mul.wide.u32 %rd5, %r1, 8;\n  add.s64 %rd1, %rd1, %rd5;\n" +
         setup + "  mov.u64 %rd2, %clock64;\n" + body +
         "  mov.u64 %rd3, %clock64;\n  sub.s64 %rd4, %rd3, %rd2;\n"
         "  st.global.u64 [%rd1], %rd4;\n  ret;\n}\n";
}

// `n` instructions cycling over `registers` accumulators: `op` with %fA as
// destination and first source (A = 1 + i % registers).
std::string stream(const std::string& op, int n, int registers, const std::string& rest) {
  std::string s;
  for (int i = 0; i < n; ++i) {
    const std::string r = "%f" + std::to_string(1 + i % registers);
    s += "  " + op + " " + r + ", " + r + rest + ";\n";
  }
  return s;
}

std::string init_f32(int registers) {
  std::string s;
  for (int i = 1; i <= registers + 1; ++i) s += "  mov.f32 %f" + std::to_string(i) + ", 0f3F800000;\n";
  return s;
}

// Cycles per instruction of warp 0's stream: the clock difference between
// `long_n` and `short_n` instructions over their difference.
template <typename Body>
double cycles_per_instruction(const TimingParams& p, Launch l, Body body, std::string setup,
                              int short_n = 16, int long_n = 48, std::uint32_t thread = 0) {
  const Outcome a = run(timed_kernel(setup, body(short_n)), p, l);
  const Outcome b = run(timed_kernel(setup, body(long_n)), p, l);
  return static_cast<double>(b.out[thread] - a.out[thread]) / (long_n - short_n);
}

TEST(Tesla, DependentFaddTakesTheRegisterRawLatencyOnOneWarp) {
  // Slides: "Instruction's result can be read approximately 24 cycles later".
  const double c = cycles_per_instruction(
      params_of("8800gtx"), {}, [](int n) { return stream("add.f32", n, 1, ", %f1"); },
      init_f32(1));
  EXPECT_NEAR(c, 24.0, 0.5);
}

TEST(Tesla, SixWarpsHideTheRawLatencyAtOneInstructionPerFourCycles) {
  // Slides: "run at least 192 threads (6 warps) per multiprocessor"; each warp
  // keeps its dependent chain, so the SM's cycles per instruction are a
  // link's cycles over the warps until the 4-cycle issue cost takes over.
  const TimingParams p = params_of("8800gtx");
  const auto chain = [](int n) { return stream("add.f32", n, 1, ", %f1"); };
  for (const auto& [warps, expected] :
       std::vector<std::pair<std::uint32_t, double>>{{1, 24.0}, {2, 12.0}, {3, 8.0}, {6, 4.0},
                                                     {12, 4.0}}) {
    const double link = cycles_per_instruction(p, {.block = 32 * warps}, chain, init_f32(1));
    EXPECT_NEAR(link / warps, expected, 0.25) << warps << " warps";
  }
}

TEST(Tesla, IssueCostsAreTheSlidesCyclesPerWarp) {
  // Slides: add/mul/mad 4 cycles per warp, rcp/rsqrt/ex2/sin 16, y / x =
  // rcp(x) * y 20, sqrt(x) = rcp(rsqrt(x)) 32. Eight independent
  // accumulators, so that the 24-cycle RAW latency is covered.
  const TimingParams p = params_of("c1060");
  const auto cost = [&p](const std::string& op, const std::string& rest) {
    return cycles_per_instruction(
        p, {}, [&](int n) { return stream(op, n, 8, rest); }, init_f32(8));
  };
  EXPECT_NEAR(cost("add.f32", ", %f9"), 4.0, 0.1);
  EXPECT_NEAR(cost("mul.f32", ", %f9"), 4.0, 0.1);
  EXPECT_NEAR(cost("mad.f32", ", %f9, %f9"), 4.0, 0.1);
  EXPECT_NEAR(cost("ex2.approx.f32", ""), 16.0, 0.1);
  EXPECT_NEAR(cost("rcp.approx.f32", ""), 16.0, 0.1);
  EXPECT_NEAR(cost("div.approx.f32", ", %f9"), 20.0, 0.1);
  EXPECT_NEAR(cost("sqrt.approx.f32", ""), 32.0, 0.1);
}

// The slides' offsetCopy and strideCopy in one: odata[xid] = idata[xid] with
// xid = (blockIdx.x * blockDim.x + threadIdx.x) * stride + offset.
const std::string kCopy =
    ".version 8.0\n.target sm_90\n.address_size 64\n"
    ".visible .entry k(.param .u64 out, .param .u64 src, .param .u64 dst, .param .u64 offset,\n"
    "                  .param .u64 stride) {\n"
    "  .reg .b64 %rd<9>; .reg .b32 %r<6>; .reg .f32 %f<2>;\n"
    "  ld.param.u64 %rd1, [src];\n  ld.param.u64 %rd2, [dst];\n  ld.param.u64 %rd3, [offset];\n"
    "  ld.param.u64 %rd7, [stride];\n"
    "  mov.u32 %r1, %ctaid.x;\n  mov.u32 %r2, %ntid.x;\n  mov.u32 %r3, %tid.x;\n"
    "  mad.lo.s32 %r4, %r1, %r2, %r3;\n  cvt.u64.u32 %rd4, %r4;\n  mul.lo.s64 %rd4, %rd4, %rd7;\n"
    "  add.s64 %rd4, %rd4, %rd3;\n"
    "  shl.b64 %rd4, %rd4, 2;\n  add.s64 %rd5, %rd1, %rd4;\n  add.s64 %rd6, %rd2, %rd4;\n"
    "  ld.global.f32 %f1, [%rd5];\n  st.global.f32 [%rd6], %f1;\n  ret;\n}\n";

struct CopyResult {
  double transactions_per_half_warp_access = 0.0;
  double bytes_per_cycle = 0.0;  // useful bytes (read and written) over the grid's cycles
};

// The copy of 64 Ki elements with `offset` and `stride` (in floats).
CopyResult copy(std::string_view gpu_name, std::uint64_t offset, std::uint64_t stride,
                std::uint32_t blocks_per_sm) {
  constexpr std::uint32_t kElements = 64 * 1024;
  const TimingParams p = params_of(gpu_name);
  const Outcome o = run(kCopy, p,
                        {.grid = kElements / 256, .block = 256, .blocks_per_sm = blocks_per_sm}, 2,
                        (kElements * stride + 64) * 4, {offset, stride});
  const double half_warp_accesses = 2.0 * kElements / 16;
  const double cycles = static_cast<double>(o.stats.cycles) - p.facts.launch_cycles;
  return {static_cast<double>(o.stats.dram_transactions) / half_warp_accesses,
          2.0 * kElements * 4 / cycles};
}

CopyResult offset_copy(std::string_view gpu_name, std::uint64_t offset,
                       std::uint32_t blocks_per_sm) {
  return copy(gpu_name, offset, 1, blocks_per_sm);
}

TEST(Tesla, MisalignedCopyCostsSixteenTransactionsOn10AndOneOrTwoOn13) {
  // Slides' coalescing examples: FX 5600 (1.0, strict half-warp rule) and
  // GTX 280 (1.3, 32/64/128-byte segments).
  const CopyResult fx_aligned = offset_copy("quadro-fx-5600", 0, 3);
  const CopyResult fx_shifted = offset_copy("quadro-fx-5600", 1, 3);
  const CopyResult gt_aligned = offset_copy("gtx280", 0, 4);
  const CopyResult gt_shifted = offset_copy("gtx280", 1, 4);
  EXPECT_DOUBLE_EQ(fx_aligned.transactions_per_half_warp_access, 1.0);
  EXPECT_DOUBLE_EQ(fx_shifted.transactions_per_half_warp_access, 16.0);
  EXPECT_DOUBLE_EQ(gt_aligned.transactions_per_half_warp_access, 1.0);
  // A shifted half-warp fits one 128-byte segment, or crosses into the next
  // (64 + 32 bytes): one or two, 1.5 on average.
  EXPECT_NEAR(gt_shifted.transactions_per_half_warp_access, 1.5, 0.01);
  // Bandwidth: 1.0 moves 8 times the bytes (16 x 32 B for 64 B), 1.3 under
  // twice (96 or 128 B for 64 B).
  const double fx_loss = fx_aligned.bytes_per_cycle / fx_shifted.bytes_per_cycle;
  const double gt_loss = gt_aligned.bytes_per_cycle / gt_shifted.bytes_per_cycle;
  EXPECT_GT(fx_loss, 5.0);
  EXPECT_LT(fx_loss, 9.0);
  EXPECT_GT(gt_loss, 1.2);
  EXPECT_LT(gt_loss, 2.0);
}

// Two warps of one block: warp 0 on the even scheduler, warp 1 on the odd
// one. Warp 0 runs `even_op` (twelve accumulators of its type), warp 1 a
// stream of independent FADDs; the result is warp 1's cycles per FADD.
double odd_fadd_cycles(const TimingParams& p, const std::string& even_op,
                       const std::string& even_type) {
  const auto body = [&](int n) {
    std::string b = "  setp.ne.u32 %p1, %r2, 0;\n  @%p1 bra ODD;\n";
    for (int i = 0; i < n; ++i) {
      const std::string r = "%" + even_type + std::to_string(1 + i % 12);
      b += "  " + even_op + " " + r + ", " + r + ", " + r + ", " + r + ";\n";
    }
    b += "  bra.uni DONE;\nODD:\n" + stream("add.f32", n, 12, ", %f13") + "DONE:\n";
    return b;
  };
  std::string setup = init_f32(12) + "  shr.u32 %r2, %r1, 5;\n";
  for (int i = 1; i <= 12; ++i) setup += "  mov.f64 %fd" + std::to_string(i) + ", 0d3FF0000000000000;\n";
  return cycles_per_instruction(p, {.block = 64}, body, setup, 16, 48, 32);
}

TEST(Tesla, StrideTwoCopyWastesHalfTheBandwidthOn13) {
  // Lecture 4 / slides' strideCopy: "Stride 2, half the bandwidth is wasted"
  // (1.3: a half-warp's 16 floats span one 128-byte segment); 1.0 does not
  // coalesce a strided half-warp at all (16 transactions).
  const CopyResult gt_unit = copy("gtx280", 0, 1, 4);
  const CopyResult gt_two = copy("gtx280", 0, 2, 4);
  EXPECT_DOUBLE_EQ(gt_two.transactions_per_half_warp_access, 1.0);
  EXPECT_NEAR(gt_unit.bytes_per_cycle / gt_two.bytes_per_cycle, 2.0, 0.3);
  EXPECT_DOUBLE_EQ(copy("quadro-fx-5600", 0, 2, 3).transactions_per_half_warp_access, 16.0);
}

TEST(Fermi, DoublePrecisionOnOneSchedulerStopsTheOther) {
  // App. G.3.1: two schedulers over even and odd warps, each issuing over two
  // cycles; "when a scheduler issues a double-precision floating-point
  // instruction, the other scheduler cannot issue any instruction".
  TimingParams p = params_of("gtx480");
  const double beside_fadd = odd_fadd_cycles(p, "fma.rn.f32", "f");
  const double beside_dfma = odd_fadd_cycles(p, "fma.rn.f64", "fd");
  EXPECT_NEAR(beside_fadd, 2.0, 0.1);  // each scheduler on its own half of the cores
  EXPECT_GT(beside_dfma, 1.5 * beside_fadd);
  // Without the rule the DP stream leaves the odd scheduler alone.
  p.facts.issue.fp64_blocks_other_schedulers = false;
  EXPECT_NEAR(odd_fadd_cycles(p, "fma.rn.f64", "fd"), beside_fadd, 0.1);
}

double fadd_ipc(const TimingParams& p) {
  const double c = cycles_per_instruction(
      p, {}, [](int n) { return stream("add.f32", n, 16, ", %f17"); }, init_f32(16), 16, 208);
  return 1.0 / c;
}

TEST(Fermi, TwoPointOneDualIssueRaisesOneWarpsIpc) {
  // App. G.3.1: 2.1 issues two independent instructions per scheduler; 48
  // cores for two schedulers give 24 lanes, 0.75 warp-instructions per
  // cycle, against 0.5 issuing one instruction over two cycles.
  TimingParams p = params_of("gtx460");
  EXPECT_NEAR(fadd_ipc(p), 0.75, 0.03);
  p.facts.issue.dual_issue = false;
  EXPECT_NEAR(fadd_ipc(p), 0.5, 0.03);
  EXPECT_NEAR(fadd_ipc(params_of("gtx480")), 0.5, 0.03);  // 2.0: single issue
}

TEST(Fermi, AnIssueOverTwoCyclesCountsItsWarpAsSelectedOnce) {
  // Stall statistics: a warp is `selected` once per issued instruction, also
  // where a scheduler needs two cycles per issue (the exiting `ret` is not
  // counted: its warp is gone when the cycle is accounted).
  const std::string k = timed_kernel(init_f32(16), stream("add.f32", 64, 16, ", %f17"));
  for (const char* name : {"gtx480", "h100"}) {
    const Outcome o = run(k, params_of(name), {});
    EXPECT_EQ(o.stats.warp_cycles[static_cast<std::size_t>(Stall::selected)] + 1, o.stats.issued)
        << name;
  }
}

// L2 sectors one warp's load moves with lane i reading float i * 32 (each
// lane in its own 128-byte line), with the default cache operator or .cg.
std::uint64_t scattered_load_l2_sectors(std::string_view gpu_name, const std::string& op) {
  const std::string setup = "  mul.wide.u32 %rd7, %r1, 128;\n  add.s64 %rd6, %rd1, %rd7;\n";
  const std::string body = "  " + op + " %f1, [%rd6];\n";
  const std::string ptx = ".version 8.0\n.target sm_90\n.address_size 64\n"
                          ".visible .entry k(.param .u64 out, .param .u64 data) {\n"
                          "  .reg .f32 %f<2>; .reg .b64 %rd<8>; .reg .b32 %r<2>;\n"
                          "  ld.param.u64 %rd1, [data];\n  mov.u32 %r1, %tid.x;\n" +
                          setup + body + "  ret;\n}\n";
  return run(ptx, params_of(gpu_name), {}, 1, 32 * 128).stats.l2_sectors;
}

TEST(Fermi, LoadsCachedInL1MoveWholeLinesAndL2OnlyLoadsSectors) {
  // App. G.3.2: accesses cached in L1 and L2 are 128-byte transactions, L2
  // only (.cg) 32-byte ones; 3.x caches global loads in L2 only by default
  // (App. G.4.2).
  EXPECT_EQ(scattered_load_l2_sectors("gtx480", "ld.global.f32"), 32u * 4);
  EXPECT_EQ(scattered_load_l2_sectors("gtx480", "ld.global.cg.f32"), 32u);
  EXPECT_EQ(scattered_load_l2_sectors("gtx680", "ld.global.f32"), 32u);
}

TEST(Kepler, DualIssueRaisesOneWarpsIpc) {
  // App. G.4.1: four schedulers with dual issue over 192 cores: 48 lanes,
  // 1.5 warp-instructions per cycle per scheduler; 1 without dual issue.
  TimingParams p = params_of("gtx680");
  EXPECT_NEAR(fadd_ipc(p), 1.5, 0.05);
  p.facts.issue.dual_issue = false;
  EXPECT_NEAR(fadd_ipc(p), 1.0, 0.05);
}

// Cycles per warp-wide shared-memory instruction `op` (its address operand
// %rd6 = s + lane * `stride_bytes`), of a stream of independent ones.
double shared_stream_cycles(std::string_view gpu_name, int stride_bytes, const std::string& op,
                            int short_n, int long_n) {
  const std::string setup = "  .shared .align 4 .b32 s[" +
                            std::to_string(std::max(2048, 8 * stride_bytes)) +
                            "];\n  mov.u64 %rd6, s;\n  mul.wide.u32 %rd7, %r1, " +
                            std::to_string(stride_bytes) + ";\n  add.s64 %rd6, %rd6, %rd7;\n";
  return cycles_per_instruction(
      params_of(gpu_name), {},
      [&op](int n) {
        std::string b;
        for (int i = 0; i < n; ++i) b += "  " + op + ";\n";
        return b;
      },
      setup, short_n, long_n);
}

// Cycles per warp-wide shared atomicAdd, lane i on the word at byte
// i * stride_bytes (0: all on one word).
double shared_atomic_cycles(std::string_view gpu_name, int stride_bytes) {
  return shared_stream_cycles(gpu_name, stride_bytes, "atom.shared.add.u32 %r5, [%rd6], 1", 4,
                              12);
}

TEST(Fermi, SharedAtomicsOnOneWordSerializeAsLockLoopPasses) {
  // Handbook §8.1.5: shared atomics are lock loops on Fermi; with every lane
  // on one word the loop "may iterate up to 32 times".
  const double distinct = shared_atomic_cycles("gtx480", 4);
  EXPECT_NEAR(shared_atomic_cycles("gtx480", 0) / distinct, 32.0, 0.5);
  // "The index of the lock is determined by bits 2-9 of the shared memory
  // address": words 256 apart share a lock, words 128 apart two per lock.
  EXPECT_NEAR(shared_atomic_cycles("gtx480", 1024) / distinct, 32.0, 0.5);
  EXPECT_NEAR(shared_atomic_cycles("gtx480", 512) / distinct, 16.0, 0.5);
  // Kepler's native shared atomics serialize far less, and only on one word.
  const double kepler = shared_atomic_cycles("gtx680", 4);
  EXPECT_LT(shared_atomic_cycles("gtx680", 0) / kepler, 12.0);
  EXPECT_NEAR(shared_atomic_cycles("gtx680", 1024) / kepler, 1.0, 0.05);
}

// Cycles per warp-wide 32-bit shared load, lane i reading word i * stride.
double shared_load_cycles(std::string_view gpu_name, int stride) {
  return shared_stream_cycles(gpu_name, 4 * stride, "ld.shared.u32 %r5, [%rd6]", 8, 24);
}

TEST(Tesla, SharedMemoryServesHalfWarpsOnSixteenBanks) {
  // Handbook §8.1.5 / App. G.1: 16 banks per half-warp on 1.x, so a warp is
  // two passes, stride 2 is 2-way per half-warp and stride 16 puts all 16
  // lanes of a half-warp on one bank; 2.x serves the warp on 32 banks.
  EXPECT_NEAR(shared_load_cycles("8800gtx", 1), 2.0, 0.05);
  EXPECT_NEAR(shared_load_cycles("8800gtx", 2), 4.0, 0.05);
  EXPECT_NEAR(shared_load_cycles("8800gtx", 16), 32.0, 0.05);
  EXPECT_NEAR(shared_load_cycles("gtx480", 4), 4.0, 0.05);
  EXPECT_NEAR(shared_load_cycles("gtx480", 16), 16.0, 0.05);
  EXPECT_NEAR(shared_load_cycles("gtx480", 32), 32.0, 0.05);
}

TEST(Maxwell, FourSingleIssueSchedulers) {
  // App. G.5.1: four schedulers, one instruction each per cycle: four warps
  // each issue every cycle; of eight, two share a scheduler, so the later
  // one's stream (warp 4's, measured) ends after both.
  const TimingParams p = params_of("gtx980");
  const auto body = [](int n) { return stream("add.f32", n, 8, ", %f9"); };
  EXPECT_NEAR(cycles_per_instruction(p, {.block = 128}, body, init_f32(8), 16, 80), 1.0, 0.05);
  EXPECT_NEAR(cycles_per_instruction(p, {.block = 256}, body, init_f32(8), 16, 80, 128), 2.0,
              0.05);
}

TEST(OlderGenerations, EveryFamilyHasATimingModel) {
  for (const char* name : {"8800gtx", "quadro-fx-5600", "gtx280", "c1060", "gtx480", "gtx460",
                           "gtx680", "k20x", "k40", "gtx980", "p100", "gtx1080", "v100",
                           "rtx2080", "a100", "rtx3090", "rtx4090", "h100"}) {
    const auto p = timing_params(gpu(name));
    EXPECT_TRUE(p.params) << name << ": " << p.error;
  }
}

}  // namespace
}  // namespace smsim::timing
