// Bitwise logic and shifts: and, or, xor, not, cnot, lop3, shl, shr, shf, prmt.

#include <fmt/format.h>

#include "func/exec/exec_context.h"
#include "func/ops/executor_selection.h"

namespace smsim::func {
namespace {

using isa::Opcode;

template <typename T>
using U = std::make_unsigned_t<T>;

template <typename T>
struct BitwiseExec {
  static void run(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
    for_each_lane(mask, [&](unsigned lane) {
      const auto a = static_cast<U<T>>(read(c, in.src[0], lane));
      const auto b = in.src_count > 1 ? static_cast<U<T>>(read(c, in.src[1], lane)) : U<T>{0};
      U<T> r = 0;
      switch (in.opcode) {
        case Opcode::And:
          r = a & b;
          break;
        case Opcode::Or:
          r = a | b;
          break;
        case Opcode::Xor:
          r = a ^ b;
          break;
        case Opcode::Not:
          r = static_cast<U<T>>(~a);
          break;
        case Opcode::Cnot:
          r = a == 0 ? 1 : 0;
          break;
        default:
          break;
      }
      write(c, in.dst[0], lane, r);
    });
  }
};

// Predicates hold 0 or 1, so `not` is logical.
void pred_logic(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  for_each_lane(mask, [&](unsigned lane) {
    const bool a = read(c, in.src[0], lane) != 0;
    const bool b = in.src_count > 1 && read(c, in.src[1], lane) != 0;
    bool r = false;
    switch (in.opcode) {
      case Opcode::And:
        r = a && b;
        break;
      case Opcode::Or:
        r = a || b;
        break;
      case Opcode::Xor:
        r = a != b;
        break;
      case Opcode::Not:
      case Opcode::Cnot:
        r = !a;
        break;
      default:
        break;
    }
    write(c, in.dst[0], lane, r ? 1 : 0);
  });
}

void lop3(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  for_each_lane(mask, [&](unsigned lane) {
    const auto a = static_cast<std::uint32_t>(read(c, in.src[0], lane));
    const auto b = static_cast<std::uint32_t>(read(c, in.src[1], lane));
    const auto k = static_cast<std::uint32_t>(read(c, in.src[2], lane));
    const auto lut = static_cast<std::uint8_t>(read(c, in.src[3], lane));
    std::uint32_t r = 0;
    // Bit i of the result is the truth-table entry selected by (a,b,c) bits,
    // with a as the most significant selector (0xF0, 0xCC, 0xAA).
    for (unsigned i = 0; i < 32; ++i) {
      const unsigned index = (((a >> i) & 1) << 2) | (((b >> i) & 1) << 1) | ((k >> i) & 1);
      r |= static_cast<std::uint32_t>((lut >> index) & 1) << i;
    }
    write(c, in.dst[0], lane, r);
  });
}

// Shift amounts past the width give 0 (or all sign bits for shr.s).
template <typename T>
struct ShiftExec {
  static void run(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
    constexpr unsigned kBits = 8 * sizeof(T);
    for_each_lane(mask, [&](unsigned lane) {
      const T a = from_bits<T>(read(c, in.src[0], lane));
      const auto n = static_cast<std::uint32_t>(read(c, in.src[1], lane));
      T r;
      if (in.opcode == Opcode::Shl) {
        r = n >= kBits ? T{0} : static_cast<T>(static_cast<U<T>>(a) << n);
      } else if constexpr (std::is_signed_v<T>) {
        r = static_cast<T>(a >> std::min<std::uint32_t>(n, kBits - 1));
      } else {
        r = n >= kBits ? T{0} : static_cast<T>(a >> n);
      }
      write(c, in.dst[0], lane, to_bits(r));
    });
  }
};

// shf.{l,r}.{wrap,clamp}.b32 d, a, b, n: funnel shift of the 64-bit b:a.
void shf(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  const bool left = in.mode == isa::Modifier::L;
  for_each_lane(mask, [&](unsigned lane) {
    const std::uint64_t lo = static_cast<std::uint32_t>(read(c, in.src[0], lane));
    const std::uint64_t hi = static_cast<std::uint32_t>(read(c, in.src[1], lane));
    auto n = static_cast<std::uint32_t>(read(c, in.src[2], lane));
    n = in.has(kClamp) ? std::min<std::uint32_t>(n, 32) : (n & 31);
    const std::uint64_t both = (hi << 32) | lo;
    const auto r = left ? static_cast<std::uint32_t>((both << n) >> 32)
                        : static_cast<std::uint32_t>(both >> n);
    write(c, in.dst[0], lane, r);
  });
}

// prmt.b32{.mode} d, a, b, c: pick bytes of {b,a} by selector c.
std::uint32_t permute(std::uint32_t a, std::uint32_t b, std::uint32_t sel, isa::Modifier mode) {
  const std::uint64_t bytes = (std::uint64_t{b} << 32) | a;
  auto byte = [&](unsigned i) {
    return static_cast<std::uint32_t>((bytes >> (8 * (i & 7))) & 0xFF);
  };
  std::uint32_t idx[4];
  const unsigned s = sel & 3;
  switch (mode) {
    case isa::Modifier::F4e:
      for (unsigned i = 0; i < 4; ++i) idx[i] = (s + i) & 7;
      break;
    case isa::Modifier::B4e:
      for (unsigned i = 0; i < 4; ++i) idx[i] = (s + 8 - i) & 7;
      break;
    case isa::Modifier::Rc8:
      for (unsigned i = 0; i < 4; ++i) idx[i] = s;
      break;
    case isa::Modifier::Ecl: {
      const std::uint32_t t[4][4] = {{0, 1, 2, 3}, {1, 1, 2, 3}, {2, 2, 2, 3}, {3, 3, 3, 3}};
      for (unsigned i = 0; i < 4; ++i) idx[i] = t[s][i];
      break;
    }
    case isa::Modifier::Ecr: {
      const std::uint32_t t[4][4] = {{0, 0, 0, 0}, {0, 1, 1, 1}, {0, 1, 2, 2}, {0, 1, 2, 3}};
      for (unsigned i = 0; i < 4; ++i) idx[i] = t[s][i];
      break;
    }
    case isa::Modifier::Rc16: {
      const unsigned h = (sel & 1) * 2;
      idx[0] = h;
      idx[1] = h + 1;
      idx[2] = h;
      idx[3] = h + 1;
      break;
    }
    default: {
      // Default mode: each selector nibble picks a byte; its bit 3 replicates
      // that byte's sign.
      std::uint32_t r = 0;
      for (unsigned i = 0; i < 4; ++i) {
        const unsigned nibble = (sel >> (4 * i)) & 0xF;
        std::uint32_t v = byte(nibble & 7);
        if ((nibble & 8) != 0) v = (v & 0x80) != 0 ? 0xFF : 0;
        r |= v << (8 * i);
      }
      return r;
    }
  }
  std::uint32_t r = 0;
  for (unsigned i = 0; i < 4; ++i) r |= byte(idx[i]) << (8 * i);
  return r;
}

void prmt(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  for_each_lane(mask, [&](unsigned lane) {
    write(c, in.dst[0], lane,
          permute(static_cast<std::uint32_t>(read(c, in.src[0], lane)),
                  static_cast<std::uint32_t>(read(c, in.src[1], lane)),
                  static_cast<std::uint32_t>(read(c, in.src[2], lane)), in.mode));
  });
}

}  // namespace

ExecFn select_logic(const InstructionSpec& spec, DecodedInstruction& in, std::string& why) {
  const isa::Type t = spec.type();
  ExecFn fn = nullptr;
  switch (spec.opcode) {
    case Opcode::And:
    case Opcode::Or:
    case Opcode::Xor:
    case Opcode::Not:
    case Opcode::Cnot:
      fn = t == isa::Type::Pred ? &pred_logic : pick_integer<BitwiseExec>(t);
      break;
    case Opcode::Lop3:
      fn = &lop3;
      break;
    case Opcode::Shl:
    case Opcode::Shr:
      fn = pick_integer<ShiftExec>(t);
      break;
    case Opcode::Shf:
      in.mode = spec.has(isa::Modifier::L) ? isa::Modifier::L : isa::Modifier::R;
      if (spec.has(isa::Modifier::Clamp)) in.flags |= kClamp;
      fn = &shf;
      break;
    case Opcode::Prmt:
      for (isa::Modifier m : {isa::Modifier::F4e, isa::Modifier::B4e, isa::Modifier::Rc8,
                              isa::Modifier::Ecl, isa::Modifier::Ecr, isa::Modifier::Rc16}) {
        if (spec.has(m)) in.mode = m;
      }
      fn = &prmt;
      break;
    default:
      break;
  }
  if (fn == nullptr) {
    why = fmt::format("{}.{} is not implemented", isa::opcode_mnemonic(spec.opcode),
                      isa::type_name(t));
  }
  return fn;
}

}  // namespace smsim::func
