// Atomics and reductions (atom, red) on global, shared and generic addresses:
// every operation on 32- and 64-bit integers, f32/f64 add/min/max, 16-bit
// cas/exch and f16/bf16 (scalar and packed x2) add/min/max. The values come
// from isa/semantics/atomic_update.h. Global memory is shared by the host
// threads running blocks, so every update is a host atomic on the simulated
// bytes; lanes of a warp apply their updates in lane order.

#include <fmt/format.h>

#include <atomic>

#include "func/exec/exec_context.h"
#include "func/ops/executor_selection.h"
#include "func/ops/memory_access.h"
#include "isa/semantics/atomic_update.h"

namespace smsim::func {
namespace {

using isa::Modifier;
using isa::Type;
using isa::sem::AtomicOp;
using isa::sem::AtomicValue;

AtomicOp atomic_op(Modifier m) {
  switch (m) {
    case Modifier::Add:
      return AtomicOp::add;
    case Modifier::Min:
      return AtomicOp::min;
    case Modifier::Max:
      return AtomicOp::max;
    case Modifier::Inc:
      return AtomicOp::inc;
    case Modifier::Dec:
      return AtomicOp::dec;
    case Modifier::Exch:
      return AtomicOp::exch;
    case Modifier::Cas:
      return AtomicOp::cas;
    case Modifier::And:
      return AtomicOp::bit_and;
    case Modifier::Or:
      return AtomicOp::bit_or;
    default:
      return AtomicOp::bit_xor;
  }
}

AtomicValue atomic_value(Type t) {
  switch (t) {
    case Type::S32:
    case Type::S64:
      return AtomicValue::signed_int;
    case Type::F32:
      return AtomicValue::f32;
    case Type::F64:
      return AtomicValue::f64;
    case Type::F16:
      return AtomicValue::f16;
    case Type::Bf16:
      return AtomicValue::bf16;
    case Type::F16x2:
      return AtomicValue::f16x2;
    case Type::Bf16x2:
      return AtomicValue::bf16x2;
    default:
      return AtomicValue::unsigned_int;
  }
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
      std::byte* p =
          resolve(ctx, in.space, lane_address(ctx, in, lane), sizeof(T), AccessKind::atomic, lane);
      if (p == nullptr) return;
      const T b = static_cast<T>(read(ctx, in.src[0], lane));
      const T c = in.src_count > 1 ? static_cast<T>(read(ctx, in.src[1], lane)) : T{0};
      std::atomic_ref<T> cell(*reinterpret_cast<T*>(p));
      T old = cell.load(std::memory_order_relaxed);
      while (!cell.compare_exchange_weak(old, isa::sem::atomic_update<T>(op, value, old, b, c),
                                         std::memory_order_acq_rel, std::memory_order_relaxed)) {
      }
      if (returns) write(ctx, in.dst[0], lane, old);
    });
  }
};

constexpr Modifier kAtomicOps[] = {Modifier::Add, Modifier::Min,  Modifier::Max, Modifier::Inc,
                                   Modifier::Dec, Modifier::Exch, Modifier::Cas, Modifier::And,
                                   Modifier::Or,  Modifier::Xor};

// Whether the hardware has `op` on `type` (PTX ISA, atom): what the semantics
// would compute for any other pair is not an operation of the GPU.
bool supported(Modifier op, Type type) {
  const bool bitwise = op == Modifier::And || op == Modifier::Or || op == Modifier::Xor;
  const bool swap = op == Modifier::Exch || op == Modifier::Cas;
  const bool arith = op == Modifier::Add || op == Modifier::Min || op == Modifier::Max;
  switch (type) {
    case Type::B16:
      return op == Modifier::Cas || op == Modifier::Exch;
    case Type::B32:
    case Type::B64:
      return bitwise || swap;
    case Type::U32:
    case Type::S32:
    case Type::U64:
    case Type::S64:
      return true;  // integer types take every operation
    case Type::F32:
    case Type::F64:
    case Type::F16:
    case Type::Bf16:
    case Type::F16x2:
    case Type::Bf16x2:
      return arith;
    default:
      return false;
  }
}

}  // namespace

ExecFn select_atomic(const InstructionSpec& spec, DecodedInstruction& in, std::string& why) {
  for (Modifier m : kAtomicOps) {
    if (spec.has(m)) in.mode = m;
  }
  const Type type = spec.type();
  const bool vector = spec.has(Modifier::V2) || spec.has(Modifier::V4) || spec.has(Modifier::V8);
  if (in.mode == Modifier::Count || vector || !supported(in.mode, type)) {
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
