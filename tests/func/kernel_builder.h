#pragma once
// Builds KernelSpecs in tests without the PTX front end: registers, labels
// and instructions written in PTX order.

#include <initializer_list>
#include <stdexcept>
#include <string>
#include <vector>

#include "func/decode/decoder.h"
#include "func/decode/instruction_spec.h"

namespace smsim::func::testing {

class KernelBuilder {
 public:
  explicit KernelBuilder(std::string name) { spec_.name = std::move(name); }

  std::uint32_t reg(std::uint8_t bits = 32) {
    bits_.push_back(bits);
    return static_cast<std::uint32_t>(bits_.size() - 1);
  }
  std::uint32_t pred() { return reg(1); }
  SpecOperand r(std::uint32_t id) const { return SpecOperand::make_reg(id, bits_[id]); }
  SpecOperand not_r(std::uint32_t id) const {
    SpecOperand o = r(id);
    o.negated = true;
    return o;
  }
  static SpecOperand imm(std::uint64_t v) { return SpecOperand::make_imm(v); }
  static SpecOperand sink() { return SpecOperand::make_reg(kNoReg, 64); }
  static SpecOperand sreg(isa::SpecialRegister s, isa::SregComponent c = isa::SregComponent::None) {
    return SpecOperand::make_special({.reg = s, .component = c});
  }
  static SpecOperand addr(std::uint32_t base, std::uint64_t offset = 0) {
    return SpecOperand::make_address(base, offset);
  }
  static SpecOperand abs_addr(std::uint64_t address) {
    return SpecOperand::make_address(kNoReg, address);
  }

  void param(std::uint32_t size) {
    spec_.param_sizes.push_back(size);
    spec_.param_alignments.push_back(size);
  }
  void shared_bytes(std::uint32_t n) { spec_.static_shared_bytes = n; }
  void local_bytes(std::uint32_t n) { spec_.local_bytes_per_thread = n; }

  // A label to bind later; branches name it by this id.
  std::uint32_t label() {
    labels_.push_back(UINT32_MAX);
    return static_cast<std::uint32_t>(labels_.size() - 1);
  }
  void bind(std::uint32_t label) {
    labels_[label] = static_cast<std::uint32_t>(spec_.instructions.size());
  }

  InstructionSpec& op(isa::Opcode opcode, std::initializer_list<isa::Type> types,
                      std::initializer_list<isa::Modifier> modifiers, std::uint8_t dst_count,
                      std::initializer_list<SpecOperand> operands) {
    InstructionSpec s;
    s.opcode = opcode;
    for (isa::Type t : types) s.types[s.type_count++] = t;
    for (isa::Modifier m : modifiers) s.modifiers.set(m);
    s.dst_count = dst_count;
    s.operands = operands;
    s.ptx_line = static_cast<std::uint32_t>(spec_.instructions.size() + 1);
    spec_.instructions.push_back(std::move(s));
    return spec_.instructions.back();
  }
  // bra to `label`, optionally guarded by `@p` / `@!p`.
  void bra(std::uint32_t label, std::uint32_t guard = kNoReg, bool negated = false) {
    InstructionSpec& s = op(isa::Opcode::Bra, {}, {}, 0, {});
    s.guard_reg = guard;
    s.guard_negated = negated;
    fixups_.emplace_back(spec_.instructions.size() - 1, label);
  }
  void exit(std::uint32_t guard = kNoReg) {
    InstructionSpec& s = op(isa::Opcode::Exit, {}, {}, 0, {});
    s.guard_reg = guard;
  }

  KernelSpec spec() {
    for (auto [index, label] : fixups_) spec_.instructions[index].target = labels_[label];
    spec_.register_count = static_cast<std::uint32_t>(bits_.size());
    return spec_;
  }
  DecodedKernel build() {
    DecodeResult r = decode_kernel(spec());
    std::string errors;
    for (const auto& e : r.errors) errors += e.message + "\n";
    if (!r.kernel) throw std::runtime_error(errors);
    return std::move(*r.kernel);
  }

 private:
  KernelSpec spec_;
  std::vector<std::uint8_t> bits_;
  std::vector<std::uint32_t> labels_;
  std::vector<std::pair<std::size_t, std::uint32_t>> fixups_;
};

}  // namespace smsim::func::testing
