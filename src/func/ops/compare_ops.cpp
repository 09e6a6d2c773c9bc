// Comparison and selection: setp (with a boolean combiner and an optional
// complement destination), set, selp, slct.

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cmath>

#include "func/exec/exec_context.h"
#include "func/ops/executor_selection.h"
#include "func/ops/float_rounding.h"
#include "isa/semantics/compare_result.h"
#include "isa/semantics/convert_float.h"

namespace smsim::func {
namespace {

using isa::Modifier;
using isa::Opcode;

template <typename T>
bool compare(Modifier op, T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    const bool unordered = std::isnan(a) || std::isnan(b);
    switch (op) {
      case Modifier::Eq:
        return !unordered && a == b;
      case Modifier::Ne:
        return !unordered && a != b;
      case Modifier::Lt:
        return !unordered && a < b;
      case Modifier::Le:
        return !unordered && a <= b;
      case Modifier::Gt:
        return !unordered && a > b;
      case Modifier::Ge:
        return !unordered && a >= b;
      case Modifier::Equ:
        return unordered || a == b;
      case Modifier::Neu:
        return unordered || a != b;
      case Modifier::Ltu:
        return unordered || a < b;
      case Modifier::Leu:
        return unordered || a <= b;
      case Modifier::Gtu:
        return unordered || a > b;
      case Modifier::Geu:
        return unordered || a >= b;
      case Modifier::Num:
        return !unordered;
      case Modifier::NanCompare:
        return unordered;
      default:
        return false;
    }
  } else {
    switch (op) {
      case Modifier::Eq:
        return a == b;
      case Modifier::Ne:
        return a != b;
      case Modifier::Lt:
      case Modifier::Lo:
        return a < b;
      case Modifier::Le:
      case Modifier::Ls:
        return a <= b;
      case Modifier::Gt:
      case Modifier::Hi:
        return a > b;
      case Modifier::Ge:
      case Modifier::Hs:
        return a >= b;
      default:
        return false;
    }
  }
}

bool combine(Modifier op, bool value, bool c) {
  switch (op) {
    case Modifier::And:
      return value && c;
    case Modifier::Or:
      return value || c;
    case Modifier::Xor:
      return value != c;
    default:
      return value;
  }
}

template <typename T>
bool lane_compare(const ExecContext& c, const DecodedInstruction& in, unsigned lane) {
  T a = from_bits<T>(read(c, in.src[0], lane));
  T b = from_bits<T>(read(c, in.src[1], lane));
  if constexpr (std::is_floating_point_v<T>) {
    if (in.has(kFtz)) {
      a = flush(a);
      b = flush(b);
    }
  }
  bool r = compare(in.mode, a, b);
  if (in.combine != Modifier::Count) r = combine(in.combine, r, read(c, in.src[2], lane) != 0);
  return r;
}

template <typename T>
struct SetpExec {
  static void run(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
    for_each_lane(mask, [&](unsigned lane) {
      T a = from_bits<T>(read(c, in.src[0], lane));
      T b = from_bits<T>(read(c, in.src[1], lane));
      if constexpr (std::is_floating_point_v<T>) {
        if (in.has(kFtz)) {
          a = flush(a);
          b = flush(b);
        }
      }
      const bool t = compare(in.mode, a, b);
      bool p = t, q = !t;
      if (in.combine != Modifier::Count) {
        const bool cv = read(c, in.src[2], lane) != 0;
        p = combine(in.combine, t, cv);
        q = combine(in.combine, !t, cv);
      }
      write(c, in.dst[0], lane, p ? 1 : 0);
      if (in.dst_count > 1) write(c, in.dst[1], lane, q ? 1 : 0);
    });
  }
};

// set.CmpOp{.BoolOp}.dtype.stype: all ones (or 1.0 in the float destination's
// format) for true, 0 for false.
isa::sem::SetDestination set_destination(isa::Type t) {
  switch (t) {
    case isa::Type::F32: return isa::sem::SetDestination::f32;
    case isa::Type::F16:
    case isa::Type::F16x2: return isa::sem::SetDestination::f16;
    case isa::Type::Bf16:
    case isa::Type::Bf16x2: return isa::sem::SetDestination::bf16;
    case isa::Type::S32: return isa::sem::SetDestination::s32;
    default: return isa::sem::SetDestination::u32;
  }
}

template <typename T>
struct SetExec {
  static void run(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
    const isa::sem::SetDestination dest = set_destination(in.type);
    for_each_lane(mask, [&](unsigned lane) {
      write(c, in.dst[0], lane, isa::sem::set_result(lane_compare<T>(c, in, lane), dest));
    });
  }
};

void selp(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  for_each_lane(mask, [&](unsigned lane) {
    const bool p = read(c, in.src[2], lane) != 0;
    write(c, in.dst[0], lane, read(c, in.src[p ? 0 : 1], lane));
  });
}

// slct.dtype.s32 / .f32: a if c >= 0 else b (.f32: -0 counts as >= 0, NaN
// as < 0).
void slct(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  const bool float_selector = in.type2 == isa::Type::F32;
  for_each_lane(mask, [&](unsigned lane) {
    const std::uint64_t cbits = read(c, in.src[2], lane);
    bool take_a;
    if (float_selector) {
      float f = from_bits<float>(cbits);
      if (in.has(kFtz)) f = flush(f);
      take_a = !std::isnan(f) && f >= 0;
    } else {
      take_a = static_cast<std::int32_t>(cbits) >= 0;
    }
    write(c, in.dst[0], lane, read(c, in.src[take_a ? 0 : 1], lane));
  });
}

// Half-precision comparisons compare the values widened to f32 (exact).
// Packed forms compare each half: setp writes the lower half's result to the
// first predicate and the upper half's to the second; set writes each half's
// result to its half of the destination.
float widen(std::uint16_t h, bool bf16, bool ftz) {
  if (bf16) return std::bit_cast<float>(static_cast<std::uint32_t>(h) << 16);
  const bool subnormal = (h & 0x7C00) == 0 && (h & 0x03FF) != 0;
  if (ftz && subnormal) h &= 0x8000;
  return std::bit_cast<float>(isa::sem::cvt_f32_from_f16(h, false));
}

template <bool kBf16, bool kPacked>
struct HalfCompareExec {
  static bool half_result(const DecodedInstruction& in, std::uint32_t a, std::uint32_t b,
                          unsigned half, bool c) {
    const auto x = static_cast<std::uint16_t>(a >> (16 * half));
    const auto y = static_cast<std::uint16_t>(b >> (16 * half));
    const bool ftz = in.has(kFtz);
    bool r = compare(in.mode, widen(x, kBf16, ftz), widen(y, kBf16, ftz));
    if (in.combine != Modifier::Count) r = combine(in.combine, r, c);
    return r;
  }

  static void run(ExecContext& ctx, const DecodedInstruction& in, std::uint32_t mask) {
    const bool is_setp = in.opcode == Opcode::Setp;
    // set's destination: 1.0 in the destination's float format, else all ones
    // (per half for the packed forms).
    const isa::sem::SetDestination dest = set_destination(in.type);
    for_each_lane(mask, [&](unsigned lane) {
      const auto a = static_cast<std::uint32_t>(read(ctx, in.src[0], lane));
      const auto b = static_cast<std::uint32_t>(read(ctx, in.src[1], lane));
      const bool c = in.combine != Modifier::Count && read(ctx, in.src[2], lane) != 0;
      const bool lo = half_result(in, a, b, 0, c);
      if (is_setp) {
        if constexpr (kPacked) {
          write(ctx, in.dst[0], lane, lo ? 1 : 0);
          if (in.dst_count > 1) write(ctx, in.dst[1], lane, half_result(in, a, b, 1, c) ? 1 : 0);
        } else {
          write(ctx, in.dst[0], lane, lo ? 1 : 0);
          if (in.dst_count > 1) {
            bool q = !compare(in.mode, widen(static_cast<std::uint16_t>(a), kBf16, in.has(kFtz)),
                              widen(static_cast<std::uint16_t>(b), kBf16, in.has(kFtz)));
            if (in.combine != Modifier::Count) q = combine(in.combine, q, c);
            write(ctx, in.dst[1], lane, q ? 1 : 0);
          }
        }
        return;
      }
      std::uint64_t value = isa::sem::set_result(lo, dest);
      if constexpr (kPacked) {
        const std::uint32_t hi = isa::sem::set_result(half_result(in, a, b, 1, c), dest);
        value = (value & 0xFFFF) | ((hi & 0xFFFF) << 16);
      }
      write(ctx, in.dst[0], lane, value);
    });
  }
};

ExecFn pick_half_compare(isa::Type t) {
  switch (t) {
    case isa::Type::F16:
      return &HalfCompareExec<false, false>::run;
    case isa::Type::F16x2:
      return &HalfCompareExec<false, true>::run;
    case isa::Type::Bf16:
      return &HalfCompareExec<true, false>::run;
    case isa::Type::Bf16x2:
      return &HalfCompareExec<true, true>::run;
    default:
      return nullptr;
  }
}

template <template <typename> class Exec>
ExecFn pick_comparable(isa::Type t) {
  if (t == isa::Type::F32) return &Exec<float>::run;
  if (t == isa::Type::F64) return &Exec<double>::run;
  return pick_integer<Exec>(t);
}

constexpr Modifier kCompareOps[] = {
    Modifier::Eq,  Modifier::Ne,  Modifier::Lt,        Modifier::Le,  Modifier::Gt,
    Modifier::Ge,  Modifier::Lo,  Modifier::Ls,        Modifier::Hi,  Modifier::Hs,
    Modifier::Equ, Modifier::Neu, Modifier::Ltu,       Modifier::Leu, Modifier::Gtu,
    Modifier::Geu, Modifier::Num, Modifier::NanCompare};

}  // namespace

ExecFn select_compare(const InstructionSpec& spec, DecodedInstruction& in, std::string& why) {
  for (Modifier m : kCompareOps) {
    if (spec.has(m)) in.mode = m;
  }
  for (Modifier m : {Modifier::And, Modifier::Or, Modifier::Xor}) {
    if (spec.has(m)) in.combine = m;
  }
  ExecFn fn = nullptr;
  switch (spec.opcode) {
    case Opcode::Setp:
      fn = pick_half_compare(spec.type());
      if (fn == nullptr) fn = pick_comparable<SetpExec>(spec.type());
      break;
    case Opcode::Set:
      // set.CmpOp.dtype.stype: the comparison is on the source type.
      if (spec.type_count < 2) break;
      fn = pick_half_compare(spec.type(1));
      if (fn == nullptr) fn = pick_comparable<SetExec>(spec.type(1));
      break;
    case Opcode::Selp:
      fn = &selp;
      break;
    case Opcode::Slct:
      fn = &slct;
      break;
    default:
      break;
  }
  if (fn == nullptr) {
    why = fmt::format("{}.{} is not implemented", isa::opcode_mnemonic(spec.opcode),
                      isa::type_name(spec.type()));
  }
  return fn;
}

}  // namespace smsim::func
