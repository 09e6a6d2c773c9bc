#pragma once
// PTX state spaces: where a variable lives and which memory an instruction
// addresses.

#include <cstdint>
#include <optional>
#include <string_view>

namespace smsim::isa {

enum class StateSpace : uint8_t {
  Generic,  // no explicit space: a generic address
  Reg,
  Sreg,
  Const,
  Global,
  Local,
  Param,          // kernel or function parameter; `.param` inside a body is a call argument
  ParamEntry,     // `.param::entry`
  ParamFunc,      // `.param::func`
  Shared,         // `.shared`, which means `.shared::cta`
  SharedCta,      // `.shared::cta`
  SharedCluster,  // `.shared::cluster`
  Tex,
  Count,
};

std::string_view state_space_name(StateSpace s);  // "global", "shared::cta", ...
std::optional<StateSpace> state_space_from_name(std::string_view name);

// `.shared` and `.shared::cta` name the same window; `.param::*` refine `.param`.
StateSpace canonical_space(StateSpace s);

}  // namespace smsim::isa
