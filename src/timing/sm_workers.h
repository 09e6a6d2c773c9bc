#pragma once
// Host threads that step the SMs of one cycle in parallel: the caller hands
// out the SM indices of a cycle and returns when all are stepped, once per
// simulated cycle. The caller steps SMs too and never waits for a helper to
// wake up: on a busy host it does the whole cycle alone while the helpers
// sleep. Which thread steps which SM varies; the cycle loop makes the result
// independent of it (docs/timing.md, "Parallel SMs").

#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

namespace smsim::timing {

class SmWorkers {
 public:
  // `threads` host threads in all, the caller's included (at least 1).
  explicit SmWorkers(std::uint32_t threads);
  ~SmWorkers();
  SmWorkers(const SmWorkers&) = delete;
  SmWorkers& operator=(const SmWorkers&) = delete;

  std::uint32_t threads() const { return static_cast<std::uint32_t>(helpers_.size()) + 1; }

  // Calls step(i) once for each i in [0, count), on any of the threads, and
  // returns when every call has returned. `step` must not throw.
  template <typename F>
  void for_each(std::uint32_t count, F& step) {
    if (helpers_.empty() || count <= 1) {
      for (std::uint32_t i = 0; i < count; ++i) step(i);
      return;
    }
    run(count, &call<F>, &step);
  }

 private:
  using StepFn = void (*)(void*, std::uint32_t);
  template <typename F>
  static void call(void* f, std::uint32_t i) {
    (*static_cast<F*>(f))(i);
  }
  void run(std::uint32_t count, StepFn fn, void* arg);
  // Claims and runs indices of the round `round` until none is left.
  void work(std::uint32_t round);
  void helper();

  std::vector<std::jthread> helpers_;
  // The current round's work, valid while one of its indices is unclaimed or
  // running: a round ends only when all its indices are done.
  StepFn fn_ = nullptr;
  void* arg_ = nullptr;
  // Round number (bits 32-63), next index to claim (16-31) and count (0-15),
  // in one word so that a helper claims an index of the round it saw or none.
  std::atomic<std::uint64_t> ticket_{0};
  std::atomic<std::uint32_t> done_{0};
  std::atomic<bool> stop_{false};
};

}  // namespace smsim::timing
