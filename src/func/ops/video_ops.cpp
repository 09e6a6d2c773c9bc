// SIMD video instructions on 2 x 16-bit and 4 x 8-bit lanes (vadd2/4,
// vsub2/4, vavrg2/4, vabsdiff2/4, vmin2/4, vmax2/4, vset2/4, with .sat and
// .add), computed by isa/semantics/video_simd.h. Operand lane selectors and
// destination masks are refused by the loader for now, so every lane is
// written.

#include <fmt/format.h>

#include <optional>

#include "func/exec/exec_context.h"
#include "func/ops/executor_selection.h"
#include "isa/semantics/video_simd.h"

namespace smsim::func {
namespace {

using isa::Opcode;
namespace sem = isa::sem;

struct SimdShape {
  sem::SimdOp op;
  int lanes;
};

std::optional<SimdShape> shape_of(Opcode op) {
  switch (op) {
    case Opcode::Vadd2:
      return SimdShape{sem::SimdOp::add, 2};
    case Opcode::Vsub2:
      return SimdShape{sem::SimdOp::sub, 2};
    case Opcode::Vavrg2:
      return SimdShape{sem::SimdOp::avrg, 2};
    case Opcode::Vabsdiff2:
      return SimdShape{sem::SimdOp::absdiff, 2};
    case Opcode::Vmin2:
      return SimdShape{sem::SimdOp::min, 2};
    case Opcode::Vmax2:
      return SimdShape{sem::SimdOp::max, 2};
    case Opcode::Vset2:
      return SimdShape{sem::SimdOp::set, 2};
    case Opcode::Vadd4:
      return SimdShape{sem::SimdOp::add, 4};
    case Opcode::Vsub4:
      return SimdShape{sem::SimdOp::sub, 4};
    case Opcode::Vavrg4:
      return SimdShape{sem::SimdOp::avrg, 4};
    case Opcode::Vabsdiff4:
      return SimdShape{sem::SimdOp::absdiff, 4};
    case Opcode::Vmin4:
      return SimdShape{sem::SimdOp::min, 4};
    case Opcode::Vmax4:
      return SimdShape{sem::SimdOp::max, 4};
    case Opcode::Vset4:
      return SimdShape{sem::SimdOp::set, 4};
    default:
      return std::nullopt;
  }
}

sem::VideoCompare compare_of(isa::Modifier m) {
  switch (m) {
    case isa::Modifier::Ne:
      return sem::VideoCompare::ne;
    case isa::Modifier::Lt:
      return sem::VideoCompare::lt;
    case isa::Modifier::Le:
      return sem::VideoCompare::le;
    case isa::Modifier::Gt:
      return sem::VideoCompare::gt;
    case isa::Modifier::Ge:
      return sem::VideoCompare::ge;
    default:
      return sem::VideoCompare::eq;
  }
}

void simd_video(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  const SimdShape shape = *shape_of(in.opcode);
  const bool is_set = shape.op == sem::SimdOp::set;
  // vset takes atype.btype; the others dtype.atype.btype.
  const isa::Type a_type = is_set ? in.type : in.type2;
  const isa::Type b_type = is_set ? in.type2 : in.type3;
  const sem::SimdVideo s{.lanes = shape.lanes,
                         .a_signed = a_type == isa::Type::S32,
                         .b_signed = b_type == isa::Type::S32,
                         .dest_signed = !is_set && in.type == isa::Type::S32,
                         .saturate = in.has(kSat),
                         .accumulate = in.combine == isa::Modifier::Add,
                         .dest_mask = shape.lanes == 2 ? 0x3u : 0xFu,
                         .compare = compare_of(in.mode)};
  for_each_lane(mask, [&](unsigned lane) {
    const auto a = static_cast<std::uint32_t>(read(c, in.src[0], lane));
    const auto b = static_cast<std::uint32_t>(read(c, in.src[1], lane));
    const auto d = static_cast<std::uint32_t>(read(c, in.src[2], lane));
    write(c, in.dst[0], lane, sem::simd_video(shape.op, a, b, d, s));
  });
}

}  // namespace

ExecFn select_video(const InstructionSpec& spec, DecodedInstruction& in, std::string& why) {
  const auto shape = shape_of(spec.opcode);
  const bool is_set = shape && shape->op == sem::SimdOp::set;
  const std::size_t types = is_set ? 2 : 3;
  if (!shape || spec.type_count != types || spec.operands.size() != 4) {
    why = fmt::format("{} in this form is not implemented", isa::opcode_mnemonic(spec.opcode));
    return nullptr;
  }
  if (spec.has(isa::Modifier::Add)) in.combine = isa::Modifier::Add;
  for (isa::Modifier m : {isa::Modifier::Eq, isa::Modifier::Ne, isa::Modifier::Lt,
                          isa::Modifier::Le, isa::Modifier::Gt, isa::Modifier::Ge}) {
    if (spec.has(m)) in.mode = m;
  }
  return &simd_video;
}

}  // namespace smsim::func
