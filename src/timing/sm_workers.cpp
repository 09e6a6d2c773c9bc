#include "timing/sm_workers.h"

#include <algorithm>

namespace smsim::timing {
namespace {

// Spins before sleeping on a futex: a cycle's SM steps take microseconds,
// about a futex round trip, but a spinning thread on a busy host takes the
// core from the thread it waits for.
constexpr std::uint32_t kSpins = 256;
constexpr std::uint32_t kMaxCount = 0xFFFF;

constexpr std::uint32_t round_of(std::uint64_t t) {
  return static_cast<std::uint32_t>(t >> 32);
}
constexpr std::uint32_t index_of(std::uint64_t t) {
  return static_cast<std::uint32_t>(t >> 16) & kMaxCount;
}
constexpr std::uint32_t count_of(std::uint64_t t) {
  return static_cast<std::uint32_t>(t) & kMaxCount;
}

}  // namespace

SmWorkers::SmWorkers(std::uint32_t threads) {
  for (std::uint32_t t = 1; t < threads; ++t) helpers_.emplace_back([this] { helper(); });
}

SmWorkers::~SmWorkers() {
  stop_.store(true, std::memory_order_relaxed);
  // A new round number with nothing to claim wakes the helpers to stop.
  ticket_.store(std::uint64_t{round_of(ticket_.load()) + 1} << 32, std::memory_order_release);
  ticket_.notify_all();
}

void SmWorkers::work(std::uint32_t round) {
  std::uint64_t t = ticket_.load(std::memory_order_acquire);
  for (;;) {
    if (round_of(t) != round || index_of(t) >= count_of(t)) return;
    if (!ticket_.compare_exchange_weak(t, t + (std::uint64_t{1} << 16),
                                       std::memory_order_acquire)) {
      continue;
    }
    // The round cannot end before this index is done, so fn_ is its.
    fn_(arg_, index_of(t));
    if (done_.fetch_add(1, std::memory_order_release) + 1 == count_of(t)) done_.notify_one();
    t = ticket_.load(std::memory_order_acquire);
  }
}

void SmWorkers::run(std::uint32_t count, StepFn fn, void* arg) {
  // More SMs than a ticket holds: the rest in further rounds.
  for (std::uint32_t first = 0; first < count; first += kMaxCount) {
    const std::uint32_t part = std::min(count - first, kMaxCount);
    struct Offset {
      StepFn fn;
      void* arg;
      std::uint32_t first;
    } offset{fn, arg, first};
    fn_ = [](void* o, std::uint32_t i) {
      const auto* off = static_cast<Offset*>(o);
      off->fn(off->arg, off->first + i);
    };
    arg_ = &offset;
    done_.store(0, std::memory_order_relaxed);
    const std::uint32_t round = round_of(ticket_.load(std::memory_order_relaxed)) + 1;
    ticket_.store((std::uint64_t{round} << 32) | part, std::memory_order_release);
    ticket_.notify_all();
    work(round);
    std::uint32_t spins = 0;
    for (std::uint32_t d = done_.load(std::memory_order_acquire); d != part;
         d = done_.load(std::memory_order_acquire)) {
      if (++spins > kSpins) done_.wait(d, std::memory_order_acquire);
    }
  }
}

void SmWorkers::helper() {
  std::uint32_t seen = 0;
  for (;;) {
    std::uint64_t t = ticket_.load(std::memory_order_acquire);
    for (std::uint32_t spins = 0; round_of(t) == seen;
         t = ticket_.load(std::memory_order_acquire)) {
      if (++spins > kSpins) ticket_.wait(t, std::memory_order_acquire);
    }
    if (stop_.load(std::memory_order_relaxed)) return;
    seen = round_of(t);
    work(seen);
  }
}

}  // namespace smsim::timing
