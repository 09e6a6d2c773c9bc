#pragma once
// From an atomic instruction's modifiers and type to the operation and value
// interpretation of isa/semantics/atomic_update.h, and which pairs the
// hardware has. Shared by atom/red, red.async and the bulk reductions.

#include <atomic>
#include <cstddef>

#include "func/decode/instruction_spec.h"
#include "isa/modifier.h"
#include "isa/semantics/atomic_update.h"
#include "isa/type.h"

namespace smsim::func {

inline isa::sem::AtomicOp atomic_op(isa::Modifier m) {
  using isa::Modifier;
  using isa::sem::AtomicOp;
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

inline isa::sem::AtomicValue atomic_value(isa::Type t) {
  using isa::Type;
  using isa::sem::AtomicValue;
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

// Whether the hardware has `op` on `type` (PTX ISA, atom): what the semantics
// would compute for any other pair is not an operation of the GPU.
inline bool atomic_supported(isa::Modifier op, isa::Type type) {
  using isa::Modifier;
  using isa::Type;
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

// The reduction a bulk or asynchronous reduction names (.add .min .max .inc
// .dec .and .or .xor), Modifier::Count when none.
inline isa::Modifier reduction_modifier(const InstructionSpec& spec) {
  using isa::Modifier;
  constexpr Modifier kReductions[] = {Modifier::Add, Modifier::Min, Modifier::Max,
                                      Modifier::Inc, Modifier::Dec, Modifier::And,
                                      Modifier::Or,  Modifier::Xor};
  for (Modifier m : kReductions) {
    if (spec.has(m)) return m;
  }
  return Modifier::Count;
}

// Applies `op` with operand b to the T at `cell` as one host atomic (other
// blocks may update the same simulated bytes at the same time); returns the
// old value. `memory` is where the cell lives (float adds differ).
template <typename T>
T atomic_apply(std::byte* cell, isa::sem::AtomicOp op, isa::sem::AtomicValue value, T b, T c = T{0},
               isa::sem::AtomicMemory memory = isa::sem::AtomicMemory::shared) {
  std::atomic_ref<T> word(*reinterpret_cast<T*>(cell));
  T old = word.load(std::memory_order_relaxed);
  while (!word.compare_exchange_weak(old, isa::sem::atomic_update<T>(op, value, old, b, c, memory),
                                     std::memory_order_acq_rel, std::memory_order_relaxed)) {
  }
  return old;
}

}  // namespace smsim::func
