// The full-warp loop of lane_map.h is compiled three times (baseline x86-64,
// AVX2 and, for integer lanes, AVX-512VL; picked from the host CPU's flags):
// each copy the host can run gives, for 32- and 16-bit integer multiply-add,
// a float add with NaN and denormal inputs and a widening multiply, masked
// to the register width, the slots of a plain lane-by-lane loop.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <cstring>
#include <random>

#include "func/ops/lane_map.h"

namespace smsim::func {
namespace {

struct Rows {
  std::uint64_t a[kWarpSize], b[kWarpSize], c[kWarpSize];
};

Rows random_rows(std::uint32_t seed) {
  std::mt19937_64 gen(seed);
  Rows r{};
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    r.a[lane] = gen();
    r.b[lane] = gen();
    r.c[lane] = gen();
  }
  // Float specials in the low words: quiet and signalling NaN, infinity,
  // a denormal, negative zero.
  const std::uint32_t specials[] = {0x7FC00001u, 0x7F800001u, 0x7F800000u, 0x00000001u,
                                    0x80000000u};
  for (unsigned i = 0; i < 5; ++i) r.a[i * 3] = specials[i];
  return r;
}

SourceRows<3> rows_of(const Rows& r) {
  SourceRows<3> s{};
  s.row[0] = r.a;
  s.row[1] = r.b;
  s.row[2] = r.c;
  return s;
}

auto mad32 = [](std::uint64_t a, std::uint64_t b, std::uint64_t d) -> std::uint64_t {
  return static_cast<std::uint32_t>(static_cast<std::uint32_t>(a) * static_cast<std::uint32_t>(b) +
                                    static_cast<std::uint32_t>(d));
};
auto mad16 = [](std::uint64_t a, std::uint64_t b, std::uint64_t d) -> std::uint64_t {
  return static_cast<std::uint16_t>(static_cast<std::uint32_t>(static_cast<std::uint16_t>(a)) *
                                        static_cast<std::uint16_t>(b) +
                                    static_cast<std::uint16_t>(d));
};
auto add_f32 = [](std::uint64_t a, std::uint64_t b, std::uint64_t) -> std::uint64_t {
  const float r = std::bit_cast<float>(static_cast<std::uint32_t>(a)) +
                  std::bit_cast<float>(static_cast<std::uint32_t>(b));
  // Which of two NaN operands x86 returns depends on the order the compiler
  // gave a commutative add, so NaNs are canonical as in the engine's f32 ops.
  return r != r ? 0x7FFF'FFFFu : std::bit_cast<std::uint32_t>(r);
};
auto wide_mul = [](std::uint64_t a, std::uint64_t b, std::uint64_t) -> std::uint64_t {
  return static_cast<std::uint64_t>(static_cast<std::int64_t>(static_cast<std::int32_t>(a)) *
                                    static_cast<std::int32_t>(b));
};

// `integer`: f has no float arithmetic, so the AVX-512 copy may run it too.
template <typename F>
void expect_copies_agree(F f, std::uint64_t keep, bool integer) {
  for (std::uint32_t seed = 1; seed <= 20; ++seed) {
    const Rows r = random_rows(seed);
    const SourceRows<3> s = rows_of(r);
    std::uint64_t lane_by_lane[kWarpSize], plain[kWarpSize];
    for (unsigned lane = 0; lane < kWarpSize; ++lane) {
      lane_by_lane[lane] = f(r.a[lane], r.b[lane], r.c[lane]) & keep;
    }
    map_full_warp<3>(plain, s, keep, f);
    EXPECT_EQ(0, std::memcmp(plain, lane_by_lane, sizeof plain)) << "seed " << seed;
#ifdef SMSIM_HOST_AVX2_PATHS
    if (kHostHasAvx2) {
      std::uint64_t avx2[kWarpSize];
      map_full_warp_avx2<3>(avx2, s, keep, f);
      EXPECT_EQ(0, std::memcmp(avx2, lane_by_lane, sizeof avx2)) << "seed " << seed;
    }
    if (integer && kHostHasAvx512) {
      std::uint64_t avx512[kWarpSize];
      map_full_warp_avx512<3>(avx512, s, keep, f);
      EXPECT_EQ(0, std::memcmp(avx512, lane_by_lane, sizeof avx512)) << "seed " << seed;
    }
#else
    (void)integer;
#endif
  }
}

TEST(LaneMapFullWarp, FullWarpCopiesAgreeOnIntegerMultiplyAdd) {
  expect_copies_agree(mad32, 0xFFFF'FFFFu, true);
  expect_copies_agree(mad16, 0xFFFFu, true);
}

TEST(LaneMapFullWarp, FullWarpCopiesAgreeOnFloatAddWithSpecials) {
  expect_copies_agree(add_f32, 0xFFFF'FFFFu, false);
}

TEST(LaneMapFullWarp, FullWarpCopiesAgreeOnWideningMultiply) {
  expect_copies_agree(wide_mul, ~std::uint64_t{0}, true);
}

TEST(LaneMapFullWarp, DestinationMaskedToRegisterWidth) {
  const Rows r = random_rows(7);
  const SourceRows<3> s = rows_of(r);
  std::uint64_t d[kWarpSize];
  map_full_warp<3>(d, s, 0xFFu, wide_mul);
  for (unsigned lane = 0; lane < kWarpSize; ++lane) EXPECT_LE(d[lane], 0xFFu) << lane;
}

}  // namespace
}  // namespace smsim::func
