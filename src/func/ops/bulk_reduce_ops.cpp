// cp.reduce.async.bulk: element-wise reduction of `size` bytes of shared::cta
// into shared::cluster (completing transaction bytes on an mbarrier of the
// destination CTA) or into global memory (bulk groups). Values come from
// isa/semantics/atomic_update.h; each element is one atomic update, since
// other blocks may reduce into the same global words at the same time.
//
// Operands: [dst] is addr_reg/addr_offset; then [src], size, and [mbar] (into
// shared::cluster) or the cache policy (.L2::cache_hint).

#include <fmt/format.h>

#include <cstring>

#include "func/exec/exec_context.h"
#include "func/ops/atomic_kind.h"
#include "func/ops/executor_selection.h"
#include "func/ops/mbarrier_tx.h"
#include "func/ops/memory_access.h"

namespace smsim::func {
namespace {

constexpr std::uint8_t kSource = 0;
constexpr std::uint8_t kSize = 1;
constexpr std::uint8_t kBarrier = 2;
constexpr std::uint64_t kBulkChunk = 16;

template <typename T, MemorySpace Destination>
void bulk_reduce(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  const isa::sem::AtomicOp op = atomic_op(in.mode);
  const isa::sem::AtomicValue value = atomic_value(in.type);
  for_each_lane(mask, [&](unsigned lane) {
    if (c.error) return;
    const std::uint64_t size = read(c, in.src[kSize], lane);
    const std::uint64_t dst = lane_address(c, in, lane);
    const std::uint64_t src = read(c, in.src[kSource], lane);
    if (size % kBulkChunk != 0) {
      report_error(c, CudaError::misaligned_address,
                   fmt::format("cp.reduce.async.bulk at PTX line {}: size {} is not a multiple "
                               "of 16 bytes",
                               in.ptx_line, size));
      return;
    }
    for (std::uint64_t at = 0; at < size; at += sizeof(T)) {
      const std::byte* from =
          resolve(c, MemorySpace::shared, src + at, sizeof(T), AccessKind::read, lane);
      if (from == nullptr) return;
      std::byte* to = resolve(c, Destination, dst + at, sizeof(T), AccessKind::atomic, lane);
      if (to == nullptr) return;
      T b;
      std::memcpy(&b, from, sizeof b);
      atomic_apply<T>(to, op, value, b);
    }
    if constexpr (Destination == MemorySpace::shared) {
      complete_tx(c, read(c, in.src[kBarrier], lane), size, lane);
    }
  });
}

template <MemorySpace Destination>
ExecFn by_width(unsigned bits) {
  switch (bits) {
    case 16:
      return &bulk_reduce<std::uint16_t, Destination>;
    case 32:
      return &bulk_reduce<std::uint32_t, Destination>;
    default:
      return &bulk_reduce<std::uint64_t, Destination>;
  }
}

}  // namespace

ExecFn select_bulk_reduce(const InstructionSpec& spec, DecodedInstruction& in, std::string& why) {
  using isa::Modifier;
  in.mode = reduction_modifier(spec);
  const bool to_cluster = spec.has(Modifier::MbarrierCompleteTxBytes);
  const bool operands_ok = in.src_count > (to_cluster ? kBarrier : kSize) &&
                           in.src[kSource].kind == OperandKind::address &&
                           (!to_cluster || in.src[kBarrier].kind == OperandKind::address);
  const isa::Type type = spec.type();
  const unsigned bits = isa::type_bits(type);
  if (!operands_ok || in.mode == Modifier::Count || !atomic_supported(in.mode, type) ||
      (bits != 16 && bits != 32 && bits != 64)) {
    why = "cp.reduce.async.bulk needs [dst], [src], a size, a reduction on a 16-, 32- or 64-bit "
          "type it supports and, into shared::cluster, an mbarrier";
    return nullptr;
  }
  if (to_cluster) return by_width<MemorySpace::shared>(bits);
  if (spec.has(Modifier::BulkGroup) && spec.has(Modifier::Global)) {
    return by_width<MemorySpace::global>(bits);
  }
  why = "cp.reduce.async.bulk goes into shared::cluster or global memory";
  return nullptr;
}

}  // namespace smsim::func
