// Every one of the 2^32 f32 inputs through the conversions the H100 swept,
// compared chunk by chunk with the device's digests; cvt.rn.f16.f32 also
// against GCC's _Float16 conversion input by input. Label `long`.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>

#include "isa/semantics/convert_float.h"
#include "isa/semantics/convert_int.h"
#include "long/sweep_digests.h"

namespace smsim::isa::sem {
namespace {

using testing::count_differing_chunks;
using testing::device_sweep_digests;
using testing::host_sweep_digests;

void expect_sweep_matches(const std::string& name, const std::function<uint64_t(uint32_t)>& f) {
  const auto device = device_sweep_digests(name);
  ASSERT_EQ(device.size(), testing::kSweepChunks) << name << " was not swept on the device";
  EXPECT_EQ(count_differing_chunks(device, host_sweep_digests(f)), 0u) << name;
}

TEST(ExhaustiveConversion, F32ToF16EveryRounding) {
  const std::pair<const char*, Rounding> modes[] = {{"cvt.rn.f16.f32", Rounding::nearest_even},
                                                    {"cvt.rz.f16.f32", Rounding::toward_zero},
                                                    {"cvt.rm.f16.f32", Rounding::toward_negative},
                                                    {"cvt.rp.f16.f32", Rounding::toward_positive}};
  for (const auto& [name, mode] : modes) {
    const Rounding r = mode;
    expect_sweep_matches(name, [r](uint32_t x) { return cvt_f16_from_f32(x, {.rounding = r}); });
  }
}

TEST(ExhaustiveConversion, F32ToBf16AndTf32) {
  expect_sweep_matches("cvt.rn.bf16.f32", [](uint32_t x) { return cvt_bf16_from_f32(x, {}); });
  expect_sweep_matches("cvt.rz.bf16.f32", [](uint32_t x) {
    return cvt_bf16_from_f32(x, {.rounding = Rounding::toward_zero});
  });
  expect_sweep_matches("cvt.rna.tf32.f32", [](uint32_t x) {
    return cvt_tf32_from_f32(x, {.rounding = Rounding::nearest_away});
  });
  expect_sweep_matches("cvt.rna.satfinite.tf32.f32", [](uint32_t x) {
    return cvt_tf32_from_f32(x, {.rounding = Rounding::nearest_away, .satfinite = true});
  });
}

TEST(ExhaustiveConversion, F32ToS32Nearest) {
  expect_sweep_matches("cvt.rni.s32.f32", [](uint32_t x) {
    return cvt_int_from_float(IntType::s32, kF32, x, Rounding::nearest_even, false);
  });
}

TEST(ExhaustiveConversion, F32ToF16MatchesFloat16ForEveryInput) {
  uint64_t mismatches = 0;
  for (uint64_t x = 0; x < (uint64_t{1} << 32); ++x) {
    const auto bits = static_cast<uint32_t>(x);
    if (is_nan_f32(bits)) continue;
    const auto want = std::bit_cast<uint16_t>(static_cast<_Float16>(f32_from_bits(bits)));
    mismatches += cvt_f16_from_f32(bits, {}) != want ? 1 : 0;
  }
  EXPECT_EQ(mismatches, 0u);
}

}  // namespace
}  // namespace smsim::isa::sem
