#include "func/load/f64_operand_order.h"

#include <algorithm>
#include <optional>
#include <utility>

namespace smsim::func {
namespace {

using isa::Opcode;

bool is_reorderable(const InstructionSpec& s) {
  if (s.type_count == 0 || s.type() != isa::Type::F64) return false;
  switch (s.opcode) {
    case Opcode::Add:
    case Opcode::Sub:
    case Opcode::Mul:
    case Opcode::Min:
    case Opcode::Max:
    case Opcode::Fma:
    case Opcode::Mad:
      return s.operands.size() >= 3 && s.dst_count == 1;
    default:
      return false;
  }
}

bool loads_kernel_parameter(const InstructionSpec& s) {
  if (s.opcode != Opcode::Ld) return false;
  return s.has(isa::Modifier::Param) || s.has(isa::Modifier::ParamEntry);
}

bool is_copy(const InstructionSpec& s) {
  return s.opcode == Opcode::Mov && s.guard_reg == kNoReg && s.dst_count == 1 &&
         s.operands.size() == 2 && s.type_count > 0 && isa::type_bits(s.type()) == 64 &&
         (s.operands[1].kind == SpecOperand::Kind::reg ||
          s.operands[1].kind == SpecOperand::Kind::imm);
}

// f64 neg and abs of a register: ptxas folds them into the reading
// instruction as the -R and |R| operand modifiers (erf's SASS), so the value
// keeps its source's place.
bool is_sign_modifier(const InstructionSpec& s) {
  return (s.opcode == Opcode::Neg || s.opcode == Opcode::Abs) && s.guard_reg == kNoReg &&
         s.dst_count == 1 && s.operands.size() == 2 && s.type_count > 0 &&
         s.type() == isa::Type::F64 && s.operands[1].kind == SpecOperand::Kind::reg;
}

constexpr std::uint64_t kPhi = std::uint64_t{1} << 32;
constexpr std::uint64_t kConstantBank = kPhi + 1;
constexpr std::uint64_t kImmediate = kPhi + 2;

// Where ptxas places an operand: the position of the instruction that wrote
// it; a phi (several reaching writes) after every such value, wherever its
// writes are (the SASS of j0 and j1 in math_f64, whose goldens return the
// phi's NaN); kernel parameters (read from the constant bank) after that,
// immediates last. Where a phi stands against parameters is not measured,
// nor two phis against each other; equal ranks keep the PTX order. nullopt
// for the entry value: then nothing moves.
std::optional<std::uint64_t> rank(const KernelSpec& spec, const ReachingDefs& defs,
                                  std::uint32_t at, std::size_t operand) {
  // ptxas propagates copies: a value moved from another register, or its
  // negation or absolute value, ranks as that register's writer.
  constexpr int kMaxCopies = 16;
  for (int copies = 0; copies < kMaxCopies; ++copies) {
    const SpecOperand& o = spec.instructions[at].operands[operand];
    if (o.kind == SpecOperand::Kind::imm) return kImmediate;
    if (o.kind != SpecOperand::Kind::reg) return std::nullopt;
    const auto writes = defs.defs(at, operand);
    if (writes.empty() || std::ranges::find(writes, ReachingDefs::kEntry) != writes.end()) {
      return std::nullopt;
    }
    if (writes.size() > 1) return kPhi;
    const std::uint32_t def = writes.front();
    const InstructionSpec& d = spec.instructions[def];
    if (loads_kernel_parameter(d)) return kConstantBank;
    if (!is_copy(d) && !is_sign_modifier(d)) return def;
    at = def;
    operand = 1;
  }
  return std::nullopt;
}

}  // namespace

bool f64_sources_reversed(const KernelSpec& spec, const ReachingDefs& defs, std::uint32_t at) {
  const InstructionSpec& s = spec.instructions[at];
  if (!is_reorderable(s)) return false;
  const auto first = rank(spec, defs, at, 1);
  const auto second = rank(spec, defs, at, 2);
  return first && second && *first < *second &&
         !(*first == kPhi && *second > kPhi);
}

void reverse_f64_sources(InstructionSpec& s) {
  std::swap(s.operands[1], s.operands[2]);
  const std::uint8_t low = s.negated_sources & 3;
  s.negated_sources =
      static_cast<std::uint8_t>((s.negated_sources & ~3) | (low >> 1) | (low & 1) << 1);
  if (s.opcode == Opcode::Sub) {
    // a - b == (-b) + a exactly, signed zeros included; the negation leaves
    // a NaN b as it is, as the hardware's operand negation does.
    s.opcode = Opcode::Add;
    s.negated_sources ^= 1;
  }
}

}  // namespace smsim::func
