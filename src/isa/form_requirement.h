#pragma once
// Forms of an opcode that reached the SM after the opcode itself (Handbook
// Table 8.1, and the PTX ISA's target notes for what it leaves out): warp
// ballots on 1.2's vote, double precision from 1.3, directed f32 rounding and
// fma from 2.0, ... A kernel using such a form on an older SM is refused at
// load time, like an opcode newer than the SM (OpcodeInfo::min_sm).

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

#include "isa/modifier.h"
#include "isa/opcode.h"
#include "isa/type.h"

namespace smsim::isa {

struct FormRequirement {
  Opcode opcode;
  TypeMask types;  // matches when one of the instruction's types is here; empty: any
  // Matches when the instruction has one of these (Modifier::Count ends the
  // list); an empty list: any.
  std::array<Modifier, 4> any_of{Modifier::Count, Modifier::Count, Modifier::Count,
                                 Modifier::Count};
  uint16_t min_sm = 0;
  std::string_view form;  // how diagnostics name it
};

std::span<const FormRequirement> form_requirements();

// The requirement with the highest min_sm that an instruction of `opcode`
// with these type suffixes and modifiers matches; nullptr when none.
// Arch-specific opcodes (PTX ISA: targets sm_XXa): only a module whose target
// is sm_{min_sm}a may use one, and only a GPU of exactly that SM runs it
// (sm_90a's wgmma exists neither before nor after Hopper). Their min_sm is
// in the opcode table.
bool is_arch_specific(Opcode opcode);

const FormRequirement* strictest_form_requirement(Opcode opcode, std::span<const Type> types,
                                                  std::span<const Modifier> modifiers);

}  // namespace smsim::isa
