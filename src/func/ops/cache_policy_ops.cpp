// createpolicy.fractional: builds the 64-bit L2 policy that the
// .L2::cache_hint loads and stores take (isa/semantics/cache_policy.h). The
// policy changes no value; the loads and stores carry it as an ignored source.

#include <fmt/format.h>

#include <bit>

#include "func/exec/exec_context.h"
#include "func/ops/executor_selection.h"
#include "isa/semantics/cache_policy.h"

namespace smsim::func {
namespace {

using isa::Modifier;
using isa::sem::L2Priority;

struct PriorityModifier {
  Modifier modifier;
  L2Priority priority;
};

constexpr PriorityModifier kPriorities[] = {
    {Modifier::L2EvictUnchanged, L2Priority::evict_unchanged},
    {Modifier::L2EvictFirst, L2Priority::evict_first},
    {Modifier::L2EvictLast, L2Priority::evict_last},
    {Modifier::L2EvictNormal, L2Priority::evict_normal},
};

L2Priority priority_of(Modifier m) {
  for (const auto& [modifier, priority] : kPriorities) {
    if (modifier == m) return priority;
  }
  return L2Priority::evict_normal;
}

// The hit priority is the instruction's `mode`; the miss priority is
// evict_unchanged, PTX's default secondary priority. A fraction outside
// (0, 1] (only a register can hold one; ptxas checks immediates) is an
// illegal instruction here: what the H100 does with one is not known.
void create_fractional(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  const L2Priority hit = priority_of(in.mode);
  for_each_lane(mask, [&](unsigned lane) {
    const float fraction =
        in.src_count == 0
            ? 1.0f
            : std::bit_cast<float>(static_cast<std::uint32_t>(read(c, in.src[0], lane)));
    if (!(fraction > 0.0f && fraction <= 1.0f)) {
      report_error(c, CudaError::illegal_instruction,
                   fmt::format("createpolicy: the fraction {} is outside (0, 1]", fraction));
      return;
    }
    write(c, in.dst[0], lane,
          isa::sem::fractional_cache_policy(hit, L2Priority::evict_unchanged, fraction));
  });
}

}  // namespace

ExecFn select_cache_policy(const InstructionSpec& spec, DecodedInstruction& in, std::string& why) {
  unsigned found = 0;
  for (const auto& [modifier, priority] : kPriorities) {
    if (spec.has(modifier)) {
      ++found;
      in.mode = modifier;
    }
  }
  if (!spec.has(Modifier::Fractional) || found != 1 || in.src_count > 1) {
    why = "only createpolicy.fractional with one L2 priority is implemented (no .range, no "
          "secondary priority)";
    return nullptr;
  }
  return &create_fractional;
}

}  // namespace smsim::func
