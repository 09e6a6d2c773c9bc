// What setp and set write once a comparison is decided: setp combines it
// with an optional predicate (.and/.or/.xor), set writes an integer mask or
// a float 1.0/0.0.
#pragma once

#include <cstdint>

namespace smsim::isa::sem {

enum class PredicateCombine : uint8_t { none, and_, or_, xor_ };

constexpr bool combine_predicate(bool compared, PredicateCombine op, bool c) {
  switch (op) {
    case PredicateCombine::none:
      return compared;
    case PredicateCombine::and_:
      return compared && c;
    case PredicateCombine::or_:
      return compared || c;
    case PredicateCombine::xor_:
      return compared != c;
  }
  return compared;
}

enum class SetDestination : uint8_t { u32, s32, f32, f16, bf16 };

// set: all ones for an integer destination, 1.0 in the destination's float
// format (f32, f16, bf16); zero when false.
constexpr uint32_t set_result(bool value, SetDestination dest) {
  if (!value) return 0;
  switch (dest) {
    case SetDestination::f32:
      return 0x3f800000u;
    case SetDestination::f16:
      return 0x3c00u;
    case SetDestination::bf16:
      return 0x3f80u;
    case SetDestination::u32:
    case SetDestination::s32:
      break;
  }
  return 0xffffffffu;
}

}  // namespace smsim::isa::sem
