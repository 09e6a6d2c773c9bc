// Extended-precision integer arithmetic through the carry flag: add.cc,
// addc{.cc}, sub.cc, subc{.cc}, mad{.lo,.hi}.cc and madc{.lo,.hi}{.cc} on
// 32- and 64-bit types. The flag (CC.CF) lives in a hidden register row; the
// decoder passes it as an extra source (carry in) and destination (carry
// out). For the subtract forms it is the borrow: sub.cc sets it when a < b
// and subc computes a - (b + CF), as the PTX ISA specifies.

#include <fmt/format.h>

#include "func/exec/exec_context.h"
#include "func/ops/executor_selection.h"
#include "func/ops/wide_int.h"

namespace smsim::func {
namespace {

using isa::Opcode;

template <typename U>
struct CarryExec {
  static constexpr unsigned kBits = 8 * sizeof(U);
  using Wide = std::conditional_t<sizeof(U) == 4, std::uint64_t, UInt128>;

  static void run(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
    const bool carry_in = in.has(kCarryIn);
    const bool carry_out = in.has(kCarryOut);
    // Sources: a, b[, c][, CF]; destinations: d[, CF].
    const unsigned cf_source = in.src_count - 1;
    for_each_lane(mask, [&](unsigned lane) {
      const U a = static_cast<U>(read(c, in.src[0], lane));
      const U b = static_cast<U>(read(c, in.src[1], lane));
      const Wide cf = carry_in ? static_cast<Wide>(read(c, in.src[cf_source], lane) & 1) : 0;
      Wide result = 0;
      bool flag = false;
      switch (in.opcode) {
        case Opcode::Add:
        case Opcode::Addc:
          result = Wide{a} + Wide{b} + cf;
          flag = (result >> kBits) != 0;
          break;
        case Opcode::Sub:
        case Opcode::Subc: {
          const Wide subtrahend = Wide{b} + cf;
          result = Wide{a} - subtrahend;
          flag = Wide{a} < subtrahend;
          break;
        }
        case Opcode::Mad:
        case Opcode::Madc: {
          const U addend = static_cast<U>(read(c, in.src[2], lane));
          Wide product;
          if constexpr (sizeof(U) == 4) {
            product =
                in.type == isa::Type::S32
                    ? static_cast<Wide>(static_cast<std::int64_t>(static_cast<std::int32_t>(a)) *
                                        static_cast<std::int32_t>(b))
                    : Wide{a} * Wide{b};
          } else {
            product = in.type == isa::Type::S64
                          ? static_cast<Wide>(static_cast<Int128>(static_cast<std::int64_t>(a)) *
                                              static_cast<std::int64_t>(b))
                          : Wide{a} * Wide{b};
          }
          const U part = static_cast<U>(in.has(kHigh) ? product >> kBits : product);
          result = Wide{part} + Wide{addend} + cf;
          flag = (result >> kBits) != 0;
          break;
        }
        default:
          break;
      }
      write(c, in.dst[0], lane, static_cast<U>(result));
      if (carry_out) write(c, in.dst[in.dst_count - 1], lane, flag ? 1 : 0);
    });
  }
};

}  // namespace

ExecFn select_carry(const InstructionSpec& spec, DecodedInstruction& in, std::string& why) {
  const unsigned bits = isa::type_bits(spec.type());
  const bool integer = isa::is_integer(spec.type()) || spec.type() == isa::Type::B32 ||
                       spec.type() == isa::Type::B64;
  if (!integer || (bits != 32 && bits != 64) ||
      ((spec.opcode == Opcode::Mad || spec.opcode == Opcode::Madc) &&
       spec.has(isa::Modifier::Wide))) {
    why = fmt::format("{}.{} with the carry flag is not implemented",
                      isa::opcode_mnemonic(spec.opcode), isa::type_name(spec.type()));
    return nullptr;
  }
  (void)in;
  return bits == 32 ? &CarryExec<std::uint32_t>::run : &CarryExec<std::uint64_t>::run;
}

}  // namespace smsim::func
