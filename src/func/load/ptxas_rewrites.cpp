#include "func/load/ptxas_rewrites.h"

#include <utility>

#include "func/load/f64_operand_order.h"
#include "func/load/fma_contraction.h"
#include "func/load/reaching_defs.h"

namespace smsim::func {

void apply_ptxas_rewrites(KernelSpec& spec, bool fma_contraction) {
  // Both rewrites are planned on the kernel as written, then applied.
  const ReachingDefs defs(spec);
  const std::size_t n = spec.instructions.size();
  std::vector<bool> reversed(n, false);
  for (std::uint32_t i = 0; i < n; ++i) reversed[i] = f64_sources_reversed(spec, defs, i);
  const std::vector<Contraction> contractions =
      fma_contraction ? plan_fma_contractions(spec, defs) : std::vector<Contraction>{};
  std::vector<bool> contracted(n, false);
  for (const Contraction& c : contractions) {
    // The fma's multiplicands come in the order ptxas gives the mul's sources.
    const InstructionSpec& mul = spec.instructions[c.mul];
    SpecOperand a = mul.operands[1], b = mul.operands[2];
    if (reversed[c.mul]) std::swap(a, b);
    contract(spec, c, a, b);
    contracted[c.add] = true;
  }
  for (std::uint32_t i = 0; i < n; ++i) {
    if (reversed[i] && !contracted[i]) reverse_f64_sources(spec.instructions[i]);
  }
}

}  // namespace smsim::func
