#include "func/load/fma_contraction.h"

#include <algorithm>

namespace smsim::func {
namespace {

using isa::Modifier;
using isa::Opcode;

bool is_float(const InstructionSpec& s) {
  return s.type_count > 0 && (s.type() == isa::Type::F32 || s.type() == isa::Type::F64);
}

// PTX lets ptxas contract only the forms without a rounding modifier.
bool has_rounding(const InstructionSpec& s) {
  return s.has(Modifier::Rn) || s.has(Modifier::Rz) || s.has(Modifier::Rm) || s.has(Modifier::Rp);
}

bool single_result(const InstructionSpec& s, std::size_t operands) {
  return s.dst_count == 1 && s.operands.size() == operands &&
         s.operands[0].kind == SpecOperand::Kind::reg && s.operands[0].reg != kNoReg;
}

bool is_mul(const InstructionSpec& s) {
  return s.opcode == Opcode::Mul && is_float(s) && !has_rounding(s) && !s.has(Modifier::Sat) &&
         s.guard_reg == kNoReg && single_result(s, 3);
}

bool is_add(const InstructionSpec& s) {
  return (s.opcode == Opcode::Add || s.opcode == Opcode::Sub) && is_float(s) && !has_rounding(s) &&
         single_result(s, 3);
}

bool is_neg(const InstructionSpec& s) {
  return s.opcode == Opcode::Neg && is_float(s) && s.guard_reg == kNoReg && single_result(s, 2);
}

constexpr std::uint32_t kNone = UINT32_MAX;

// What one source of an add reads: a mul's product, maybe through a neg.
struct Product {
  std::uint32_t mul = kNone;
  std::uint32_t neg = kNone;
};

class Planner {
 public:
  Planner(const KernelSpec& spec, const ReachingDefs& defs) : spec_(spec), defs_(defs) {
    const std::size_t n = spec.instructions.size();
    writes_.assign(spec.register_count, 0);
    for (const InstructionSpec& s : spec.instructions) {
      for (std::size_t k = 0; k < s.dst_count && k < s.operands.size(); ++k) {
        const SpecOperand& o = s.operands[k];
        if (o.kind == SpecOperand::Kind::reg && o.reg < spec.register_count) ++writes_[o.reg];
      }
    }
    live_.assign(n, 0);
    choice_.assign(n, 0);
    // First the muls whose every read could be contracted at all, so that a
    // mul that cannot be does not take an add's choice from one that can.
    for (std::uint32_t i = 0; i < n; ++i) live_[i] = is_mul(spec.instructions[i]) ? 1 : 0;
    for (std::uint32_t i = 0; i < n; ++i) {
      if (live_[i] != 0 && !absorbed(i, /*as_chosen=*/false)) live_[i] = 0;
    }
  }

  std::vector<Contraction> run() {
    // Dropping a mul can change which operand an add takes, which can make
    // another mul contractible or not: repeat until nothing changes.
    for (bool changed = true; changed;) {
      choose_operands();
      changed = false;
      for (std::uint32_t m = 0; m < live_.size(); ++m) {
        if (live_[m] != 0 && !absorbed(m, /*as_chosen=*/true)) {
          live_[m] = 0;
          changed = true;
        }
      }
    }
    std::vector<Contraction> out;
    for (std::uint32_t i = 0; i < choice_.size(); ++i) {
      if (choice_[i] == 0) continue;
      const Product p = product(i, choice_[i]);
      out.push_back(Contraction{
          .add = i, .mul = p.mul, .operand = choice_[i], .through_neg = p.neg != kNone});
    }
    return out;
  }

 private:
  const InstructionSpec& at(std::uint32_t i) const { return spec_.instructions[i]; }

  Product product(std::uint32_t add, std::size_t operand) const {
    const std::uint32_t d = defs_.unique_def(add, operand);
    if (d == ReachingDefs::kEntry) return {};
    if (is_mul(at(d))) return {.mul = d};
    if (!is_neg(at(d))) return {};
    const std::uint32_t m = defs_.unique_def(d, 1);
    if (m == ReachingDefs::kEntry || !is_mul(at(m))) return {};
    return {.mul = m, .neg = d};
  }

  // The add may absorb this mul: same type and .ftz, and the mul's sources
  // still hold the values the mul read.
  bool compatible(std::uint32_t add, std::uint32_t mul) const {
    const InstructionSpec& a = at(add);
    const InstructionSpec& m = at(mul);
    if (a.type() != m.type() || a.has(Modifier::Ftz) != m.has(Modifier::Ftz)) return false;
    for (std::size_t k = 1; k < 3; ++k) {
      if (!source_unchanged(m.operands[k], mul, add)) return false;
    }
    return true;
  }

  // ptxas reads the mul's sources in SSA form; the engine reads registers at
  // the add. Equal when the register is written once, or when nothing writes
  // it between the two in one basic block. Otherwise ptxas would copy the
  // value, which this pass does not model: it leaves the pair alone.
  bool source_unchanged(const SpecOperand& o, std::uint32_t mul, std::uint32_t add) const {
    if (o.kind != SpecOperand::Kind::reg) return true;
    if (o.reg < writes_.size() && writes_[o.reg] <= 1) return true;
    if (add < mul || defs_.block_of(add) != defs_.block_of(mul)) return false;
    for (std::uint32_t i = mul + 1; i < add; ++i) {
      const InstructionSpec& s = at(i);
      for (std::size_t k = 0; k < s.dst_count && k < s.operands.size(); ++k) {
        if (s.operands[k].kind == SpecOperand::Kind::reg && s.operands[k].reg == o.reg) {
          return false;
        }
      }
    }
    return true;
  }

  void choose_operands() {
    for (std::uint32_t i = 0; i < choice_.size(); ++i) {
      choice_[i] = 0;
      if (!is_add(at(i))) continue;
      for (std::uint8_t k = 1; k < 3; ++k) {
        const Product p = product(i, k);
        if (p.mul != kNone && live_[p.mul] != 0 && compatible(i, p.mul)) {
          choice_[i] = k;
          break;
        }
      }
    }
  }

  // Whether `read` is an add source that reads `value` (a mul, or a neg of
  // mul `mul`) and can contract it; with `as_chosen`, that the add chose
  // exactly that source. An add reading the product in both sources fails
  // for one of them.
  bool takes(const RegisterRead& read, std::uint32_t value, std::uint32_t mul, bool through_neg,
             bool as_chosen) const {
    if (read.operand != 1 && read.operand != 2) return false;
    const std::uint32_t add = read.instruction;
    if (!is_add(at(add))) return false;
    const Product p = product(add, read.operand);
    const bool reads_value = through_neg ? p.neg == value : p.mul == value && p.neg == kNone;
    if (!reads_value || !compatible(add, mul)) return false;
    if (as_chosen) return choice_[add] == read.operand;
    return product(add, read.operand == 1 ? 2 : 1).mul != mul;
  }

  // Every read of the mul's product is contracted (or could be).
  bool absorbed(std::uint32_t mul, bool as_chosen) const {
    const auto uses = defs_.uses(mul);
    if (uses.empty()) return false;
    return std::all_of(uses.begin(), uses.end(), [&](const RegisterRead& u) {
      if (takes(u, mul, mul, false, as_chosen)) return true;
      if (u.operand != 1 || !is_neg(at(u.instruction))) return false;
      const auto neg_uses = defs_.uses(u.instruction);
      return !neg_uses.empty() &&
             std::all_of(neg_uses.begin(), neg_uses.end(), [&](const RegisterRead& v) {
               return takes(v, u.instruction, mul, true, as_chosen);
             });
    });
  }

  const KernelSpec& spec_;
  const ReachingDefs& defs_;
  std::vector<std::uint32_t> writes_;  // per register: how many instructions write it
  std::vector<std::uint8_t> live_;     // per instruction: a mul still contractible
  std::vector<std::uint8_t> choice_;   // per add: the source contracted (0: none)
};

}  // namespace

std::vector<Contraction> plan_fma_contractions(const KernelSpec& spec, const ReachingDefs& defs) {
  return Planner(spec, defs).run();
}

void contract(KernelSpec& spec, const Contraction& c, const SpecOperand& a, const SpecOperand& b) {
  InstructionSpec& s = spec.instructions[c.add];
  const bool is_sub = s.opcode == Opcode::Sub;
  const std::size_t other = c.operand == 1 ? 2 : 1;
  const SpecOperand addend = s.operands[other];
  // add(x, -p) and sub(x, p) subtract the product; sub(p, x) subtracts x.
  const bool negate_product = c.through_neg != (is_sub && c.operand == 2);
  const bool negate_addend = is_sub && other == 2;
  isa::ModifierMask modifiers{Modifier::Rn};
  for (Modifier m : {Modifier::Ftz, Modifier::Sat}) {
    if (s.has(m)) modifiers.set(m);
  }
  s.opcode = Opcode::Fma;
  s.modifiers = modifiers;
  s.operands = {s.operands[0], a, b, addend};
  s.negated_sources =
      static_cast<std::uint8_t>((negate_product ? 1U : 0U) | (negate_addend ? 4U : 0U));
}

}  // namespace smsim::func
