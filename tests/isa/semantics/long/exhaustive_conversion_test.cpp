// Every one of the 2^32 f32 inputs through the conversions the H100 swept,
// compared chunk by chunk with the device's digests; cvt.rn.f16.f32 also
// against GCC's _Float16 conversion input by input. Label `long`.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <vector>

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

// One chunk: how many of its non-NaN inputs convert differently with GCC's
// _Float16, and how many were compared.
struct ChunkCount {
  uint64_t differing = 0;
  uint64_t compared = 0;
};

[[gnu::always_inline]] inline ChunkCount compare_with_float16(uint32_t chunk) {
  ChunkCount count;
  const uint32_t base = chunk << testing::kSweepChunkBits;
  for (uint32_t j = 0; j < (1u << testing::kSweepChunkBits); ++j) {
    const uint32_t bits = base + j;
    if (is_nan_f32(bits)) continue;
    const auto want = std::bit_cast<uint16_t>(static_cast<_Float16>(f32_from_bits(bits)));
    count.differing += cvt_f16_from_f32(bits, {}) != want ? 1 : 0;
    ++count.compared;
  }
  return count;
}

// GCC converts to _Float16 with libgcc's software routine (about 60 ns an
// input: 2^32 of them are minutes of CPU) unless the code is compiled for
// F16C, where the same conversion is one vcvtps2ph. Where the host has F16C
// the sweep runs a copy compiled for it.
#if defined(__x86_64__)
[[gnu::target("f16c")]] ChunkCount compare_with_float16_f16c(uint32_t chunk) {
  return compare_with_float16(chunk);
}
#endif

ChunkCount compare_chunk_with_float16(uint32_t chunk) {
#if defined(__x86_64__)
  static const bool f16c = __builtin_cpu_supports("f16c");
  if (f16c) return compare_with_float16_f16c(chunk);
#endif
  return compare_with_float16(chunk);
}

TEST(ExhaustiveConversion, F32ToF16MatchesFloat16ForEveryInput) {
  std::vector<ChunkCount> counts(testing::kSweepChunks);
  testing::for_each_chunk_in_parallel(testing::kSweepChunks, [&](uint32_t chunk) {
    counts[chunk] = compare_chunk_with_float16(chunk);
  });
  uint64_t differing = 0, compared = 0;
  for (const ChunkCount& c : counts) {
    differing += c.differing;
    compared += c.compared;
  }
  EXPECT_EQ(differing, 0u);
  // Every input but the 2 x (2^23 - 1) NaNs was compared: no chunk was skipped.
  constexpr uint64_t kNonNan = (uint64_t{1} << 32) - 2 * ((uint64_t{1} << 23) - 1);
  EXPECT_EQ(compared, kNonNan);
}

}  // namespace
}  // namespace smsim::isa::sem
