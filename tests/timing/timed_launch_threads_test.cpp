// The cycle model's result does not depend on how many host threads step
// the SMs: cycles, statistics and memory are bit-identical for 1, 2 and 4
// threads on a grid with global loads and stores, shared memory, barriers,
// and global atomics whose old values and float sums depend on their order.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "arch/gpu_database.h"
#include "func/device.h"
#include "ptx/frontend.h"
#include "timing/timed_launch.h"
#include "timing/timing_params.h"

namespace smsim::timing {
namespace {

constexpr std::uint32_t kBlocks = 300;  // more than one wave of the H100's 132 SMs at 2 per SM
constexpr std::uint32_t kThreads = 128;
constexpr std::uint32_t kCount = kBlocks * kThreads;

// out[i] = in[i] + in[i ^ 1] (through shared memory and a barrier);
// tickets[1 + i] = the order in which thread i's atomic reached tickets[0];
// *sum = the float sum of in[] in the order the atomics arrive.
const std::string kKernel = R"(.version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 in, .param .u64 out, .param .u64 tickets, .param .u64 sum)
{
  .reg .b32 %r<12>;
  .reg .b64 %rd<16>;
  .reg .f32 %f<6>;
  .shared .align 4 .b8 buf[512];
  ld.param.u64 %rd1, [in];
  ld.param.u64 %rd2, [out];
  ld.param.u64 %rd3, [tickets];
  ld.param.u64 %rd4, [sum];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %ctaid.x;
  mov.u32 %r3, %ntid.x;
  mad.lo.s32 %r4, %r2, %r3, %r1;
  mul.wide.u32 %rd5, %r4, 4;
  add.s64 %rd6, %rd1, %rd5;
  ld.global.f32 %f1, [%rd6];
  mov.u32 %r7, buf;
  shl.b32 %r8, %r1, 2;
  add.s32 %r9, %r7, %r8;
  st.shared.f32 [%r9], %f1;
  bar.sync 0;
  xor.b32 %r5, %r8, 4;
  add.s32 %r10, %r7, %r5;
  ld.shared.f32 %f2, [%r10];
  add.f32 %f3, %f1, %f2;
  add.s64 %rd7, %rd2, %rd5;
  st.global.f32 [%rd7], %f3;
  atom.global.add.u32 %r6, [%rd3], 1;
  add.s64 %rd8, %rd3, %rd5;
  st.global.u32 [%rd8+4], %r6;
  atom.global.add.f32 %f4, [%rd4], %f1;
  ret;
}
)";

struct Outcome {
  TimedLaunchResult result;
  std::vector<float> out;
  std::vector<std::uint32_t> tickets;
  float sum = 0.0f;
};

Outcome run_with(std::uint32_t threads) {
  static const arch::GpuDatabase db = arch::GpuDatabase::load(SMSIM_CONFIG_DIR);
  const arch::GpuModel& gpu = *db.find("h100");
  ptx::Diagnostics diags("test.ptx", kKernel);
  const ptx::Module module = ptx::parse_and_check(kKernel, diags);
  EXPECT_FALSE(diags.has_errors()) << diags.format();
  func::LaunchOptions options;
  options.host_threads = threads;
  func::Device device(options, std::uint64_t{1} << 30);
  const func::LoadedModule loaded = device.load(module);
  std::vector<float> in(kCount);
  for (std::uint32_t i = 0; i < kCount; ++i) {
    // Magnitudes far apart, so that the float sum depends on the order.
    in[i] = static_cast<float>((i * 2654435761u) % 1000003u) * (i % 3 == 0 ? 1e-3f : 1e3f);
  }
  const std::uint64_t in_buf = device.allocate(kCount * 4);
  const std::uint64_t out_buf = device.allocate(kCount * 4);
  const std::uint64_t tickets_buf = device.allocate((kCount + 1) * 4);
  const std::uint64_t sum_buf = device.allocate(4);
  device.copy_to_device(in_buf, in.data(), kCount * 4);
  const std::vector<std::byte> zeros((kCount + 1) * 4);
  device.copy_to_device(tickets_buf, zeros.data(), zeros.size());
  device.copy_to_device(sum_buf, zeros.data(), 4);
  std::byte params[32];
  for (int i = 0; const std::uint64_t p : {in_buf, out_buf, tickets_buf, sum_buf}) {
    std::memcpy(params + 8 * i++, &p, 8);
  }
  const auto timing = timing_params(gpu);
  Outcome o;
  o.result = launch_timed(*loaded.kernels[0].kernel, {.grid = {kBlocks}, .block = {kThreads}},
                          device.options(), device.memory(), params, *timing.params, 2);
  EXPECT_TRUE(o.result.launch.ok()) << o.result.launch.error.message;
  o.out.resize(kCount);
  o.tickets.resize(kCount + 1);
  device.copy_to_host(o.out.data(), out_buf, kCount * 4);
  device.copy_to_host(o.tickets.data(), tickets_buf, (kCount + 1) * 4);
  device.copy_to_host(&o.sum, sum_buf, 4);
  return o;
}

void expect_same(const Outcome& a, const Outcome& b, std::uint32_t threads) {
  const TimingStats& x = a.result.timing;
  const TimingStats& y = b.result.timing;
  EXPECT_EQ(x.cycles, y.cycles) << threads;
  EXPECT_EQ(x.issued, y.issued) << threads;
  EXPECT_EQ(x.sm_active_cycles_avg, y.sm_active_cycles_avg) << threads;
  EXPECT_EQ(x.warps_active_pct, y.warps_active_pct) << threads;
  EXPECT_EQ(x.dram_read_bytes, y.dram_read_bytes) << threads;
  EXPECT_EQ(x.dram_write_bytes, y.dram_write_bytes) << threads;
  EXPECT_EQ(x.l2_sectors, y.l2_sectors) << threads;
  EXPECT_EQ(x.dram_transactions, y.dram_transactions) << threads;
  EXPECT_EQ(x.l1_hit_sectors, y.l1_hit_sectors) << threads;
  EXPECT_EQ(x.l1_miss_sectors, y.l1_miss_sectors) << threads;
  EXPECT_EQ(x.l2_hit_sectors, y.l2_hit_sectors) << threads;
  EXPECT_EQ(x.l2_miss_sectors, y.l2_miss_sectors) << threads;
  EXPECT_EQ(x.warp_cycles, y.warp_cycles) << threads;
  EXPECT_EQ(a.result.launch.stats.warp_instructions, b.result.launch.stats.warp_instructions);
  EXPECT_EQ(a.result.launch.stats.thread_instructions, b.result.launch.stats.thread_instructions);
  EXPECT_EQ(a.result.launch.stats.per_opcode, b.result.launch.stats.per_opcode);
  EXPECT_EQ(std::memcmp(a.out.data(), b.out.data(), a.out.size() * 4), 0) << threads;
  EXPECT_EQ(a.tickets, b.tickets) << threads;
  EXPECT_EQ(std::memcmp(&a.sum, &b.sum, 4), 0) << a.sum << " vs " << b.sum << ", " << threads;
}

TEST(TimedLaunchThreads, ResultsAreBitIdenticalForEveryHostThreadCount) {
  const Outcome one = run_with(1);
  // The tickets are a permutation (each atomic saw a distinct old value).
  std::vector<bool> seen(kCount);
  for (std::uint32_t i = 1; i <= kCount; ++i) {
    ASSERT_LT(one.tickets[i], kCount);
    EXPECT_FALSE(seen[one.tickets[i]]);
    seen[one.tickets[i]] = true;
  }
  EXPECT_EQ(one.tickets[0], kCount);
  EXPECT_GT(one.result.timing.dram_read_bytes, 0u);
  // Several runs per count: a race between threads would show as a
  // difference in some of them.
  for (std::uint32_t threads : {2u, 4u, 1u, 4u, 2u}) expect_same(one, run_with(threads), threads);
}

}  // namespace
}  // namespace smsim::timing
