// st.async and red.async: a store or reduction into the shared memory of a
// CTA of the cluster (usually another one) that completes its size in
// transaction bytes on an mbarrier of that CTA. Like the bulk copies they
// take effect when they issue.
//
// Operands: the shared::cluster address is addr_reg/addr_offset, the values
// (one, or .v2/.v4) are the first sources and the mbarrier the last.

#include <fmt/format.h>

#include <cstring>

#include "func/exec/exec_context.h"
#include "func/ops/atomic_kind.h"
#include "func/ops/executor_selection.h"
#include "func/ops/mbarrier_tx.h"
#include "func/ops/memory_access.h"

namespace smsim::func {
namespace {

unsigned element_bytes(const DecodedInstruction& in) { return isa::type_bits(in.type) / 8; }

// The H100 runs st.async and red.async only in a launch with explicit
// clusters (a cluster attribute, even 1,1,1, or a kernel declaring its
// cluster); elsewhere the kernel fails with cudaErrorIllegalInstruction,
// even when the address is the block's own shared memory (the other
// shared::cluster instructions run: tools/probes/results/h100-2026-11-22/
// v8_cluster.txt).
bool outside_cluster(ExecContext& c, const DecodedInstruction& in) {
  if (c.launch.explicit_cluster) return false;
  report_error(c, CudaError::illegal_instruction,
               fmt::format("kernel {}, PTX line {}: {} in a launch without a cluster: the H100 "
                           "runs it only when the launch names a cluster dimension (1,1,1 "
                           "will do) or the kernel declares one",
                           c.launch.kernel.name, in.ptx_line, isa::opcode_mnemonic(in.opcode)));
  return true;
}

void async_store(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  if (outside_cluster(c, in)) return;
  const unsigned size = element_bytes(in);
  const unsigned total = size * in.vector;
  for_each_lane(mask, [&](unsigned lane) {
    if (c.error) return;
    std::byte* to =
        resolve(c, MemorySpace::shared, lane_address(c, in, lane), total, AccessKind::write, lane);
    if (to == nullptr) return;
    for (unsigned v = 0; v < in.vector; ++v) {
      const std::uint64_t value = read(c, in.src[v], lane);
      std::memcpy(to + v * size, &value, size);
    }
    complete_tx(c, read(c, in.src[in.vector], lane), total, lane);
  });
}

template <typename T>
void reduce(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  if (outside_cluster(c, in)) return;
  const isa::sem::AtomicOp op = atomic_op(in.mode);
  const isa::sem::AtomicValue value = atomic_value(in.type);
  for_each_lane(mask, [&](unsigned lane) {
    if (c.error) return;
    std::byte* p = resolve(c, MemorySpace::shared, lane_address(c, in, lane), sizeof(T),
                           AccessKind::atomic, lane);
    if (p == nullptr) return;
    T old;
    std::memcpy(&old, p, sizeof old);
    const T updated = isa::sem::atomic_update<T>(op, value, old,
                                                 static_cast<T>(read(c, in.src[0], lane)), T{0});
    std::memcpy(p, &updated, sizeof updated);
    complete_tx(c, read(c, in.src[1], lane), sizeof(T), lane);
  });
}

}  // namespace

ExecFn select_async_store(const InstructionSpec& spec, DecodedInstruction& in, std::string& why) {
  const std::string_view name = isa::opcode_mnemonic(spec.opcode);
  const bool store = spec.opcode == isa::Opcode::StAsync;
  const unsigned values = store ? in.vector : 1;
  // .mbarrier::complete_tx::bytes is st.async's only completion mechanism,
  // so ptxas takes it as implied when it is left out (`st.async.shared.b32`
  // completes its bytes on the H100 too); red.async must name it.
  const bool operands_ok = in.src_count == values + 1 &&
                           in.src[values].kind == OperandKind::address &&
                           (store || spec.has(isa::Modifier::MbarrierCompleteTxBytes));
  const unsigned bits = isa::type_bits(spec.type());
  if (!operands_ok || (bits != 32 && bits != 64)) {
    why = fmt::format("{} needs [address], 32- or 64-bit values and [mbarrier]{}", name,
                      store ? "" : " with .mbarrier::complete_tx::bytes");
    return nullptr;
  }
  if (store) return &async_store;
  in.mode = reduction_modifier(spec);
  if (in.mode == isa::Modifier::Count || !atomic_supported(in.mode, spec.type())) {
    why = fmt::format("red.async on .{} has no such operation", isa::type_name(spec.type()));
    return nullptr;
  }
  return bits == 32 ? &reduce<std::uint32_t> : &reduce<std::uint64_t>;
}

}  // namespace smsim::func
