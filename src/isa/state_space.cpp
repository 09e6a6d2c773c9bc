#include "isa/state_space.h"

#include <array>

namespace smsim::isa {
namespace {

struct SpaceName {
  StateSpace space;
  std::string_view name;
};

constexpr std::array<SpaceName, static_cast<std::size_t>(StateSpace::Count)> kSpaces{{
    {StateSpace::Generic, "generic"},
    {StateSpace::Reg, "reg"},
    {StateSpace::Sreg, "sreg"},
    {StateSpace::Const, "const"},
    {StateSpace::Global, "global"},
    {StateSpace::Local, "local"},
    {StateSpace::Param, "param"},
    {StateSpace::ParamEntry, "param::entry"},
    {StateSpace::ParamFunc, "param::func"},
    {StateSpace::Shared, "shared"},
    {StateSpace::SharedCta, "shared::cta"},
    {StateSpace::SharedCluster, "shared::cluster"},
    {StateSpace::Tex, "tex"},
}};

constexpr bool in_enum_order() {
  for (std::size_t i = 0; i < kSpaces.size(); ++i)
    if (static_cast<std::size_t>(kSpaces[i].space) != i) return false;
  return true;
}
static_assert(in_enum_order(), "kSpaces must list every StateSpace once, in enum order");

}  // namespace

std::string_view state_space_name(StateSpace s) {
  return kSpaces[static_cast<std::size_t>(s)].name;
}

std::optional<StateSpace> state_space_from_name(std::string_view name) {
  for (const SpaceName& s : kSpaces)
    if (s.name == name) return s.space;
  return std::nullopt;
}

StateSpace canonical_space(StateSpace s) {
  switch (s) {
    case StateSpace::SharedCta:
      return StateSpace::Shared;
    case StateSpace::ParamEntry:
    case StateSpace::ParamFunc:
      return StateSpace::Param;
    default:
      return s;
  }
}

}  // namespace smsim::isa
