#pragma once
// ptxas contracts a `mul` and the `add`/`sub` that consumes it into one fma
// (FFMA/DFMA) when PTX allows it, that is when neither carries a rounding
// modifier. The engine would otherwise round the product on its own and get
// different bits from the GPU. The rules, measured with ptxas 13 on sm_90
// (docs/ptxas-rewrites.md):
//
// - the mul has no rounding modifier and no .sat, is not guarded, and every
//   read of its result is absorbed: an add/sub operand (directly or through
//   one `neg`) that is contracted with it. One other kind of read (a store, a
//   second mul, the other operand of the same add, a guarded rewrite of its
//   register) keeps the mul and all its adds as they are;
// - the add/sub has no rounding modifier and the same .ftz as the mul; its
//   .sat stays on the fma; f32 and f64 alike;
// - the add reads the mul's value only (not a phi of it and another value);
// - of two contractible operands the first is taken;
// - a `neg` of the product or a subtraction becomes negated fma operands.
//
// The contracted instruction keeps the add's PTX line, guard, .ftz and .sat;
// the mul stays where it is (its result is then read by nobody).

#include <cstdint>
#include <vector>

#include "func/decode/instruction_spec.h"
#include "func/load/reaching_defs.h"

namespace smsim::func {

struct Contraction {
  std::uint32_t add = 0;     // the add/sub that becomes an fma
  std::uint32_t mul = 0;     // the mul it absorbs
  std::uint8_t operand = 0;  // which source of the add reads the product (1 or 2)
  bool through_neg = false;  // the add reads neg(product)
};

// The contractions ptxas would make in `spec`.
std::vector<Contraction> plan_fma_contractions(const KernelSpec& spec, const ReachingDefs& defs);

// Rewrites the add of `c` into `fma.rn d, a, b, ±c` in place, with the mul's
// sources (a, b) in that order.
void contract(KernelSpec& spec, const Contraction& c, const SpecOperand& a, const SpecOperand& b);

}  // namespace smsim::func
