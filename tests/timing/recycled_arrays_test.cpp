// Per-launch arrays kept for the next launch (src/timing/recycled_arrays.h),
// and the caches built on them: a kept array never carries its old contents.
#include "timing/recycled_arrays.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "timing/sector_cache.h"

namespace smsim::timing {
namespace {


TEST(RecycledArrays, AnArrayGivenBackIsTakenAgainRefilled) {
  using Pool = RecycledArrays<std::uint64_t>;
  // A size no other test's array has: the smallest kept array that fits is this one.
  std::vector<std::uint64_t> a = Pool::take(12347, 7);
  a[3] = 42;
  const std::uint64_t* storage = a.data();
  const std::size_t before = Pool::kept();
  Pool::give_back(std::move(a));
  EXPECT_EQ(Pool::kept(), before + 1);
  const std::vector<std::uint64_t> b = Pool::take(12340, 5);
  EXPECT_EQ(b.data(), storage);
  EXPECT_EQ(b.size(), 12340u);
  for (const std::uint64_t v : b) ASSERT_EQ(v, 5u);
  EXPECT_EQ(Pool::kept(), before);
}

TEST(RecycledArrays, ANeedLargerThanEveryKeptArrayGetsANewOne) {
  using Pool = RecycledArrays<std::uint32_t>;
  Pool::give_back(Pool::take(10, 1));
  const std::size_t before = Pool::kept();
  const std::vector<std::uint32_t> big = Pool::take(100000, 2);
  EXPECT_EQ(big.size(), 100000u);
  EXPECT_EQ(Pool::kept(), before);  // the small one stays kept
}

TEST(RecycledArrays, ACacheOnAKeptArrayStartsEmpty) {
  {
    SectorCache first(4096, 128, 4);
    first.fill(0x1000, 128, true);
    ASSERT_TRUE(first.lookup(0x1000));
  }
  SectorCache second(4096, 128, 4);  // takes the first one's arrays
  EXPECT_FALSE(second.lookup(0x1000));
  EXPECT_EQ(second.fill(0x1000, 32, false), 0u);
  // And one moved into an existing cache keeps its lines.
  SectorCache third(4096, 128, 4);
  third.fill(0x2000, 32, false);
  second = std::move(third);
  EXPECT_TRUE(second.lookup(0x2000));
  EXPECT_FALSE(second.lookup(0x1000));
}

}  // namespace
}  // namespace smsim::timing
