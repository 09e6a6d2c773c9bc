// mma.sp and mma.sp::ordered_metadata: warp-level multiply-accumulate with a
// structured-sparse A. A's fragment holds only the non-zero half of each row
// (in the dense layout of half the K); the metadata operand places each
// packed element in its row (isa/semantics/sparse_metadata.h) and the
// sparsity selector says which lanes' metadata counts. Each entry of D is
// one tensor-core dot product over the packed elements and the rows of B
// they select (isa/semantics/tensor_dot.h), as the hardware skips the zeros:
// an infinite B entry facing a zero of A does not make a NaN.
//
// The two spellings run alike: ::ordered_metadata only promises that each
// chunk's indices ascend, which the PTX ISA requires of both on sm_90.

#include <fmt/format.h>

#include <array>
#include <utility>

#include "func/exec/exec_context.h"
#include "func/ops/executor_selection.h"
#include "func/ops/matrix_elements.h"
#include "func/ops/matrix_fragment.h"
#include "func/ops/matrix_gather.h"
#include "isa/semantics/sparse_metadata.h"
#include "isa/semantics/tensor_dot.h"

namespace smsim::func {
namespace {

using E = MatrixElement;
using F = Fragment;

struct SparseForm {
  std::uint16_t m, n, k;
  E a, b, c, d;
  F fa, fb;  // A: the packed fragment (M x K/2); C and D are always c_m16n8
  bool saturate;
};

constexpr SparseForm kForms[] = {
    {16, 8, 16, E::f16, E::f16, E::f32, E::f32, F::a_m16k8, F::b_k16n8, false},
    {16, 8, 16, E::f16, E::f16, E::f16, E::f16, F::a_m16k8, F::b_k16n8, false},
    {16, 8, 32, E::f16, E::f16, E::f32, E::f32, F::a_m16k16, F::b_k32n8, false},
    {16, 8, 32, E::f16, E::f16, E::f16, E::f16, F::a_m16k16, F::b_k32n8, false},
    {16, 8, 16, E::bf16, E::bf16, E::f32, E::f32, F::a_m16k8, F::b_k16n8, false},
    {16, 8, 32, E::bf16, E::bf16, E::f32, E::f32, F::a_m16k16, F::b_k32n8, false},
    {16, 8, 8, E::tf32, E::tf32, E::f32, E::f32, F::a_tf32_m16k4, F::b_tf32_k8n8, false},
    {16, 8, 16, E::tf32, E::tf32, E::f32, E::f32, F::a_tf32_m16k8, F::b_tf32_k16n8, false},
#define SMSIM_INT_FORMS(A, B)                                                        \
  {16, 8, 32, A, B, E::s32, E::s32, F::a_wmma8, F::b_i8_k32n8, false},              \
      {16, 8, 32, A, B, E::s32, E::s32, F::a_wmma8, F::b_i8_k32n8, true},           \
      {16, 8, 64, A, B, E::s32, E::s32, F::a_i8_m16k32, F::b_i8_k64n8, false},      \
      {16, 8, 64, A, B, E::s32, E::s32, F::a_i8_m16k32, F::b_i8_k64n8, true}
    SMSIM_INT_FORMS(E::s8, E::s8),
    SMSIM_INT_FORMS(E::s8, E::u8),
    SMSIM_INT_FORMS(E::u8, E::s8),
    SMSIM_INT_FORMS(E::u8, E::u8),
#undef SMSIM_INT_FORMS
    {16, 8, 64, E::e4m3, E::e4m3, E::f32, E::f32, F::a_i8_m16k32, F::b_i8_k64n8, false},
    {16, 8, 64, E::e4m3, E::e5m2, E::f32, E::f32, F::a_i8_m16k32, F::b_i8_k64n8, false},
    {16, 8, 64, E::e5m2, E::e4m3, E::f32, E::f32, F::a_i8_m16k32, F::b_i8_k64n8, false},
    {16, 8, 64, E::e5m2, E::e5m2, E::f32, E::f32, F::a_i8_m16k32, F::b_i8_k64n8, false},
    // s4/u4: the s8 forms of half the K, each byte a pair of elements
    // (matrix_fragment.h); the metadata places pairs as the s8 one places
    // bytes.
#define SMSIM_INT4_FORMS(A, B)                                                       \
  {16, 8, 64, A, B, E::s32, E::s32, F::a_wmma8, F::b_i8_k32n8, false},              \
      {16, 8, 64, A, B, E::s32, E::s32, F::a_wmma8, F::b_i8_k32n8, true},           \
      {16, 8, 128, A, B, E::s32, E::s32, F::a_i8_m16k32, F::b_i8_k64n8, false},     \
      {16, 8, 128, A, B, E::s32, E::s32, F::a_i8_m16k32, F::b_i8_k64n8, true}
    SMSIM_INT4_FORMS(E::s4, E::s4),
    SMSIM_INT4_FORMS(E::s4, E::u4),
    SMSIM_INT4_FORMS(E::u4, E::s4),
    SMSIM_INT4_FORMS(E::u4, E::u4),
#undef SMSIM_INT4_FORMS
};

constexpr unsigned kRows = 16, kCols = 8, kMaxK = 128;

constexpr unsigned registers_of(F f, E t) {
  return (distinct_elements(f) * per_byte(t) + per_register(t) - 1) / per_register(t);
}

// tf32 rows are 1:2 (a chunk of two holds one element), the others 2:4 in
// units of per_byte elements (s4/u4: 4:8 in pairs).
constexpr bool one_of_two(E t) {
  return t == E::tf32;
}
constexpr unsigned chunks_per_row(const SparseForm& f) {
  return one_of_two(f.a) ? f.k / 2 : f.k / (4 * per_byte(f.a));
}

constexpr bool is_integer(E t) {
  return t == E::s8 || t == E::u8 || t == E::s4 || t == E::u4;
}

template <std::size_t Index>
void run_sparse_mma(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  constexpr SparseForm f = kForms[Index];
  constexpr unsigned a_count = registers_of(f.fa, f.a), b_count = registers_of(f.fb, f.b);
  constexpr unsigned c_count = registers_of(F::c_m16n8, f.c);
  constexpr unsigned packed = f.k / 2;  // A's stored columns
  constexpr unsigned chunks = chunks_per_row(f);
  const Operand* d_regs = c.launch.kernel.operand_lists.data() + in.operand_list;
  const Operand* a_regs = d_regs + in.dst_count;
  const Operand* b_regs = a_regs + a_count;
  const Operand* c_regs = b_regs + b_count;
  const Operand& metadata = c_regs[c_count];
  const auto selector = static_cast<std::uint32_t>(c_regs[c_count + 1].imm);
  std::uint64_t a[kRows][kMaxK / 2] = {}, b[kMaxK][kCols] = {}, acc[kRows][kCols] = {};
  gather_fragment(c, a_regs, f.fa, f.a, a);
  gather_fragment(c, b_regs, f.fb, f.b, b);
  gather_fragment(c, c_regs, F::c_m16n8, f.c, acc);
  std::uint32_t meta[kWarpSize] = {};
  for (unsigned lane = 0; lane < kWarpSize; ++lane)
    meta[lane] = static_cast<std::uint32_t>(read(c, metadata, lane));
  // The logical column (row of B) of each packed element of each row; the
  // metadata places units of `n` elements.
  constexpr unsigned n = per_byte(f.a);
  unsigned column[kRows][kMaxK / 2] = {};
  for (unsigned i = 0; i < kRows; ++i) {
    for (unsigned p = 0; p < packed; ++p) {
      const unsigned unit = p / n;
      const unsigned chunk = one_of_two(f.a) ? unit : unit / 2;
      const auto where =
          isa::sem::sparse_nibble(i, chunk, chunks, selector, n * element_bits(f.a));
      const std::uint32_t nibble = meta[where.lane] >> where.shift & 0xf;
      const unsigned width = one_of_two(f.a) ? 2 : 4;
      const unsigned at =
          width * chunk + isa::sem::sparse_column(nibble, unit % 2, one_of_two(f.a));
      column[i][p] = n * at + p % n;
    }
  }
  std::uint64_t d[kRows][kCols] = {};
  for (unsigned i = 0; i < kRows; ++i) {
    for (unsigned j = 0; j < kCols; ++j) {
      if constexpr (is_integer(f.a)) {
        std::array<std::int32_t, kMaxK / 2> x{}, y{};
        for (unsigned p = 0; p < packed; ++p) {
          x[p] = integer_element(f.a, a[i][p]);
          y[p] = integer_element(f.b, b[column[i][p]][j]);
        }
        const auto cc = static_cast<std::uint32_t>(acc[i][j]);
        d[i][j] = f.saturate ? isa::sem::tensor_dot_int_saturating({x.data(), packed},
                                                                   {y.data(), packed}, cc)
                             : isa::sem::tensor_dot_int({x.data(), packed}, {y.data(), packed}, cc);
      } else {
        std::array<std::uint32_t, kMaxK / 2> x{}, y{};
        for (unsigned p = 0; p < packed; ++p) {
          x[p] = static_cast<std::uint32_t>(a[i][p]);
          y[p] = static_cast<std::uint32_t>(b[column[i][p]][j]);
        }
        const auto cc = static_cast<std::uint32_t>(acc[i][j]);
        std::uint32_t r;
        if constexpr (f.a == E::e4m3 || f.a == E::e5m2) {
          r = isa::sem::tensor_dot_fp8_f32(tensor_input(f.a), tensor_input(f.b),
                                              {x.data(), packed}, {y.data(), packed}, cc);
        } else {
          r = isa::sem::tensor_dot_f32(tensor_input(f.a), {x.data(), packed}, {y.data(), packed},
                                       cc, f.c == E::f16);
        }
        d[i][j] = f.d == E::f16 ? isa::sem::tensor_result_f16(r) : r;
      }
    }
  }
  scatter_fragment(c, d_regs, in.dst_count, F::c_m16n8, f.d, d, mask);
}

template <std::size_t... I>
constexpr std::array<ExecFn, sizeof...(I)> runners(std::index_sequence<I...>) {
  return {&run_sparse_mma<I>...};
}
constexpr auto kRunners = runners(std::make_index_sequence<std::size(kForms)>{});

}  // namespace

ExecFn select_sparse_mma(const InstructionSpec& spec, DecodedInstruction& in, std::string& why) {
  // .dtype.atype.btype.ctype, like mma.
  std::optional<E> a, b, cc, d;
  if (spec.type_count == 4) {
    d = matrix_element(spec.types[0]);
    a = matrix_element(spec.types[1]);
    b = matrix_element(spec.types[2]);
    cc = matrix_element(spec.types[3]);
  }
  const bool saturate = spec.has(isa::Modifier::Satfinite);
  const std::string_view name = isa::opcode_mnemonic(spec.opcode);
  for (std::size_t i = 0; i < std::size(kForms); ++i) {
    const SparseForm& f = kForms[i];
    if (f.m != spec.shape[0] || f.n != spec.shape[1] || f.k != spec.shape[2] || f.a != a ||
        f.b != b || f.c != cc || f.d != d || f.saturate != saturate) {
      continue;
    }
    const unsigned a_regs = registers_of(f.fa, f.a), b_regs = registers_of(f.fb, f.b);
    const unsigned c_regs = registers_of(F::c_m16n8, f.c), d_regs = registers_of(F::c_m16n8, f.d);
    // Sources: A, B, C, the metadata and the selector.
    if (in.dst_count != d_regs || in.src_count != a_regs + b_regs + c_regs + 2) {
      why = fmt::format("{} .m{}n{}k{} takes {} D, {} A, {} B and {} C registers, the metadata "
                        "and the sparsity selector",
                        name, f.m, f.n, f.k, d_regs, a_regs, b_regs, c_regs);
      return nullptr;
    }
    // The selector is an immediate; which values the shape allows follows from
    // how many lanes of a group hold metadata.
    const SpecOperand& selector = spec.operands.back();
    const std::uint32_t max_selector = isa::sem::sparse_max_selector(chunks_per_row(f));
    if (selector.kind != SpecOperand::Kind::imm || selector.imm > max_selector) {
      why = fmt::format("the sparsity selector of {} .m{}n{}k{} must be an immediate from 0 to {}",
                        name, f.m, f.n, f.k, max_selector);
      return nullptr;
    }
    return kRunners[i];
  }
  why = fmt::format("{} .m{}n{}k{} with these types is not implemented", name, spec.shape[0],
                    spec.shape[1], spec.shape[2]);
  return nullptr;
}

}  // namespace smsim::func
