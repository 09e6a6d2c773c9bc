// The mbarrier object's phases (isa/semantics/mbarrier_state.h).
#include "isa/semantics/mbarrier_state.h"

#include <gtest/gtest.h>

namespace smsim::isa::sem {
namespace {

TEST(Mbarrier, PhaseCompletesAfterTheExpectedArrivals) {
  uint64_t word = mbarrier_init(3);
  const uint64_t state = word;
  word = mbarrier_arrive(word, 1, 0, false);
  word = mbarrier_arrive(word, 1, 0, false);
  EXPECT_FALSE(mbarrier_phase_done(word, state));
  EXPECT_FALSE(mbarrier_parity_done(word, 0));
  EXPECT_EQ(mbarrier_pending_count(word), 1u);
  word = mbarrier_arrive(word, 1, 0, false);
  EXPECT_TRUE(mbarrier_phase_done(word, state));
  EXPECT_TRUE(mbarrier_parity_done(word, 0));
  EXPECT_FALSE(mbarrier_parity_done(word, 1));
  EXPECT_EQ(mbarrier_pending_count(word), 3u);  // the next phase starts
}

TEST(Mbarrier, TransactionBytesHoldThePhase) {
  uint64_t word = mbarrier_init(1);
  word = mbarrier_arrive(word, 1, 256, false);  // arrive.expect_tx
  EXPECT_FALSE(mbarrier_parity_done(word, 0));
  word = mbarrier_complete_tx(word, 128);
  EXPECT_FALSE(mbarrier_parity_done(word, 0));
  word = mbarrier_complete_tx(word, 128);
  EXPECT_TRUE(mbarrier_parity_done(word, 0));
  // Bytes may complete before they are expected (a negative tx-count).
  word = mbarrier_complete_tx(word, 64);
  word = mbarrier_expect_tx(word, 64);
  word = mbarrier_arrive(word, 1, 0, false);
  EXPECT_TRUE(mbarrier_parity_done(word, 1));
}

TEST(Mbarrier, ArriveDropLowersLaterPhases) {
  uint64_t word = mbarrier_init(2);
  word = mbarrier_arrive(word, 1, 0, true);
  word = mbarrier_arrive(word, 1, 0, false);
  EXPECT_TRUE(mbarrier_parity_done(word, 0));
  EXPECT_EQ(mbarrier_pending_count(word), 1u);
}

}  // namespace
}  // namespace smsim::isa::sem
