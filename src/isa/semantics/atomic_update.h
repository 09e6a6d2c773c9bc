// The value an atom/red operation leaves in memory: new = op(old, b[, c]),
// for every operation and type PTX allows.
//
// Integer operations wrap; inc/dec wrap at the operand as PTX defines
// (inc: old >= b ? 0 : old + 1; dec: old == 0 || old > b ? b : old - 1).
// Floating-point adds round to nearest even like the add instruction; the
// 16-bit float adds exist only as .noftz, so subnormals are kept. min/max
// follow the min/max instructions (a NaN operand is ignored, -0 < +0). The
// packed forms (.f16x2/.bf16x2) update each half independently.
#pragma once

#include <cstdint>
#include <type_traits>

#include "isa/semantics/float_arith_f32.h"
#include "isa/semantics/float_arith_f64.h"
#include "isa/semantics/float_minmax.h"
#include "isa/semantics/gpu_nan.h"
#include "isa/semantics/half_arith.h"

namespace smsim::isa::sem {

enum class AtomicOp : uint8_t { add, min, max, inc, dec, exch, cas, bit_and, bit_or, bit_xor };

// How the bits of a memory word are interpreted.
enum class AtomicValue : uint8_t { unsigned_int, signed_int, f32, f64, f16, bf16, f16x2, bf16x2 };

template <typename T>
constexpr T atomic_integer(AtomicOp op, bool is_signed, T old, T b, T c) {
  static_assert(std::is_unsigned_v<T>, "memory words are raw unsigned bits");
  using S = std::make_signed_t<T>;
  const auto less = [is_signed](T x, T y) {
    return is_signed ? static_cast<S>(x) < static_cast<S>(y) : x < y;
  };
  switch (op) {
    case AtomicOp::add:
      return static_cast<T>(old + b);
    case AtomicOp::min:
      return less(b, old) ? b : old;
    case AtomicOp::max:
      return less(old, b) ? b : old;
    case AtomicOp::inc:
      return old >= b ? T{0} : static_cast<T>(old + 1);
    case AtomicOp::dec:
      return (old == 0 || old > b) ? b : static_cast<T>(old - 1);
    case AtomicOp::exch:
      return b;
    case AtomicOp::cas:
      return old == b ? c : old;
    case AtomicOp::bit_and:
      return old & b;
    case AtomicOp::bit_or:
      return old | b;
    case AtomicOp::bit_xor:
      return old ^ b;
  }
  return old;
}

// A 128-bit memory word (atom.cas.b128 / atom.exch.b128), low half first.
struct Bits128 {
  uint64_t lo = 0, hi = 0;
  friend constexpr bool operator==(Bits128, Bits128) = default;
};

// The 128-bit atomics only swap: exch stores b; cas compares all 128 bits
// with b and stores c when they are equal.
constexpr Bits128 atomic_swap128(AtomicOp op, Bits128 old, Bits128 b, Bits128 c) {
  if (op == AtomicOp::cas) return old == b ? c : old;
  return b;
}

// One 16-bit float operand: add, min or max (the only float operations).
constexpr uint16_t atomic_half(AtomicOp op, HalfType t, uint16_t old, uint16_t b) {
  switch (op) {
    case AtomicOp::add:
      return add_half(t, old, b, {});
    case AtomicOp::min:
    case AtomicOp::max:
      return min_max_half(t, old, b, op == AtomicOp::max, {});
    default:
      return old;
  }
}

// Which memory the update happens in. The H100's float adds differ there
// (form sweep tests/func/forms/sm_90_memory and tools/probes/fp_rules_probe.cu,
// atom and red alike): in global memory an f32 add flushes subnormal operands
// and results to zero of the same sign, and an f64 add with a NaN operand
// returns that NaN unquieted (b's when both are NaN), where shared memory
// rounds both like the add instruction. Bulk and tensor reductions, not
// measured, use the shared-memory rule.
enum class AtomicMemory : uint8_t { shared, global };

inline uint64_t atomic_add_f64(uint64_t old, uint64_t b, AtomicMemory memory) {
  if (memory == AtomicMemory::global) {
    if (is_nan_f64(b)) return b;
    if (is_nan_f64(old)) return old;
  }
  return add_f64(old, b, Rounding::nearest_even);
}

// The new memory word T (16, 32 or 64 bits wide) holding `value`.
template <typename T>
T atomic_update(AtomicOp op, AtomicValue value, T old, T b, T c,
                AtomicMemory memory = AtomicMemory::shared) {
  switch (value) {
    case AtomicValue::unsigned_int:
    case AtomicValue::signed_int:
      return atomic_integer<T>(op, value == AtomicValue::signed_int, old, b, c);
    case AtomicValue::f32: {
      const auto x = static_cast<uint32_t>(old), y = static_cast<uint32_t>(b);
      if (op == AtomicOp::add)
        return static_cast<T>(
            add_f32(x, y, Rounding::nearest_even, memory == AtomicMemory::global, false));
      if (op == AtomicOp::min) return static_cast<T>(min_f32(x, y, {}));
      if (op == AtomicOp::max) return static_cast<T>(max_f32(x, y, {}));
      break;
    }
    case AtomicValue::f64:
      if (op == AtomicOp::add) return static_cast<T>(atomic_add_f64(old, b, memory));
      if (op == AtomicOp::min) return static_cast<T>(min_f64(old, b));
      if (op == AtomicOp::max) return static_cast<T>(max_f64(old, b));
      break;
    case AtomicValue::f16:
    case AtomicValue::bf16:
      return atomic_half(op, value == AtomicValue::f16 ? HalfType::f16 : HalfType::bf16,
                         static_cast<uint16_t>(old), static_cast<uint16_t>(b));
    case AtomicValue::f16x2:
    case AtomicValue::bf16x2: {
      const HalfType t = value == AtomicValue::f16x2 ? HalfType::f16 : HalfType::bf16;
      return static_cast<T>(on_halves(
          static_cast<uint32_t>(old), static_cast<uint32_t>(b), 0,
          [op, t](uint16_t x, uint16_t y, uint16_t) { return atomic_half(op, t, x, y); }));
    }
  }
  return old;
}

}  // namespace smsim::isa::sem
