#pragma once
// An instruction's form: its opcode with the type suffixes (in slot order)
// and the modifiers it carries, without operands. Opcode coverage is counted
// in forms, so the engine (what ran), the PTX corpus (what nvcc emits) and
// the opcode table (what is allowed) can be compared. The text form is one
// line, `mnemonic<TAB>types<TAB>modifiers`, with types and modifiers joined
// by dots (`add<TAB>f32<TAB>rn.ftz`) and modifiers in enum order, so equal
// forms have equal text.

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "isa/modifier.h"
#include "isa/opcode.h"
#include "isa/type.h"

namespace smsim::isa {

struct InstructionForm {
  Opcode opcode = Opcode::Mov;
  std::vector<Type> types;          // slot order
  std::vector<Modifier> modifiers;  // enum order, no repeats
};

InstructionForm make_form(Opcode opcode, std::span<const Type> types, const ModifierMask& modifiers);
std::string format_form(const InstructionForm& form);
// The inverse of format_form; nullopt for a line that is not a form (an
// unknown mnemonic, type or modifier, or the wrong number of fields).
std::optional<InstructionForm> parse_form(std::string_view line);
// `add.rn.ftz.f32`: the form in dotted notation, modifiers (in enum order, so
// not always PTX's order: `ld.v2.global.nc.u64`) then types.
std::string form_ptx_spelling(const InstructionForm& form);

}  // namespace smsim::isa
