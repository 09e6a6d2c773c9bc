// Integer arithmetic: add, sub, mul (.lo/.hi/.wide), mad, mul24/mad24, div,
// rem, abs, neg, min, max, sad, popc, clz, brev, bfind, bfe, bfi.

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <limits>

#include "func/exec/exec_context.h"
#include "func/ops/executor_selection.h"
#include "func/ops/wide_int.h"
#include "isa/semantics/integer_arith.h"
#include "isa/semantics/integer_bits.h"
#include "isa/semantics/integer_dot.h"

namespace smsim::func {
namespace {

using isa::Opcode;

template <typename T>
using U = std::make_unsigned_t<T>;

// The type twice as wide as T, for .hi and .wide.
template <typename T>
struct Wider;
template <>
struct Wider<std::uint8_t> {
  using type = std::uint16_t;
};
template <>
struct Wider<std::int8_t> {
  using type = std::int16_t;
};
template <>
struct Wider<std::uint16_t> {
  using type = std::uint32_t;
};
template <>
struct Wider<std::int16_t> {
  using type = std::int32_t;
};
template <>
struct Wider<std::uint32_t> {
  using type = std::uint64_t;
};
template <>
struct Wider<std::int32_t> {
  using type = std::int64_t;
};
template <>
struct Wider<std::uint64_t> {
  using type = UInt128;
};
template <>
struct Wider<std::int64_t> {
  using type = Int128;
};

template <typename T>
T arg(const ExecContext& c, const DecodedInstruction& in, unsigned i, unsigned lane) {
  return from_bits<T>(read(c, in.src[i], lane));
}

template <typename T>
T wrap_add(T a, T b) {
  return static_cast<T>(static_cast<U<T>>(a) + static_cast<U<T>>(b));
}
template <typename T>
T wrap_sub(T a, T b) {
  return static_cast<T>(static_cast<U<T>>(a) - static_cast<U<T>>(b));
}
template <typename T>
T wrap_mul(T a, T b) {
  // Promote past int so that uint16 products cannot overflow a signed int.
  using P = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, U<T>>;
  return static_cast<T>(static_cast<P>(static_cast<U<T>>(a)) *
                        static_cast<P>(static_cast<U<T>>(b)));
}

template <typename T>
T saturate_add(T a, T b, bool subtract) {
  const auto wide = static_cast<std::int64_t>(a) +
                    (subtract ? -static_cast<std::int64_t>(b) : static_cast<std::int64_t>(b));
  if (wide > std::numeric_limits<T>::max()) return std::numeric_limits<T>::max();
  if (wide < std::numeric_limits<T>::min()) return std::numeric_limits<T>::min();
  return static_cast<T>(wide);
}

template <typename T>
struct AddExec {
  static void run(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
    const bool sub = in.opcode == Opcode::Sub;
    for_each_lane(mask, [&](unsigned lane) {
      const T a = arg<T>(c, in, 0, lane), b = arg<T>(c, in, 1, lane);
      T r;
      if constexpr (std::is_same_v<T, std::int32_t>) {
        r = in.has(kSat) ? saturate_add(a, b, sub) : (sub ? wrap_sub(a, b) : wrap_add(a, b));
      } else {
        r = sub ? wrap_sub(a, b) : wrap_add(a, b);
      }
      write(c, in.dst[0], lane, to_bits(r));
    });
  }
};

// The product in the wide type, then the part the instruction keeps.
template <typename T>
typename Wider<T>::type wide_product(T a, T b) {
  using W = typename Wider<T>::type;
  return static_cast<W>(a) * static_cast<W>(b);
}

template <typename T>
std::uint64_t product_bits(const DecodedInstruction& in, T a, T b) {
  using W = typename Wider<T>::type;
  if (in.has(kWide)) {
    const W p = wide_product(a, b);
    return static_cast<std::uint64_t>(p);
  }
  if (in.has(kHigh)) {
    const W p = wide_product(a, b);
    return to_bits(static_cast<T>(p >> (8 * sizeof(T))));
  }
  return to_bits(wrap_mul(a, b));
}

template <typename T>
struct MulExec {
  static void run(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
    for_each_lane(mask, [&](unsigned lane) {
      write(c, in.dst[0], lane, product_bits(in, arg<T>(c, in, 0, lane), arg<T>(c, in, 1, lane)));
    });
  }
};

template <typename T>
struct MadExec {
  static void run(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
    for_each_lane(mask, [&](unsigned lane) {
      const std::uint64_t p = product_bits(in, arg<T>(c, in, 0, lane), arg<T>(c, in, 1, lane));
      const std::uint64_t addend = read(c, in.src[2], lane);
      std::uint64_t r = p + addend;
      if (!in.has(kWide)) r = to_bits(static_cast<T>(r));
      if constexpr (std::is_same_v<T, std::int32_t>) {
        if (in.has(kSat) && in.has(kHigh)) {
          r = isa::sem::mad_hi_sat_s32(static_cast<std::uint32_t>(arg<T>(c, in, 0, lane)),
                                       static_cast<std::uint32_t>(arg<T>(c, in, 1, lane)),
                                       static_cast<std::uint32_t>(addend));
        }
      }
      write(c, in.dst[0], lane, r);
    });
  }
};

// mul24/mad24 through isa/semantics/integer_arith.h (the 48-bit product of
// the low 24 bits of each operand; mad24.hi.sat.s32 saturates the sum).
template <typename T>
struct Mul24Exec {
  static void run(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
    constexpr bool is_signed = std::is_signed_v<T>;
    const bool high = in.has(kHigh);
    const bool saturate = is_signed && high && in.has(kSat);
    for_each_lane(mask, [&](unsigned lane) {
      const auto a = static_cast<std::uint32_t>(read(c, in.src[0], lane));
      const auto b = static_cast<std::uint32_t>(read(c, in.src[1], lane));
      std::uint32_t r;
      if (in.opcode != Opcode::Mad24) {
        r = high ? isa::sem::mul24_hi(a, b, is_signed) : isa::sem::mul24_lo(a, b, is_signed);
      } else {
        const auto addend = static_cast<std::uint32_t>(read(c, in.src[2], lane));
        r = saturate ? isa::sem::mad24_hi_sat_s32(a, b, addend)
                     : (high ? isa::sem::mul24_hi(a, b, is_signed)
                             : isa::sem::mul24_lo(a, b, is_signed)) +
                           addend;
      }
      write(c, in.dst[0], lane, r);
    });
  }
};

// Division through isa/semantics/integer_arith.h, which holds the H100's
// measured results for division by zero (all ones for quotient and
// remainder) and for MIN / -1 (MIN, remainder 0).
template <typename T>
struct DivRemExec {
  static void run(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
    using UT = U<T>;
    const bool rem = in.opcode == Opcode::Rem;
    for_each_lane(mask, [&](unsigned lane) {
      const auto a = static_cast<UT>(read(c, in.src[0], lane));
      const auto b = static_cast<UT>(read(c, in.src[1], lane));
      UT r;
      if constexpr (std::is_signed_v<T>) {
        r = rem ? isa::sem::rem_signed<UT>(a, b) : isa::sem::div_signed<UT>(a, b);
      } else {
        r = rem ? isa::sem::rem_unsigned<UT>(a, b) : isa::sem::div_unsigned<UT>(a, b);
      }
      write(c, in.dst[0], lane, r);
    });
  }
};

// dp4a.atype.btype d, a, b, c and dp2a.{lo,hi}.atype.btype d, a, b, c.
void dot_product(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  const bool a_signed = in.type == isa::Type::S32;
  const bool b_signed = in.type2 == isa::Type::S32;
  for_each_lane(mask, [&](unsigned lane) {
    const auto a = static_cast<std::uint32_t>(read(c, in.src[0], lane));
    const auto b = static_cast<std::uint32_t>(read(c, in.src[1], lane));
    const auto d = static_cast<std::uint32_t>(read(c, in.src[2], lane));
    const std::uint32_t r = in.opcode == Opcode::Dp4a
                                ? isa::sem::dp4a(a, b, d, a_signed, b_signed)
                                : isa::sem::dp2a(a, b, d, a_signed, b_signed, in.has(kHigh));
    write(c, in.dst[0], lane, r);
  });
}

template <typename T>
struct UnaryExec {
  static void run(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
    for_each_lane(mask, [&](unsigned lane) {
      const T a = arg<T>(c, in, 0, lane);
      std::uint64_t r = 0;
      switch (in.opcode) {
        case Opcode::Abs:
          r = to_bits(a < 0 ? wrap_sub(T{0}, a) : a);
          break;
        case Opcode::Neg:
          r = to_bits(wrap_sub(T{0}, a));
          break;
        case Opcode::Popc:
          r = static_cast<std::uint64_t>(std::popcount(static_cast<U<T>>(a)));
          break;
        case Opcode::Clz:
          r = static_cast<std::uint64_t>(std::countl_zero(static_cast<U<T>>(a)));
          break;
        case Opcode::Brev: {
          U<T> v = static_cast<U<T>>(a), out = 0;
          for (unsigned i = 0; i < 8 * sizeof(T); ++i, v >>= 1)
            out = static_cast<U<T>>((out << 1) | (v & 1));
          r = out;
          break;
        }
        case Opcode::Bfind: {
          // The position of the most significant non-sign bit; 0xFFFFFFFF if none.
          U<T> v = static_cast<U<T>>(a);
          if (std::is_signed_v<T> && a < 0) v = static_cast<U<T>>(~v);
          if (v == 0) {
            r = 0xFFFF'FFFF;
          } else {
            const unsigned msb = 8 * sizeof(T) - 1 - static_cast<unsigned>(std::countl_zero(v));
            r = in.has(kHigh) ? 8 * sizeof(T) - 1 - msb : msb;  // .shiftamt
          }
          break;
        }
        default:
          break;
      }
      write(c, in.dst[0], lane, r);
    });
  }
};

template <typename T>
struct MinMaxExec {
  static void run(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
    const bool is_min = in.opcode == Opcode::Min;
    for_each_lane(mask, [&](unsigned lane) {
      const T a = arg<T>(c, in, 0, lane), b = arg<T>(c, in, 1, lane);
      T r = is_min ? std::min(a, b) : std::max(a, b);
      if constexpr (std::is_signed_v<T>) {
        if (in.has(kRelu) && r < 0) r = 0;
      }
      write(c, in.dst[0], lane, to_bits(r));
    });
  }
};

template <typename T>
struct SadExec {
  static void run(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
    for_each_lane(mask, [&](unsigned lane) {
      const T a = arg<T>(c, in, 0, lane), b = arg<T>(c, in, 1, lane);
      const T d = a < b ? wrap_sub(b, a) : wrap_sub(a, b);
      write(c, in.dst[0], lane, to_bits(wrap_add(d, arg<T>(c, in, 2, lane))));
    });
  }
};

// bfe d, a, pos, len and bfi d, a, b, pos, len: isa/semantics/integer_bits.h
// (the 64-bit forms read the whole 32-bit position and length).
template <typename T>
struct BfeExec {
  static void run(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
    for_each_lane(mask, [&](unsigned lane) {
      const auto a = static_cast<U<T>>(arg<T>(c, in, 0, lane));
      const auto pos = static_cast<std::uint32_t>(read(c, in.src[1], lane));
      const auto len = static_cast<std::uint32_t>(read(c, in.src[2], lane));
      write(c, in.dst[0], lane, isa::sem::bfe<U<T>>(a, pos, len, std::is_signed_v<T>));
    });
  }
};

template <typename T>
struct BfiExec {
  static void run(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
    for_each_lane(mask, [&](unsigned lane) {
      const auto a = static_cast<U<T>>(arg<T>(c, in, 0, lane));
      const auto b = static_cast<U<T>>(arg<T>(c, in, 1, lane));
      const auto pos = static_cast<std::uint32_t>(read(c, in.src[2], lane));
      const auto len = static_cast<std::uint32_t>(read(c, in.src[3], lane));
      write(c, in.dst[0], lane, isa::sem::bfi<U<T>>(a, b, pos, len));
    });
  }
};

// add/sub/min/max on .u16x2/.s16x2: each 16-bit half on its own (min/max
// with .relu clamp negative halves to 0).
template <bool kSigned>
void packed16(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  for_each_lane(mask, [&](unsigned lane) {
    const auto a = static_cast<std::uint32_t>(read(c, in.src[0], lane));
    const auto b = static_cast<std::uint32_t>(read(c, in.src[1], lane));
    std::uint32_t r = 0;
    for (unsigned half = 0; half < 2; ++half) {
      const auto x = static_cast<std::uint16_t>(a >> (16 * half));
      const auto y = static_cast<std::uint16_t>(b >> (16 * half));
      std::int32_t v = 0;
      const std::int32_t sx = kSigned ? static_cast<std::int16_t>(x) : x;
      const std::int32_t sy = kSigned ? static_cast<std::int16_t>(y) : y;
      switch (in.opcode) {
        case Opcode::Add:
          v = sx + sy;
          break;
        case Opcode::Sub:
          v = sx - sy;
          break;
        case Opcode::Min:
          v = std::min(sx, sy);
          break;
        case Opcode::Max:
          v = std::max(sx, sy);
          break;
        default:
          break;
      }
      if (in.has(kRelu) && v < 0) v = 0;
      r |= (static_cast<std::uint32_t>(v) & 0xFFFFu) << (16 * half);
    }
    write(c, in.dst[0], lane, r);
  });
}

// fns d, mask, base, offset: the bit position of the |offset|-th set bit of
// mask from base (isa::sem::fns).
void find_nth_set(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  for_each_lane(mask, [&](unsigned lane) {
    const auto bits = static_cast<std::uint32_t>(read(c, in.src[0], lane));
    const auto base = static_cast<std::uint32_t>(read(c, in.src[1], lane));
    const auto offset = static_cast<std::int32_t>(read(c, in.src[2], lane));
    write(c, in.dst[0], lane, isa::sem::fns(bits, base, offset));
  });
}

isa::sem::ShiftMode shift_mode(const DecodedInstruction& in) {
  return in.mode == isa::Modifier::Wrap ? isa::sem::ShiftMode::wrap : isa::sem::ShiftMode::clamp;
}

// bmsk d, start, width: a mask of `width` ones from bit `start` (.clamp/.wrap).
void bit_mask(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  for_each_lane(mask, [&](unsigned lane) {
    const auto start = static_cast<std::uint32_t>(read(c, in.src[0], lane));
    const auto width = static_cast<std::uint32_t>(read(c, in.src[1], lane));
    write(c, in.dst[0], lane, isa::sem::bmsk(start, width, shift_mode(in)));
  });
}

// szext d, a, width: a's low `width` bits sign- (.s32) or zero-extended (.u32).
void sign_zero_extend(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  const bool is_signed = in.type == isa::Type::S32;
  for_each_lane(mask, [&](unsigned lane) {
    const auto a = static_cast<std::uint32_t>(read(c, in.src[0], lane));
    const auto width = static_cast<std::uint32_t>(read(c, in.src[1], lane));
    write(c, in.dst[0], lane, isa::sem::szext(a, width, shift_mode(in), is_signed));
  });
}

}  // namespace

ExecFn select_integer(const InstructionSpec& spec, DecodedInstruction& in, std::string& why) {
  if (spec.has(isa::Modifier::Cc)) return select_carry(spec, in, why);
  const isa::Type t = spec.type();
  const bool packed = t == isa::Type::U16x2 || t == isa::Type::S16x2;
  const bool packed_op = spec.opcode == Opcode::Add || spec.opcode == Opcode::Sub ||
                         spec.opcode == Opcode::Min || spec.opcode == Opcode::Max;
  if (packed && packed_op && !spec.has(isa::Modifier::Sat)) {
    return t == isa::Type::S16x2 ? &packed16<true> : &packed16<false>;
  }
  ExecFn fn = nullptr;
  switch (spec.opcode) {
    case Opcode::Add:
    case Opcode::Sub:
      fn = pick_integer<AddExec>(t);
      break;
    case Opcode::Mul:
      fn = pick_integer<MulExec>(t);
      break;
    case Opcode::Mad:
      fn = pick_integer<MadExec>(t);
      break;
    case Opcode::Mul24:
    case Opcode::Mad24:
      if (t == isa::Type::U32) fn = &Mul24Exec<std::uint32_t>::run;
      if (t == isa::Type::S32) fn = &Mul24Exec<std::int32_t>::run;
      break;
    case Opcode::Div:
    case Opcode::Rem:
      fn = pick_integer<DivRemExec>(t);
      break;
    case Opcode::Abs:
    case Opcode::Neg:
    case Opcode::Popc:
    case Opcode::Clz:
    case Opcode::Brev:
    case Opcode::Bfind:
      fn = pick_integer<UnaryExec>(t);
      break;
    case Opcode::Min:
    case Opcode::Max:
      fn = pick_integer<MinMaxExec>(t);
      break;
    case Opcode::Sad:
      fn = pick_integer<SadExec>(t);
      break;
    case Opcode::Bfe:
      fn = pick_integer<BfeExec>(t);
      break;
    case Opcode::Bfi:
      fn = pick_integer<BfiExec>(t);
      break;
    case Opcode::Fns:
      if (t == isa::Type::B32) fn = &find_nth_set;
      break;
    case Opcode::Bmsk:
    case Opcode::Szext:
      in.mode = spec.has(isa::Modifier::Wrap) ? isa::Modifier::Wrap : isa::Modifier::Clamp;
      if (spec.opcode == Opcode::Bmsk && t == isa::Type::B32) fn = &bit_mask;
      if (spec.opcode == Opcode::Szext && (t == isa::Type::U32 || t == isa::Type::S32)) {
        fn = &sign_zero_extend;
      }
      break;
    case Opcode::Dp4a:
    case Opcode::Dp2a:
      if (spec.type_count == 2) {
        in.type2 = spec.type(1);
        fn = &dot_product;
      }
      break;
    default:
      break;
  }
  if ((spec.opcode == Opcode::Mul || spec.opcode == Opcode::Mad) &&
      (t == isa::Type::U8 || t == isa::Type::S8)) {
    fn = nullptr;
  }
  if (fn == nullptr && why.empty()) {
    why = fmt::format("{}.{} is not implemented", isa::opcode_mnemonic(spec.opcode),
                      isa::type_name(t));
  }
  return fn;
}

}  // namespace smsim::func
