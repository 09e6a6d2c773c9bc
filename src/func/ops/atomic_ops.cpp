// Atomics and reductions (atom, red) on global, shared and generic addresses:
// every operation on 32- and 64-bit integers, f32/f64 add/min/max, 16-bit
// cas/exch and f16/bf16 (scalar and packed x2) add/min/max. The values come
// from isa/semantics/atomic_update.h. Global memory is shared by the host
// threads running blocks, so every update is a host atomic on the simulated
// bytes; lanes of a warp apply their updates in lane order.

#include <fmt/format.h>

#include "func/exec/exec_context.h"
#include "func/ops/atomic_kind.h"
#include "func/ops/executor_selection.h"
#include "func/ops/memory_access.h"
#include "isa/semantics/atomic_update.h"

namespace smsim::func {
namespace {

using isa::Modifier;
using isa::Type;
using isa::sem::AtomicOp;
using isa::sem::AtomicValue;

// Where the bytes of a lane's address live (a generic address resolved):
// float adds differ between global and shared memory.
isa::sem::AtomicMemory memory_of(const DecodedInstruction& in, std::uint64_t address) {
  const MemorySpace space =
      in.space == MemorySpace::generic ? resolve_generic(address).space : in.space;
  return space == MemorySpace::global ? isa::sem::AtomicMemory::global
                                      : isa::sem::AtomicMemory::shared;
}

template <typename T>
struct AtomicExec {
  static void run(ExecContext& ctx, const DecodedInstruction& in, std::uint32_t mask) {
    // atom has a destination; red does not. The value operands follow.
    const bool returns = in.opcode == isa::Opcode::Atom;
    const AtomicOp op = atomic_op(in.mode);
    const AtomicValue value = atomic_value(in.type);
    for_each_lane(mask, [&](unsigned lane) {
      if (ctx.error) return;
      const std::uint64_t address = lane_address(ctx, in, lane);
      std::byte* p = resolve(ctx, in.space, address, sizeof(T), AccessKind::atomic, lane);
      if (p == nullptr) return;
      const T b = static_cast<T>(read(ctx, in.src[0], lane));
      const T c = in.src_count > 1 ? static_cast<T>(read(ctx, in.src[1], lane)) : T{0};
      const T old = atomic_apply<T>(p, op, value, b, c, memory_of(in, address));
      if (returns) write(ctx, in.dst[0], lane, old);
    });
  }
};

// atom/red .v2/.v4 .f32 .add: each element is one atomic add (PTX promises
// no atomicity of the vector as a whole); the address is aligned to the
// whole vector.
struct AtomicVectorF32Add {
  static void run(ExecContext& ctx, const DecodedInstruction& in, std::uint32_t mask) {
    using T = std::uint32_t;
    const bool returns = in.opcode == isa::Opcode::Atom;
    for_each_lane(mask, [&](unsigned lane) {
      if (ctx.error) return;
      const std::uint64_t address = lane_address(ctx, in, lane);
      std::byte* p =
          resolve(ctx, in.space, address, sizeof(T) * in.vector, AccessKind::atomic, lane);
      if (p == nullptr) return;
      const isa::sem::AtomicMemory memory = memory_of(in, address);
      for (unsigned e = 0; e < in.vector; ++e) {
        const T b = static_cast<T>(read(ctx, in.src[e], lane));
        const T old =
            atomic_apply<T>(p + e * sizeof(T), AtomicOp::add, AtomicValue::f32, b, T{0}, memory);
        if (returns) write(ctx, in.dst[e], lane, old);
      }
    });
  }
};

constexpr Modifier kAtomicOps[] = {Modifier::Add, Modifier::Min,  Modifier::Max, Modifier::Inc,
                                   Modifier::Dec, Modifier::Exch, Modifier::Cas, Modifier::And,
                                   Modifier::Or,  Modifier::Xor};

}  // namespace

ExecFn select_atomic(const InstructionSpec& spec, DecodedInstruction& in, std::string& why) {
  for (Modifier m : kAtomicOps) {
    if (spec.has(m)) in.mode = m;
  }
  const Type type = spec.type();
  const bool vector = spec.has(Modifier::V2) || spec.has(Modifier::V4) || spec.has(Modifier::V8);
  if (type == Type::B128) return select_b128_atomic(spec, in, why);
  const bool returns = spec.opcode == isa::Opcode::Atom;
  if (vector && type == Type::F32 && in.mode == Modifier::Add && in.src_count == in.vector &&
      in.dst_count == (returns ? in.vector : 0)) {
    return &AtomicVectorF32Add::run;
  }
  if (in.mode == Modifier::Count || vector || !atomic_supported(in.mode, type)) {
    why = fmt::format("{}{} on .{} is not implemented", isa::opcode_mnemonic(spec.opcode),
                      vector ? " on vectors" : "", isa::type_name(type));
    return nullptr;
  }
  switch (isa::type_bits(type)) {
    case 16:
      return &AtomicExec<std::uint16_t>::run;
    case 32:
      return &AtomicExec<std::uint32_t>::run;
    default:
      return &AtomicExec<std::uint64_t>::run;
  }
}

}  // namespace smsim::func
