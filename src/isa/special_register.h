#pragma once
// PTX special registers (`%tid.x`, `%laneid`, `%clock64`, ...). A vector
// special register is one enum value plus a component.

#include <cstdint>
#include <optional>
#include <string_view>

#include "isa/type.h"

namespace smsim::isa {

enum class SpecialRegister : uint8_t {
  Tid,
  Ntid,
  Laneid,
  Warpid,
  Nwarpid,
  Ctaid,
  Nctaid,
  Smid,
  Nsmid,
  Gridid,
  LanemaskEq,
  LanemaskLe,
  LanemaskLt,
  LanemaskGe,
  LanemaskGt,
  Clock,
  ClockHi,
  Clock64,
  Globaltimer,
  GlobaltimerLo,
  GlobaltimerHi,
  Pm0,
  Pm1,
  Pm2,
  Pm3,
  Pm4,
  Pm5,
  Pm6,
  Pm7,
  Pm0_64,
  Pm1_64,
  Pm2_64,
  Pm3_64,
  Pm4_64,
  Pm5_64,
  Pm6_64,
  Pm7_64,
  Envreg,  // %envreg0 .. %envreg31: the component holds the index
  TotalSmemSize,
  AggrSmemSize,
  DynamicSmemSize,
  ReservedSmemOffsetBegin,
  ReservedSmemOffsetEnd,
  ReservedSmemOffsetCap,
  ReservedSmemOffset0,
  ReservedSmemOffset1,
  IsExplicitCluster,
  Clusterid,
  Nclusterid,
  ClusterCtaid,
  ClusterNctaid,
  ClusterCtarank,
  ClusterNctarank,
  CurrentGraphExec,
  Count,
};

// `.x/.y/.z` of vector special registers; `None` for scalar ones.
enum class SregComponent : uint8_t { None, X, Y, Z };

inline constexpr unsigned kEnvregCount = 32;

struct SpecialRegisterInfo {
  SpecialRegister reg;
  std::string_view name;  // with the leading `%`
  Type type;              // the type `mov` reads it as
  bool has_components;    // `%tid.x` style
};

const SpecialRegisterInfo& special_register_info(SpecialRegister r);

struct SpecialRegisterRef {
  SpecialRegister reg;
  SregComponent component = SregComponent::None;
  uint8_t index = 0;  // %envregN
};

// Parses a whole token such as "%tid.x", "%clock64", "%envreg3".
std::optional<SpecialRegisterRef> special_register_from_name(std::string_view text);
// Writes the PTX spelling ("%ctaid.y") into `out`; returns its length.
std::size_t format_special_register(const SpecialRegisterRef& ref, char* out, std::size_t size);

}  // namespace smsim::isa
