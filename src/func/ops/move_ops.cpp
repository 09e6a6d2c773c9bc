// Data movement inside the register file and address-space conversion: mov
// (including packing and unpacking vectors into wide registers), cvta and
// isspacep.

#include <fmt/format.h>

#include "func/exec/exec_context.h"
#include "func/memory/generic_windows.h"
#include "func/ops/executor_selection.h"

namespace smsim::func {
namespace {

using isa::Opcode;

void mov(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  for_each_lane(mask, [&](unsigned lane) { write(c, in.dst[0], lane, read(c, in.src[0], lane)); });
}

// mov.b64 d, {a, b}: the sources fill d from its least significant end.
void pack(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  const unsigned part_bits = isa::type_bits(in.type) / in.src_count;
  for_each_lane(mask, [&](unsigned lane) {
    std::uint64_t v = 0;
    for (unsigned i = 0; i < in.src_count; ++i) {
      v |= (read(c, in.src[i], lane) & width_mask(part_bits)) << (i * part_bits);
    }
    write(c, in.dst[0], lane, v);
  });
}

// mov.b64 {a, b}, s: the inverse of pack.
void unpack(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  const unsigned part_bits = isa::type_bits(in.type) / in.dst_count;
  for_each_lane(mask, [&](unsigned lane) {
    const std::uint64_t v = read(c, in.src[0], lane);
    for (unsigned i = 0; i < in.dst_count; ++i) {
      write(c, in.dst[i], lane, (v >> (i * part_bits)) & width_mask(part_bits));
    }
  });
}

// mov.b128 in all its forms (d, a / d, {lo, hi} / {lo, hi}, a): a .b128
// register is two rows (func/load/register_rows.h), so every form copies two
// 64-bit rows in order; all are read before any is written, as a source row
// may also be a destination.
void mov_rows(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  for_each_lane(mask, [&](unsigned lane) {
    const std::uint64_t lo = read(c, in.src[0], lane);
    const std::uint64_t hi = read(c, in.src[1], lane);
    write(c, in.dst[0], lane, lo);
    write(c, in.dst[1], lane, hi);
  });
}

bool all_rows(const Operand* ops, unsigned count) {
  for (unsigned i = 0; i < count; ++i) {
    if (ops[i].kind != OperandKind::reg || ops[i].bits != 64) return false;
  }
  return true;
}

// cvta.space: to generic; cvta.to.space: from generic. The mode field holds
// To for the latter.
void cvta(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  const bool to_space = in.mode == isa::Modifier::To;
  const std::uint64_t bits_mask = width_mask(isa::type_bits(in.type));
  for_each_lane(mask, [&](unsigned lane) {
    const std::uint64_t a = read(c, in.src[0], lane);
    const std::uint64_t r = to_space ? from_generic(in.space, a) : to_generic(in.space, a);
    write(c, in.dst[0], lane, r & bits_mask);
  });
}

// isspacep.global/.const: outside the shared and local windows, the H100
// tells a __constant__ variable's address (a constant bank here) from global
// memory, so the allocation's kind decides. Addresses in no allocation count
// as global.
bool in_space(const ExecContext& c, MemorySpace space, std::uint64_t generic) {
  if (!is_in_space(space, generic)) return false;
  if (space != MemorySpace::global && space != MemorySpace::constant) return true;
  const auto allocation = c.launch.memory.find(generic);
  const bool bank = allocation && allocation->kind == AllocationKind::constant_bank;
  return bank == (space == MemorySpace::constant);
}

void isspacep(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  for_each_lane(mask, [&](unsigned lane) {
    write(c, in.dst[0], lane, in_space(c, in.space, read(c, in.src[0], lane)) ? 1 : 0);
  });
}

// isspacep.shared (::cta): only the executing block's own shared memory. A
// generic address that mapa pointed at another block of the cluster is
// shared::cluster but not shared::cta, as on the H100
// (tools/probes/results/h100-2026-11-22/spaces.txt).
void isspacep_shared_cta(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  for_each_lane(mask, [&](unsigned lane) {
    const std::uint64_t a = read(c, in.src[0], lane);
    const bool own = in_shared_window(a) &&
                     cluster_rank_of(from_generic(MemorySpace::shared, a), c.block.cluster_rank) ==
                         c.block.cluster_rank;
    write(c, in.dst[0], lane, own ? 1 : 0);
  });
}

}  // namespace

ExecFn select_move(const InstructionSpec& spec, DecodedInstruction& in, std::string& why) {
  switch (spec.opcode) {
    case Opcode::Mov:
      if (spec.type() == isa::Type::B128) {
        // Two rows each way: a .b128 register, or a pair of .b64 registers.
        if (in.dst_count == 2 && in.src_count == 2 && all_rows(in.dst, 2) &&
            all_rows(in.src, 2)) {
          return &mov_rows;
        }
        why = "mov.b128 takes .b128 registers or {a, b} pairs of .b64 registers";
        return nullptr;
      }
      if (in.dst_count > 1) return &unpack;
      if (in.src_count > 1) return &pack;
      return &mov;
    case Opcode::Cvta:
      if (spec.has(isa::Modifier::To)) in.mode = isa::Modifier::To;
      if (in.space == MemorySpace::generic) {
        why = "cvta needs a .global, .shared, .local, .const or .param space";
        return nullptr;
      }
      return &cvta;
    case Opcode::Isspacep:
      return in.space == MemorySpace::shared && !spec.has(isa::Modifier::SharedCluster)
                 ? &isspacep_shared_cta
                 : &isspacep;
    default:
      break;
  }
  why = fmt::format("{} is not implemented", isa::opcode_mnemonic(spec.opcode));
  return nullptr;
}

}  // namespace smsim::func
