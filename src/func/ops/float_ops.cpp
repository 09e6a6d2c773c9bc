// Floating point in f32 and f64: add, sub, mul, fma/mad, div, min, max, abs,
// neg, sqrt, rcp, rsqrt, copysign, testp, and the approximate SFU functions,
// through the semantics measured on an H100 (isa/semantics/). The .approx
// and .full forms (rcp, rsqrt, div, sqrt, sin, cos, lg2, ex2, tanh) have
// bit-exact models built on measured tables in sfu_ops.cpp.

#include <fmt/format.h>

#include "func/exec/exec_context.h"
#include "func/ops/executor_selection.h"
#include "func/ops/rounding_mode.h"
#include "isa/semantics/float_arith_f32.h"
#include "isa/semantics/float_arith_f64.h"
#include "isa/semantics/float_compare.h"
#include "isa/semantics/float_div_sqrt.h"
#include "isa/semantics/float_minmax.h"

namespace smsim::func {
namespace {

using isa::Opcode;

// Source i's bits, with the hardware's operand negation (from ptxas's
// rewrites) applied: it leaves a NaN as it is, so which NaN an f64 result
// propagates does not change.
template <typename F>
std::uint64_t source_bits(const ExecContext& c, const DecodedInstruction& in, unsigned i,
                          unsigned lane) {
  const std::uint64_t v = read(c, in.src[i], lane);
  if ((in.flags & (kNegSrc0 << i)) == 0) return v;
  if constexpr (sizeof(F) == 4) {
    const auto v32 = static_cast<std::uint32_t>(v);
    return isa::sem::is_nan_f32(v32) ? v32 : v32 ^ isa::sem::kSignF32;
  } else {
    return isa::sem::is_nan_f64(v) ? v : v ^ isa::sem::kSignF64;
  }
}

// The correctly rounded operations (add, sub, mul, fma/mad, and div, rcp,
// sqrt without .approx/.full) in every rounding mode with .ftz and .sat,
// through the measured semantics (isa/semantics/float_arith_*.h,
// float_div_sqrt.h).
template <typename F>
struct IeeeExec {
  static void run(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
    const isa::sem::Rounding mode = sem_rounding(in.rounding);
    const bool ftz = in.has(kFtz), sat = in.has(kSat);
    for_each_lane(mask, [&](unsigned lane) {
      const std::uint64_t a = source_bits<F>(c, in, 0, lane);
      const std::uint64_t b = in.src_count > 1 ? source_bits<F>(c, in, 1, lane) : 0;
      const std::uint64_t d = in.src_count > 2 ? source_bits<F>(c, in, 2, lane) : 0;
      write(c, in.dst[0], lane, compute(in.opcode, a, b, d, mode, ftz, sat));
    });
  }

  static std::uint64_t compute(Opcode op, std::uint64_t a, std::uint64_t b, std::uint64_t d,
                               isa::sem::Rounding mode, bool ftz, bool sat) {
    namespace sem = isa::sem;
    if constexpr (sizeof(F) == 4) {
      const auto a32 = static_cast<std::uint32_t>(a), b32 = static_cast<std::uint32_t>(b);
      switch (op) {
        case Opcode::Add:
          return sem::add_f32(a32, b32, mode, ftz, sat);
        case Opcode::Sub:
          return sem::sub_f32(a32, b32, mode, ftz, sat);
        case Opcode::Mul:
          return sem::mul_f32(a32, b32, mode, ftz, sat);
        case Opcode::Fma:
        case Opcode::Mad:
          return sem::fma_f32(a32, b32, static_cast<std::uint32_t>(d), mode, ftz, sat);
        case Opcode::Div:
          return sem::div_f32(a32, b32, mode, ftz);
        case Opcode::Rcp:
          return sem::rcp_f32(a32, mode, ftz);
        case Opcode::Sqrt:
          return sem::sqrt_f32(a32, mode, ftz);
        default:
          break;
      }
    } else {
      switch (op) {
        case Opcode::Add:
          return sem::add_f64(a, b, mode);
        case Opcode::Sub:
          return sem::sub_f64(a, b, mode);
        case Opcode::Mul:
          return sem::mul_f64(a, b, mode);
        case Opcode::Fma:
        case Opcode::Mad:
          return sem::fma_f64(a, b, d, mode);
        case Opcode::Div:
          return sem::div_f64(a, b, mode);
        case Opcode::Rcp:
          return sem::rcp_f64(a, mode);
        case Opcode::Sqrt:
          return sem::sqrt_f64(a, mode);
        default:
          break;
      }
    }
    return 0;
  }
};

// min/max through the measured semantics: a NaN operand is ignored unless
// both are NaN (or .NaN is given); -0 orders below +0.
template <typename F>
struct MinMaxExec {
  static void run(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
    const bool is_min = in.opcode == Opcode::Min;
    const isa::sem::MinMaxOptions options{.ftz = in.has(kFtz),
                                          .propagate_nan = in.has(kNaN),
                                          .xorsign_abs = in.mode == isa::Modifier::Xorsign};
    for_each_lane(mask, [&](unsigned lane) {
      const std::uint64_t a = read(c, in.src[0], lane), b = read(c, in.src[1], lane);
      std::uint64_t r = 0;
      if constexpr (sizeof(F) == 4) {
        const auto a32 = static_cast<std::uint32_t>(a), b32 = static_cast<std::uint32_t>(b);
        r = is_min ? isa::sem::min_f32(a32, b32, options) : isa::sem::max_f32(a32, b32, options);
      } else {
        r = is_min ? isa::sem::min_f64(a, b) : isa::sem::max_f64(a, b);
      }
      write(c, in.dst[0], lane, r);
    });
  }
};

// abs and neg are arithmetic on the GPU (NaNs come out canonical for f32 and
// quieted for f64; .ftz flushes), so they go through the measured semantics.
// copysign is a pure sign-bit operation.
template <typename F>
struct SignExec {
  static void run(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
    const bool ftz = in.has(kFtz);
    for_each_lane(mask, [&](unsigned lane) {
      const std::uint64_t a = read(c, in.src[0], lane);
      std::uint64_t bits = 0;
      if constexpr (sizeof(F) == 4) {
        const auto a32 = static_cast<std::uint32_t>(a);
        if (in.opcode == Opcode::Abs) bits = isa::sem::abs_f32(a32, ftz);
        if (in.opcode == Opcode::Neg) bits = isa::sem::neg_f32(a32, ftz);
        if (in.opcode == Opcode::Copysign) {
          bits = isa::sem::copysign_f32(a32, static_cast<std::uint32_t>(read(c, in.src[1], lane)));
        }
      } else {
        if (in.opcode == Opcode::Abs) bits = isa::sem::abs_f64(a);
        if (in.opcode == Opcode::Neg) bits = isa::sem::neg_f64(a);
        if (in.opcode == Opcode::Copysign)
          bits = isa::sem::copysign_f64(a, read(c, in.src[1], lane));
      }
      write(c, in.dst[0], lane, bits);
    });
  }
};

template <typename F>
struct TestpExec {
  static void run(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
    isa::sem::FloatTest test = isa::sem::FloatTest::none;
    switch (in.mode) {
      case isa::Modifier::Finite:
        test = isa::sem::FloatTest::finite;
        break;
      case isa::Modifier::Infinite:
        test = isa::sem::FloatTest::infinite;
        break;
      case isa::Modifier::Number:
        test = isa::sem::FloatTest::number;
        break;
      case isa::Modifier::Notanumber:
        test = isa::sem::FloatTest::notanumber;
        break;
      case isa::Modifier::Normal:
        test = isa::sem::FloatTest::normal;
        break;
      case isa::Modifier::Subnormal:
        test = isa::sem::FloatTest::subnormal;
        break;
      default:
        break;
    }
    const isa::sem::FloatFormat format = sizeof(F) == 4 ? isa::sem::kF32 : isa::sem::kF64;
    for_each_lane(mask, [&](unsigned lane) {
      write(c, in.dst[0], lane,
            isa::sem::test_float(format, test, read(c, in.src[0], lane)) ? 1 : 0);
    });
  }
};

// mad.f32 on an FMAD that truncates the product (SM 1.x).
void truncated_fmad(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  const bool ftz = in.has(kFtz), sat = in.has(kSat);
  for_each_lane(mask, [&](unsigned lane) {
    const auto a = static_cast<std::uint32_t>(source_bits<float>(c, in, 0, lane));
    const auto b = static_cast<std::uint32_t>(source_bits<float>(c, in, 1, lane));
    const auto d = static_cast<std::uint32_t>(source_bits<float>(c, in, 2, lane));
    write(c, in.dst[0], lane, isa::sem::fmad_truncated_f32(a, b, d, ftz, sat));
  });
}

template <template <typename> class Exec>
ExecFn pick_float(isa::Type t) {
  if (t == isa::Type::F32) return &Exec<float>::run;
  if (t == isa::Type::F64) return &Exec<double>::run;
  return nullptr;
}

}  // namespace

ExecFn select_float(const InstructionSpec& spec, DecodedInstruction& in, std::string& why) {
  if (has_measured_sfu_model(spec)) return select_sfu(spec, in, why);
  const isa::Type t = spec.type();
  if (t == isa::Type::F16 || t == isa::Type::F16x2 || t == isa::Type::Bf16 ||
      t == isa::Type::Bf16x2) {
    return select_half(spec, in, why);
  }
  ExecFn fn = nullptr;
  switch (spec.opcode) {
    case Opcode::Add:
    case Opcode::Sub:
    case Opcode::Mul:
    case Opcode::Fma:
    case Opcode::Mad:
      fn = spec.truncated_product && t == isa::Type::F32 ? &truncated_fmad
                                                         : pick_float<IeeeExec>(t);
      break;
    case Opcode::Div:
    case Opcode::Rcp:
      // The .approx/.full forms with tables went to select_sfu above.
      if (!spec.has(isa::Modifier::Approx) && !spec.has(isa::Modifier::Full)) {
        fn = pick_float<IeeeExec>(t);
      }
      break;
    case Opcode::Sqrt:
      // sqrt.approx.f32 has tables (select_sfu); there is no sqrt.approx.f64.
      if (!spec.has(isa::Modifier::Approx)) fn = pick_float<IeeeExec>(t);
      break;
    case Opcode::Rsqrt:
      // Every rsqrt form has a measured model (select_sfu), and so do sin,
      // cos, lg2, ex2 and tanh wherever PTX has them.
      break;
    case Opcode::Min:
    case Opcode::Max:
      fn = pick_float<MinMaxExec>(t);
      // .xorsign.abs exists for f32 (and the half types) only.
      if (spec.has(isa::Modifier::Xorsign)) {
        in.mode = isa::Modifier::Xorsign;
        if (t != isa::Type::F32) fn = nullptr;
      }
      break;
    case Opcode::Abs:
    case Opcode::Neg:
    case Opcode::Copysign:
      fn = pick_float<SignExec>(t);
      break;
    case Opcode::Testp:
      for (isa::Modifier m :
           {isa::Modifier::Finite, isa::Modifier::Infinite, isa::Modifier::Number,
            isa::Modifier::Notanumber, isa::Modifier::Normal, isa::Modifier::Subnormal}) {
        if (spec.has(m)) in.mode = m;
      }
      fn = pick_float<TestpExec>(t);
      break;
    default:
      break;
  }
  if (spec.has(isa::Modifier::Oob)) fn = nullptr;
  if (fn == nullptr) {
    why = fmt::format("{}.{} is not implemented", isa::opcode_mnemonic(spec.opcode),
                      isa::type_name(t));
  }
  return fn;
}

}  // namespace smsim::func
