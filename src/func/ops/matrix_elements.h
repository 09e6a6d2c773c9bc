#pragma once
// Elements of matrix fragments packed in registers: how wide each type's
// element is and how many share a 32-bit (f64: 64-bit) register.

#include <cstdint>
#include <optional>

#include "func/exec/exec_context.h"

namespace smsim::func {

enum class MatrixElement : std::uint8_t {
  f16, bf16, tf32, f32, f64, s8, u8, s32, e4m3, e5m2, s4, u4, b1
};

// The element type a PTX type suffix names (packed x2 types name their
// halves), or nothing for types no fragment holds.
constexpr std::optional<MatrixElement> matrix_element(isa::Type t) {
  switch (t) {
    case isa::Type::F16:
    case isa::Type::F16x2:
      return MatrixElement::f16;
    case isa::Type::Bf16:
    case isa::Type::Bf16x2:
      return MatrixElement::bf16;
    case isa::Type::Tf32:
      return MatrixElement::tf32;
    case isa::Type::F32:
      return MatrixElement::f32;
    case isa::Type::F64:
      return MatrixElement::f64;
    case isa::Type::S8:
      return MatrixElement::s8;
    case isa::Type::U8:
      return MatrixElement::u8;
    case isa::Type::S32:
      return MatrixElement::s32;
    case isa::Type::E4m3:
      return MatrixElement::e4m3;
    case isa::Type::E5m2:
      return MatrixElement::e5m2;
    case isa::Type::S4:
      return MatrixElement::s4;
    case isa::Type::U4:
      return MatrixElement::u4;
    case isa::Type::B1:
      return MatrixElement::b1;
    default:
      return std::nullopt;
  }
}

constexpr unsigned element_bits(MatrixElement e) {
  switch (e) {
    case MatrixElement::f16:
    case MatrixElement::bf16:
      return 16;
    case MatrixElement::s8:
    case MatrixElement::u8:
    case MatrixElement::e4m3:
    case MatrixElement::e5m2:
      return 8;
    case MatrixElement::s4:
    case MatrixElement::u4:
      return 4;
    case MatrixElement::b1:
      return 1;
    case MatrixElement::f64:
      return 64;
    case MatrixElement::tf32:
    case MatrixElement::f32:
    case MatrixElement::s32:
      return 32;
  }
  return 32;
}

constexpr unsigned per_register(MatrixElement e) {
  return element_bits(e) >= 32 ? 1 : 32 / element_bits(e);
}

// Elements of a sub-byte type (s4/u4: 2, b1: 8) that share a byte, which
// the fragment layouts and the sparse metadata move as one 8-bit unit.
constexpr unsigned per_byte(MatrixElement e) {
  return element_bits(e) >= 8 ? 1 : 8 / element_bits(e);
}

// Element `e` of a fragment held in `regs` (operands) for `lane`.
inline std::uint64_t fragment_element(const ExecContext& c, const Operand* regs, MatrixElement t,
                                      unsigned lane, unsigned e) {
  const unsigned per = per_register(t);
  const std::uint64_t word = read(c, regs[e / per], lane);
  if (per == 1) return word;
  const unsigned bits = element_bits(t);
  return word >> (bits * (e % per)) & width_mask(bits);
}

}  // namespace smsim::func
