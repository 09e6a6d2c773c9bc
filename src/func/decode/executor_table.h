#pragma once
// Which selector (and which control-flow role) each opcode has in the engine.

#include "func/decode/decoded_instruction.h"
#include "func/ops/executor_selection.h"
#include "isa/opcode.h"

namespace smsim::func {

struct OpcodeExecution {
  Control control = Control::none;
  ExecutorSelector select = nullptr;  // nullptr: the engine does not run it yet
};

const OpcodeExecution& opcode_execution(isa::Opcode op);

}  // namespace smsim::func
