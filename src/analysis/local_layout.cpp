#include "analysis/local_layout.h"

#include <algorithm>

namespace smsim::analysis {

LocalWords interleave_local(const WarpAccess& per_thread) {
  LocalWords out;
  const unsigned narrow = std::min(per_thread.size, kLocalWordBytes);
  out.count = std::min(kMaxLocalWords, std::max(1u, per_thread.size / kLocalWordBytes));
  for (unsigned w = 0; w < out.count; ++w) {
    WarpAccess& piece = out.word[w];
    piece.mask = per_thread.mask;
    piece.size = narrow;
    for (unsigned lane = 0; lane < kLanes; ++lane) {
      const std::uint64_t offset = per_thread.address[lane] + w * kLocalWordBytes;
      const std::uint64_t word = offset / kLocalWordBytes;
      piece.address[lane] = (word * kLanes + lane) * kLocalWordBytes + offset % kLocalWordBytes;
    }
  }
  return out;
}

}  // namespace smsim::analysis
