// cvt.pack.sat: two s32 values saturated into narrow fields of one word
// (isa/semantics/convert_int.h). .u16/.s16 take `d, a, b`; .u8/.s8/.u4/.s4/
// .u2/.s2 take `d, a, b, c`, whose c fills the bits above the two fields.

#include <fmt/format.h>

#include "func/exec/exec_context.h"
#include "func/ops/executor_selection.h"
#include "isa/semantics/convert_int.h"

namespace smsim::func {
namespace {

template <int Width, bool Signed>
void run_pack(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  for_each_lane(mask, [&](unsigned lane) {
    const auto a = static_cast<std::uint32_t>(read(c, in.src[0], lane));
    const auto b = static_cast<std::uint32_t>(read(c, in.src[1], lane));
    const auto rest = in.src_count > 2 ? static_cast<std::uint32_t>(read(c, in.src[2], lane)) : 0;
    write(c, in.dst[0], lane, isa::sem::cvt_pack_sat(Width, Signed, a, b, rest));
  });
}

struct PackForm {
  isa::Type to;
  ExecFn run;
};

constexpr PackForm kForms[] = {
    {isa::Type::U16, &run_pack<16, false>}, {isa::Type::S16, &run_pack<16, true>},
    {isa::Type::U8, &run_pack<8, false>},   {isa::Type::S8, &run_pack<8, true>},
    {isa::Type::U4, &run_pack<4, false>},   {isa::Type::S4, &run_pack<4, true>},
    {isa::Type::U2, &run_pack<2, false>},   {isa::Type::S2, &run_pack<2, true>},
};

}  // namespace

ExecFn select_convert_pack(const InstructionSpec& spec, DecodedInstruction& in, std::string& why) {
  const isa::Type to = spec.type();
  const bool half_words = to == isa::Type::U16 || to == isa::Type::S16;
  // .u16/.s16: .s32 sources, no c; the others: .s32 sources and a .b32 c.
  const bool types_ok = spec.has(isa::Modifier::Sat) && spec.type(1) == isa::Type::S32 &&
                        (half_words ? spec.type_count == 2 && in.src_count == 2
                                    : spec.type_count == 3 && spec.type(2) == isa::Type::B32 &&
                                          in.src_count == 3);
  for (const PackForm& f : kForms) {
    if (f.to == to && types_ok && in.dst_count == 1) return f.run;
  }
  why = fmt::format(
      "cvt.pack takes .sat.{{u16,s16}}.s32 d, a, b or .sat.{{u8,s8,u4,s4,u2,s2}}.s32.b32 d, a, b, c "
      "(here .{})",
      isa::type_name(to));
  return nullptr;
}

}  // namespace smsim::func
