// The 128-bit atomics atom.cas.b128 and atom.exch.b128 (a .b128 register is
// two rows, func/load/register_rows.h). The values come from
// isa/semantics/atomic_update.h.

#include <array>
#include <cstring>
#include <mutex>

#include "func/exec/exec_context.h"
#include "func/ops/atomic_kind.h"
#include "func/ops/executor_selection.h"
#include "func/ops/memory_access.h"
#include "isa/semantics/atomic_update.h"

namespace smsim::func {
namespace {

using isa::Modifier;
using isa::sem::Bits128;

// Host threads run blocks at the same time and a 16-byte compare-and-swap is
// not a portable host atomic: each 16-byte cell is guarded by one of these
// locks (chosen by address), which makes the b128 swaps atomic as a unit with
// respect to each other, as the GPU's are.
std::mutex& cell_lock(const std::byte* cell) {
  static std::array<std::mutex, 64> locks;
  return locks[(reinterpret_cast<std::uintptr_t>(cell) >> 4) % locks.size()];
}

// dst {lo, hi}; src {b.lo, b.hi[, c.lo, c.hi]} (cas has c).
void atomic_b128(ExecContext& ctx, const DecodedInstruction& in, std::uint32_t mask) {
  const isa::sem::AtomicOp op = atomic_op(in.mode);
  for_each_lane(mask, [&](unsigned lane) {
    if (ctx.error) return;
    std::byte* p = resolve(ctx, in.space, lane_address(ctx, in, lane), 16, AccessKind::atomic, lane);
    if (p == nullptr) return;
    const Bits128 b{read(ctx, in.src[0], lane), read(ctx, in.src[1], lane)};
    const Bits128 c = in.src_count >= 4
                          ? Bits128{read(ctx, in.src[2], lane), read(ctx, in.src[3], lane)}
                          : Bits128{};
    Bits128 old;
    {
      std::scoped_lock lock(cell_lock(p));
      std::memcpy(&old.lo, p, 8);
      std::memcpy(&old.hi, p + 8, 8);
      const Bits128 now = isa::sem::atomic_swap128(op, old, b, c);
      std::memcpy(p, &now.lo, 8);
      std::memcpy(p + 8, &now.hi, 8);
    }
    write(ctx, in.dst[0], lane, old.lo);
    write(ctx, in.dst[1], lane, old.hi);
  });
}

}  // namespace

ExecFn select_b128_atomic(const InstructionSpec& spec, DecodedInstruction& in, std::string& why) {
  const bool cas = in.mode == Modifier::Cas;
  const bool vector = spec.has(Modifier::V2) || spec.has(Modifier::V4) || spec.has(Modifier::V8);
  if ((cas || in.mode == Modifier::Exch) && spec.opcode == isa::Opcode::Atom && !vector &&
      in.dst_count == 2 && in.src_count == (cas ? 4 : 2)) {
    return &atomic_b128;
  }
  why = "the .b128 atomics are atom.cas and atom.exch on .b128 registers";
  return nullptr;
}

}  // namespace smsim::func
