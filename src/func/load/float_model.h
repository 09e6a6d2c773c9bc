#pragma once
// The single-precision behaviour of the simulated SM, applied to a lowered
// kernel before decoding. SM 1.x has no f32 subnormals (Handbook §8.3,
// footnote 9): every f32 instruction that has a .ftz form runs as that form.
// Its FMAD truncates the intermediate product (Handbook Table 8.13 note 1):
// mad.f32, and the f32 fma that the loader's contraction of mul+add pairs
// produced (fma.f32 itself needs sm_20), take the truncating model.

#include "func/decode/instruction_spec.h"

namespace smsim::func {

struct FloatModel {
  bool f32_subnormals = true;
  bool fmad_truncated_product = false;
};

void apply_float_model(KernelSpec& spec, const FloatModel& model);

}  // namespace smsim::func
