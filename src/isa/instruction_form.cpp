#include "isa/instruction_form.h"

namespace smsim::isa {
namespace {

// Splits on `sep`; an empty text gives no parts.
std::vector<std::string_view> split(std::string_view text, char sep) {
  std::vector<std::string_view> parts;
  if (text.empty()) return parts;
  for (;;) {
    const std::size_t at = text.find(sep);
    parts.push_back(text.substr(0, at));
    if (at == std::string_view::npos) return parts;
    text.remove_prefix(at + 1);
  }
}

}  // namespace

InstructionForm make_form(Opcode opcode, std::span<const Type> types, const ModifierMask& modifiers) {
  InstructionForm form{.opcode = opcode, .types = {types.begin(), types.end()}};
  for (std::size_t m = 0; m < kModifierCount; ++m) {
    if (modifiers.contains(static_cast<Modifier>(m))) form.modifiers.push_back(static_cast<Modifier>(m));
  }
  return form;
}

std::string format_form(const InstructionForm& form) {
  std::string text(opcode_mnemonic(form.opcode));
  text += '\t';
  for (std::size_t i = 0; i < form.types.size(); ++i) {
    if (i != 0) text += '.';
    text += type_name(form.types[i]);
  }
  text += '\t';
  for (std::size_t i = 0; i < form.modifiers.size(); ++i) {
    if (i != 0) text += '.';
    text += modifier_name(form.modifiers[i]);
  }
  return text;
}

std::optional<InstructionForm> parse_form(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  const std::vector<std::string_view> fields = split(line, '\t');
  if (fields.size() != 3) return std::nullopt;
  const std::optional<Opcode> opcode = opcode_from_mnemonic(fields[0]);
  if (!opcode) return std::nullopt;
  InstructionForm form{.opcode = *opcode};
  for (std::string_view name : split(fields[1], '.')) {
    const std::optional<Type> type = type_from_name(name);
    if (!type || form.types.size() == kMaxTypeSlots) return std::nullopt;
    form.types.push_back(*type);
  }
  ModifierMask modifiers;
  for (std::string_view name : split(fields[2], '.')) {
    const std::optional<Modifier> modifier = modifier_from_name(name);
    if (!modifier) return std::nullopt;
    modifiers.set(*modifier);
  }
  // Canonical order, so that a hand-written line compares equal to a recorded one.
  form.modifiers = make_form(*opcode, {}, modifiers).modifiers;
  return form;
}

std::string form_ptx_spelling(const InstructionForm& form) {
  std::string text(opcode_mnemonic(form.opcode));
  for (Modifier m : form.modifiers) (text += '.') += modifier_name(m);
  for (Type t : form.types) (text += '.') += type_name(t);
  return text;
}

}  // namespace smsim::isa
