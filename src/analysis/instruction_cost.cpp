#include "analysis/instruction_cost.h"

#include <bit>

#include "analysis/constant_serialization.h"
#include "analysis/global_coalescing.h"
#include "analysis/local_layout.h"
#include "func/memory/generic_windows.h"

namespace smsim::analysis {
namespace {

using func::MemorySpace;
using isa::Opcode;

constexpr unsigned kSectorBytes = 32;
constexpr unsigned kMaxPiece = 16;  // the rules take accesses of up to 16 bytes per lane

enum class Op : std::uint8_t { load, store, atomic };

Op op_of(Opcode opcode) {
  switch (opcode) {
    case Opcode::St:
      return Op::store;
    case Opcode::Atom:
    case Opcode::Red:
      return Op::atomic;
    default:
      return Op::load;
  }
}

bool is_memory(Opcode opcode) {
  return opcode == Opcode::Ld || opcode == Opcode::Ldu || opcode == Opcode::St ||
         opcode == Opcode::Atom || opcode == Opcode::Red;
}

GlobalPath path_of(const func::DecodedInstruction& in, Op op) {
  if (op != Op::load) return GlobalPath::store;
  switch (in.cache) {
    case isa::Modifier::Ca:
      return GlobalPath::load_l1;
    case isa::Modifier::Cg:
    case isa::Modifier::Cv:
      return GlobalPath::load_l2_only;
    default:
      return GlobalPath::load;
  }
}

// The fewest sectors the active lanes' bytes could occupy (for "ideal" in
// the worst-line explanations): contiguous and aligned.
std::uint64_t ideal_sectors(const WarpAccess& a) {
  const std::uint64_t bytes = std::uint64_t{static_cast<unsigned>(std::popcount(a.mask))} * a.size;
  return (bytes + kSectorBytes - 1) / kSectorBytes;
}

// Splits a lane's access wider than 16 bytes (.v4.b64) into 16-byte pieces
// and calls `f` on each piece.
template <typename F>
void for_each_piece(const WarpAccess& whole, F&& f) {
  if (whole.size <= kMaxPiece) {
    f(whole, true);
    return;
  }
  for (unsigned offset = 0; offset < whole.size; offset += kMaxPiece) {
    WarpAccess piece = whole;
    piece.size = kMaxPiece;
    for (auto& address : piece.address) address += offset;
    f(piece, offset == 0);
  }
}

void count_global(const WarpAccess& a, const func::DecodedInstruction& in, Op op,
                  const RuleSet& rules, InstructionCounters& n) {
  const Counter instructions[] = {Counter::global_load_instructions,
                                  Counter::global_store_instructions,
                                  Counter::global_atomic_instructions};
  const Counter requests[] = {Counter::global_load_requests, Counter::global_store_requests,
                              Counter::global_atomic_requests};
  const Counter sectors[] = {Counter::global_load_sectors, Counter::global_store_sectors,
                             Counter::global_atomic_sectors};
  const auto k = static_cast<std::size_t>(op);
  ++n[instructions[k]];
  for_each_piece(a, [&](const WarpAccess& piece, bool first) {
    const GlobalCost cost = global_access_cost(piece, rules.access.global, path_of(in, op));
    if (first) n[requests[k]] += cost.requests;
    n[sectors[k]] += cost.transactions;
    if (op == Op::load) n[Counter::global_load_ideal] += ideal_sectors(piece);
    if (op == Op::store) n[Counter::global_store_ideal] += ideal_sectors(piece);
  });
}

void count_local(const WarpAccess& a, Op op, const RuleSet& rules, InstructionCounters& n) {
  const bool store = op != Op::load;
  ++n[store ? Counter::local_store_instructions : Counter::local_load_instructions];
  const LocalWords words = interleave_local(a);
  const GlobalPath path = store ? GlobalPath::store : GlobalPath::load_l1;
  std::uint64_t requests = 0;
  for (unsigned w = 0; w < words.count; ++w) {
    const GlobalCost cost = global_access_cost(words.word[w], rules.access.global, path);
    requests = std::max<std::uint64_t>(requests, cost.requests);
    n[store ? Counter::local_store_sectors : Counter::local_load_sectors] += cost.transactions;
  }
  n[store ? Counter::local_store_requests : Counter::local_load_requests] += requests;
}

void count_shared(const WarpAccess& a, Op op, const RuleSet& rules, InstructionCounters& n) {
  const Counter instructions[] = {Counter::shared_load_instructions,
                                  Counter::shared_store_instructions,
                                  Counter::shared_atomic_instructions};
  const Counter wavefronts[] = {Counter::shared_load_wavefronts, Counter::shared_store_wavefronts,
                                Counter::shared_atomic_wavefronts};
  const auto k = static_cast<std::size_t>(op);
  ++n[instructions[k]];
  for_each_piece(a, [&](const WarpAccess& piece, bool) {
    const SharedCost cost = shared_access_cost(piece, rules.access.shared, rules.banks);
    n[wavefronts[k]] += cost.wavefronts;
    if (op == Op::load) n[Counter::shared_load_conflicts] += cost.conflicts();
    if (op == Op::store) n[Counter::shared_store_conflicts] += cost.conflicts();
  });
}

void count_constant(const WarpAccess& a, const RuleSet& rules, InstructionCounters& n) {
  ++n[Counter::constant_instructions];
  const ConstantCost cost =
      constant_access_cost(a, static_cast<unsigned>(rules.access.constant_request_lanes));
  n[Counter::constant_requests] += cost.requests;
  n[Counter::constant_passes] += cost.passes;
}

void count_memory(const func::ObservedInstruction& e, const RuleSet& rules,
                  InstructionCounters& n) {
  const func::DecodedInstruction& in = e.in;
  if (in.space == MemorySpace::param || in.call_frame) return;
  const Op op = op_of(in.opcode);
  const unsigned size = isa::type_bits(in.type) / 8 * in.vector;
  if (size_class(size) < 0 && size != 2 * kMaxPiece) return;
  const std::uint64_t* base = in.addr_reg == func::kNoReg ? nullptr : e.regs + in.addr_reg * kLanes;
  if (in.space != MemorySpace::generic) {
    // One space for every lane: the common case, without resolving.
    WarpAccess a;
    a.size = size;
    a.mask = e.active;
    for (std::uint32_t m = e.active; m != 0; m &= m - 1) {
      const auto lane = static_cast<unsigned>(std::countr_zero(m));
      a.address[lane] = (base == nullptr ? 0 : base[lane]) + in.addr_offset;
    }
    switch (in.space) {
      case MemorySpace::constant:
        count_constant(a, rules, n);
        return;
      case MemorySpace::global:
        count_global(a, in, op, rules, n);
        return;
      case MemorySpace::shared:
        count_shared(a, op, rules, n);
        return;
      case MemorySpace::local:
        count_local(a, op, rules, n);
        return;
      case MemorySpace::param:
      case MemorySpace::generic:
        return;
    }
    return;
  }
  // A generic access may mix spaces: one access per resolved space.
  WarpAccess by_space[3];
  constexpr MemorySpace kSpaces[] = {MemorySpace::global, MemorySpace::shared, MemorySpace::local};
  for (auto& a : by_space) a.size = size;
  for (std::uint32_t m = e.active; m != 0; m &= m - 1) {
    const auto lane = static_cast<unsigned>(std::countr_zero(m));
    std::uint64_t address = (base == nullptr ? 0 : base[lane]) + in.addr_offset;
    const func::GenericTarget t = func::resolve_generic(address);
    const MemorySpace space = t.space;
    address = t.address;
    for (std::size_t s = 0; s < 3; ++s) {
      if (kSpaces[s] != space) continue;
      by_space[s].address[lane] = address;
      by_space[s].mask |= std::uint32_t{1} << lane;
    }
  }
  if (by_space[0].mask != 0) count_global(by_space[0], in, op, rules, n);
  if (by_space[1].mask != 0) count_shared(by_space[1], op, rules, n);
  if (by_space[2].mask != 0) count_local(by_space[2], op, rules, n);
}

}  // namespace

bool needs_rules(const func::DecodedInstruction& in) {
  return in.control != func::Control::branch && is_memory(in.opcode);
}

RuleSet rules_of(const arch::GpuModel& model) {
  return RuleSet{.access = model.access, .banks = default_banks(model)};
}

void count_instruction(const func::ObservedInstruction& e, const RuleSet& rules,
                       InstructionCounters& n) {
  ++n[Counter::executions];
  n[Counter::active_lanes] += static_cast<unsigned>(std::popcount(e.active));
  if (e.in.control == func::Control::branch) {
    count_branch(e.running, e.active, n);
    return;
  }
  if (e.active != 0 && is_memory(e.in.opcode)) count_memory(e, rules, n);
}

}  // namespace smsim::analysis
