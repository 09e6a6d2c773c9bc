#pragma once
// Which NaN an f64 instruction with several NaN sources returns depends on
// where ptxas puts its sources, and ptxas reorders commutative ones. Measured
// (docs/ptxas-rewrites.md): ptxas orders the sources of f64 add, sub (as
// add of the negation), mul, min, max and the multiplicands of fma by where
// their values were written, earliest first, with kernel parameters
// (constant-bank operands) and immediates after registers, phis after the
// other registers; copies, negations and absolute values are seen through. The hardware then returns the NaN of its second source (DADD,
// DMUL, min/max), and DFMA checks its second multiplicand, then the addend,
// then the first (the H100 goldens of fp64_arith match exactly this).
//
// The engine's semantics (isa/semantics/gpu_nan.h) return the first NaN
// source (fma: a, c, b): the probe that measured them had its operands the
// other way round in the SASS. So this pass puts sources in the reverse of
// ptxas's order, the later-written first. f32 and 16-bit NaN results are
// canonical, so only f64 is reordered.

#include <cstdint>
#include <vector>

#include "func/decode/instruction_spec.h"
#include "func/load/reaching_defs.h"

namespace smsim::func {

// Whether instruction `at` (f64 add, sub, mul, min, max, or the
// multiplicands of fma) has its first two sources in ptxas's order, which
// the engine needs reversed.
bool f64_sources_reversed(const KernelSpec& spec, const ReachingDefs& defs, std::uint32_t at);

// Puts instruction `s`'s first two sources in the other order (sub.f64
// becomes add.f64 with its new first source negated).
void reverse_f64_sources(InstructionSpec& s);

}  // namespace smsim::func
