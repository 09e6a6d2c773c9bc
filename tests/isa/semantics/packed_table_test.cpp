// The compact table forms give back exactly what was pushed, including the
// values that do not fit in four bits, and the MUFU tables stay small.
#include "isa/semantics/packed_table.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <random>
#include <vector>

#include "isa/semantics/zstd_table.h"
#include "measured_tables.h"

namespace smsim::isa::sem {
namespace {

TEST(NibbleArray, SmallAndEscapedValues) {
  const std::vector<int32_t> values = {0, 7, -7, 8, -8, 1, -1, 1000000, -123456789, 3, 0, 0, 5};
  NibbleArray a;
  for (int32_t v : values) a.push_back(v);
  ASSERT_EQ(a.size(), values.size());
  for (uint32_t i = 0; i < values.size(); ++i) EXPECT_EQ(a[i], values[i]) << i;
}

TEST(DeltaWords, SmoothDataWithJumpsRoundTrips) {
  std::mt19937 random(7);
  std::vector<uint32_t> words;
  uint32_t value = 0x3f800000, step = 1000;
  for (int i = 0; i < 5000; ++i) {
    step += static_cast<uint32_t>(static_cast<int>(random() % 3) - 1);
    if (i % 777 == 0) step += 0x12345;        // a jump in the slope
    if (i % 1234 == 0) value ^= 0x80000000u;  // a jump in the value
    value += step;
    words.push_back(value);
  }
  DeltaWords d;
  for (uint32_t w : words) d.push_back(w);
  ASSERT_EQ(d.size(), words.size());
  for (uint32_t i = 0; i < words.size(); ++i) ASSERT_EQ(d[i], words[i]) << i;
}

// The four 2^24-entry tables stay under 48 MB; tanh's 6.7 M words add under 6 MB.
TEST(MufuTables, AllFiveTablesTakeLessThan54MB) {
  const MufuTables& t = testing::mufu_tables();
  EXPECT_LT(t.bytes(), size_t{54} << 20);
  // Spot values: ex2(0) = 1, lg2(1) = 0, sin(0) = 0, cos(0) = 1.
  EXPECT_EQ(t.ex2(false, 0), 0x3f800000u);
  EXPECT_EQ(t.lg2(true, 0), 0u);
  EXPECT_EQ(t.sin_quadrant0(0), 0u);
  EXPECT_EQ(t.cos_quadrant0(0), 0x3f800000u);
}

// Every entry of the three delta-coded MUFU tables, read through DeltaWords,
// equals the table decoded whole and in order.
TEST(MufuTables, PackedEntriesEqualTheWholeDecodedFiles) {
  const MufuTables& t = testing::mufu_tables();
  const char* files[] = {"ex2_approx_ftz_f32.d2.zst", "lg2_approx_ftz_f32.d2.zst",
                         "sincos_approx_ftz_f32.d2.zst"};
  for (int f = 0; f < 3; ++f) {
    std::vector<uint32_t> v;
    std::string error;
    ASSERT_TRUE(read_zstd_table(testing::sfu_data_dir() + "/" + files[f], MufuTables::kEntries, v,
                                error))
        << error;
    uint32_t step = 0;
    for (size_t i = 1; i < v.size(); ++i) {  // undo the coding in place
      step = i == 1 ? v[1] : step + v[i];
      v[i] = v[i - 1] + step;
    }
    uint32_t differing = 0;
    for (uint32_t i = 0; i < MufuTables::kEntries; ++i) {
      const bool upper = i >= MufuTables::kHalf;
      const uint32_t k = i % MufuTables::kHalf;
      const uint32_t got = f == 0   ? t.ex2(upper, k)
                           : f == 1 ? t.lg2(upper, k)
                                    : (upper ? t.cos_quadrant0(k) : t.sin_quadrant0(k));
      differing += got != v[i] ? 1 : 0;
    }
    EXPECT_EQ(differing, 0u) << files[f];
  }
  std::printf("  MUFU tables in memory: %.1f MB\n", static_cast<double>(t.bytes()) / (1 << 20));
}

}  // namespace
}  // namespace smsim::isa::sem
