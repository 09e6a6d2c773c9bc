// cp.async (global -> shared, 4/8/16 bytes, optional source size or
// ignore-src predicate), cp.async.bulk (global or shared::cta ->
// shared::cluster completing mbarrier transaction bytes, multicast to several
// CTAs of the cluster, shared::cta -> global in bulk groups),
// cp.async.bulk.prefetch (an L2 hint: no effect on values; the H100 faults
// only on an address off a 16-byte boundary) and their groups. The engine performs each copy when
// the instruction issues: a copy may complete at any time before the
// wait_group / wait_all / mbarrier phase that waits for it, so completing at
// once is one of the orders the hardware allows, and the commit/wait
// instructions then have nothing left to wait for.

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

#include "func/exec/exec_context.h"
#include "func/ops/executor_selection.h"
#include "func/ops/mbarrier_tx.h"
#include "func/ops/memory_access.h"

namespace smsim::func {
namespace {

// Sources after the destination address: the source address, cp-size, then
// an optional src-size (or ignore-src predicate) and cache policy.
constexpr std::uint8_t kSourceAddress = 0;
constexpr std::uint8_t kCopySize = 1;
constexpr std::uint8_t kSourceSize = 2;

void copy(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  // With .L2::cache_hint the last source is the cache policy.
  const unsigned policy = in.mode == isa::Modifier::L2CacheHint ? 1 : 0;
  const bool has_size = in.src_count > kSourceSize + policy;
  for_each_lane(mask, [&](unsigned lane) {
    if (c.error) return;
    const std::uint64_t cp_size = read(c, in.src[kCopySize], lane);
    std::uint64_t src_size = cp_size;
    if (has_size) {
      const Operand& extra = in.src[kSourceSize];
      const std::uint64_t value = read(c, extra, lane);
      // A predicate operand is ignore-src: true copies nothing (zero fill).
      src_size = extra.kind == OperandKind::reg && extra.bits == 1 ? (value != 0 ? 0 : cp_size)
                                                                   : std::min(value, cp_size);
    }
    std::byte* dst =
        resolve(c, in.space, lane_address(c, in, lane), cp_size, AccessKind::write, lane);
    if (dst == nullptr) return;
    std::byte buffer[16] = {};
    if (src_size > 0) {
      const std::byte* src = resolve(c, MemorySpace::global, read(c, in.src[kSourceAddress], lane),
                                     src_size, AccessKind::read, lane);
      if (src == nullptr) return;
      std::memcpy(buffer, src, src_size);
    }
    std::memcpy(dst, buffer, cp_size);
  });
}

// cp.async.bulk sources after the destination address: the source address,
// the size in bytes, then the mbarrier (shared::cluster forms) and the CTA
// mask (multicast).
constexpr std::uint8_t kBulkSize = 1;
constexpr std::uint8_t kBulkBarrier = 2;
constexpr std::uint8_t kBulkCtaMask = 3;
// Bulk copies move 16-byte aligned chunks.
constexpr std::uint64_t kBulkChunk = 16;

// Copies `size` bytes; false after reporting a fault.
bool copy_chunks(ExecContext& c, MemorySpace source, std::uint64_t src, MemorySpace destination,
                 std::uint64_t dst, std::uint64_t size, unsigned lane) {
  for (std::uint64_t at = 0; at < size; at += kBulkChunk) {
    const std::byte* from = resolve(c, source, src + at, kBulkChunk, AccessKind::read, lane);
    if (from == nullptr) return false;
    std::byte chunk[kBulkChunk];
    std::memcpy(chunk, from, kBulkChunk);
    std::byte* to = resolve(c, destination, dst + at, kBulkChunk, AccessKind::write, lane);
    if (to == nullptr) return false;
    std::memcpy(to, chunk, kBulkChunk);
  }
  return true;
}

template <MemorySpace Source, MemorySpace Destination, bool CompletesTx>
void bulk_copy(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  for_each_lane(mask, [&](unsigned lane) {
    if (c.error) return;
    const std::uint64_t size = read(c, in.src[kBulkSize], lane);
    if (!copy_chunks(c, Source, read(c, in.src[kSourceAddress], lane), Destination,
                     lane_address(c, in, lane), size, lane)) {
      return;
    }
    if constexpr (CompletesTx) complete_tx(c, read(c, in.src[kBulkBarrier], lane), size, lane);
  });
}

// .multicast::cluster: the same bytes land at the same offset of every CTA in
// the mask, each completing its own mbarrier at the barrier's offset.
void bulk_multicast(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  for_each_lane(mask, [&](unsigned lane) {
    if (c.error) return;
    const std::uint64_t size = read(c, in.src[kBulkSize], lane);
    const std::uint64_t src = read(c, in.src[kSourceAddress], lane);
    const std::uint64_t dst = lane_address(c, in, lane);
    const std::uint64_t barrier = read(c, in.src[kBulkBarrier], lane);
    const auto ranks = static_cast<std::uint32_t>(read(c, in.src[kBulkCtaMask], lane));
    for (std::uint32_t r = 0; r < cluster_size(c); ++r) {
      if ((ranks >> r & 1) == 0) continue;
      if (!copy_chunks(c, MemorySpace::global, src, MemorySpace::shared, in_rank(c, dst, r), size,
                       lane) ||
          !complete_tx(c, in_rank(c, barrier, r), size, lane)) {
        return;
      }
    }
  });
}

ExecFn select_bulk(const InstructionSpec& spec, const DecodedInstruction& in, std::string& why) {
  using isa::Modifier;
  const bool to_cluster = spec.has(Modifier::MbarrierCompleteTxBytes);
  const bool multicast = spec.has(Modifier::MulticastCluster);
  const bool operands_ok = in.src_count > (to_cluster ? kBulkBarrier : kBulkSize) &&
                           in.src[kSourceAddress].kind == OperandKind::address &&
                           (!to_cluster || in.src[kBulkBarrier].kind == OperandKind::address) &&
                           (!multicast || in.src_count > kBulkCtaMask);
  const bool size_ok =
      in.src[kBulkSize].kind != OperandKind::imm || in.src[kBulkSize].imm % kBulkChunk == 0;
  if (operands_ok && size_ok) {
    if (to_cluster && multicast && spec.has(Modifier::Global)) return &bulk_multicast;
    if (to_cluster && !multicast && spec.has(Modifier::Global)) {
      return &bulk_copy<MemorySpace::global, MemorySpace::shared, true>;
    }
    if (to_cluster && !multicast) {
      return &bulk_copy<MemorySpace::shared, MemorySpace::shared, true>;
    }
    if (spec.has(Modifier::BulkGroup) && spec.has(Modifier::Global) && !multicast) {
      return &bulk_copy<MemorySpace::shared, MemorySpace::global, false>;
    }
  }
  why = "cp.async.bulk needs [dst], [src], a size that is a multiple of 16 and, into "
        "shared::cluster, an mbarrier (and a CTA mask with .multicast::cluster)";
  return nullptr;
}

// cp.async.bulk.prefetch.L2.global [a], size: the H100 never faults on the
// bytes (null, unmapped, freed addresses and sizes past an allocation all
// run), only on an address that is not 16-byte aligned, with
// cudaErrorMisalignedAddress; a size from a register is not checked
// (tools/probes/results/h100-2026-11-22-discard/faults.txt, bp_*).
void bulk_prefetch(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  for_each_lane(mask, [&](unsigned lane) {
    if (c.error) return;
    const std::uint64_t address = lane_address(c, in, lane);
    if (address % kBulkChunk == 0) return;
    report_fault(c,
                 MemoryFault{.kind = FaultKind::misaligned,
                             .space = MemorySpace::global,
                             .access = AccessKind::read,
                             .address = address,
                             .size = read(c, in.src[0], lane)},
                 lane);
  });
}

// ptxas: a .global space, and an immediate size that is a multiple of 16 in
// [0, 1048560].
ExecFn select_bulk_prefetch(const InstructionSpec& spec, const DecodedInstruction& in,
                            std::string& why) {
  constexpr std::uint64_t kMaxSize = (1u << 20) - kBulkChunk;
  const unsigned policy = spec.has(isa::Modifier::L2CacheHint) ? 1 : 0;
  const bool operands_ok = in.src_count == 1 + policy;
  const Operand& size = in.src[0];
  const bool size_ok =
      size.kind != OperandKind::imm || (size.imm % kBulkChunk == 0 && size.imm <= kMaxSize);
  if (in.space == MemorySpace::global && spec.has(isa::Modifier::L2) && operands_ok && size_ok) {
    return &bulk_prefetch;
  }
  why = "cp.async.bulk.prefetch.L2.global needs [a] and a size that is a multiple of 16 up to "
        "1048560 (and the cache policy with .L2::cache_hint)";
  return nullptr;
}

}  // namespace

ExecFn select_async_copy(const InstructionSpec& spec, DecodedInstruction& in, std::string& why) {
  if (spec.opcode == isa::Opcode::CpAsyncBulk) return select_bulk(spec, in, why);
  if (spec.opcode == isa::Opcode::CpAsyncBulkPrefetch) return select_bulk_prefetch(spec, in, why);
  // The group instructions change no values.
  if (spec.opcode != isa::Opcode::CpAsync) return select_no_effect(spec, in, why);
  if (spec.has(isa::Modifier::L2CacheHint)) in.mode = isa::Modifier::L2CacheHint;
  const bool operands_ok = in.src_count > kCopySize &&
                           in.src[kSourceAddress].kind == OperandKind::address &&
                           in.src[kCopySize].kind == OperandKind::imm;
  const std::uint64_t size = operands_ok ? in.src[kCopySize].imm : 0;
  if (!operands_ok || (size != 4 && size != 8 && size != 16)) {
    why = "cp.async needs [shared], [global] and a copy size of 4, 8 or 16 bytes";
    return nullptr;
  }
  return &copy;
}

}  // namespace smsim::func
