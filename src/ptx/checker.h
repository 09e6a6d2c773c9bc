#pragma once
// Validates a parsed module against the opcode table and PTX's typing rules:
// modifiers and their exclusive groups, type suffixes, operand count and form,
// register types (PTX ISA "operand type information": .bN matches any type of
// the same size, .uN/.sN match each other, ld/st/cvt accept wider registers),
// state spaces of addressed variables, vector widths, call signatures, branch
// targets and the minimum sm_XX of each opcode. Errors go to `diags`.

#include "ptx/diagnostics.h"
#include "ptx/ir.h"

namespace smsim::ptx {

void check(const Module& module, Diagnostics& diags);

}  // namespace smsim::ptx
