#pragma once
// Large per-launch arrays kept for the next launch on the same host thread.
//
// A timed launch builds its caches' tag arrays (the H100's L2: 409,600 lines,
// about 6.5 MB; each SM's L1 another 32 KB) and frees them at its end. New
// each launch, their pages were faulted in and zeroed by the OS every time
// (docs/timing.md, "The ninth pass"). An array given back here is taken by
// the next request that fits in it and refilled, so a launch's state is the
// same as with a new array; only the host memory is reused.

#include <cstddef>
#include <new>
#include <utility>
#include <vector>

namespace smsim::timing {

template <class T>
class RecycledArrays {
 public:
  // An array of `n` copies of `value`, in the smallest kept array that
  // holds n, or a new one.
  static std::vector<T> take(std::size_t n, const T& value) {
    std::vector<std::vector<T>>& kept = pool();
    std::size_t best = kept.size();
    for (std::size_t i = 0; i < kept.size(); ++i) {
      if (kept[i].capacity() >= n &&
          (best == kept.size() || kept[i].capacity() < kept[best].capacity())) {
        best = i;
      }
    }
    std::vector<T> out;
    if (best != kept.size()) {
      out = std::move(kept[best]);
      kept[best] = std::move(kept.back());
      kept.pop_back();
    }
    out.assign(n, value);
    return out;
  }
  // Keeps `array`'s storage for a later take (up to kKept arrays a thread).
  // Called from destructors: where the list cannot grow, the array is
  // freed as it was before arrays were kept.
  static void give_back(std::vector<T>&& array) noexcept {
    std::vector<std::vector<T>>& kept = pool();
    if (array.capacity() == 0 || kept.size() >= kKept) return;
    try {
      kept.push_back(std::move(array));
    } catch (const std::bad_alloc&) {
    }
  }
  // Arrays kept on this thread (for the tests).
  static std::size_t kept() { return pool().size(); }

 private:
  // More than one launch's caches (the H100: 132 L1s and an L2), so that
  // devices of two configurations used in turn both find theirs.
  static constexpr std::size_t kKept = 1024;
  static std::vector<std::vector<T>>& pool() {
    thread_local std::vector<std::vector<T>> kept;
    return kept;
  }
};

}  // namespace smsim::timing
