// A launch takes the same cycles wherever the OS placed device memory and
// the host memory mapped into it: smsim's device addresses are host
// addresses (ASLR moves them run to run), and the cycle model must see only
// their offsets (func::DeviceMemory::offset_of). Two devices at once have
// two reservations, so two bases.
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

constexpr std::uint32_t kWords = std::uint32_t{1} << 20;  // 4 MiB of chain
constexpr std::uint32_t kStride = 4099;                   // words: a new DRAM row per link

// One thread follows 64 links of i = in[i] (each a DRAM miss) and stores the last.
const char* const kChase = R"(.version 8.0
.target sm_90
.address_size 64
.visible .entry chase(.param .u64 in, .param .u64 out) {
  .reg .b64 %rd<8>; .reg .b32 %r<4>; .reg .pred %p;
  ld.param.u64 %rd1, [in];
  ld.param.u64 %rd2, [out];
  mov.u32 %r1, 0;
  mov.u32 %r2, 0;
LOOP:
  mul.wide.u32 %rd3, %r1, 4;
  add.s64 %rd4, %rd1, %rd3;
  ld.global.u32 %r1, [%rd4];
  add.u32 %r2, %r2, 1;
  setp.lt.u32 %p, %r2, 64;
  @%p bra LOOP;
  st.global.u32 [%rd2], %r1;
  ret;
}
)";

void fill_chain(std::uint32_t* words) {
  for (std::uint32_t i = 0; i < kWords; ++i) words[i] = (i + kStride) % kWords;
}

// The chase over `in` (a device allocation or a registered host range) on
// `device`: the launch's cycles.
std::uint64_t chase_cycles(func::Device& device, std::uint64_t in) {
  const func::LoadedModule loaded = test_models::load_one_kernel(device, kChase);
  const std::uint64_t out = device.allocate(4);
  std::byte params[16];
  std::memcpy(params, &in, 8);
  std::memcpy(params + 8, &out, 8);
  const auto p = timing_params(gpu("h100"));
  EXPECT_TRUE(p.params) << p.error;
  const TimedLaunchResult r =
      launch_timed(*loaded.kernels[0].kernel, {.grid = {1}, .block = {1}}, device.options(),
                   device.memory(), params, *p.params, 1);
  EXPECT_TRUE(r.launch.ok()) << r.launch.error.message;
  std::uint32_t last = 0;
  device.copy_to_host(&last, out, 4);
  EXPECT_EQ(last, 64 * kStride % kWords);
  return r.timing.cycles;
}

TEST(TimedLaunchPlacement, DeviceMemoryAtTwoBasesTakesTheSameCycles) {
  func::Device first(func::LaunchOptions{}, std::uint64_t{1} << 30);
  func::Device second(func::LaunchOptions{}, std::uint64_t{1} << 30);
  ASSERT_NE(first.memory().base(), second.memory().base());
  std::vector<std::uint32_t> chain(kWords);
  fill_chain(chain.data());
  std::uint64_t cycles[2];
  func::Device* devices[2] = {&first, &second};
  for (int run = 0; run < 2; ++run) {
    const std::uint64_t in = devices[run]->allocate(kWords * 4);
    ASSERT_NE(in, 0u);
    ASSERT_FALSE(devices[run]->memory().write(in, chain.data(), kWords * 4));
    cycles[run] = chase_cycles(*devices[run], in);
  }
  EXPECT_EQ(cycles[0], cycles[1]);
}

// Pinned host memory mapped into the device lies on the host's heap, which
// the OS moves apart from the device's reservation: before the model took
// offsets, the same chase through a mapped buffer took 41960 to 44366
// cycles run to run (`smsim run --mode timing`, a 16 KiB cudaHostAlloc
// buffer), since a miss's latency was picked by its distance from the base.
TEST(TimedLaunchPlacement, MappedHostMemoryAtTwoPlacesTakesTheSameCycles) {
  func::Device first(func::LaunchOptions{}, std::uint64_t{1} << 30);
  func::Device second(func::LaunchOptions{}, std::uint64_t{1} << 30);
  // Room for two chains a few pages apart (same offset inside a page, as a
  // program's buffer keeps in every run).
  constexpr std::uint64_t kPage = 4096;
  std::vector<std::uint32_t> host(2 * kWords + 64 * kPage / 4);
  const auto at = reinterpret_cast<std::uint64_t>(host.data());
  const std::uint64_t aligned = (at + kPage - 1) / kPage * kPage;
  const std::uint64_t places[2] = {aligned, aligned + kWords * 4 + 37 * kPage};
  std::uint64_t cycles[2];
  func::Device* devices[2] = {&first, &second};
  for (int run = 0; run < 2; ++run) {
    auto* words = static_cast<std::uint32_t*>(func::DeviceMemory::host_pointer(places[run]));
    fill_chain(words);
    ASSERT_TRUE(devices[run]->memory().register_host_range(words, kWords * 4));
    cycles[run] = chase_cycles(*devices[run], places[run]);
  }
  EXPECT_EQ(cycles[0], cycles[1]);
}

}  // namespace
}  // namespace smsim::timing
