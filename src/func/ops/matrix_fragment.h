#pragma once
// Where the elements of a warp-level matrix fragment live: lane `lane`'s
// element `e` (in register e / per_register, at bit (e % per_register) *
// width) holds matrix entry (row, col). The mma layouts are the ones the
// PTX ISA specifies per shape and type. wmma leaves its fragment layout
// unspecified; the H100's (read lane by lane in the conformance program
// wmma_forms) is the mma layouts side by side: m16n8k16 for 16-bit and
// 8-bit m16n16k16 (the f16 A and B fragments, eight registers for 16x16
// values, hold that layout twice, and the first copy is the one mma reads),
// m16n8k8 for tf32 m16n16k8, and mma.m8n8k4's for f64 m8n8k4. The register
// contents do not depend on the memory layout the load read.
//
// Sub-byte elements (s4/u4, b1) have no layouts of their own here: the PTX
// ISA's are the 8-bit layouts of the same register count with each byte
// holding 8 / width consecutive elements along K (matrix_gather.h), e.g.
// s4 m16n8k64 is s8 m16n8k32 and b1 m16n8k256 is s8 m16n8k32 too.

#include <cstdint>

namespace smsim::func {

enum class Fragment : std::uint8_t {
  a_m16k16,      // 16-bit A of m16n8k16 and wmma m16n16k16
  a_m16k8,       // 16-bit A of m16n8k8
  b_k16n8,       // 16-bit B of m16n8k16
  b_k8n8,        // 16-bit B of m16n8k8
  a_tf32_m16k8,  // tf32 A of m16n8k8
  a_tf32_m16k4,  // tf32 A of m16n8k4
  b_tf32_k8n8,   // tf32 B of m16n8k8
  b_tf32_k4n8,   // tf32 B of m16n8k4
  c_m16n8,       // C/D of m16n8kK
  a_f64_m8k4,
  b_f64_k4n8,
  c_f64_m8n8,
  b_wmma16,  // 16-bit B of wmma m16n16k16 (two k16n8 halves)
  c_wmma16,  // C/D of wmma m16n16k16 (two m16n8 halves)
  a_wmma8,   // 8-bit A of wmma m16n16k16 (also of mma m16n8k16 and packed mma.sp m16n8k32)
  b_wmma8,   // 8-bit B of wmma m16n16k16
  b_wmma_tf32,  // tf32 B of wmma m16n16k8 (two k8n8 halves)
  // Forms of mma.sp (whose packed A fragments are the dense layouts of half
  // the K above):
  b_k32n8,       // 16-bit B of m16n8k32
  b_tf32_k16n8,  // tf32 B of m16n8k16
  a_i8_m16k32,   // 8-bit A of m16n8k32 (packed A of m16n8k64)
  b_i8_k32n8,    // 8-bit B of m16n8k32
  b_i8_k64n8,    // 8-bit B of m16n8k64
  b_i8_k16n8,    // 8-bit B of mma m16n8k16 (fp8, s8/u8) and m8n8k16
  a_i8_m8k16,    // 8-bit A of mma m8n8k16
  // f64 m16n8k16 A (the f64 m16n8k4/k8 fragments are the tf32 ones of the
  // same shape: one element per register either way).
  a_f64_m16k16,
  // f16 m8n8k4: four independent 8x8x4 products, one per quad pair (lanes
  // 4q..4q+3 and 4q+16..4q+19 form quad pair q). Quad pair q's matrices are
  // stacked: its A rows and C/D rows at 8q.. (A 32x4, C 32x8), its B
  // columns at 8q.. (B 4x32).
  a_qp_row,  // A of .row: a lane holds one row's four k
  a_qp_col,  // A of .col: a lane holds one k column's four rows
  b_qp_row,  // B of .row: a lane holds one k row's four columns
  b_qp_col,  // B of .col: a lane holds one column's four k
  c_qp_f16,  // f16 C/D: a lane holds one row's eight columns
  c_qp_f32,  // f32 C/D
};

struct MatrixCoord {
  std::uint32_t row = 0;
  std::uint32_t col = 0;
};

// Distinct elements per lane (duplicated copies beyond these are ignored).
constexpr std::uint32_t distinct_elements(Fragment f) {
  switch (f) {
    case Fragment::a_m16k16:
    case Fragment::b_wmma16:
    case Fragment::c_wmma16:
    case Fragment::a_wmma8:
    case Fragment::b_wmma8:
    case Fragment::b_k32n8:
    case Fragment::b_i8_k32n8:
      return 8;
    case Fragment::a_i8_m16k32:
    case Fragment::b_i8_k64n8:
      return 16;
    case Fragment::a_f64_m16k16:
    case Fragment::c_qp_f16:
    case Fragment::c_qp_f32:
      return 8;
    case Fragment::a_qp_row:
    case Fragment::a_qp_col:
    case Fragment::b_qp_row:
    case Fragment::b_qp_col:
      return 4;
    case Fragment::b_tf32_k16n8:
    case Fragment::b_wmma_tf32:
    case Fragment::b_i8_k16n8:
    case Fragment::a_i8_m8k16:
      return 4;
    case Fragment::a_m16k8:
    case Fragment::b_k16n8:
    case Fragment::a_tf32_m16k8:
    case Fragment::c_m16n8:
      return 4;
    case Fragment::b_k8n8:
    case Fragment::a_tf32_m16k4:
    case Fragment::b_tf32_k8n8:
    case Fragment::c_f64_m8n8:
      return 2;
    case Fragment::b_tf32_k4n8:
    case Fragment::a_f64_m8k4:
    case Fragment::b_f64_k4n8:
      return 1;
  }
  return 1;
}

// m8n8k4's quad-pair layouts (PTX ISA, "Matrix Fragments for mma.m8n8k4
// with .f16 floating point type"), stacked as the enum says.
constexpr MatrixCoord quad_pair_coord(Fragment f, std::uint32_t lane, std::uint32_t e) {
  const std::uint32_t q = 8 * ((lane >> 2) & 3);  // the quad pair's rows (A, C) or columns (B)
  const std::uint32_t i = lane & 3;               // the lane within its quad
  const std::uint32_t half = lane < 16 ? 0 : 4;   // the second quad of the pair
  switch (f) {
    case Fragment::a_qp_row:
      return {q + i + half, e};
    case Fragment::a_qp_col:
      return {q + e + half, i};
    case Fragment::b_qp_row:
      return {i, q + e + half};
    case Fragment::b_qp_col:
      return {e, q + i + half};
    case Fragment::c_qp_f16:
      return {q + i + half, e};
    case Fragment::c_qp_f32:
      return {q + (lane & 1) + (e & 2) + half, (e & 4) + (lane & 2) + (e & 1)};
    default:
      return {};
  }
}

constexpr MatrixCoord fragment_coord(Fragment f, std::uint32_t lane, std::uint32_t e) {
  const std::uint32_t g = lane >> 2;  // PTX's groupID
  const std::uint32_t t = lane & 3;   // and threadID_in_group
  e %= distinct_elements(f);
  switch (f) {
    case Fragment::a_m16k16:
      return {g + 8 * ((e >> 1) & 1), 2 * t + (e & 1) + 8 * (e >> 2)};
    case Fragment::a_m16k8:
      return {g + 8 * (e >> 1), 2 * t + (e & 1)};
    case Fragment::b_k16n8:
      return {2 * t + (e & 1) + 8 * (e >> 1), g};
    case Fragment::b_k8n8:
      return {2 * t + e, g};
    case Fragment::a_tf32_m16k8:
      return {g + 8 * (e & 1), t + 4 * (e >> 1)};
    case Fragment::a_tf32_m16k4:
      return {g + 8 * e, t};
    case Fragment::b_tf32_k8n8:
      return {t + 4 * e, g};
    case Fragment::b_tf32_k4n8:
      return {t, g};
    case Fragment::c_m16n8:
      return {g + 8 * (e >> 1), 2 * t + (e & 1)};
    case Fragment::a_f64_m8k4:
      return {g, t};
    case Fragment::b_f64_k4n8:
      return {t, g};
    case Fragment::c_f64_m8n8:
      return {g, 2 * t + e};
    case Fragment::b_wmma16:
      return {2 * t + (e & 1) + 8 * ((e >> 1) & 1), g + 8 * (e >> 2)};
    case Fragment::c_wmma16:
      return {g + 8 * ((e >> 1) & 1), 2 * t + (e & 1) + 8 * (e >> 2)};
    case Fragment::a_wmma8:
      return {g + 8 * (e >> 2), 4 * t + (e & 3)};
    case Fragment::b_wmma8:
      return {4 * t + (e & 3), g + 8 * (e >> 2)};
    case Fragment::b_wmma_tf32:
      return {t + 4 * (e & 1), g + 8 * (e >> 1)};
    case Fragment::b_k32n8:
      return {2 * t + (e & 1) + 8 * (e >> 1), g};
    case Fragment::b_tf32_k16n8:
      return {t + 4 * e, g};
    case Fragment::a_i8_m16k32:
      return {g + 8 * ((e >> 2) & 1), 4 * t + (e & 3) + 16 * (e >> 3)};
    case Fragment::b_i8_k16n8:
    case Fragment::b_i8_k32n8:
    case Fragment::b_i8_k64n8:
      return {4 * t + (e & 3) + 16 * (e >> 2), g};
    case Fragment::a_i8_m8k16:
      return {g, 4 * t + e};
    case Fragment::a_f64_m16k16:
      return {g + 8 * (e & 1), t + 4 * (e >> 1)};
    case Fragment::a_qp_row:
    case Fragment::a_qp_col:
    case Fragment::b_qp_row:
    case Fragment::b_qp_col:
    case Fragment::c_qp_f16:
    case Fragment::c_qp_f32:
      return quad_pair_coord(f, lane, e);
  }
  return {};
}

// Whether K runs along the rows of the fragment's matrix (B), not along its
// columns (A; C and D have no K): where a byte's sub-byte elements go.
constexpr bool k_along_rows(Fragment f) {
  switch (f) {
    case Fragment::b_k16n8:
    case Fragment::b_k8n8:
    case Fragment::b_tf32_k8n8:
    case Fragment::b_tf32_k4n8:
    case Fragment::b_f64_k4n8:
    case Fragment::b_wmma16:
    case Fragment::b_wmma8:
    case Fragment::b_wmma_tf32:
    case Fragment::b_k32n8:
    case Fragment::b_tf32_k16n8:
    case Fragment::b_i8_k32n8:
    case Fragment::b_i8_k64n8:
    case Fragment::b_i8_k16n8:
    case Fragment::b_qp_row:
    case Fragment::b_qp_col:
      return true;
    default:
      return false;
  }
}

}  // namespace smsim::func
