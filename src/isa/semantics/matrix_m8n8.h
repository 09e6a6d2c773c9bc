// The 8x8 matrix of 16-bit elements that ldmatrix, stmatrix and movmatrix
// move between memory and a warp's registers (PTX ISA, "Warp-level matrix
// load/store/transpose").
//
// In registers, lane L holds one 32-bit register per matrix: row L / 4,
// columns 2 * (L % 4) and 2 * (L % 4) + 1, the lower column in the low half.
// With .trans the register holds the same positions of the transposed matrix,
// so row and column swap. In memory each row is 16 contiguous bytes; ldmatrix
// and stmatrix take row r of matrix m from the address of lane 8 * m + r.
#pragma once

#include <cstdint>

namespace smsim::isa::sem {

struct M8n8Entry {
  uint32_t row = 0;
  uint32_t col = 0;
};

inline constexpr uint32_t kM8n8RowBytes = 16;

// The entry that half `half` (0: low, 1: high) of lane `lane`'s register holds.
constexpr M8n8Entry m8n8_entry(uint32_t lane, uint32_t half, bool trans) {
  const uint32_t row = lane / 4, col = 2 * (lane % 4) + half;
  return trans ? M8n8Entry{col, row} : M8n8Entry{row, col};
}

// The lane whose address names row `row` of matrix `matrix`.
constexpr uint32_t m8n8_row_lane(uint32_t matrix, uint32_t row) {
  return 8 * matrix + row;
}

// movmatrix.trans: lane `lane`'s result, given the registers of all 32 lanes
// (the matrix in the untransposed layout).
constexpr uint32_t movmatrix_trans(const uint32_t (&regs)[32], uint32_t lane) {
  uint32_t result = 0;
  for (uint32_t half = 0; half < 2; ++half) {
    const M8n8Entry want = m8n8_entry(lane, half, /*trans=*/true);
    // Entry (row, col) of the source sits in lane row * 4 + col / 2, half col % 2.
    const uint32_t word = regs[want.row * 4 + want.col / 2];
    result |= (word >> (16 * (want.col % 2)) & 0xffffu) << (16 * half);
  }
  return result;
}

}  // namespace smsim::isa::sem
