#include "func/decode/stack_frames.h"

#include <algorithm>
#include <cstdint>

namespace smsim::func {

void apply_stack_frames(DecodedKernel& kernel, const std::map<std::string, std::uint64_t>& frames) {
  for (CallableFunction& f : kernel.functions) {
    if (f.entry == kNoPc) continue;
    const auto it = frames.find(f.name);
    if (it == frames.end()) continue;
    f.stack_bytes = it->second;
    f.stack_source = StackSizeSource::ptxas;
  }
  for (CallSite& site : kernel.call_sites) {
    site.inlined_stack_bytes = 0;
    for (const std::string& name : site.inlined_functions) {
      const auto it = frames.find(name);
      if (it == frames.end()) continue;
      // Saturates: the sizes come from another program's output.
      site.inlined_stack_bytes = it->second > UINT64_MAX - site.inlined_stack_bytes
                                     ? UINT64_MAX
                                     : site.inlined_stack_bytes + it->second;
    }
  }
}

std::uint64_t stack_reservation_bytes(const DecodedKernel& kernel, std::uint64_t limit) {
  // A chain of activations a_i with sum(stack_i) <= limit has sum(frame_i) <=
  // max(frame / stack) * limit <= max(ceil(limit / stack) * frame). A
  // function of stack size 0 is a leaf on the GPU (a caller keeps its return
  // address in its frame), so at most one sits on top of the chain.
  std::uint64_t chain = 0;
  std::uint64_t leaf = 0;
  for (const CallableFunction& f : kernel.functions) {
    if (f.entry == kNoPc) continue;
    if (f.stack_bytes == 0) {
      leaf = std::max(leaf, f.frame_bytes);
    } else {
      const std::uint64_t activations = limit / f.stack_bytes + (limit % f.stack_bytes != 0);
      chain = std::max(chain, activations * f.frame_bytes);
    }
  }
  return chain + leaf;
}

}  // namespace smsim::func
