// Warp collectives: vote.sync, shfl.sync, activemask, redux.sync, match.sync,
// elect.sync. Each lane's result covers the lanes of its own member mask
// (cooperative-groups tiles of one converged warp pass different masks), of
// those that execute the instruction together: the running group's, or every
// lane of a warp-sync meeting (exec/warp_sync.h), where lanes from divergent
// paths each offer the first source operand of their own instruction.

#include <fmt/format.h>

#include <bit>

#include "func/exec/exec_context.h"
#include "func/ops/executor_selection.h"

namespace smsim::func {
namespace {

using isa::Modifier;
using isa::Opcode;

// The lanes executing the instruction together.
std::uint32_t participants(const ExecContext& c, std::uint32_t mask) {
  return c.sync_values != nullptr ? c.sync_values->lanes : mask;
}

// The value `lane` offers the others: operand a of its own instruction.
std::uint64_t offered(const ExecContext& c, const DecodedInstruction& in, unsigned lane) {
  return c.sync_values != nullptr ? c.sync_values->value[lane] : read(c, in.src[0], lane);
}

// The lanes `lane`'s result covers: those of its member mask that execute
// (all of them for the forms without .sync, which have no member mask).
std::uint32_t members(const ExecContext& c, const Operand& membermask, unsigned lane,
                      std::uint32_t mask) {
  const std::uint32_t executing = participants(c, mask);
  if (membermask.kind == OperandKind::none) return executing;
  return static_cast<std::uint32_t>(read(c, membermask, lane)) & executing;
}

// vote.sync.{all,any,uni}.pred d, {!}a, membermask; vote.sync.ballot.b32 d, {!}a, membermask.
void vote(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  std::uint32_t all_lanes = 0;
  for_each_lane(participants(c, mask), [&](unsigned lane) {
    if (offered(c, in, lane) != 0) all_lanes |= std::uint32_t{1} << lane;
  });
  for_each_lane(mask, [&](unsigned lane) {
    const std::uint32_t group = members(c, in.src[1], lane, mask);
    const std::uint32_t ballot = all_lanes & group;
    std::uint64_t value = 0;
    switch (in.mode) {
      case Modifier::Ballot:
        value = ballot;
        break;
      case Modifier::All:
        value = ballot == group ? 1 : 0;
        break;
      case Modifier::Any:
        value = ballot != 0 ? 1 : 0;
        break;
      case Modifier::Uni:
        value = (ballot == 0 || ballot == group) ? 1 : 0;
        break;
      default:
        break;
    }
    write(c, in.dst[0], lane, value);
  });
}

// shfl.sync.mode.b32 d{|p}, a, b, c, membermask (PTX ISA semantics: c packs
// the clamp value in bits 0-4 and the segment mask in bits 8-12).
void shfl(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  std::uint64_t source[kWarpSize] = {};
  const std::uint32_t executing = participants(c, mask);
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    if (((executing >> lane) & 1) != 0) source[lane] = offered(c, in, lane);
  }
  for_each_lane(mask, [&](unsigned lane) {
    const auto b = static_cast<std::uint32_t>(read(c, in.src[1], lane)) & 0x1F;
    const auto cv = static_cast<std::uint32_t>(read(c, in.src[2], lane));
    const std::uint32_t clamp = cv & 0x1F;
    const std::uint32_t segment = (cv >> 8) & 0x1F;
    const std::uint32_t max_lane = (lane & segment) | (clamp & ~segment);
    const std::uint32_t min_lane = lane & segment;
    std::int32_t j = 0;
    bool valid = false;
    switch (in.mode) {
      case Modifier::Up:
        j = static_cast<std::int32_t>(lane) - static_cast<std::int32_t>(b);
        valid = j >= static_cast<std::int32_t>(max_lane);
        break;
      case Modifier::Down:
        j = static_cast<std::int32_t>(lane + b);
        valid = j <= static_cast<std::int32_t>(max_lane);
        break;
      case Modifier::Bfly:
        j = static_cast<std::int32_t>(lane ^ b);
        valid = j <= static_cast<std::int32_t>(max_lane);
        break;
      case Modifier::Idx:
        j = static_cast<std::int32_t>(min_lane | (b & ~segment));
        valid = j <= static_cast<std::int32_t>(max_lane);
        break;
      default:
        break;
    }
    if (!valid) j = static_cast<std::int32_t>(lane);
    write(c, in.dst[0], lane, source[j]);
    if (in.dst_count > 1) write(c, in.dst[1], lane, valid ? 1 : 0);
  });
}

void activemask(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  for_each_lane(mask, [&](unsigned lane) { write(c, in.dst[0], lane, mask); });
}

// The redux.sync operation over the lanes of `group`.
std::uint32_t reduce(const ExecContext& c, const DecodedInstruction& in, std::uint32_t group) {
  const bool is_signed = in.type == isa::Type::S32;
  std::uint32_t acc = 0;
  bool first = true;
  for_each_lane(group, [&](unsigned lane) {
    const auto v = static_cast<std::uint32_t>(offered(c, in, lane));
    if (first) {
      acc = v;
      first = false;
      return;
    }
    switch (in.mode) {
      case Modifier::Add:
        acc += v;
        break;
      case Modifier::And:
        acc &= v;
        break;
      case Modifier::Or:
        acc |= v;
        break;
      case Modifier::Xor:
        acc ^= v;
        break;
      case Modifier::Min:
        acc = is_signed ? static_cast<std::uint32_t>(std::min(static_cast<std::int32_t>(acc),
                                                              static_cast<std::int32_t>(v)))
                        : std::min(acc, v);
        break;
      case Modifier::Max:
        acc = is_signed ? static_cast<std::uint32_t>(std::max(static_cast<std::int32_t>(acc),
                                                              static_cast<std::int32_t>(v)))
                        : std::max(acc, v);
        break;
      default:
        break;
    }
  });
  return acc;
}

// redux.sync.op.type d, a, membermask: each lane reduces over its members
// (computed once per distinct member mask).
void redux(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  std::uint32_t last_group = 0;
  std::uint32_t last_value = 0;
  for_each_lane(mask, [&](unsigned lane) {
    const std::uint32_t group = members(c, in.src[1], lane, mask);
    if (group != last_group || last_group == 0) {
      last_group = group;
      last_value = reduce(c, in, group);
    }
    write(c, in.dst[0], lane, last_value);
  });
}

// match.any.sync.bN d, a, membermask; match.all.sync.bN d{|p}, a, membermask.
void match(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  std::uint64_t value[kWarpSize] = {};
  for_each_lane(participants(c, mask), [&](unsigned lane) { value[lane] = offered(c, in, lane); });
  for_each_lane(mask, [&](unsigned lane) {
    const std::uint32_t group = members(c, in.src[1], lane, mask);
    std::uint32_t same = 0;
    for_each_lane(group, [&](unsigned other) {
      if (value[other] == value[lane]) same |= std::uint32_t{1} << other;
    });
    if (in.mode == Modifier::Any) {
      write(c, in.dst[0], lane, same);
      return;
    }
    const bool all = same == group;
    write(c, in.dst[0], lane, all ? group : 0);
    if (in.dst_count > 1) write(c, in.dst[1], lane, all ? 1 : 0);
  });
}

// elect.sync d|p, membermask: the lowest executing member is the leader.
void elect(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  for_each_lane(mask, [&](unsigned lane) {
    const auto leader = static_cast<unsigned>(std::countr_zero(members(c, in.src[0], lane, mask)));
    write(c, in.dst[0], lane, leader);
    if (in.dst_count > 1) write(c, in.dst[1], lane, lane == leader ? 1 : 0);
  });
}

template <typename... M>
Modifier first_of(const InstructionSpec& spec, M... candidates) {
  Modifier found = Modifier::Count;
  ((found = (found == Modifier::Count && spec.has(candidates)) ? candidates : found), ...);
  return found;
}

}  // namespace

ExecFn select_warp(const InstructionSpec& spec, DecodedInstruction& in, std::string& why) {
  switch (spec.opcode) {
    case Opcode::Vote:
      in.mode = first_of(spec, Modifier::All, Modifier::Any, Modifier::Uni, Modifier::Ballot);
      if (in.mode != Modifier::Count) return &vote;
      break;
    case Opcode::Shfl:
      in.mode = first_of(spec, Modifier::Up, Modifier::Down, Modifier::Bfly, Modifier::Idx);
      if (in.mode != Modifier::Count) return &shfl;
      break;
    case Opcode::Activemask:
      return &activemask;
    case Opcode::Redux:
      in.mode = first_of(spec, Modifier::Add, Modifier::Min, Modifier::Max, Modifier::And,
                         Modifier::Or, Modifier::Xor);
      if (in.mode != Modifier::Count && isa::type_bits(spec.type()) == 32 &&
          !isa::is_float(spec.type())) {
        return &redux;
      }
      break;
    case Opcode::Match:
      in.mode = first_of(spec, Modifier::Any, Modifier::All);
      if (in.mode != Modifier::Count) return &match;
      break;
    case Opcode::Elect:
      return &elect;
    default:
      break;
  }
  why = fmt::format("{} in this form is not implemented", isa::opcode_mnemonic(spec.opcode));
  return nullptr;
}

ExecFn select_no_effect(const InstructionSpec&, DecodedInstruction&, std::string&) {
  // Fences, prefetches and scheduling hints: the engine runs with
  // sequentially consistent memory, so they have nothing to do; bar.warp.sync
  // only makes its lanes meet, which exec/warp_sync.h does before this runs.
  // pmevent only signals a profiler. griddepcontrol: launches run one after
  // the other here, so when a grid runs no prerequisite grid is in flight
  // (.wait waits for those, PTX ISA "griddepcontrol") and no dependent can
  // start early (.launch_dependents only allows that).
  return [](ExecContext&, const DecodedInstruction&, std::uint32_t) {};
}

}  // namespace smsim::func
