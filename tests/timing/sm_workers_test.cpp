// SmWorkers hands each index of every round to exactly one thread and
// returns only when all are done.
#include "timing/sm_workers.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <vector>

namespace smsim::timing {
namespace {

TEST(SmWorkers, EveryIndexOfEveryRoundRunsOnceBeforeTheRoundReturns) {
  for (std::uint32_t threads : {1u, 2u, 3u, 8u}) {
    SmWorkers workers(threads);
    EXPECT_EQ(workers.threads(), threads);
    std::vector<std::atomic<std::uint32_t>> runs(133);
    for (std::uint32_t round = 1; round <= 200; ++round) {
      // Rounds of different sizes, the empty one included.
      const std::uint32_t count = round % 7 == 0 ? 0 : (round * 37) % 134;
      auto step = [&runs](std::uint32_t i) { runs[i].fetch_add(1, std::memory_order_relaxed); };
      workers.for_each(count, step);
      for (std::uint32_t i = 0; i < runs.size(); ++i) {
        ASSERT_EQ(runs[i].exchange(0), i < count ? 1u : 0u)
            << threads << " threads, round " << round << ", index " << i;
      }
    }
  }
}

}  // namespace
}  // namespace smsim::timing
