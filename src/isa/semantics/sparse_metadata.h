// The metadata of mma.sp / mma.sp::ordered_metadata and of
// wgmma.mma_async.sp (each warp's 16 rows as the mma.sp shape of the same
// element width places them: k32 f16/bf16 as m16n8k32, k16 tf32 as
// m16n8k16, k64 8-bit as m16n8k64; measured with tools/probes/
// wgmma_sp_probe.cu): where the packed non-zero elements of the
// structured-sparse A matrix sit in its rows.
//
// A row of the logical M x K matrix A is cut into chunks: four elements with
// two non-zeros (2:4) for the 16- and 8-bit types, two elements with one
// non-zero (1:2) for tf32. Each chunk has a 4-bit nibble of metadata. 2:4:
// the low two bits are the column (in the chunk) of the chunk's first packed
// element, the high two bits that of the second. 1:2: the nibble is 0b0100
// (the element is the chunk's first) or 0b1110 (its second); the hardware
// reads bit 1, as if the tf32 chunk were four 16-bit halves.
//
// Which lanes hold the nibbles: in each group of four lanes (the rows g and
// g + 8 of the fragments), the sparsity selector picks the first of the
// lanes that hold metadata: one lane for rows of 4 chunks (selector 0-3),
// two for 8 chunks (selector 0 or 1: lanes 0-1 or 2-3 of the group), all
// four for 16 chunks (selector 0). How a lane's 32-bit register is filled
// depends on the element width, as the H100 shows (conformance program
// matrix_movement; the PTX ISA gives it only as figures):
// - 16- and 32-bit elements: four chunks of row g (bits 0-15, in chunk
//   order) and the same four chunks of row g + 8 (bits 16-31); the next
//   lane holds the next four chunks.
// - 8-bit elements: eight chunks of one row; the lanes alternate rows g and
//   g + 8, then hold the next eight chunks.
#pragma once

#include <cstdint>

namespace smsim::isa::sem {

struct SparseNibble {
  uint32_t lane = 0;   // the lane (0..31) whose metadata register holds it
  uint32_t shift = 0;  // bit position of the nibble in that register
};

// The nibble of chunk `chunk` of row `row` (0..15), for rows of
// `chunks_per_row` chunks (4, 8 or 16) of elements `element_bits` wide and
// the instruction's selector.
constexpr SparseNibble sparse_nibble(uint32_t row, uint32_t chunk, uint32_t chunks_per_row,
                                     uint32_t selector, uint32_t element_bits) {
  const uint32_t lanes = chunks_per_row / 4;  // metadata lanes per group
  const uint32_t first = (row % 8) * 4 + selector * lanes, upper = row / 8;
  if (element_bits == 8) return {first + (chunk / 8) * 2 + upper, 4 * (chunk % 8)};
  return {first + chunk / 4, 4 * (chunk % 4) + 16 * upper};
}

// The column within its chunk of packed element `index` (0 or 1 for 2:4, 0
// for 1:2) of a chunk whose metadata nibble is `nibble`.
constexpr uint32_t sparse_column(uint32_t nibble, uint32_t index, bool one_of_two) {
  if (one_of_two) return (nibble >> 1) & 1;
  return (nibble >> (2 * index)) & 3;
}

// wgmma.mma_async.sp's tf32 operand facing a packed element of a 1:2 chunk
// whose B elements are `first` and `second`: the nibble's low two bits name
// the 16-bit half (0-1 of `first`, 2-3 of `second`) that becomes the
// operand's low half, its high two bits the high half. The valid nibbles
// 0b0100 and 0b1110 give `first` and `second`; the H100 builds the others'
// mixes too (bad-metadata forms of tools/probes/wgmma_sp_probe.cu).
constexpr uint32_t sparse_tf32_operand(uint32_t nibble, uint32_t first, uint32_t second) {
  const auto half = [&](uint32_t i) {
    return ((i < 2 ? first : second) >> (16 * (i % 2))) & 0xffffu;
  };
  return half(nibble >> 2 & 3) << 16 | half(nibble & 3);
}

// The largest selector a shape allows: one lane (0-3), a pair (0-1), or all four (0).
constexpr uint32_t sparse_max_selector(uint32_t chunks_per_row) {
  return 4 / (chunks_per_row / 4) - 1;
}

}  // namespace smsim::isa::sem
