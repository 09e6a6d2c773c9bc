// Atomics and reductions (atom, red) on global, shared and generic addresses:
// add, min, max, inc, dec, exch, cas, and, or, xor on 32- and 64-bit integer
// types and add/min/max on f32/f64. Global memory is shared by the host
// threads running blocks, so every update is a host atomic on the simulated
// bytes; lanes of a warp apply their updates in lane order.

#include <fmt/format.h>

#include <atomic>
#include <cmath>

#include "func/exec/exec_context.h"
#include "func/ops/executor_selection.h"
#include "func/ops/float_rounding.h"
#include "func/ops/memory_access.h"

namespace smsim::func {
namespace {

using isa::Modifier;
using isa::Type;

template <typename T>
T update(Modifier op, Type type, T old, T b, T c) {
  using S = std::make_signed_t<T>;
  const bool is_signed = isa::type_kind(type) == isa::TypeKind::Signed;
  switch (op) {
    case Modifier::Add:
      if (type == Type::F32) {
        return static_cast<T>(to_bits(canonical(from_bits<float>(old) + from_bits<float>(b))));
      }
      if (type == Type::F64)
        return static_cast<T>(to_bits(canonical(from_bits<double>(old) + from_bits<double>(b))));
      return static_cast<T>(old + b);
    case Modifier::Min:
    case Modifier::Max: {
      const bool is_min = op == Modifier::Min;
      if (type == Type::F32 || type == Type::F64) {
        const double x = type == Type::F32 ? from_bits<float>(old) : from_bits<double>(old);
        const double y = type == Type::F32 ? from_bits<float>(b) : from_bits<double>(b);
        if (std::isnan(y)) return old;
        if (std::isnan(x)) return b;
        return (is_min ? y < x : y > x) ? b : old;
      }
      if (is_signed) {
        const S x = static_cast<S>(old), y = static_cast<S>(b);
        return (is_min ? y < x : y > x) ? b : old;
      }
      return (is_min ? b < old : b > old) ? b : old;
    }
    case Modifier::Inc:
      return old >= b ? T{0} : static_cast<T>(old + 1);
    case Modifier::Dec:
      return (old == 0 || old > b) ? b : static_cast<T>(old - 1);
    case Modifier::Exch:
      return b;
    case Modifier::Cas:
      return old == b ? c : old;
    case Modifier::And:
      return old & b;
    case Modifier::Or:
      return old | b;
    case Modifier::Xor:
      return old ^ b;
    default:
      return old;
  }
}

template <typename T>
struct AtomicExec {
  static void run(ExecContext& ctx, const DecodedInstruction& in, std::uint32_t mask) {
    // atom has a destination; red does not. The value operands follow.
    const bool returns = in.opcode == isa::Opcode::Atom;
    for_each_lane(mask, [&](unsigned lane) {
      if (ctx.error) return;
      std::byte* p =
          resolve(ctx, in.space, lane_address(ctx, in, lane), sizeof(T), AccessKind::atomic, lane);
      if (p == nullptr) return;
      const T b = static_cast<T>(read(ctx, in.src[0], lane));
      const T c = in.src_count > 1 ? static_cast<T>(read(ctx, in.src[1], lane)) : T{0};
      std::atomic_ref<T> cell(*reinterpret_cast<T*>(p));
      T old = cell.load(std::memory_order_relaxed);
      while (!cell.compare_exchange_weak(old, update(in.mode, in.type, old, b, c),
                                         std::memory_order_acq_rel, std::memory_order_relaxed)) {
      }
      if (returns) write(ctx, in.dst[0], lane, old);
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
  const unsigned bits = isa::type_bits(spec.type());
  const bool vector_or_packed = spec.has(Modifier::V2) || spec.has(Modifier::V4) ||
                                spec.type() == Type::F16x2 || spec.type() == Type::Bf16x2 ||
                                spec.type() == Type::F16 || spec.type() == Type::Bf16;
  if (in.mode == Modifier::Count || vector_or_packed || (bits != 32 && bits != 64)) {
    why = fmt::format("{} on .{} is not implemented", isa::opcode_mnemonic(spec.opcode),
                      isa::type_name(spec.type()));
    return nullptr;
  }
  return bits == 32 ? &AtomicExec<std::uint32_t>::run : &AtomicExec<std::uint64_t>::run;
}

}  // namespace smsim::func
