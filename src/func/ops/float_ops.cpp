// Floating point in f32 and f64: add, sub, mul, fma/mad, div, min, max, abs,
// neg, sqrt, rcp, rsqrt, copysign, testp, and the approximate SFU functions.
// Correctly rounded operations follow IEEE 754 with the instruction's rounding
// mode; the approximate ones (sin, cos, lg2, ex2, tanh, sqrt.approx and
// rsqrt.approx.f64) are computed with the host's correctly rounded functions
// and so do not reproduce the SFU's last-bit errors. rcp/rsqrt/div.approx,
// div.full and the f16/bf16 ex2/tanh have bit-exact models in sfu_ops.cpp.

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "func/exec/exec_context.h"
#include "func/ops/executor_selection.h"
#include "func/ops/float_rounding.h"
#include "isa/semantics/float_minmax.h"

namespace smsim::func {
namespace {

using isa::Opcode;

template <typename F>
F operand(const ExecContext& c, const DecodedInstruction& in, unsigned i, unsigned lane) {
  const F v = from_bits<F>(read(c, in.src[i], lane));
  return in.has(kFtz) ? flush(v) : v;
}

template <typename F>
void result(ExecContext& c, const DecodedInstruction& in, unsigned lane, F v) {
  if (in.has(kFtz)) v = flush(v);
  if (in.has(kSat)) v = std::isnan(v) ? F{0} : std::clamp(v, F{0}, F{1});
  if (in.has(kRelu) && (std::isnan(v) || v < 0)) v = F{0};
  write(c, in.dst[0], lane, to_bits(canonical(v)));
}

template <typename F>
struct ArithmeticExec {
  static void run(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
    ScopedRounding rounding(in.rounding);
    for_each_lane(mask, [&](unsigned lane) {
      const F a = operand<F>(c, in, 0, lane);
      F r{};
      switch (in.opcode) {
        case Opcode::Add:
          r = a + operand<F>(c, in, 1, lane);
          break;
        case Opcode::Sub:
          r = a - operand<F>(c, in, 1, lane);
          break;
        case Opcode::Mul:
          r = a * operand<F>(c, in, 1, lane);
          break;
        case Opcode::Fma:
        case Opcode::Mad: {
          const F b = operand<F>(c, in, 1, lane), d = operand<F>(c, in, 2, lane);
          r = std::fma(a, b, d);
          if constexpr (sizeof(F) == 8) {
            if (std::isnan(r) && (std::isnan(a) || std::isnan(b) || std::isnan(d))) {
              r = fma_nan_f64(a, b, d);
            }
          }
          break;
        }
        case Opcode::Div:
          r = in.has(kApprox) ? a * (F{1} / operand<F>(c, in, 1, lane))
                              : a / operand<F>(c, in, 1, lane);
          break;
        case Opcode::Sqrt:
          r = std::sqrt(a);
          break;
        case Opcode::Rcp:
          r = F{1} / a;
          break;
        case Opcode::Rsqrt:
          r = F{1} / std::sqrt(a);
          break;
        case Opcode::Sin:
          r = std::sin(a);
          break;
        case Opcode::Cos:
          r = std::cos(a);
          break;
        case Opcode::Lg2:
          r = std::log2(a);
          break;
        case Opcode::Ex2:
          r = std::exp2(a);
          break;
        case Opcode::Tanh:
          r = std::tanh(a);
          break;
        default:
          break;
      }
      result(c, in, lane, r);
    });
  }
};

// min/max: a NaN operand is ignored unless both are NaN (or .NaN is given);
// -0 orders below +0.
template <typename F>
struct MinMaxExec {
  static void run(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
    const bool is_min = in.opcode == Opcode::Min;
    for_each_lane(mask, [&](unsigned lane) {
      const F a = operand<F>(c, in, 0, lane), b = operand<F>(c, in, 1, lane);
      F r;
      if (std::isnan(a) || std::isnan(b)) {
        r = in.has(kNaN) || (std::isnan(a) && std::isnan(b)) ? std::numeric_limits<F>::quiet_NaN()
                                                             : (std::isnan(a) ? b : a);
      } else if (a == b) {
        r = (std::signbit(a) == is_min) ? a : b;
      } else {
        r = (a < b) == is_min ? a : b;
      }
      result(c, in, lane, r);
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
    for_each_lane(mask, [&](unsigned lane) {
      const F a = from_bits<F>(read(c, in.src[0], lane));
      const int cls = std::fpclassify(a);
      bool r = false;
      switch (in.mode) {
        case isa::Modifier::Finite:
          r = std::isfinite(a);
          break;
        case isa::Modifier::Infinite:
          r = std::isinf(a);
          break;
        case isa::Modifier::Number:
          r = !std::isnan(a);
          break;
        case isa::Modifier::Notanumber:
          r = std::isnan(a);
          break;
        case isa::Modifier::Normal:
          r = cls == FP_NORMAL;
          break;
        case isa::Modifier::Subnormal:
          r = cls == FP_SUBNORMAL;
          break;
        default:
          break;
      }
      write(c, in.dst[0], lane, r ? 1 : 0);
    });
  }
};

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
    case Opcode::Div:
    case Opcode::Sqrt:
    case Opcode::Rcp:
    case Opcode::Rsqrt:
    case Opcode::Sin:
    case Opcode::Cos:
    case Opcode::Lg2:
    case Opcode::Ex2:
    case Opcode::Tanh:
      fn = pick_float<ArithmeticExec>(t);
      break;
    case Opcode::Min:
    case Opcode::Max:
      fn = pick_float<MinMaxExec>(t);
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
  if (spec.has(isa::Modifier::Xorsign) || spec.has(isa::Modifier::Oob)) fn = nullptr;
  if (fn == nullptr) {
    why = fmt::format("{}.{} is not implemented", isa::opcode_mnemonic(spec.opcode),
                      isa::type_name(t));
  }
  return fn;
}

}  // namespace smsim::func
