#include "isa/special_register.h"

#include <array>
#include <cstdio>

namespace smsim::isa {
namespace {

using S = SpecialRegister;
constexpr std::array<SpecialRegisterInfo, static_cast<std::size_t>(S::Count)> kSregs{{
    {S::Tid, "%tid", Type::U32, true},
    {S::Ntid, "%ntid", Type::U32, true},
    {S::Laneid, "%laneid", Type::U32, false},
    {S::Warpid, "%warpid", Type::U32, false},
    {S::Nwarpid, "%nwarpid", Type::U32, false},
    {S::Ctaid, "%ctaid", Type::U32, true},
    {S::Nctaid, "%nctaid", Type::U32, true},
    {S::Smid, "%smid", Type::U32, false},
    {S::Nsmid, "%nsmid", Type::U32, false},
    {S::Gridid, "%gridid", Type::U64, false},
    {S::LanemaskEq, "%lanemask_eq", Type::U32, false},
    {S::LanemaskLe, "%lanemask_le", Type::U32, false},
    {S::LanemaskLt, "%lanemask_lt", Type::U32, false},
    {S::LanemaskGe, "%lanemask_ge", Type::U32, false},
    {S::LanemaskGt, "%lanemask_gt", Type::U32, false},
    {S::Clock, "%clock", Type::U32, false},
    {S::ClockHi, "%clock_hi", Type::U32, false},
    {S::Clock64, "%clock64", Type::U64, false},
    {S::Globaltimer, "%globaltimer", Type::U64, false},
    {S::GlobaltimerLo, "%globaltimer_lo", Type::U32, false},
    {S::GlobaltimerHi, "%globaltimer_hi", Type::U32, false},
    {S::Pm0, "%pm0", Type::U32, false},
    {S::Pm1, "%pm1", Type::U32, false},
    {S::Pm2, "%pm2", Type::U32, false},
    {S::Pm3, "%pm3", Type::U32, false},
    {S::Pm4, "%pm4", Type::U32, false},
    {S::Pm5, "%pm5", Type::U32, false},
    {S::Pm6, "%pm6", Type::U32, false},
    {S::Pm7, "%pm7", Type::U32, false},
    {S::Pm0_64, "%pm0_64", Type::U64, false},
    {S::Pm1_64, "%pm1_64", Type::U64, false},
    {S::Pm2_64, "%pm2_64", Type::U64, false},
    {S::Pm3_64, "%pm3_64", Type::U64, false},
    {S::Pm4_64, "%pm4_64", Type::U64, false},
    {S::Pm5_64, "%pm5_64", Type::U64, false},
    {S::Pm6_64, "%pm6_64", Type::U64, false},
    {S::Pm7_64, "%pm7_64", Type::U64, false},
    {S::Envreg, "%envreg", Type::B32, false},
    {S::TotalSmemSize, "%total_smem_size", Type::U32, false},
    {S::AggrSmemSize, "%aggr_smem_size", Type::U32, false},
    {S::DynamicSmemSize, "%dynamic_smem_size", Type::U32, false},
    {S::ReservedSmemOffsetBegin, "%reserved_smem_offset_begin", Type::B32, false},
    {S::ReservedSmemOffsetEnd, "%reserved_smem_offset_end", Type::B32, false},
    {S::ReservedSmemOffsetCap, "%reserved_smem_offset_cap", Type::B32, false},
    {S::ReservedSmemOffset0, "%reserved_smem_offset_0", Type::B32, false},
    {S::ReservedSmemOffset1, "%reserved_smem_offset_1", Type::B32, false},
    {S::IsExplicitCluster, "%is_explicit_cluster", Type::Pred, false},
    {S::Clusterid, "%clusterid", Type::U32, true},
    {S::Nclusterid, "%nclusterid", Type::U32, true},
    {S::ClusterCtaid, "%cluster_ctaid", Type::U32, true},
    {S::ClusterNctaid, "%cluster_nctaid", Type::U32, true},
    {S::ClusterCtarank, "%cluster_ctarank", Type::U32, false},
    {S::ClusterNctarank, "%cluster_nctarank", Type::U32, false},
    {S::CurrentGraphExec, "%current_graph_exec", Type::U64, false},
}};

constexpr bool in_enum_order() {
  for (std::size_t i = 0; i < kSregs.size(); ++i)
    if (static_cast<std::size_t>(kSregs[i].reg) != i) return false;
  return true;
}
static_assert(in_enum_order(), "kSregs must list every SpecialRegister once, in enum order");

std::optional<SregComponent> component_from(std::string_view c) {
  if (c == "x") return SregComponent::X;
  if (c == "y") return SregComponent::Y;
  if (c == "z") return SregComponent::Z;
  return std::nullopt;
}

std::optional<SpecialRegisterRef> envreg_from(std::string_view text) {
  constexpr std::string_view kPrefix = "%envreg";
  if (!text.starts_with(kPrefix) || text.size() == kPrefix.size() ||
      text.size() > kPrefix.size() + 2)
    return std::nullopt;
  unsigned index = 0;
  for (char c : text.substr(kPrefix.size())) {
    if (c < '0' || c > '9') return std::nullopt;
    index = index * 10 + static_cast<unsigned>(c - '0');
  }
  if (index >= kEnvregCount) return std::nullopt;
  return SpecialRegisterRef{S::Envreg, SregComponent::None, static_cast<uint8_t>(index)};
}

}  // namespace

const SpecialRegisterInfo& special_register_info(SpecialRegister r) {
  return kSregs[static_cast<std::size_t>(r)];
}

std::optional<SpecialRegisterRef> special_register_from_name(std::string_view text) {
  if (auto env = envreg_from(text)) return env;
  std::string_view base = text;
  std::string_view component;
  if (const auto dot = text.find('.'); dot != std::string_view::npos) {
    base = text.substr(0, dot);
    component = text.substr(dot + 1);
  }
  for (const SpecialRegisterInfo& info : kSregs) {
    if (info.name != base || info.reg == S::Envreg) continue;
    if (!info.has_components) {
      if (!component.empty()) return std::nullopt;
      return SpecialRegisterRef{info.reg};
    }
    const auto c = component_from(component);
    if (!c) return std::nullopt;
    return SpecialRegisterRef{info.reg, *c};
  }
  return std::nullopt;
}

std::size_t format_special_register(const SpecialRegisterRef& ref, char* out, std::size_t size) {
  const SpecialRegisterInfo& info = special_register_info(ref.reg);
  int n = 0;
  if (ref.reg == S::Envreg) {
    n = std::snprintf(out, size, "%.*s%u", static_cast<int>(info.name.size()), info.name.data(),
                      static_cast<unsigned>(ref.index));
  } else if (ref.component == SregComponent::None) {
    n = std::snprintf(out, size, "%.*s", static_cast<int>(info.name.size()), info.name.data());
  } else {
    static constexpr char kComponents[] = {'?', 'x', 'y', 'z'};
    n = std::snprintf(out, size, "%.*s.%c", static_cast<int>(info.name.size()), info.name.data(),
                      kComponents[static_cast<unsigned>(ref.component)]);
  }
  return n < 0 ? 0 : static_cast<std::size_t>(n);
}

}  // namespace smsim::isa
