// The per-instruction timing the cycle model derives from decoded PTX, with
// the H100 model's facts (configs/arch/hopper.toml).
#include "timing/op_timing.h"

#include <gtest/gtest.h>

#include <string>

#include "arch/gpu_database.h"
#include "func/device.h"
#include "ptx/frontend.h"

namespace smsim::timing {
namespace {

const arch::GpuModel& h100() {
  static const arch::GpuDatabase db = arch::GpuDatabase::load(SMSIM_CONFIG_DIR);
  return *db.find("h100");
}

// The timing of each instruction of a one-kernel module built from `body`.
std::vector<OpTiming> timings_of(const std::string& body) {
  const std::string ptx =
      ".version 8.0\n.target sm_90\n.address_size 64\n"
      ".visible .entry k(.param .u64 out) {\n  .reg .b32 %r<8>; .reg .b64 %rd<8>;\n" +
      body + "  ret;\n}\n";
  ptx::Diagnostics diags("test.ptx", ptx);
  const ptx::Module module = ptx::parse_and_check(ptx, diags);
  EXPECT_FALSE(diags.has_errors()) << diags.format();
  func::Device device(func::LaunchOptions{}, std::uint64_t{1} << 20);
  const func::LoadedModule loaded = device.load(module);
  const auto p = timing_params(h100());
  EXPECT_TRUE(p.params) << p.error;
  return op_timings(*loaded.kernels.at(0).kernel, *p.params);
}

TEST(OpTiming, IntegerRemainderByARegisterIsTheDivisionSequenceOnTheXu) {
  const auto t = timings_of(
      "  mov.u32 %r1, %tid.x;\n  rem.u32 %r2, %r1, %r1;\n"
      "  div.s32 %r3, %r1, %r1;\n");
  const auto p = *timing_params(h100()).params;
  const auto& l = h100().timing.latency;
  for (std::size_t pc : {1u, 2u}) {
    EXPECT_EQ(t[pc].pipe, Pipe::sfu) << pc;
    EXPECT_DOUBLE_EQ(t[pc].interval, 3 * p.sfu_interval) << pc;  // I2F, MUFU.RCP, F2I
    EXPECT_EQ(t[pc].latency, 2 * l.sfu + l.sfu_rcp + 10 * l.int_mul) << pc;
    EXPECT_EQ(t[pc].dependency, Stall::short_scoreboard) << pc;
  }
}

TEST(OpTiming, DivisionByAConstantIsNoDivisionSequence) {
  // ptxas turns it into a multiply-high and shifts.
  const auto t = timings_of("  mov.u32 %r1, %tid.x;\n  rem.u32 %r2, %r1, 6;\n");
  EXPECT_EQ(t[1].pipe, Pipe::int_mul);
}

}  // namespace
}  // namespace smsim::timing
