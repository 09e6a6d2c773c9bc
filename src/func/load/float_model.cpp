#include "func/load/float_model.h"

#include <algorithm>

#include "isa/opcode.h"

namespace smsim::func {
namespace {

bool has_f32_type(const InstructionSpec& s) {
  return std::any_of(s.types.begin(), s.types.begin() + s.type_count,
                     [](isa::Type t) { return t == isa::Type::F32; });
}

}  // namespace

void apply_float_model(KernelSpec& spec, const FloatModel& model) {
  if (model.f32_subnormals && !model.fmad_truncated_product) return;
  for (InstructionSpec& s : spec.instructions) {
    if (!has_f32_type(s)) continue;
    if (!model.f32_subnormals &&
        isa::opcode_info(s.opcode).modifiers.contains(isa::Modifier::Ftz)) {
      s.modifiers.set(isa::Modifier::Ftz);
    }
    if (model.fmad_truncated_product && s.type() == isa::Type::F32 &&
        (s.opcode == isa::Opcode::Mad || s.opcode == isa::Opcode::Fma)) {
      s.truncated_product = true;
    }
  }
}

}  // namespace smsim::func
