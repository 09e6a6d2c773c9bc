// The 64-bit mbarrier object in shared memory and the operations on it.
//
// PTX leaves the object's layout opaque (programs only pass it and the
// states that mbarrier.arrive returns back to the mbarrier instructions), so
// this is smsim's own encoding:
//   bits  0..19  pending arrivals of the current phase
//   bits 20..39  expected arrivals per phase (the init count; arrive_drop lowers it)
//   bits 40..60  pending transaction bytes (tx-count), 21-bit two's complement
//   bit  63      phase parity
// A phase completes when both its pending arrivals and its tx-count reach
// zero: the parity flips and the pending arrivals start again at the expected
// count. A state returned by arrive is the object as it was before the
// arrival; test_wait/try_wait on it succeed once the parity has moved on.
#pragma once

#include <cstdint>

namespace smsim::isa::sem {

struct MbarrierFields {
  uint32_t pending = 0;
  uint32_t expected = 0;
  int32_t tx = 0;
  bool parity = false;
};

inline constexpr uint32_t kMbarrierCountMask = (1u << 20) - 1;
inline constexpr int kMbarrierTxBits = 21;

constexpr MbarrierFields mbarrier_unpack(uint64_t word) {
  MbarrierFields f;
  f.pending = static_cast<uint32_t>(word) & kMbarrierCountMask;
  f.expected = static_cast<uint32_t>(word >> 20) & kMbarrierCountMask;
  const auto raw = static_cast<uint32_t>(word >> 40) & ((1u << kMbarrierTxBits) - 1);
  f.tx = static_cast<int32_t>(raw << (32 - kMbarrierTxBits)) >> (32 - kMbarrierTxBits);
  f.parity = (word >> 63) != 0;
  return f;
}

constexpr uint64_t mbarrier_pack(MbarrierFields f) {
  const uint64_t tx = static_cast<uint32_t>(f.tx) & ((1u << kMbarrierTxBits) - 1);
  return uint64_t{f.pending & kMbarrierCountMask} |
         uint64_t{f.expected & kMbarrierCountMask} << 20 | tx << 40 | uint64_t{f.parity} << 63;
}

// mbarrier.init: `count` expected arrivals (1 .. 2^20 - 1), phase 0.
constexpr uint64_t mbarrier_init(uint32_t count) {
  return mbarrier_pack({.pending = count, .expected = count, .tx = 0, .parity = false});
}

constexpr MbarrierFields complete_if_done(MbarrierFields f) {
  if (f.pending == 0 && f.tx == 0) {
    f.parity = !f.parity;
    f.pending = f.expected;
  }
  return f;
}

// mbarrier.arrive of `count` arrivals after adding `expect_tx` bytes to the
// tx-count (.expect_tx); arrive_drop (`drop`) also lowers the expected count
// of later phases. (.noComplete only promises that the arrival does not
// complete the phase, so it changes nothing here.)
constexpr uint64_t mbarrier_arrive(uint64_t word, uint32_t count, uint32_t expect_tx, bool drop) {
  MbarrierFields f = mbarrier_unpack(word);
  f.tx += static_cast<int32_t>(expect_tx);
  f.pending = count >= f.pending ? 0 : f.pending - count;
  if (drop) f.expected = count >= f.expected ? 0 : f.expected - count;
  return mbarrier_pack(complete_if_done(f));
}

// mbarrier.expect_tx / complete_tx: the tx-count moves by `bytes`.
constexpr uint64_t mbarrier_expect_tx(uint64_t word, uint32_t bytes) {
  MbarrierFields f = mbarrier_unpack(word);
  f.tx += static_cast<int32_t>(bytes);
  return mbarrier_pack(f);
}
constexpr uint64_t mbarrier_complete_tx(uint64_t word, uint32_t bytes) {
  MbarrierFields f = mbarrier_unpack(word);
  f.tx -= static_cast<int32_t>(bytes);
  return mbarrier_pack(complete_if_done(f));
}

// test_wait/try_wait with a state from arrive: has that phase completed?
constexpr bool mbarrier_phase_done(uint64_t word, uint64_t state) {
  return mbarrier_unpack(word).parity != mbarrier_unpack(state).parity;
}
// .parity forms: has the phase with parity `phase_parity` completed (the
// current phase has the other parity)?
constexpr bool mbarrier_parity_done(uint64_t word, uint32_t phase_parity) {
  return mbarrier_unpack(word).parity != ((phase_parity & 1) != 0);
}

// mbarrier.pending_count on a state.
constexpr uint32_t mbarrier_pending_count(uint64_t state) {
  return mbarrier_unpack(state).pending;
}

}  // namespace smsim::isa::sem
