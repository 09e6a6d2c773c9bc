#pragma once
// The form of one operand of an instruction, from its opcode's signature.

#include <algorithm>
#include <cstddef>

#include "isa/opcode.h"

namespace smsim::isa {

// The form of operand `i`: an operand past the last listed slot uses the last
// one. Signatures may allow more operands than kMaxOperandSlots (wgmma takes
// up to 11), so the last listed slot is at most slots.back().
constexpr OperandSlot operand_slot(const OperandSignature& sig, std::size_t i) {
  if (sig.max == 0) return OperandSlot{};
  const std::size_t last = std::min<std::size_t>(sig.max, kMaxOperandSlots) - 1;
  return sig.slots[std::min(i, last)];
}

}  // namespace smsim::isa
