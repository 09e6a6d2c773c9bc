#pragma once
// Whole matrices from and to the fragments of a warp's registers, for the
// matrix multiply-accumulate executors (mma, wmma.mma, mma.sp): every lane of
// the warp contributes its fragment elements (.sync.aligned), and each lane
// in the guard's mask gets its part of the result.

#include <cstddef>
#include <cstdint>

#include "func/exec/exec_context.h"
#include "func/ops/matrix_elements.h"
#include "func/ops/matrix_fragment.h"
#include "isa/semantics/tensor_dot.h"

namespace smsim::func {

// A sub-byte type's byte at (row, col) of the 8-bit layout holds its
// elements (row, per_byte * col + j), or for B (per_byte * row + j, col),
// j in element order from the byte's low bits.
template <std::size_t Rows, std::size_t Cols>
void gather_fragment(const ExecContext& c, const Operand* regs, Fragment f, MatrixElement t,
                     std::uint64_t (&m)[Rows][Cols]) {
  const unsigned n = per_byte(t);
  const bool rows = k_along_rows(f);
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    for (unsigned e = 0; e < distinct_elements(f); ++e) {
      const MatrixCoord p = fragment_coord(f, lane, e);
      for (unsigned j = 0; j < n; ++j) {
        const std::uint64_t v = fragment_element(c, regs, t, lane, e * n + j);
        (rows ? m[p.row * n + j][p.col] : m[p.row][p.col * n + j]) = v;
      }
    }
  }
}

// Writes `count` registers of fragment `f` (elements of type `t`) from `m`.
template <std::size_t Rows, std::size_t Cols>
void scatter_fragment(ExecContext& c, const Operand* regs, unsigned count, Fragment f,
                      MatrixElement t, const std::uint64_t (&m)[Rows][Cols], std::uint32_t mask) {
  const unsigned per = per_register(t), bits = element_bits(t);
  for_each_lane(mask, [&](unsigned lane) {
    for (unsigned r = 0; r < count; ++r) {
      std::uint64_t word = 0;
      for (unsigned j = 0; j < per; ++j) {
        const MatrixCoord p = fragment_coord(f, lane, r * per + j);
        word |= (m[p.row][p.col] & width_mask(bits)) << (bits * j);
      }
      write(c, regs[r], lane, word);
    }
  });
}

// An integer element's value: s8 and s4 sign-extended, u8, u4 and b1
// zero-extended.
inline std::int32_t integer_element(MatrixElement t, std::uint64_t bits) {
  const unsigned width = element_bits(t);
  const auto v = static_cast<std::uint32_t>(bits) & ((1u << width) - 1);
  const bool is_signed = t == MatrixElement::s8 || t == MatrixElement::s4;
  if (is_signed && (v >> (width - 1)) != 0) return static_cast<std::int32_t>(v) - (1 << width);
  return static_cast<std::int32_t>(v);
}

// The tensor-dot input format of a floating-point element type.
constexpr isa::sem::TensorInput tensor_input(MatrixElement t) {
  switch (t) {
    case MatrixElement::bf16:
      return isa::sem::TensorInput::bf16;
    case MatrixElement::tf32:
      return isa::sem::TensorInput::tf32;
    case MatrixElement::e4m3:
      return isa::sem::TensorInput::e4m3;
    case MatrixElement::e5m2:
      return isa::sem::TensorInput::e5m2;
    default:
      return isa::sem::TensorInput::f16;
  }
}

}  // namespace smsim::func
