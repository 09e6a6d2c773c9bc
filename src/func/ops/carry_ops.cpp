// Extended-precision integer arithmetic through the carry flag: add.cc,
// addc{.cc}, sub.cc, subc{.cc}, mad{.lo,.hi}.cc and madc{.lo,.hi}{.cc} on
// 16-, 32- and 64-bit types. The flag (CC.CF) lives in a hidden register row;
// the decoder passes it as an extra source (carry in) and destination (carry
// out). It is a true carry for subtraction too (isa/semantics/integer_arith.h:
// a + ~b + carry-in, as the H100 does), not the PTX ISA's borrow.

#include <fmt/format.h>

#include "func/exec/exec_context.h"
#include "func/ops/executor_selection.h"
#include "isa/semantics/integer_arith.h"

namespace smsim::func {
namespace {

using isa::Opcode;
namespace sem = isa::sem;

// The half of a*b that mad/madc add: .lo or .hi of the double-width product.
template <typename U>
U product_part(U a, U b, bool is_signed, bool high) {
  if (!high) return sem::mul_lo<U>(a, b);
  if constexpr (sizeof(U) == 2) {
    return sem::madc_hi_part_16(a, b, is_signed);
  } else if constexpr (sizeof(U) == 4) {
    return is_signed ? sem::mul_hi_s32(a, b) : sem::mul_hi_u32(a, b);
  } else {
    return is_signed ? sem::mul_hi_s64(a, b) : sem::mul_hi_u64(a, b);
  }
}

template <typename U>
struct CarryExec {
  static void run(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
    const bool carry_in = in.has(kCarryIn);
    const bool carry_out = in.has(kCarryOut);
    const bool is_signed = isa::type_kind(in.type) == isa::TypeKind::Signed;
    // Sources: a, b[, c][, CF]; destinations: d[, CF].
    const unsigned cf_source = in.src_count - 1;
    for_each_lane(mask, [&](unsigned lane) {
      const U a = static_cast<U>(read(c, in.src[0], lane));
      const U b = static_cast<U>(read(c, in.src[1], lane));
      const bool cf = carry_in && (read(c, in.src[cf_source], lane) & 1) != 0;
      sem::WithCarry<U> r{};
      switch (in.opcode) {
        case Opcode::Add:
        case Opcode::Addc:
          r = sem::add_with_carry<U>(a, b, cf);
          break;
        case Opcode::Sub:
        case Opcode::Subc:
          // sub.cc has no carry in: a + ~b + 1.
          r = sem::sub_with_carry<U>(a, b, carry_in ? cf : true);
          break;
        case Opcode::Mad:
        case Opcode::Madc: {
          const U addend = static_cast<U>(read(c, in.src[2], lane));
          r = sem::add_with_carry<U>(product_part<U>(a, b, is_signed, in.has(kHigh)), addend, cf);
          break;
        }
        default:
          break;
      }
      write(c, in.dst[0], lane, r.value);
      if (carry_out) write(c, in.dst[in.dst_count - 1], lane, r.carry ? 1 : 0);
    });
  }
};

}  // namespace

ExecFn select_carry(const InstructionSpec& spec, DecodedInstruction& in, std::string& why) {
  const unsigned bits = isa::type_bits(spec.type());
  const bool integer = isa::is_integer(spec.type()) || spec.type() == isa::Type::B32 ||
                       spec.type() == isa::Type::B64;
  if (!integer || (bits != 16 && bits != 32 && bits != 64) ||
      ((spec.opcode == Opcode::Mad || spec.opcode == Opcode::Madc) &&
       spec.has(isa::Modifier::Wide))) {
    why = fmt::format("{}.{} with the carry flag is not implemented",
                      isa::opcode_mnemonic(spec.opcode), isa::type_name(spec.type()));
    return nullptr;
  }
  (void)in;
  if (bits == 16) return &CarryExec<std::uint16_t>::run;
  return bits == 32 ? &CarryExec<std::uint32_t>::run : &CarryExec<std::uint64_t>::run;
}

}  // namespace smsim::func
