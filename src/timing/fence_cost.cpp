#include "timing/fence_cost.h"

#include <cmath>

#include "timing/measured_curve.h"

namespace smsim::timing {
namespace {

const std::vector<int>* cycles_of(const arch::FenceFacts& facts, FenceScope scope) {
  switch (scope) {
    case FenceScope::cta:
      return &facts.cta_cycles;
    case FenceScope::gpu:
      return &facts.gpu_cycles;
    case FenceScope::sys:
      return &facts.sys_cycles;
    case FenceScope::none:
      return nullptr;
  }
  return nullptr;
}

}  // namespace

std::optional<std::string> fence_error(const arch::FenceFacts& facts) {
  constexpr std::string_view kTable = "timing.fence.";
  for (const auto& [name, cycles] : {std::pair{"cta_cycles", &facts.cta_cycles},
                                     std::pair{"gpu_cycles", &facts.gpu_cycles},
                                     std::pair{"sys_cycles", &facts.sys_cycles}}) {
    if (auto e = measured_curve_error(kTable, "warps", name, facts.warps, *cycles)) return e;
  }
  return std::nullopt;
}

std::uint64_t fence_cycles(const arch::FenceFacts& facts, FenceScope scope, std::uint32_t warps) {
  const std::vector<int>* cycles = cycles_of(facts, scope);
  if (cycles == nullptr) return 0;
  return static_cast<std::uint64_t>(std::lround(measured_curve(facts.warps, *cycles, warps)));
}

}  // namespace smsim::timing
