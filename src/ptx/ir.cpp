#include "ptx/ir.h"

#include <fmt/format.h>

namespace smsim::ptx {

uint64_t Variable::element_count() const {
  uint64_t n = 1;
  for (uint64_t d : dims) n *= d;
  return n;
}

uint64_t Variable::size_bytes() const {
  const uint64_t bits = isa::type_bits(type);
  return element_count() * vector * ((bits + 7) / 8);
}

bool Instruction::has(Modifier m) const {
  for (const Suffix& s : suffix_list())
    if (s.kind == SuffixKind::Modifier && s.modifier() == m) return true;
  return false;
}

std::optional<Type> Instruction::type(std::size_t n) const {
  for (const Suffix& s : suffix_list()) {
    if (s.kind != SuffixKind::Type) continue;
    if (n == 0) return s.type();
    --n;
  }
  return std::nullopt;
}

std::size_t Instruction::type_count() const {
  std::size_t n = 0;
  for (const Suffix& s : suffix_list()) n += s.kind == SuffixKind::Type;
  return n;
}

std::optional<Modifier> Instruction::modifier_in(isa::ModifierGroup g) const {
  for (const Suffix& s : suffix_list())
    if (s.kind == SuffixKind::Modifier && isa::modifier_group(s.modifier()) == g)
      return s.modifier();
  return std::nullopt;
}

StateSpace Instruction::space() const {
  for (const Suffix& s : suffix_list()) {
    if (s.kind != SuffixKind::Modifier) continue;
    if (auto space = isa::modifier_space(s.modifier())) return *space;
  }
  return StateSpace::Generic;
}

unsigned Instruction::vector_width() const {
  const auto v = modifier_in(isa::ModifierGroup::Vector);
  return v ? isa::modifier_vector_width(*v) : 1;
}

std::string Function::register_name(RegId r) const {
  const RegisterInfo& info = registers[r];
  const RegisterDecl& decl = register_decls[info.decl];
  if (info.index == kNone) return decl.name;
  return fmt::format("{}{}", decl.name, info.index);
}

std::optional<uint32_t> Module::find_function(std::string_view name) const {
  for (uint32_t i = 0; i < functions.size(); ++i)
    if (functions[i].name == name) return i;
  return std::nullopt;
}

std::optional<uint32_t> Module::find_global(std::string_view name) const {
  for (uint32_t i = 0; i < globals.size(); ++i)
    if (globals[i].name == name) return i;
  return std::nullopt;
}

}  // namespace smsim::ptx
