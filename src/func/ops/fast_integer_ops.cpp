// Fast executors for the plain integer forms address arithmetic and loop
// control are made of.

#include <algorithm>
#include <functional>
#include <type_traits>

#include "func/ops/executor_selection.h"
#include "func/ops/fast_ops.h"
#include "func/ops/lane_map.h"

namespace smsim::func {
namespace {

using isa::Opcode;

template <typename T>
using U = std::make_unsigned_t<T>;

// Arithmetic in the unsigned type wraps as the hardware does.
template <typename T>
U<T> as(std::uint64_t v) {
  return static_cast<U<T>>(v);
}

template <typename T>
void add(ExecContext& c, const DecodedInstruction& in, std::uint32_t m) {
  map_int_lanes<2>(c, in, m, [](std::uint64_t a, std::uint64_t b) -> std::uint64_t {
    return static_cast<U<T>>(as<T>(a) + as<T>(b));
  });
}
template <typename T>
void sub(ExecContext& c, const DecodedInstruction& in, std::uint32_t m) {
  map_int_lanes<2>(c, in, m, [](std::uint64_t a, std::uint64_t b) -> std::uint64_t {
    return static_cast<U<T>>(as<T>(a) - as<T>(b));
  });
}
template <typename T>
void mul_lo(ExecContext& c, const DecodedInstruction& in, std::uint32_t m) {
  map_int_lanes<2>(c, in, m, [](std::uint64_t a, std::uint64_t b) -> std::uint64_t {
    return static_cast<U<T>>(static_cast<std::uint64_t>(as<T>(a)) * as<T>(b));
  });
}
// mul.wide: the full product of two 16- or 32-bit values.
template <typename T>
void mul_wide(ExecContext& c, const DecodedInstruction& in, std::uint32_t m) {
  map_int_lanes<2>(c, in, m, [](std::uint64_t a, std::uint64_t b) -> std::uint64_t {
    using Wide = std::conditional_t<std::is_signed_v<T>, std::int64_t, std::uint64_t>;
    return static_cast<std::uint64_t>(static_cast<Wide>(static_cast<T>(a)) *
                                      static_cast<Wide>(static_cast<T>(b)));
  });
}
template <typename T>
void mad_lo(ExecContext& c, const DecodedInstruction& in, std::uint32_t m) {
  map_int_lanes<3>(c, in, m, [](std::uint64_t a, std::uint64_t b, std::uint64_t d) -> std::uint64_t {
    return static_cast<U<T>>(static_cast<std::uint64_t>(as<T>(a)) * as<T>(b) + as<T>(d));
  });
}
void bit_and(ExecContext& c, const DecodedInstruction& in, std::uint32_t m) {
  map_int_lanes<2>(c, in, m, [](std::uint64_t a, std::uint64_t b) { return a & b; });
}
void bit_or(ExecContext& c, const DecodedInstruction& in, std::uint32_t m) {
  map_int_lanes<2>(c, in, m, [](std::uint64_t a, std::uint64_t b) { return a | b; });
}
void bit_xor(ExecContext& c, const DecodedInstruction& in, std::uint32_t m) {
  map_int_lanes<2>(c, in, m, [](std::uint64_t a, std::uint64_t b) { return a ^ b; });
}
template <typename T>
void shl(ExecContext& c, const DecodedInstruction& in, std::uint32_t m) {
  map_int_lanes<2>(c, in, m, [](std::uint64_t a, std::uint64_t n) -> std::uint64_t {
    const auto shift = static_cast<std::uint32_t>(n);
    return shift >= 8 * sizeof(T) ? 0 : static_cast<U<T>>(as<T>(a) << shift);
  });
}
// shr.u shifts in zeros (all of them from 8*sizeof(T) on); shr.s copies the
// sign bit, which a shift by 8*sizeof(T)-1 already does everywhere.
template <typename T>
void shr(ExecContext& c, const DecodedInstruction& in, std::uint32_t m) {
  map_int_lanes<2>(c, in, m, [](std::uint64_t a, std::uint64_t n) -> std::uint64_t {
    constexpr std::uint32_t kBits = 8 * sizeof(T);
    const auto shift = static_cast<std::uint32_t>(n);
    if constexpr (std::is_signed_v<T>) {
      return static_cast<U<T>>(static_cast<T>(a) >> std::min(shift, kBits - 1));
    } else {
      return shift >= kBits ? 0 : as<T>(a) >> shift;
    }
  });
}
void mov(ExecContext& c, const DecodedInstruction& in, std::uint32_t m) {
  map_int_lanes<1>(c, in, m, [](std::uint64_t a) { return a; });
}
// selp d, a, b, p: the predicate row holds 0 or 1.
void selp(ExecContext& c, const DecodedInstruction& in, std::uint32_t m) {
  map_int_lanes<3>(c, in, m,
               [](std::uint64_t a, std::uint64_t b, std::uint64_t p) { return p != 0 ? a : b; });
}
// Predicates hold 0 or 1, so their and/or/xor are the bitwise ones and not
// flips the low bit.
void pred_not(ExecContext& c, const DecodedInstruction& in, std::uint32_t m) {
  map_int_lanes<1>(c, in, m, [](std::uint64_t a) { return a ^ 1; });
}
ExecFn pick_pred(const DecodedInstruction& in) {
  switch (in.opcode) {
    case Opcode::And:
      return in.src_count == 2 ? &bit_and : nullptr;
    case Opcode::Or:
      return in.src_count == 2 ? &bit_or : nullptr;
    case Opcode::Xor:
      return in.src_count == 2 ? &bit_xor : nullptr;
    case Opcode::Not:
      return in.src_count == 1 ? &pred_not : nullptr;
    default:
      return nullptr;
  }
}

template <typename T, typename Cmp>
void setp(ExecContext& c, const DecodedInstruction& in, std::uint32_t m) {
  map_int_lanes<2>(c, in, m, [](std::uint64_t a, std::uint64_t b) -> std::uint64_t {
    return Cmp{}(static_cast<T>(a), static_cast<T>(b)) ? 1 : 0;
  });
}

template <typename T>
ExecFn pick_setp(isa::Modifier op) {
  switch (op) {
    case isa::Modifier::Eq:
      return &setp<T, std::equal_to<>>;
    case isa::Modifier::Ne:
      return &setp<T, std::not_equal_to<>>;
    case isa::Modifier::Lt:
    case isa::Modifier::Lo:
      return &setp<T, std::less<>>;
    case isa::Modifier::Le:
    case isa::Modifier::Ls:
      return &setp<T, std::less_equal<>>;
    case isa::Modifier::Gt:
    case isa::Modifier::Hi:
      return &setp<T, std::greater<>>;
    case isa::Modifier::Ge:
    case isa::Modifier::Hs:
      return &setp<T, std::greater_equal<>>;
    default:
      return nullptr;
  }
}

template <typename T>
ExecFn pick(const DecodedInstruction& in) {
  switch (in.opcode) {
    case Opcode::Add:
      return &add<T>;
    case Opcode::Sub:
      return &sub<T>;
    case Opcode::Mul:
      if (in.has(kWide)) return sizeof(T) <= 4 ? &mul_wide<T> : nullptr;
      return in.has(kHigh) ? nullptr : &mul_lo<T>;
    case Opcode::Mad:
      return in.has(kHigh) || in.has(kWide) ? nullptr : &mad_lo<T>;
    case Opcode::And:
      return &bit_and;
    case Opcode::Or:
      return &bit_or;
    case Opcode::Xor:
      return &bit_xor;
    case Opcode::Shl:
      return &shl<T>;
    case Opcode::Shr:
      return &shr<T>;
    case Opcode::Mov:
      return &mov;
    case Opcode::Setp:
      return in.combine == isa::Modifier::Count ? pick_setp<T>(in.mode) : nullptr;
    default:
      return nullptr;
  }
}

}  // namespace

ExecFn select_fast_integer(const DecodedInstruction& in) {
  if (in.dst_count != 1 || in.has(kSat)) return nullptr;
  if (in.opcode == Opcode::Mov) return in.src_count == 1 ? &mov : nullptr;
  if (in.opcode == Opcode::Setp && in.dst_count != 1) return nullptr;
  if (in.opcode == Opcode::Selp) return in.src_count == 3 ? &selp : nullptr;
  using T = isa::Type;
  switch (in.type) {
    case T::Pred:
      return pick_pred(in);
    case T::U16:
    case T::B16:
      return pick<std::uint16_t>(in);
    case T::S16:
      return pick<std::int16_t>(in);
    case T::U32:
    case T::B32:
      return pick<std::uint32_t>(in);
    case T::S32:
      return pick<std::int32_t>(in);
    case T::U64:
    case T::B64:
      return pick<std::uint64_t>(in);
    case T::S64:
      return pick<std::int64_t>(in);
    default:
      return nullptr;
  }
}

}  // namespace smsim::func
