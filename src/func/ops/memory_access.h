#pragma once
// Turning one lane's address into bytes: state-space resolution (generic
// windows), the bounds and alignment check of that space, and the host
// pointer the bytes live at. Shared by the load/store and atomic executors.

#include <cstdint>

#include "func/exec/exec_context.h"
#include "func/memory/generic_windows.h"

namespace smsim::func {

inline std::uint64_t lane_address(const ExecContext& c, const DecodedInstruction& in,
                                  unsigned lane) {
  const std::uint64_t base = in.addr_reg == kNoReg ? 0 : c.regs[in.addr_reg * kWarpSize + lane];
  return base + in.addr_offset;
}

// The shared memory a shared::cluster address names (clusters:
// generic_windows.h), with `address` reduced to the offset in it. Without
// clusters, or for a rank outside the cluster, the address stays as it is and
// the bounds check of the block's own window reports it (at 16 MiB and above
// as unaddressable, as the H100 does).
inline ByteWindow& cluster_shared_window(ExecContext& c, std::uint64_t& address) {
  if (address <= kClusterOffsetMask || c.block.cluster == nullptr ||
      c.launch.cluster_dims.count() <= 1) {
    return c.block.shared;
  }
  const std::uint64_t rank = (address >> kClusterRankShift) - 1;
  if (rank >= c.block.cluster->blocks.size()) return c.block.shared;
  address &= kClusterOffsetMask;
  return c.block.cluster->blocks[rank]->shared;
}

// The host address of `size` bytes at `address` in `space` for `lane`, or
// nullptr after reporting the fault. A generic address is resolved first.
// The access must be aligned to `alignment`, its size when 0.
inline std::byte* resolve(ExecContext& c, MemorySpace space, std::uint64_t address,
                          std::uint64_t size, AccessKind access, unsigned lane,
                          std::uint64_t alignment = 0) {
  if (alignment == 0) alignment = size;
  if (space == MemorySpace::generic) {
    const GenericTarget t = resolve_generic(address);
    space = t.space;
    address = t.address;
  }
  MaybeFault fault;
  std::byte* p = nullptr;
  switch (space) {
    case MemorySpace::global:
    case MemorySpace::constant:
      fault = c.launch.memory.check(address, size, alignment, access, c.warp.cache);
      p = static_cast<std::byte*>(DeviceMemory::host_pointer(address));
      if (fault) fault->space = space;
      break;
    case MemorySpace::shared: {
      // Shared addresses are 32 bits wide: a 32-bit base register plus an
      // offset wraps, as on the hardware (nvcc's unrolled copy loops address
      // an array from a register below it, which is negative for an array
      // at offset 0).
      address &= 0xFFFF'FFFF;
      ByteWindow& window = cluster_shared_window(c, address);
      fault = window.check(address, size, alignment, access);
      p = window.at(address);
      break;
    }
    case MemorySpace::local:
      fault = c.block.local.check(address, size, alignment, access);
      p = c.block.local.at(thread_in_block(c, lane), address);
      break;
    case MemorySpace::param:
      fault = c.launch.params.check(address, size, alignment, access);
      if (!fault && access != AccessKind::read) {
        fault = MemoryFault{.kind = FaultKind::read_only,
                            .space = MemorySpace::param,
                            .access = access,
                            .address = address,
                            .size = size};
      }
      p = const_cast<std::byte*>(c.launch.params.at(address));
      break;
    case MemorySpace::generic:
      break;
  }
  if (fault) {
    report_fault(c, *fault, lane);
    return nullptr;
  }
  return p;
}

}  // namespace smsim::func
