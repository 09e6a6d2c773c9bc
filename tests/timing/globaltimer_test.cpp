// %globaltimer in timed launches: the launch's start on the runtime's device
// timeline plus the simulated cycles converted at the SM clock.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "timing/timed_launch.h"
#include "timing/timing_params.h"
#include "timing_test_models.h"

namespace smsim::timing {
namespace {

// One thread stores the special register `reg`, read after a few dependent
// adds so that it is not read at cycle 0.
std::uint64_t read_register(const std::string& reg, std::uint64_t origin_ns,
                            std::uint32_t clock_mhz) {
  const std::string ptx =
      ".version 8.0\n.target sm_90\n.address_size 64\n"
      ".visible .entry k(.param .u64 out) {\n"
      "  .reg .f32 %f<2>; .reg .b64 %rd<4>;\n"
      "  ld.param.u64 %rd1, [out];\n  mov.f32 %f1, 0f3F800000;\n"
      "  add.f32 %f1, %f1, %f1;\n  add.f32 %f1, %f1, %f1;\n  add.f32 %f1, %f1, %f1;\n"
      "  mov.u64 %rd2, " +
      reg + ";\n  st.global.u64 [%rd1], %rd2;\n  st.global.f32 [%rd1+8], %f1;\n  ret;\n}\n";
  func::LaunchOptions options;
  options.globaltimer_origin_ns = origin_ns;
  options.clock_mhz = clock_mhz;
  func::Device device(options, std::uint64_t{1} << 30);
  const func::LoadedModule loaded = test_models::load_one_kernel(device, ptx);
  const std::uint64_t slot = device.allocate(16);
  std::byte params[8];
  std::memcpy(params, &slot, 8);
  const auto p = timing_params(test_models::gpu("h100"));
  EXPECT_TRUE(p.params) << p.error;
  const TimedLaunchResult r = launch_timed(*loaded.kernels[0].kernel, {.grid = {1}, .block = {1}},
                                           device.options(), device.memory(), params, *p.params, 1);
  EXPECT_TRUE(r.launch.ok()) << r.launch.error.message;
  std::uint64_t value = 0;
  device.copy_to_host(&value, slot, 8);
  return value;
}

TEST(Globaltimer, ReadsTheLaunchStartPlusCyclesAtTheSmClock) {
  const std::uint64_t cycle = read_register("%clock64", 0, 0);
  ASSERT_GT(cycle, 4u);
  EXPECT_EQ(read_register("%globaltimer", 5000, 1000), 5000 + cycle);
  EXPECT_EQ(read_register("%globaltimer", 5000, 500), 5000 + 2 * cycle);
  EXPECT_EQ(read_register("%globaltimer", 0, 2000), cycle / 2);
}

}  // namespace
}  // namespace smsim::timing
