#pragma once
// What an executor sees while running one instruction for one warp, and the
// small inline helpers every executor family uses to read and write lanes.

#include <array>
#include <bit>
#include <cstdint>
#include <optional>

#include "func/decode/decoded_instruction.h"
#include "func/decode/decoded_kernel.h"
#include "func/exec/block_state.h"
#include "func/exec/launch_types.h"
#include "func/memory/byte_window.h"
#include "func/memory/device_heap.h"
#include "func/memory/device_memory.h"

namespace smsim::func {

// Everything shared by all blocks of one launch; read-only while it runs.
struct LaunchState {
  const DecodedKernel& kernel;
  LaunchConfig config;
  LaunchOptions options;
  DeviceMemory& memory;
  ByteWindow params;
  DeviceHeap* heap = nullptr;
  // The device address of a cooperative launch's grid-sync workspace
  // (%envreg1:%envreg2), 0 for other launches.
  std::uint64_t grid_workspace = 0;
  Dim3 cluster_dims;  // blocks per cluster (1,1,1: every block is its own cluster)
  // The launch or the kernel named a cluster (%is_explicit_cluster).
  bool explicit_cluster = false;
};

// Lanes that met at warp-synchronous instructions, possibly different ones on
// divergent paths, and each lane's first source operand (the value it offers
// to the others), read before any of them executes.
struct WarpSyncValues {
  std::uint32_t lanes = 0;
  std::array<std::uint64_t, kWarpSize> value{};
};

struct ExecContext {
  const LaunchState& launch;
  BlockState& block;
  WarpState& warp;
  std::uint64_t* regs;
  std::uint32_t pc = 0;
  std::optional<LaunchError> error;
  const WarpSyncValues* sync_values = nullptr;  // while a warp-sync meeting runs
};

inline std::uint64_t width_mask(unsigned bits) {
  return bits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
}

// Whether special_value knows the register (the decoder refuses the rest).
bool is_supported(const isa::SpecialRegisterRef& ref);
std::uint64_t special_value(const ExecContext& c, const isa::SpecialRegisterRef& ref,
                            unsigned lane);

inline std::uint64_t read(const ExecContext& c, const Operand& op, unsigned lane) {
  switch (op.kind) {
    case OperandKind::reg: {
      const std::uint64_t v = c.regs[op.reg * kWarpSize + lane];
      return op.negated ? static_cast<std::uint64_t>(v == 0) : v;
    }
    case OperandKind::imm:
      return op.imm;
    case OperandKind::special:
      return special_value(c, op.special, lane);
    case OperandKind::address:
      return (op.reg == kNoReg ? 0 : c.regs[op.reg * kWarpSize + lane]) + op.imm;
    case OperandKind::none:
      return 0;
  }
  return 0;
}

inline void write(ExecContext& c, const Operand& op, unsigned lane, std::uint64_t value) {
  if (op.kind != OperandKind::reg) return;  // the `_` sink
  c.regs[op.reg * kWarpSize + lane] = value & width_mask(op.bits);
}

template <typename F>
inline void for_each_lane(std::uint32_t mask, F&& f) {
  if (mask == UINT32_MAX) {
    for (unsigned lane = 0; lane < kWarpSize; ++lane) f(lane);
    return;
  }
  while (mask != 0) {
    const unsigned lane = static_cast<unsigned>(std::countr_zero(mask));
    mask &= mask - 1;
    f(lane);
  }
}

// The thread index within the block of a lane of the current warp.
inline std::uint32_t thread_in_block(const ExecContext& c, unsigned lane) {
  return c.warp.index * kWarpSize + lane;
}

// Fills in the site of a fault (block, thread, instruction) and records it
// as the launch's error.
void report_fault(ExecContext& c, MemoryFault fault, unsigned lane);
void report_error(ExecContext& c, CudaError code, std::string message);

}  // namespace smsim::func
