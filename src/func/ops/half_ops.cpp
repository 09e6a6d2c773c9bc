// f16, f16x2, bf16 and bf16x2 arithmetic (add, sub, mul, fma/mad, min, max,
// neg, abs), computed by the bit-exact models in isa/semantics/half_arith.h;
// the packed forms apply them to each 16-bit half.

#include <fmt/format.h>

#include "func/exec/exec_context.h"
#include "func/ops/executor_selection.h"
#include "func/ops/rounding_mode.h"
#include "isa/semantics/fma_bf16_directed.h"
#include "isa/semantics/half_arith.h"

namespace smsim::func {
namespace {

using isa::Opcode;
namespace sem = isa::sem;

template <sem::HalfType kType, bool kPacked>
struct HalfExec {
  static std::uint16_t scalar(const DecodedInstruction& in, std::uint16_t a, std::uint16_t b,
                              std::uint16_t c) {
    const sem::HalfOptions o{.ftz = in.has(kFtz),
                             .sat = in.has(kSat),
                             .relu = in.has(kRelu),
                             .oob = in.mode == isa::Modifier::Oob};
    switch (in.opcode) {
      case Opcode::Add:
        return sem::add_half(kType, a, b, o);
      case Opcode::Sub:
        return sem::sub_half(kType, a, b, o);
      case Opcode::Mul:
        return sem::mul_half(kType, a, b, o);
      case Opcode::Fma:
      case Opcode::Mad:
        if constexpr (kType == sem::HalfType::bf16 && !kPacked) {
          if (in.rounding != Rounding::none && in.rounding != Rounding::rn) {
            return sem::fma_bf16_directed(a, b, c, sem_rounding(in.rounding));
          }
        }
        return sem::fma_half(kType, a, b, c, o);
      case Opcode::Min:
      case Opcode::Max:
        return sem::min_max_half(kType, a, b, in.opcode == Opcode::Max,
                                 {.ftz = in.has(kFtz),
                                  .propagate_nan = in.has(kNaN),
                                  .xorsign_abs = in.mode == isa::Modifier::Xorsign});
      case Opcode::Neg:
        return sem::neg_half(kType, a, in.has(kFtz));
      case Opcode::Abs:
        return sem::abs_half(kType, a, in.has(kFtz));
      default:
        return 0;
    }
  }

  static void run(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
    for_each_lane(mask, [&](unsigned lane) {
      const auto a = static_cast<std::uint32_t>(read(c, in.src[0], lane));
      const auto b = in.src_count > 1 ? static_cast<std::uint32_t>(read(c, in.src[1], lane)) : 0u;
      const auto d = in.src_count > 2 ? static_cast<std::uint32_t>(read(c, in.src[2], lane)) : 0u;
      std::uint32_t r;
      if constexpr (kPacked) {
        r = sem::on_halves(a, b, d, [&](std::uint16_t x, std::uint16_t y, std::uint16_t z) {
          return scalar(in, x, y, z);
        });
      } else {
        r = scalar(in, static_cast<std::uint16_t>(a), static_cast<std::uint16_t>(b),
                   static_cast<std::uint16_t>(d));
      }
      write(c, in.dst[0], lane, r);
    });
  }
};

}  // namespace

ExecFn select_half(const InstructionSpec& spec, DecodedInstruction& in, std::string& why) {
  // Of the directed roundings PTX allows only fma on bf16; the H100 does not
  // run it as an exactly rounded fma (isa::sem::fma_bf16_directed says what it
  // runs; the packed form is fma.rn.bf16x2).
  const bool plain_rounding = in.rounding == Rounding::none || in.rounding == Rounding::rn;
  const bool bf16_fma = spec.opcode == Opcode::Fma &&
                        (spec.type() == isa::Type::Bf16 || spec.type() == isa::Type::Bf16x2);
  if (!plain_rounding && !bf16_fma) {
    why = fmt::format("{}.{} with a directed rounding is not implemented",
                      isa::opcode_mnemonic(spec.opcode), isa::type_name(spec.type()));
    return nullptr;
  }
  // min/max .xorsign.abs and fma .oob share the decoded mode (one opcode each).
  if (spec.has(isa::Modifier::Oob)) in.mode = isa::Modifier::Oob;
  if (spec.has(isa::Modifier::Xorsign)) in.mode = isa::Modifier::Xorsign;
  switch (spec.opcode) {
    case Opcode::Add:
    case Opcode::Sub:
    case Opcode::Mul:
    case Opcode::Fma:
    case Opcode::Mad:
    case Opcode::Min:
    case Opcode::Max:
    case Opcode::Neg:
    case Opcode::Abs:
      break;
    default:
      why = fmt::format("{}.{} is not implemented", isa::opcode_mnemonic(spec.opcode),
                        isa::type_name(spec.type()));
      return nullptr;
  }
  using T = isa::Type;
  using H = sem::HalfType;
  switch (spec.type()) {
    case T::F16:
      return &HalfExec<H::f16, false>::run;
    case T::F16x2:
      return &HalfExec<H::f16, true>::run;
    case T::Bf16:
      return &HalfExec<H::bf16, false>::run;
    case T::Bf16x2:
      return &HalfExec<H::bf16, true>::run;
    default:
      break;
  }
  why = fmt::format("{}.{} is not implemented", isa::opcode_mnemonic(spec.opcode),
                    isa::type_name(spec.type()));
  return nullptr;
}

}  // namespace smsim::func
