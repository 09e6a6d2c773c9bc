#pragma once
// Local memory as the hardware lays it out (Handbook §8.1.2): consecutive
// 32-bit words of one thread's local space are 32 words apart, interleaved
// with the same word of the warp's other threads, so a warp accessing one
// local variable touches consecutive words and coalesces like a stride-1
// global access. The engine stores local memory per thread; the analysis maps
// per-thread offsets through this layout before applying the global rules.

#include <cstdint>

#include "analysis/warp_access.h"

namespace smsim::analysis {

inline constexpr unsigned kLocalWordBytes = 4;
inline constexpr unsigned kMaxLocalWords = 8;  // a .v4.b64 access

// The words of one warp-level local access: one 4-byte (or narrower) access
// per word of each lane's bytes, in the interleaved layout of the warp's slab.
struct LocalWords {
  unsigned count = 0;
  WarpAccess word[kMaxLocalWords];
};

// `per_thread.address` holds each lane's offset in its own local space.
LocalWords interleave_local(const WarpAccess& per_thread);

}  // namespace smsim::analysis
