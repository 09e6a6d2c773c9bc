// The approximate SFU instructions that have bit-exact models built on the
// tables measured on an H100 (isa/semantics/sfu_approx.h, data/sfu/):
// rcp.approx and rsqrt.approx (.ftz) f32, div.approx and div.full (.ftz)
// f32, rcp.approx.ftz.f64 and rsqrt.approx(.ftz).f64, ex2.approx/tanh.approx
// on f16, f16x2, bf16 and bf16x2, ex2/lg2/sin/cos/sqrt.approx(.ftz).f32 and
// tanh.approx.f32.
// The tables are read on first use; a launch
// that needs them when they cannot be read fails with the reason.

#include <fmt/format.h>

#include "func/exec/exec_context.h"
#include "func/exec/sfu_table_source.h"
#include "func/ops/executor_selection.h"
#include "isa/semantics/sfu_approx.h"

namespace smsim::func {
namespace {

using isa::Opcode;
namespace sem = isa::sem;

const sem::SfuTables* tables_or_fail(ExecContext& c, const DecodedInstruction& in) {
  const SfuTableSource* source = c.launch.options.sfu_tables.get();
  const sem::SfuTables* tables = source != nullptr ? source->get() : nullptr;
  if (tables == nullptr) {
    report_error(c, CudaError::launch_failure,
                 fmt::format("{} (PTX line {}) needs the measured SFU tables: {}",
                             isa::opcode_mnemonic(in.opcode), in.ptx_line,
                             source != nullptr ? source->error() : "no table folder given"));
  }
  return tables;
}

void sfu_f32(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  const sem::SfuTables* tables = tables_or_fail(c, in);
  if (tables == nullptr) return;
  const bool ftz = in.has(kFtz);
  for_each_lane(mask, [&](unsigned lane) {
    const auto a = static_cast<std::uint32_t>(read(c, in.src[0], lane));
    std::uint32_t r;
    switch (in.opcode) {
      case Opcode::Rcp:
        r = sem::rcp_approx_f32(*tables, a, ftz);
        break;
      case Opcode::Rsqrt:
        r = sem::rsqrt_approx_f32(*tables, a, ftz);
        break;
      default: {  // div: .approx, or .full (mode)
        const auto b = static_cast<std::uint32_t>(read(c, in.src[1], lane));
        r = in.mode == isa::Modifier::Full ? sem::div_full_f32(*tables, a, b, ftz)
                                           : sem::div_approx_f32(*tables, a, b, ftz);
        break;
      }
    }
    write(c, in.dst[0], lane, r);
  });
}

void sfu_f64(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  const sem::SfuTables* tables = tables_or_fail(c, in);
  if (tables == nullptr) return;
  const bool rcp = in.opcode == Opcode::Rcp, ftz = in.has(kFtz);
  for_each_lane(mask, [&](unsigned lane) {
    const std::uint64_t a = read(c, in.src[0], lane);
    std::uint64_t r;
    if (rcp) {
      r = sem::rcp_approx_ftz_f64(*tables, a);  // PTX has no rcp.approx.f64 without .ftz
    } else {
      r = ftz ? sem::rsqrt_approx_ftz_f64(*tables, a) : sem::rsqrt_approx_f64(*tables, a);
    }
    write(c, in.dst[0], lane, r);
  });
}

// ex2, lg2, sin, cos, sqrt and tanh.approx on f32 (MufuTables; each table is
// read when an instruction first needs it).
void mufu_f32(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  const SfuTableSource* source = c.launch.options.sfu_tables.get();
  sem::MufuTable table = sem::MufuTable::sqrt;
  switch (in.opcode) {
    case Opcode::Ex2:
      table = sem::MufuTable::ex2;
      break;
    case Opcode::Lg2:
      table = sem::MufuTable::lg2;
      break;
    case Opcode::Sin:
    case Opcode::Cos:
      table = sem::MufuTable::sincos;
      break;
    case Opcode::Tanh:
      table = sem::MufuTable::tanh;
      break;
    default:
      break;
  }
  std::string error = "no table folder given";
  if (source == nullptr || !source->mufu().load(table, error)) {
    report_error(c, CudaError::launch_failure,
                 fmt::format("{} (PTX line {}) needs the measured SFU tables: {}",
                             isa::opcode_mnemonic(in.opcode), in.ptx_line, error));
    return;
  }
  const sem::MufuTables& t = source->mufu();
  const bool ftz = in.has(kFtz);
  for_each_lane(mask, [&](unsigned lane) {
    const auto a = static_cast<std::uint32_t>(read(c, in.src[0], lane));
    std::uint32_t r;
    switch (in.opcode) {
      case Opcode::Ex2:
        r = sem::ex2_approx_f32(t, a, ftz);
        break;
      case Opcode::Lg2:
        r = sem::lg2_approx_f32(t, a, ftz);
        break;
      case Opcode::Sin:
        r = sem::sin_approx_f32(t, a);
        break;
      case Opcode::Cos:
        r = sem::cos_approx_f32(t, a);
        break;
      case Opcode::Tanh:
        r = sem::tanh_approx_f32(t, a);
        break;
      default:
        r = sem::sqrt_approx_f32(t, a, ftz);
        break;
    }
    write(c, in.dst[0], lane, r);
  });
}

// ex2/tanh.approx on one or two halves.
void sfu_half(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  const sem::SfuTables* tables = tables_or_fail(c, in);
  if (tables == nullptr) return;
  const bool bf16 = in.type == isa::Type::Bf16 || in.type == isa::Type::Bf16x2;
  const bool pair = in.type == isa::Type::F16x2 || in.type == isa::Type::Bf16x2;
  const sem::HalfType t = bf16 ? sem::HalfType::bf16 : sem::HalfType::f16;
  const bool ex2 = in.opcode == Opcode::Ex2;
  const auto one = [&](std::uint16_t x) {
    return ex2 ? sem::ex2_approx_half(*tables, t, x) : sem::tanh_approx_half(*tables, t, x);
  };
  for_each_lane(mask, [&](unsigned lane) {
    const std::uint64_t a = read(c, in.src[0], lane);
    std::uint64_t r = one(static_cast<std::uint16_t>(a));
    if (pair) r |= std::uint64_t{one(static_cast<std::uint16_t>(a >> 16))} << 16;
    write(c, in.dst[0], lane, r);
  });
}

}  // namespace

bool has_measured_sfu_model(const InstructionSpec& spec) {
  const isa::Type t = spec.type();
  const bool approx = spec.has(isa::Modifier::Approx);
  const bool half = t == isa::Type::F16 || t == isa::Type::F16x2 || t == isa::Type::Bf16 ||
                    t == isa::Type::Bf16x2;
  switch (spec.opcode) {
    case Opcode::Rcp:
    case Opcode::Rsqrt:
      // rcp.approx.f64 exists only with .ftz; rsqrt.approx.f64 in both forms.
      return approx && (t == isa::Type::F32 ||
                        (t == isa::Type::F64 &&
                         (spec.has(isa::Modifier::Ftz) || spec.opcode == Opcode::Rsqrt)));
    case Opcode::Div:
      return t == isa::Type::F32 && (approx || spec.has(isa::Modifier::Full));
    case Opcode::Ex2:
    case Opcode::Tanh:
      return half || t == isa::Type::F32;
    case Opcode::Lg2:
    case Opcode::Sin:
    case Opcode::Cos:
      return t == isa::Type::F32;
    case Opcode::Sqrt:
      return approx && t == isa::Type::F32;
    default:
      return false;
  }
}

ExecFn select_sfu(const InstructionSpec& spec, DecodedInstruction& in, std::string& why) {
  const isa::Type t = spec.type();
  const bool bf16 = t == isa::Type::Bf16 || t == isa::Type::Bf16x2;
  switch (spec.opcode) {
    case Opcode::Rcp:
    case Opcode::Rsqrt:
      return t == isa::Type::F32 ? &sfu_f32 : &sfu_f64;
    case Opcode::Div:
      if (spec.has(isa::Modifier::Full)) in.mode = isa::Modifier::Full;
      return &sfu_f32;
    case Opcode::Lg2:
    case Opcode::Sin:
    case Opcode::Cos:
    case Opcode::Sqrt:
      return &mufu_f32;
    case Opcode::Ex2:
      if (t == isa::Type::F32) return &mufu_f32;
      // PTX: ex2.approx.f16/.f16x2 without .ftz, ex2.approx.ftz.bf16/.bf16x2
      // (the measured tables are exactly these forms).
      if (spec.has(isa::Modifier::Ftz) == bf16) return &sfu_half;
      why = fmt::format("ex2.approx{}.{} is not a PTX form",
                        spec.has(isa::Modifier::Ftz) ? ".ftz" : "", isa::type_name(t));
      return nullptr;
    default:  // tanh.approx
      return t == isa::Type::F32 ? &mufu_f32 : &sfu_half;
  }
}

}  // namespace smsim::func
