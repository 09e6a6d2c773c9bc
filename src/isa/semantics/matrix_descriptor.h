// The 64-bit shared-memory matrix descriptor of wgmma and where it puts each
// element of a matrix.
//
// Fields (PTX ISA, "Matrix Descriptor Format"): bits 0-13 start address,
// 16-29 leading dimension byte offset (LBO), 32-45 stride dimension byte
// offset (SBO), all three in units of 16 bytes; 49-51 base offset; 62-63
// swizzle mode (0 none, 1 128-byte, 2 64-byte, 3 32-byte).
//
// A matrix has MN rows (M of A, N of B) and 32 bytes of K per instruction
// (64 for a sparse wgmma's B). In
// a K-major layout K is contiguous: without swizzling, 8 rows of 16 bytes
// form a 128-byte core matrix, core matrices follow each other LBO apart
// along K and SBO apart along MN; with a W-byte swizzle, rows are W bytes
// apart, groups of 8 rows SBO apart, and K bytes beyond W (a sparse wgmma's
// B reads 64 per row: the 32-byte swizzle) sit in the next atom, LBO apart
// (measured: tools/probes/wgmma_sp_probe.cu). In an MN-major
// layout (imm-trans, 16-bit types) MN is contiguous: without swizzling a
// core matrix is 8 K-rows of 8 elements, core matrices SBO apart along MN
// and LBO apart along K; with a W-byte swizzle, K-rows are W bytes apart,
// groups of 8 K-rows SBO apart and groups of W/2 MN elements LBO apart.
//
// Swizzling XORs address bits [4, 4+b) with bits [7, 7+b) (b = 1, 2, 3 for
// 32, 64, 128 bytes) of the shared-memory address itself, so a start
// address inside a swizzle atom (how a K loop advances) reads the atom's
// rotated chunks. The base offset is subtracted from bits [7, 7+b) first.
// All of this was measured on the H100 (conformance program wgmma: one-hot A
// against element indices in shared memory, every mode, K- and MN-major,
// start addresses 32..256 bytes into an atom, base offsets 1..3).
#pragma once

#include <cstdint>

#include "isa/semantics/tensor_swizzle.h"

namespace smsim::isa::sem {

enum class MatrixSwizzle : std::uint8_t { none = 0, b128 = 1, b64 = 2, b32 = 3 };

struct MatrixDescriptor {
  std::uint32_t start = 0;  // byte address in shared memory
  std::uint32_t leading = 0;  // LBO in bytes
  std::uint32_t stride = 0;   // SBO in bytes
  std::uint32_t base_offset = 0;
  MatrixSwizzle swizzle = MatrixSwizzle::none;
};

inline MatrixDescriptor decode_matrix_descriptor(std::uint64_t bits) {
  const auto field = [bits](unsigned shift) {
    return static_cast<std::uint32_t>(bits >> shift & 0x3fffu) << 4;
  };
  return {.start = field(0),
          .leading = field(16),
          .stride = field(32),
          .base_offset = static_cast<std::uint32_t>(bits >> 49 & 7u),
          .swizzle = static_cast<MatrixSwizzle>(bits >> 62 & 3u)};
}

// Swizzle width in bytes, 0 without swizzling.
constexpr std::uint32_t swizzle_bytes(MatrixSwizzle s) {
  switch (s) {
    case MatrixSwizzle::none:
      return 0;
    case MatrixSwizzle::b32:
      return 32;
    case MatrixSwizzle::b64:
      return 64;
    case MatrixSwizzle::b128:
      return 128;
  }
  return 0;
}

// The shared-memory byte address of the element at row `mn` (M or N) whose
// bytes start `k_byte` bytes into the 32 K bytes (K-major), or at K index
// `k` (MN-major, 16-bit elements).
inline std::uint32_t k_major_address(const MatrixDescriptor& d, std::uint32_t mn,
                                     std::uint32_t k_byte) {
  const std::uint32_t w = swizzle_bytes(d.swizzle);
  std::uint32_t a = d.start + mn / 8 * d.stride;
  if (w == 0) return a + k_byte / 16 * d.leading + mn % 8 * 16 + k_byte % 16;
  return a + k_byte / w * d.leading + mn % 8 * w + k_byte % w;
}

inline std::uint32_t mn_major_address(const MatrixDescriptor& d, std::uint32_t mn,
                                      std::uint32_t k) {
  const std::uint32_t w = swizzle_bytes(d.swizzle);
  if (w == 0) return d.start + mn / 8 * d.stride + k / 8 * d.leading + k % 8 * 16 + mn % 8 * 2;
  const std::uint32_t per_row = w / 2;  // 16-bit elements in one swizzled row
  return d.start + mn / per_row * d.leading + k / 8 * d.stride + k % 8 * w + mn % per_row * 2;
}

// The address after swizzling: the tensor copies' swizzle (its 16-byte chunk
// XORed with address bits 7 and up), with the base offset taken off those
// row bits (modulo 2^64, so an offset above the address still works).
inline std::uint32_t swizzle_address(const MatrixDescriptor& d, std::uint32_t address) {
  const std::uint64_t shift = std::uint64_t{d.base_offset} << 7;
  return static_cast<std::uint32_t>(
      tensor_swizzle(std::uint64_t{address} - shift, swizzle_bytes(d.swizzle)) + shift);
}

}  // namespace smsim::isa::sem
