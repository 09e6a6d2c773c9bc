#pragma once
// Shared helpers of the timing validation kernels. Each program launches each
// of its kernels once (ncu measures gpc__cycles_elapsed.max per launch, with
// its default cache flush before each), checks the results on the host and
// prints one `KERNEL name ok|WRONG` line per launch, in launch order.
#include <cstdio>

#include "../cuda_check.cuh"

namespace kernels {

inline void report(const char* name, bool ok) {
  std::printf("KERNEL %s %s\n", name, ok ? "ok" : "WRONG");
}

// Fills host values with a fixed pattern of small integers (exact in float).
inline float pattern(size_t i) { return static_cast<float>((i * 7919u) % 1013u) - 506.0f; }

}  // namespace kernels
