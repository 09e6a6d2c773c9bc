// wgmma's shared-memory matrix descriptors: field decoding and the address
// of each element in every layout, with hand-computed addresses. The layout
// rules were measured on the H100 (conformance program wgmma's probe_b cases).

#include "isa/semantics/matrix_descriptor.h"

#include <gtest/gtest.h>

namespace smsim::isa::sem {
namespace {

constexpr std::uint64_t descriptor(std::uint64_t start, std::uint64_t lbo, std::uint64_t sbo,
                                   std::uint64_t base, std::uint64_t swizzle) {
  return (start >> 4) | (lbo >> 4) << 16 | (sbo >> 4) << 32 | base << 49 | swizzle << 62;
}

TEST(MatrixDescriptor, DecodesEveryField) {
  const MatrixDescriptor d = decode_matrix_descriptor(descriptor(0x1230, 0x40, 0x400, 5, 1));
  EXPECT_EQ(d.start, 0x1230u);
  EXPECT_EQ(d.leading, 0x40u);
  EXPECT_EQ(d.stride, 0x400u);
  EXPECT_EQ(d.base_offset, 5u);
  EXPECT_EQ(d.swizzle, MatrixSwizzle::b128);
  // Bits outside the fields are ignored; each field keeps 14 bits.
  const MatrixDescriptor e = decode_matrix_descriptor(0xc000000000000000ull | 0xffffull);
  EXPECT_EQ(e.start, 0x3fffu << 4);
  EXPECT_EQ(e.leading, 0u);
  EXPECT_EQ(e.swizzle, MatrixSwizzle::b32);
  EXPECT_EQ(swizzle_bytes(MatrixSwizzle::b64), 64u);
}

TEST(MatrixDescriptor, KMajorWithoutSwizzleUsesCoreMatrices) {
  // Core matrices of 8 rows x 16 bytes; K-adjacent ones LBO = 128 apart,
  // groups of 8 rows SBO = 256 apart.
  const MatrixDescriptor d = decode_matrix_descriptor(descriptor(0x400, 128, 256, 0, 0));
  EXPECT_EQ(k_major_address(d, 0, 0), 0x400u);
  EXPECT_EQ(k_major_address(d, 3, 6), 0x400u + 3 * 16 + 6);
  EXPECT_EQ(k_major_address(d, 3, 16), 0x400u + 128 + 3 * 16);
  EXPECT_EQ(k_major_address(d, 9, 30), 0x400u + 256 + 128 + 16 + 14);
  EXPECT_EQ(swizzle_address(d, 0x4f0), 0x4f0u);  // no swizzle
}

TEST(MatrixDescriptor, KMajorSwizzledRowsAreTheSwizzleWidthApart) {
  // 128-byte swizzle: row r of a group at r * 128, groups SBO = 1024 apart,
  // LBO unused; the 16-byte chunk is XORed with address bits 7-9.
  const MatrixDescriptor d = decode_matrix_descriptor(descriptor(0x2000, 0x7770, 1024, 0, 1));
  EXPECT_EQ(k_major_address(d, 5, 18), 0x2000u + 5 * 128 + 18);
  EXPECT_EQ(swizzle_address(d, 0x2000 + 5 * 128 + 18), 0x2000u + 5 * 128 + (1 ^ 5) * 16 + 2);
  EXPECT_EQ(k_major_address(d, 13, 0), 0x2000u + 1024 + 5 * 128);
  // 32-byte swizzle: bit 4 ^= bit 7.
  const MatrixDescriptor s = decode_matrix_descriptor(descriptor(0, 0, 256, 0, 3));
  EXPECT_EQ(k_major_address(s, 4, 3), 4u * 32 + 3);
  EXPECT_EQ(swizzle_address(s, 4 * 32 + 3), 4u * 32 + 3 + 16);  // 0x83: bit 7 set
  EXPECT_EQ(swizzle_address(s, 3 * 32 + 16), 3u * 32 + 16);     // 0x70: bit 7 clear, unchanged
}

TEST(MatrixDescriptor, KBeyondOneSwizzledRowIsTheNextAtomLboAway) {
  // A sparse wgmma's B has 64 bytes of K per row: with the 32-byte swizzle
  // the second 32 bytes sit in the next atom along K, LBO away (measured:
  // tools/probes/wgmma_sp_probe.cu, LBO 256 to 8192 bytes); rows still 32
  // bytes apart. The 64- and 128-byte swizzles hold all 64 bytes in a row.
  const MatrixDescriptor s = decode_matrix_descriptor(descriptor(0x2000, 768, 256, 0, 3));
  EXPECT_EQ(k_major_address(s, 5, 31), 0x2000u + 5 * 32 + 31);
  EXPECT_EQ(k_major_address(s, 5, 32), 0x2000u + 768 + 5 * 32);
  EXPECT_EQ(k_major_address(s, 13, 63), 0x2000u + 256 + 768 + 5 * 32 + 31);
  const MatrixDescriptor w = decode_matrix_descriptor(descriptor(0x2000, 768, 512, 0, 2));
  EXPECT_EQ(k_major_address(w, 5, 63), 0x2000u + 5 * 64 + 63);
}

TEST(MatrixDescriptor, SwizzleUsesTheAbsoluteAddressMinusTheBaseOffset) {
  // A start 32 bytes into a 1024-byte atom (a K loop's second step) reads
  // the atom's chunks as the absolute address rotates them.
  const MatrixDescriptor d = decode_matrix_descriptor(descriptor(0x2020, 16, 1024, 0, 1));
  EXPECT_EQ(swizzle_address(d, k_major_address(d, 3, 0)), 0x2000u + 3 * 128 + (2 ^ 3) * 16);
  // The base offset is subtracted from the row phase (bits 7-9).
  const MatrixDescriptor b = decode_matrix_descriptor(descriptor(0x2080, 16, 1024, 1, 1));
  EXPECT_EQ(swizzle_address(b, 0x2080), 0x2080u);              // phase (1 - 1) = 0
  EXPECT_EQ(swizzle_address(b, 0x2010), 0x2060u);              // phase (0 - 1) & 7 = 7: 1 ^ 7
  const MatrixDescriptor c = decode_matrix_descriptor(descriptor(0, 0, 512, 2, 2));  // 64-byte
  EXPECT_EQ(swizzle_address(c, 0x80), 0x80u + 3 * 16);  // phase (1 - 2) & 3 = 3
}

TEST(MatrixDescriptor, MnMajorLayouts) {
  // No swizzle: 8 K-rows of 8 elements per core matrix; MN groups SBO apart,
  // K groups LBO apart.
  const MatrixDescriptor d = decode_matrix_descriptor(descriptor(0, 1024, 128, 0, 0));
  EXPECT_EQ(mn_major_address(d, 3, 5), 5u * 16 + 3 * 2);
  EXPECT_EQ(mn_major_address(d, 11, 9), 128u + 1024 + 16 + 6);
  // 64-byte swizzle: 32 elements per K-row, K-rows 64 bytes apart, groups of
  // 8 K-rows SBO = 512 apart, groups of 32 MN elements LBO = 1024 apart.
  const MatrixDescriptor s = decode_matrix_descriptor(descriptor(0, 1024, 512, 0, 2));
  EXPECT_EQ(mn_major_address(s, 40, 10), 1024u + 512 + 2 * 64 + 8 * 2);
}

}  // namespace
}  // namespace smsim::isa::sem
