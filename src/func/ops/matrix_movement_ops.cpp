// ldmatrix, stmatrix (.m8n8 .x1/.x2/.x4 {.trans} .b16) and movmatrix
// (.m8n8.trans.b16): whole 8x8 matrices of 16-bit elements moved between
// shared memory and the warp's registers (isa/semantics/matrix_m8n8.h).
//
// The rows are 16 bytes, each at the address one lane gives; a row that is
// not 16-byte aligned is cudaErrorMisalignedAddress, one outside the block's
// shared memory cudaErrorIllegalAddress, as the H100 reports them
// (tools/probes/results/h100-2026-11-22/matrix_faults.txt). A generic address
// must point into shared memory: the H100 fails one into global memory with
// cudaErrorIllegalInstruction, and so does the engine.

#include <fmt/format.h>

#include <cstring>

#include "func/exec/exec_context.h"
#include "func/memory/generic_windows.h"
#include "func/ops/executor_selection.h"
#include "func/ops/memory_access.h"
#include "isa/semantics/matrix_m8n8.h"

namespace smsim::func {
namespace {

using isa::sem::kM8n8RowBytes;
using isa::sem::m8n8_entry;
using isa::sem::m8n8_row_lane;

constexpr unsigned kMaxMatrices = 4;
using Matrix = std::uint16_t[8][8];

// The bytes of row `row` of matrix `matrix`, or nullptr after reporting the
// fault. Every lane of the warp takes part (.sync.aligned), so the address
// comes from the row's lane whether or not it is in the guard's mask.
std::byte* row_bytes(ExecContext& c, const DecodedInstruction& in, unsigned matrix, unsigned row,
                     AccessKind access) {
  const unsigned lane = m8n8_row_lane(matrix, row);
  const std::uint64_t address = lane_address(c, in, lane);
  if (in.space == MemorySpace::generic && !in_shared_window(address)) {
    report_fault(c,
                 MemoryFault{.kind = FaultKind::unaddressable,
                             .space = MemorySpace::generic,
                             .access = access,
                             .address = address,
                             .size = kM8n8RowBytes},
                 lane);
    return nullptr;
  }
  return resolve(c, in.space, address, kM8n8RowBytes, access, lane);
}

void load_matrices(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  const unsigned count = in.dst_count;
  const bool trans = in.mode == isa::Modifier::Trans;
  Matrix m[kMaxMatrices];
  for (unsigned k = 0; k < count; ++k) {
    for (unsigned row = 0; row < 8; ++row) {
      const std::byte* p = row_bytes(c, in, k, row, AccessKind::read);
      if (p == nullptr) return;
      std::memcpy(m[k][row], p, kM8n8RowBytes);
    }
  }
  for_each_lane(mask, [&](unsigned lane) {
    for (unsigned k = 0; k < count; ++k) {
      const auto lo = m8n8_entry(lane, 0, trans), hi = m8n8_entry(lane, 1, trans);
      write(c, in.dst[k], lane,
            std::uint64_t{m[k][lo.row][lo.col]} | std::uint64_t{m[k][hi.row][hi.col]} << 16);
    }
  });
}

void store_matrices(ExecContext& c, const DecodedInstruction& in, std::uint32_t /*mask*/) {
  const unsigned count = in.src_count;
  const bool trans = in.mode == isa::Modifier::Trans;
  Matrix m[kMaxMatrices];
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    for (unsigned k = 0; k < count; ++k) {
      const std::uint64_t word = read(c, in.src[k], lane);
      for (unsigned half = 0; half < 2; ++half) {
        const auto e = m8n8_entry(lane, half, trans);
        m[k][e.row][e.col] = static_cast<std::uint16_t>(word >> (16 * half));
      }
    }
  }
  for (unsigned k = 0; k < count; ++k) {
    for (unsigned row = 0; row < 8; ++row) {
      std::byte* p = row_bytes(c, in, k, row, AccessKind::write);
      if (p == nullptr) return;
      std::memcpy(p, m[k][row], kM8n8RowBytes);
    }
  }
}

void transpose_matrix(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  std::uint32_t regs[kWarpSize];
  for (unsigned lane = 0; lane < kWarpSize; ++lane)
    regs[lane] = static_cast<std::uint32_t>(read(c, in.src[0], lane));
  for_each_lane(mask,
                [&](unsigned lane) { write(c, in.dst[0], lane, isa::sem::movmatrix_trans(regs, lane)); });
}

unsigned matrices_named(const InstructionSpec& spec) {
  if (spec.has(isa::Modifier::X1)) return 1;
  if (spec.has(isa::Modifier::X2)) return 2;
  if (spec.has(isa::Modifier::X4)) return 4;
  return 0;
}

}  // namespace

ExecFn select_matrix_movement(const InstructionSpec& spec, DecodedInstruction& in,
                              std::string& why) {
  const std::string_view name = isa::opcode_mnemonic(spec.opcode);
  const bool m8n8_b16 = spec.shape[0] == 8 && spec.shape[1] == 8 && spec.type_count == 1 &&
                        spec.type() == isa::Type::B16;
  if (!m8n8_b16) {
    // .m16n16/.m8n16 with .b8 and the .b6x16_p32/.b4x16_p64 sources are
    // sm_100a forms.
    why = fmt::format("{} is implemented for .m8n8 .b16 only", name);
    return nullptr;
  }
  in.mode = spec.has(isa::Modifier::Trans) ? isa::Modifier::Trans : isa::Modifier::Count;
  if (spec.opcode == isa::Opcode::Movmatrix) {
    if (!spec.has(isa::Modifier::Trans) || in.dst_count != 1 || in.src_count != 1) {
      why = "movmatrix takes .trans, one destination and one source register";
      return nullptr;
    }
    return &transpose_matrix;
  }
  if (in.space != MemorySpace::shared && in.space != MemorySpace::generic) {
    why = fmt::format("{} addresses shared memory (.shared, .shared::cta or generic)", name);
    return nullptr;
  }
  const bool load = spec.opcode == isa::Opcode::Ldmatrix;
  const unsigned count = matrices_named(spec);
  if (count == 0 || (load ? in.dst_count : in.src_count) != count) {
    why = fmt::format("{} needs .x1, .x2 or .x4 and as many registers", name);
    return nullptr;
  }
  return load ? &load_matrices : &store_matrices;
}

}  // namespace smsim::func
