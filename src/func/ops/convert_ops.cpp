// cvt between 8..64-bit integers, f16, bf16, f32 and f64 in every direction,
// with rounding, .ftz, .sat, .relu and .satfinite, computed by the bit-exact
// models of isa/semantics (convert_int.h, convert_float.h), whose NaN and
// out-of-range results were measured on an H100.

#include <fmt/format.h>

#include <optional>
#include <variant>

#include "func/exec/exec_context.h"
#include "func/ops/executor_selection.h"
#include "func/ops/lane_map.h"
#include "func/ops/rounding_mode.h"
#include "isa/semantics/convert_float.h"
#include "isa/semantics/convert_int.h"

namespace smsim::func {
namespace {

namespace sem = isa::sem;
using isa::Type;

using Shape = std::variant<sem::IntType, sem::FloatFormat>;

std::optional<Shape> shape_of(Type t) {
  switch (t) {
    case Type::U8:
      return sem::IntType::u8;
    case Type::U16:
      return sem::IntType::u16;
    case Type::U32:
      return sem::IntType::u32;
    case Type::U64:
      return sem::IntType::u64;
    case Type::S8:
      return sem::IntType::s8;
    case Type::S16:
      return sem::IntType::s16;
    case Type::S32:
      return sem::IntType::s32;
    case Type::S64:
      return sem::IntType::s64;
    case Type::F16:
      return sem::kF16;
    case Type::Bf16:
      return sem::kBF16;
    case Type::F32:
      return sem::kF32;
    case Type::F64:
      return sem::kF64;
    default:
      return std::nullopt;
  }
}

bool integral_rounding(Rounding r) {
  return r == Rounding::rni || r == Rounding::rzi || r == Rounding::rmi || r == Rounding::rpi;
}

std::uint64_t sign_extend(std::uint64_t v, int width) {
  if (width >= 64) return v;
  const unsigned shift = 64 - static_cast<unsigned>(width);
  return static_cast<std::uint64_t>(static_cast<std::int64_t>(v << shift) >> shift);
}

std::uint64_t convert(const DecodedInstruction& in, const Shape& to, const Shape& from,
                      std::uint64_t bits) {
  const sem::Rounding mode = sem_rounding(in.rounding);
  const bool ftz = in.has(kFtz);
  if (const auto* to_int = std::get_if<sem::IntType>(&to)) {
    if (const auto* from_int = std::get_if<sem::IntType>(&from)) {
      return sem::cvt_int_from_int(*to_int, *from_int, bits, in.has(kSat), in.dst[0].bits);
    }
    // Float to integer rounds toward zero unless told otherwise (.rzi is
    // what the PTX forms without a modifier mean).
    const sem::Rounding int_mode =
        in.rounding == Rounding::none ? sem::Rounding::toward_zero : mode;
    const std::uint64_t r =
        sem::cvt_int_from_float(*to_int, std::get<sem::FloatFormat>(from), bits, int_mode, ftz);
    return sem::is_signed(*to_int) ? sign_extend(r, sem::width_of(*to_int)) : r;
  }
  const sem::FloatFormat to_float = std::get<sem::FloatFormat>(to);
  if (const auto* from_int = std::get_if<sem::IntType>(&from)) {
    const std::uint64_t r = sem::cvt_float_from_int(to_float, *from_int, bits, mode);
    if (!in.has(kSat)) return r;
    return sem::convert_float(to_float, to_float, r, {.saturate = true});
  }
  const sem::FloatFormat from_float = std::get<sem::FloatFormat>(from);
  // Measured on an H100 (form sweep, tests/func/forms): cvt.f32.f32 and
  // cvt.f64.f64 without any modifier are moves that keep NaN payloads and
  // signalling NaNs (cvt.f16.f16 and cvt.bf16.bf16 are not: they give the
  // canonical NaN); cvt.ftz.f32.bf16 gives the canonical NaN where the
  // forms without .ftz keep the payload; and cvt.f16.f32 does not flush a
  // subnormal source under .ftz (a tiny value still rounds to the smallest
  // f16 subnormal with .rm or .rp; bf16 destinations do flush).
  const bool plain = in.rounding == Rounding::none && !ftz && !in.has(kSat) && !in.has(kRelu) &&
                     in.mode != isa::Modifier::Satfinite;
  if (plain && (in.type == Type::F32 || in.type == Type::F64) && in.type2 == in.type) return bits;
  const bool bf16_nan =
      in.type2 == Type::Bf16 && (bits & 0x7f80u) == 0x7f80u && (bits & 0x007fu) != 0;
  if (bf16_nan && ftz && in.type == Type::F32) return 0x7fff'ffffu;
  const bool f32_subnormal = in.type2 == Type::F32 && (bits & 0x7f80'0000u) == 0 &&
                             (bits & 0x007f'ffffu) != 0;
  const bool source_ftz = ftz && !(in.type == Type::F16 && f32_subnormal);
  if (integral_rounding(in.rounding)) {
    const std::uint64_t r = sem::round_to_integral(from_float, bits, mode, ftz);
    if (!in.has(kSat)) return r;
    return sem::convert_float(to_float, to_float, r, {.saturate = true});
  }
  return sem::convert_float(from_float, to_float, bits,
                            {.rounding = mode,
                             .ftz = source_ftz,
                             .saturate = in.has(kSat),
                             .relu = in.has(kRelu),
                             .satfinite = in.mode == isa::Modifier::Satfinite});
}

void cvt(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  const Shape to = *shape_of(in.type);
  const Shape from = *shape_of(in.type2);
  for_each_lane(mask, [&](unsigned lane) {
    write(c, in.dst[0], lane, convert(in, to, from, read(c, in.src[0], lane)));
  });
}

// The two forms hashing and packing loops are made of, without convert()'s
// per-lane dispatch on the shapes: integer to integer (what convert() does
// for them, with the shapes looked up once), and cvt.rn.f16.f32 with no other
// modifier (convert_float's result, by isa::sem's bit-arithmetic fast path).
void cvt_int_from_int(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  const auto to = std::get<sem::IntType>(*shape_of(in.type));
  const auto from = std::get<sem::IntType>(*shape_of(in.type2));
  const bool sat = in.has(kSat);
  const int bits = in.dst[0].bits;
  map_lanes<1>(c, in, mask, [=](std::uint64_t a) {
    return sem::cvt_int_from_int(to, from, a, sat, bits);
  });
}
void cvt_rn_f16_from_f32(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  map_lanes<1>(c, in, mask, [](std::uint64_t a) -> std::uint64_t {
    return sem::cvt_f16_from_f32(static_cast<std::uint32_t>(a), {});
  });
}

// cvt.f16x2.f32 / cvt.bf16x2.f32 d, a, b: two f32 values packed, a in the
// upper half (isa::sem::cvt_f16x2_from_f32).
void cvt_pair_from_f32(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  const sem::ConvertOptions options{.rounding = sem_rounding(in.rounding),
                                    .ftz = in.has(kFtz),
                                    .saturate = in.has(kSat),
                                    .relu = in.has(kRelu),
                                    .satfinite = in.mode == isa::Modifier::Satfinite};
  const bool to_bf16 = in.type == Type::Bf16x2;
  for_each_lane(mask, [&](unsigned lane) {
    const auto a = static_cast<std::uint32_t>(read(c, in.src[0], lane));
    const auto b = static_cast<std::uint32_t>(read(c, in.src[1], lane));
    write(
        c, in.dst[0], lane,
        to_bf16 ? sem::cvt_bf16x2_from_f32(a, b, options) : sem::cvt_f16x2_from_f32(a, b, options));
  });
}

// cvt.rn/.rz(.relu).tf32.f32 and cvt.rna(.satfinite).tf32.f32
// (isa::sem::cvt_tf32_from_f32).
void cvt_tf32(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  const sem::ConvertOptions options{.rounding = in.rounding == Rounding::rna
                                                    ? sem::Rounding::nearest_away
                                                    : sem_rounding(in.rounding),
                                    .relu = in.has(kRelu),
                                    .satfinite = in.mode == isa::Modifier::Satfinite};
  for_each_lane(mask, [&](unsigned lane) {
    const auto a = static_cast<std::uint32_t>(read(c, in.src[0], lane));
    write(c, in.dst[0], lane, sem::cvt_tf32_from_f32(a, options));
  });
}

// The tf32 forms sm_90 has: .rn and .rz with an optional .relu, .rna with an
// optional .satfinite (the H100's results of the others are not known).
ExecFn select_tf32(const DecodedInstruction& in, std::string& why) {
  const bool rna = in.rounding == Rounding::rna;
  const bool rn_or_rz = in.rounding == Rounding::rn || in.rounding == Rounding::rz;
  const bool satfinite = in.mode == isa::Modifier::Satfinite;
  if (!(rna && !in.has(kRelu)) && !(rn_or_rz && !satfinite)) {
    why = "cvt.tf32.f32 in this form is not implemented";
    return nullptr;
  }
  return &cvt_tf32;
}

std::optional<sem::Fp8Format> fp8_pair(Type t) {
  if (t == Type::E4m3x2) return sem::Fp8Format::e4m3;
  if (t == Type::E5m2x2) return sem::Fp8Format::e5m2;
  return std::nullopt;
}

// cvt.rn.satfinite{.relu}.e4m3x2/e5m2x2.f32 d, a, b (a in the upper byte),
// cvt.rn.satfinite{.relu}.e4m3x2/e5m2x2.f16x2 d, a and
// cvt.rn{.relu}.f16x2.e4m3x2/e5m2x2 d, a (isa::sem::cvt_fp8x2_*).
void cvt_fp8_pair(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  const bool relu = in.has(kRelu);
  const auto to = fp8_pair(in.type);
  const auto from = fp8_pair(in.type2);
  for_each_lane(mask, [&](unsigned lane) {
    const auto a = static_cast<std::uint32_t>(read(c, in.src[0], lane));
    std::uint32_t d;
    if (from) {
      d = sem::cvt_f16x2_from_fp8x2(*from, static_cast<std::uint16_t>(a), relu);
    } else if (in.type2 == Type::F16x2) {
      d = sem::cvt_fp8x2_from_f16x2(*to, a, relu);
    } else {
      const auto b = static_cast<std::uint32_t>(read(c, in.src[1], lane));
      d = sem::cvt_fp8x2_from_f32(*to, a, b, relu);
    }
    write(c, in.dst[0], lane, d);
  });
}

// The fp8 pair forms PTX defines: .rn.satfinite into e4m3x2/e5m2x2 from two
// f32 or from f16x2, and .rn out of them into f16x2.
ExecFn select_fp8_pair(const InstructionSpec& spec, DecodedInstruction& in, std::string& why) {
  const Type to = spec.type(0);
  const Type from = spec.type(1);
  const bool into_fp8 = fp8_pair(to) && (from == Type::F32 || from == Type::F16x2) &&
                        spec.has(isa::Modifier::Satfinite);
  const bool out_of_fp8 = to == Type::F16x2 && fp8_pair(from);
  const std::size_t sources = from == Type::F32 ? 2 : 1;
  if (!(into_fp8 || out_of_fp8) || in.rounding != Rounding::rn ||
      spec.operands.size() != 1 + sources) {
    why = fmt::format("cvt.{}.{} in this form is not implemented", isa::type_name(to),
                      isa::type_name(from));
    return nullptr;
  }
  in.type2 = from;
  return &cvt_fp8_pair;
}

}  // namespace

ExecFn select_convert(const InstructionSpec& spec, DecodedInstruction& in, std::string& why) {
  if (spec.type_count < 2) {
    why = "cvt needs a destination and a source type";
    return nullptr;
  }
  if (spec.has(isa::Modifier::Satfinite)) in.mode = isa::Modifier::Satfinite;
  if ((spec.type(0) == Type::F16x2 || spec.type(0) == Type::Bf16x2) && spec.type(1) == Type::F32 &&
      !spec.has(isa::Modifier::Rna)) {
    in.type2 = spec.type(1);
    return &cvt_pair_from_f32;
  }
  if (fp8_pair(spec.type(0)) || fp8_pair(spec.type(1))) return select_fp8_pair(spec, in, why);
  if (spec.type(0) == Type::Tf32 && spec.type(1) == Type::F32) {
    in.type2 = Type::F32;
    return select_tf32(in, why);
  }
  const auto to = shape_of(spec.type(0));
  const auto from = shape_of(spec.type(1));
  const bool float_to_float = to && from && std::holds_alternative<sem::FloatFormat>(*to) &&
                              std::holds_alternative<sem::FloatFormat>(*from);
  if (!to || !from || spec.has(isa::Modifier::Rna) ||
      (integral_rounding(in.rounding) && float_to_float && spec.type(0) != spec.type(1))) {
    why = fmt::format("cvt.{}.{} in this form is not implemented", isa::type_name(spec.type(0)),
                      isa::type_name(spec.type(1)));
    return nullptr;
  }
  if (spec.has(isa::Modifier::Satfinite)) in.mode = isa::Modifier::Satfinite;
  in.type2 = spec.type(1);
  if (std::holds_alternative<sem::IntType>(*to) && std::holds_alternative<sem::IntType>(*from)) {
    return &cvt_int_from_int;
  }
  const bool plain_nearest = in.rounding == Rounding::rn && !in.has(kFtz) && !in.has(kSat) &&
                             !in.has(kRelu) && in.mode != isa::Modifier::Satfinite;
  if (in.type == Type::F16 && in.type2 == Type::F32 && plain_nearest) return &cvt_rn_f16_from_f32;
  return &cvt;
}

}  // namespace smsim::func
