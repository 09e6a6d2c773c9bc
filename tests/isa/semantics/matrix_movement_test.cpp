// Hand-computed layouts of the m8n8 .b16 fragment (ldmatrix, stmatrix,
// movmatrix) and of mma.sp's sparse metadata; the conformance program
// matrix_movement holds both to the H100's bits.
#include <gtest/gtest.h>

#include <cstdint>

#include "isa/semantics/matrix_m8n8.h"
#include "isa/semantics/sparse_metadata.h"

namespace smsim::isa::sem {
namespace {

TEST(MatrixM8n8, LaneHoldsTwoNeighboursOfOneRow) {
  // Lane 13: row 3, columns 2 and 3.
  EXPECT_EQ(m8n8_entry(13, 0, false).row, 3u);
  EXPECT_EQ(m8n8_entry(13, 0, false).col, 2u);
  EXPECT_EQ(m8n8_entry(13, 1, false).col, 3u);
  // Transposed: the same lane holds column 3, rows 2 and 3.
  EXPECT_EQ(m8n8_entry(13, 1, true).row, 3u);
  EXPECT_EQ(m8n8_entry(13, 1, true).col, 3u);
  EXPECT_EQ(m8n8_entry(13, 0, true).row, 2u);
  EXPECT_EQ(m8n8_entry(13, 0, true).col, 3u);
  EXPECT_EQ(m8n8_row_lane(2, 5), 21u);
}

TEST(MatrixM8n8, MovmatrixTransposes) {
  // Entry (r, c) holds r * 8 + c.
  uint32_t regs[32];
  for (uint32_t lane = 0; lane < 32; ++lane) {
    const uint32_t r = lane / 4, c = 2 * (lane % 4);
    regs[lane] = (r * 8 + c) | (r * 8 + c + 1) << 16;
  }
  // Lane 1 of the transpose: row 0 of M^T, columns 2 and 3 = M[2][0], M[3][0].
  EXPECT_EQ(movmatrix_trans(regs, 1), 16u | 24u << 16);
  // Lane 30: row 7 of M^T, columns 4, 5 = M[4][7], M[5][7].
  EXPECT_EQ(movmatrix_trans(regs, 30), 39u | 47u << 16);
  // Transposing twice gives the matrix back.
  uint32_t once[32];
  for (uint32_t lane = 0; lane < 32; ++lane) once[lane] = movmatrix_trans(regs, lane);
  for (uint32_t lane = 0; lane < 32; ++lane) EXPECT_EQ(movmatrix_trans(once, lane), regs[lane]);
}

TEST(SparseMetadata, OneLanePerGroupForFourChunks) {
  // m16n8k16 (f16): row 9 (group 1, upper half), chunk 2, selector 3: lane 7,
  // bits 24-27.
  const SparseNibble n = sparse_nibble(9, 2, 4, 3, 16);
  EXPECT_EQ(n.lane, 7u);
  EXPECT_EQ(n.shift, 24u);
  EXPECT_EQ(sparse_max_selector(4), 3u);
}

TEST(SparseMetadata, PairsAndQuadsOfLanesForLongerRows) {
  // Eight chunks (m16n8k32 f16): selector 1 names lanes 2 and 3 of the group.
  EXPECT_EQ(sparse_nibble(0, 5, 8, 1, 16).lane, 3u);
  EXPECT_EQ(sparse_nibble(0, 5, 8, 1, 16).shift, 4u);
  EXPECT_EQ(sparse_max_selector(8), 1u);
}

TEST(SparseMetadata, EightBitRowsFillWholeRegisters) {
  // m16n8k32 s8, selector 1: lane 2 of the group holds row g, lane 3 row g + 8,
  // eight chunks each.
  EXPECT_EQ(sparse_nibble(1, 5, 8, 1, 8).lane, 6u);
  EXPECT_EQ(sparse_nibble(1, 5, 8, 1, 8).shift, 20u);
  EXPECT_EQ(sparse_nibble(9, 5, 8, 1, 8).lane, 7u);
  // m16n8k64: chunks 8-15 of row g + 8 in lane 3 of the group.
  EXPECT_EQ(sparse_nibble(12, 15, 16, 0, 8).lane, 19u);
  EXPECT_EQ(sparse_nibble(12, 15, 16, 0, 8).shift, 28u);
  EXPECT_EQ(sparse_nibble(4, 9, 16, 0, 8).lane, 18u);
  EXPECT_EQ(sparse_max_selector(16), 0u);
}

TEST(SparseMetadata, NibblesPlaceThePackedElements) {
  EXPECT_EQ(sparse_column(0b1101, 0, false), 1u);  // first element at column 1
  EXPECT_EQ(sparse_column(0b1101, 1, false), 3u);  // second at column 3
  EXPECT_EQ(sparse_column(0b0100, 0, true), 0u);   // tf32: the chunk's first
  EXPECT_EQ(sparse_column(0b1110, 0, true), 1u);   // tf32: its second
}

TEST(SparseMetadata, Tf32OperandsAreAssembledFromSixteenBitHalves) {
  // wgmma.sp tf32 (measured, tools/probes/wgmma_sp_probe.cu): the nibble
  // names the 16-bit halves (low index, then high) of the chunk's two
  // elements that make the operand; the valid 0b0100 and 0b1110 give the
  // first and the second element, any other a mix.
  const uint32_t first = 0x11112222u, second = 0x33334444u;
  EXPECT_EQ(sparse_tf32_operand(0b0100, first, second), first);
  EXPECT_EQ(sparse_tf32_operand(0b1110, first, second), second);
  EXPECT_EQ(sparse_tf32_operand(0b1001, first, second), 0x44441111u);
  EXPECT_EQ(sparse_tf32_operand(0b0000, first, second), 0x22222222u);
  EXPECT_EQ(sparse_tf32_operand(0b0111, first, second), 0x11113333u);
}

}  // namespace
}  // namespace smsim::isa::sem
