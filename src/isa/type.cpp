#include "isa/type.h"

#include <array>
#include <cassert>

namespace smsim::isa {
namespace {

using K = TypeKind;
constexpr std::array<TypeInfo, kTypeCount> kTypes{{
    {Type::B1, "b1", 1, K::Bits},
    {Type::B8, "b8", 8, K::Bits},
    {Type::B16, "b16", 16, K::Bits},
    {Type::B32, "b32", 32, K::Bits},
    {Type::B64, "b64", 64, K::Bits},
    {Type::B128, "b128", 128, K::Bits},
    {Type::U2, "u2", 2, K::Unsigned},
    {Type::U4, "u4", 4, K::Unsigned},
    {Type::U8, "u8", 8, K::Unsigned},
    {Type::U16, "u16", 16, K::Unsigned},
    {Type::U32, "u32", 32, K::Unsigned},
    {Type::U64, "u64", 64, K::Unsigned},
    {Type::S2, "s2", 2, K::Signed},
    {Type::S4, "s4", 4, K::Signed},
    {Type::S8, "s8", 8, K::Signed},
    {Type::S16, "s16", 16, K::Signed},
    {Type::S32, "s32", 32, K::Signed},
    {Type::S64, "s64", 64, K::Signed},
    {Type::U16x2, "u16x2", 32, K::Unsigned},
    {Type::S16x2, "s16x2", 32, K::Signed},
    {Type::F16, "f16", 16, K::Float},
    {Type::F16x2, "f16x2", 32, K::Float},
    {Type::Bf16, "bf16", 16, K::Float},
    {Type::Bf16x2, "bf16x2", 32, K::Float},
    {Type::Tf32, "tf32", 32, K::Float},
    {Type::F32, "f32", 32, K::Float},
    {Type::F64, "f64", 64, K::Float},
    {Type::E4m3, "e4m3", 8, K::Float},
    {Type::E5m2, "e5m2", 8, K::Float},
    {Type::E4m3x2, "e4m3x2", 16, K::Float},
    {Type::E5m2x2, "e5m2x2", 16, K::Float},
    {Type::E4m3x4, "e4m3x4", 32, K::Float},
    {Type::E5m2x4, "e5m2x4", 32, K::Float},
    {Type::E2m1, "e2m1", 4, K::Float},
    {Type::E2m1x2, "e2m1x2", 8, K::Float},
    {Type::E2m1x4, "e2m1x4", 16, K::Float},
    {Type::E2m3, "e2m3", 8, K::Float},
    {Type::E2m3x2, "e2m3x2", 16, K::Float},
    {Type::E3m2, "e3m2", 8, K::Float},
    {Type::E3m2x2, "e3m2x2", 16, K::Float},
    {Type::Ue8m0, "ue8m0", 8, K::Float},
    {Type::Ue8m0x2, "ue8m0x2", 16, K::Float},
    {Type::Pred, "pred", 1, K::Predicate},
}};

constexpr bool table_in_enum_order() {
  for (std::size_t i = 0; i < kTypes.size(); ++i)
    if (static_cast<std::size_t>(kTypes[i].type) != i) return false;
  return true;
}
static_assert(table_in_enum_order(), "kTypes must list every Type once, in enum order");

}  // namespace

const TypeInfo& type_info(Type t) {
  assert(t < Type::Count && "type_info: Type::Count is not a type");
  return kTypes[static_cast<std::size_t>(t)];
}

std::string_view type_name(Type t) {
  return type_info(t).name;
}

std::optional<Type> type_from_name(std::string_view name) {
  for (const TypeInfo& info : kTypes)
    if (info.name == name) return info.type;
  return std::nullopt;
}

}  // namespace smsim::isa
