// Video instructions. Scalar: vadd, vsub, vabsdiff, vmin, vmax, vshl, vshr,
// vmad, vset with byte/half operand selectors, .sat, the secondary operations
// .add/.min/.max and merging into a byte or half of c
// (isa/semantics/video_scalar.h). SIMD on 2 x 16-bit and 4 x 8-bit lanes:
// vadd2/4, vsub2/4, vavrg2/4, vabsdiff2/4, vmin2/4, vmax2/4, vset2/4, with
// .sat and .add (isa/semantics/video_simd.h); their multi-lane selectors and
// destination masks are not parsed by the front end, so every lane is written.

#include <fmt/format.h>

#include <optional>

#include "func/exec/exec_context.h"
#include "func/ops/executor_selection.h"
#include "isa/semantics/video_scalar.h"
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

bool is_signed(isa::Type t) {
  return t == isa::Type::S32;
}

std::optional<sem::VideoOp> scalar_op(Opcode op) {
  switch (op) {
    case Opcode::Vadd:
      return sem::VideoOp::add;
    case Opcode::Vsub:
      return sem::VideoOp::sub;
    case Opcode::Vabsdiff:
      return sem::VideoOp::absdiff;
    case Opcode::Vmin:
      return sem::VideoOp::min;
    case Opcode::Vmax:
      return sem::VideoOp::max;
    default:
      return std::nullopt;
  }
}

sem::VideoSecondary secondary_of(isa::Modifier m) {
  switch (m) {
    case isa::Modifier::Add:
      return sem::VideoSecondary::add;
    case isa::Modifier::Min:
      return sem::VideoSecondary::min;
    case isa::Modifier::Max:
      return sem::VideoSecondary::max;
    default:
      return sem::VideoSecondary::none;
  }
}

// A source's value with its signedness and byte/half selector.
sem::VideoOperand video_operand(ExecContext& c, const Operand& o, unsigned lane, bool is_signed) {
  return {.bits = static_cast<std::uint32_t>(read(c, o, lane)),
          .is_signed = is_signed,
          .select = o.video_select};
}

// vadd vsub vabsdiff vmin vmax vshl vshr vset: d{.dsel}, a{.asel}, b{.bsel}{, c}.
void scalar_video(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  const bool is_set = in.opcode == Opcode::Vset;
  // vset takes atype.btype; the others dtype.atype.btype.
  const bool a_signed = is_signed(is_set ? in.type : in.type2);
  const bool b_signed = is_signed(is_set ? in.type2 : in.type3);
  // vset's result takes a's type: measured on an H100, its .min/.max compare
  // with c signed exactly when a is signed.
  const sem::VideoResult r{.dest_signed = is_signed(in.type),
                           .saturate = in.has(kSat),
                           .secondary = secondary_of(in.combine),
                           .dest_select = in.dst[0].video_select};
  const auto op = scalar_op(in.opcode);
  const bool wrap = in.mode == isa::Modifier::Wrap;
  for_each_lane(mask, [&](unsigned lane) {
    const sem::VideoOperand a = video_operand(c, in.src[0], lane, a_signed);
    const sem::VideoOperand b = video_operand(c, in.src[1], lane, b_signed);
    const auto addend =
        in.src_count > 2 ? static_cast<std::uint32_t>(read(c, in.src[2], lane)) : 0u;
    std::uint32_t d;
    if (op) {
      d = sem::video_op(*op, a, b, addend, r);
    } else if (is_set) {
      d = sem::video_set(compare_of(in.mode), a, b, addend, r);
    } else {
      const auto dir = in.opcode == Opcode::Vshl ? sem::VideoShift::left : sem::VideoShift::right;
      d = sem::video_shift(dir, wrap, a, b, addend, r);
    }
    write(c, in.dst[0], lane, d);
  });
}

// vmad.dtype.atype.btype{.sat}{.shr7,.shr15} d, a{.asel}, b{.bsel}, c.
void scalar_vmad(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  const sem::VideoMad m{.scale = in.mode == isa::Modifier::Shr7    ? sem::VideoScale::shr7
                                 : in.mode == isa::Modifier::Shr15 ? sem::VideoScale::shr15
                                                                   : sem::VideoScale::none,
                        .saturate = in.has(kSat)};
  const bool a_signed = is_signed(in.type2);
  const bool b_signed = is_signed(in.type3);
  for_each_lane(mask, [&](unsigned lane) {
    const sem::VideoOperand a = video_operand(c, in.src[0], lane, a_signed);
    const sem::VideoOperand b = video_operand(c, in.src[1], lane, b_signed);
    const auto addend = static_cast<std::uint32_t>(read(c, in.src[2], lane));
    write(c, in.dst[0], lane, sem::video_mad(a, b, addend, m));
  });
}

ExecFn select_scalar_video(const InstructionSpec& spec, DecodedInstruction& in, std::string& why) {
  const bool is_set = spec.opcode == Opcode::Vset;
  if (spec.type_count != (is_set ? 2 : 3)) {
    why = fmt::format("{} needs {} types", isa::opcode_mnemonic(spec.opcode), is_set ? 2 : 3);
    return nullptr;
  }
  const bool merge = spec.operands.front().video_select != sem::VideoSelect::word;
  for (isa::Modifier m : {isa::Modifier::Add, isa::Modifier::Min, isa::Modifier::Max}) {
    if (spec.has(m)) in.combine = m;
  }
  if (merge && in.combine != isa::Modifier::Count) {
    why =
        "a video instruction merges into a destination selector or has a secondary "
        "operation, not both";
    return nullptr;
  }
  if ((merge || in.combine != isa::Modifier::Count) && spec.operands.size() != 4) {
    why = "a secondary operation or a merge needs the operand c";
    return nullptr;
  }
  for (isa::Modifier m :
       {isa::Modifier::Eq, isa::Modifier::Ne, isa::Modifier::Lt, isa::Modifier::Le,
        isa::Modifier::Gt, isa::Modifier::Ge, isa::Modifier::Wrap, isa::Modifier::Clamp,
        isa::Modifier::Shr7, isa::Modifier::Shr15}) {
    if (spec.has(m)) in.mode = m;
  }
  if (spec.opcode == Opcode::Vmad) {
    if (merge || in.combine != isa::Modifier::Count) {
      why = "vmad has no secondary operation or merge";
      return nullptr;
    }
    return &scalar_vmad;
  }
  return &scalar_video;
}

}  // namespace

ExecFn select_video(const InstructionSpec& spec, DecodedInstruction& in, std::string& why) {
  switch (spec.opcode) {
    case Opcode::Vadd:
    case Opcode::Vsub:
    case Opcode::Vabsdiff:
    case Opcode::Vmin:
    case Opcode::Vmax:
    case Opcode::Vshl:
    case Opcode::Vshr:
    case Opcode::Vmad:
    case Opcode::Vset:
      return select_scalar_video(spec, in, why);
    default:
      break;
  }
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
