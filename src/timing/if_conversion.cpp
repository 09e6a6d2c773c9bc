#include "timing/if_conversion.h"

#include "isa/opcode.h"

namespace smsim::timing {
namespace {

using func::kNoPc;

// What ptxas predicates rather than branching around: instructions without
// side effects beyond registers and shared memory. Global, local and generic
// accesses keep their branch (golden sass/global_latency.sass: the pointer
// chase's `@!P2 BRA` over one LDG), as do atomics and fences.
bool predicable(const func::DecodedInstruction& in) {
  if (in.control != func::Control::none || in.builtin != func::Builtin::none) return false;
  if (in.operand_list != kNoPc) return false;
  switch (isa::opcode_info(in.opcode).unit) {
    case isa::ExecUnit::IntAlu:
    case isa::ExecUnit::FpAlu:
    case isa::ExecUnit::Fp64:
    case isa::ExecUnit::Half:
    case isa::ExecUnit::Sfu:
    case isa::ExecUnit::Conversion:
      return true;
    case isa::ExecUnit::LoadStore:
      return (in.opcode == isa::Opcode::Ld || in.opcode == isa::Opcode::St) &&
             in.space == func::MemorySpace::shared;
    default:  // textures, warp collectives, tensor cores, barriers, fences, ...
      return false;
  }
}

}  // namespace

std::vector<std::uint32_t> if_converted_branches(const func::DecodedKernel& kernel,
                                                 int max_instructions) {
  const auto size = static_cast<std::uint32_t>(kernel.code.size());
  std::vector<std::uint32_t> out(size, kNoPc);
  if (max_instructions <= 0) return out;
  // Instructions control may enter other than from the one before.
  std::vector<bool> entered(size, false);
  for (const func::DecodedInstruction& in : kernel.code) {
    if (in.target < size) entered[in.target] = true;
    if (in.reconverge < size) entered[in.reconverge] = true;
  }
  for (const std::vector<std::uint32_t>& table : kernel.jump_tables) {
    for (std::uint32_t pc : table) {
      if (pc < size) entered[pc] = true;
    }
  }
  for (std::uint32_t pc = 0; pc < size; ++pc) {
    const func::DecodedInstruction& in = kernel.code[pc];
    if (in.control != func::Control::branch || in.guard_reg == func::kNoReg) continue;
    const std::uint32_t end = in.target;
    if (end <= pc + 1 || end >= size || end - pc - 1 > static_cast<std::uint32_t>(max_instructions)) {
      continue;
    }
    if (in.reconverge != end) continue;
    const func::Control at_end = kernel.code[end].control;
    if (at_end == func::Control::exit || at_end == func::Control::function_return) continue;
    bool ok = true;
    for (std::uint32_t body = pc + 1; body < end && ok; ++body) {
      ok = !entered[body] && predicable(kernel.code[body]);
    }
    if (ok) out[pc] = end;
  }
  return out;
}

}  // namespace smsim::timing
