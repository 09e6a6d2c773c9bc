#pragma once
// PTX fundamental types (the `.u32`, `.f16x2`, `.pred` ... suffixes), their sizes
// and kinds. Every layer names a type through this enum; the spelling lives
// only in type.cpp.

#include <cstdint>
#include <optional>
#include <string_view>

namespace smsim::isa {

enum class Type : uint8_t {
  B1,
  B8,
  B16,
  B32,
  B64,
  B128,
  U2,  // cvt.pack destinations only
  U4,
  U8,
  U16,
  U32,
  U64,
  S2,  // cvt.pack destinations only
  S4,
  S8,
  S16,
  S32,
  S64,
  U16x2,
  S16x2,
  F16,
  F16x2,
  Bf16,
  Bf16x2,
  Tf32,
  F32,
  F64,
  E4m3,
  E5m2,
  E4m3x2,
  E5m2x2,
  E4m3x4,
  E5m2x4,
  E2m1,
  E2m1x2,
  E2m1x4,
  E2m3,
  E2m3x2,
  E3m2,
  E3m2x2,
  Ue8m0,
  Ue8m0x2,
  Pred,
  Count,
};
inline constexpr std::size_t kTypeCount = static_cast<std::size_t>(Type::Count);

// How the checker compares an instruction type with a register type.
enum class TypeKind : uint8_t { Bits, Unsigned, Signed, Float, Predicate };

struct TypeInfo {
  Type type;
  std::string_view name;  // without the leading dot
  uint16_t bits;          // storage size of one value (packed types: the whole pack)
  TypeKind kind;
};

const TypeInfo& type_info(Type t);
std::string_view type_name(Type t);
std::optional<Type> type_from_name(std::string_view name);  // "u32" -> Type::U32
inline uint16_t type_bits(Type t) {
  return type_info(t).bits;
}
inline TypeKind type_kind(Type t) {
  return type_info(t).kind;
}
inline bool is_float(Type t) {
  return type_kind(t) == TypeKind::Float;
}
inline bool is_integer(Type t) {
  return type_kind(t) == TypeKind::Unsigned || type_kind(t) == TypeKind::Signed;
}

// A set of types, e.g. the types allowed in one suffix slot of an opcode.
class TypeMask {
 public:
  constexpr TypeMask() = default;
  constexpr TypeMask(std::initializer_list<Type> types) {
    for (Type t : types) bits_ |= bit(t);
  }
  constexpr bool contains(Type t) const { return (bits_ & bit(t)) != 0; }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr TypeMask operator|(TypeMask o) const { return from_bits(bits_ | o.bits_); }
  static constexpr TypeMask all() { return from_bits((uint64_t{1} << kTypeCount) - 1); }

 private:
  static constexpr uint64_t bit(Type t) { return uint64_t{1} << static_cast<unsigned>(t); }
  static constexpr TypeMask from_bits(uint64_t b) {
    TypeMask m;
    m.bits_ = b;
    return m;
  }
  uint64_t bits_ = 0;
};
static_assert(kTypeCount <= 64, "TypeMask holds one bit per type");

}  // namespace smsim::isa
