#pragma once
// Splits an instruction token such as `ld.global.nc.v4.f32` into its opcode
// (the longest dotted prefix the opcode table knows) and its suffixes.

#include <string>
#include <string_view>

#include "ptx/ir.h"

namespace smsim::ptx {

struct DecodedMnemonic {
  Opcode opcode = Opcode::Mov;
  uint8_t suffix_count = 0;
  std::array<Suffix, kMaxSuffixes> suffixes{};
  MatrixShape shape;
};

struct MnemonicError {
  std::string message;
  std::string hint;
  std::size_t column = 0;  // byte offset of the offending part within the token
};

// Returns false and fills `error` when the token names no opcode or carries a
// suffix that is neither a type, a modifier nor a matrix shape.
bool decode_mnemonic(std::string_view token, DecodedMnemonic& out, MnemonicError& error);

// The known mnemonic closest to `word`, for "did you mean" hints; empty if none is close.
std::string_view closest_mnemonic(std::string_view word);

}  // namespace smsim::ptx
