// Warp-level matrix multiply-accumulate: mma.sync and wmma.mma. The warp's
// fragments (matrix_fragment.h) are gathered into whole A, B and C matrices,
// every entry of D is one tensor-core dot product (isa/semantics/tensor_dot.h)
// and D is scattered back to the lanes. f16 m8n8k4 is four such products,
// one per quad pair (run_quad_pair_mma). Forms not in kForms are refused at
// load time.

#include <fmt/format.h>

#include <array>
#include <span>
#include <utility>

#include "func/exec/exec_context.h"
#include "func/ops/executor_selection.h"
#include "func/ops/matrix_elements.h"
#include "func/ops/matrix_fragment.h"
#include "func/ops/matrix_gather.h"
#include "isa/semantics/tensor_dot.h"

namespace smsim::func {
namespace {

using E = MatrixElement;
using F = Fragment;
using isa::Opcode;

struct MmaForm {
  Opcode opcode;
  std::uint16_t m, n, k;
  E a, b, c, d;
  F fa, fb, fc;  // fc lays out both C and D
  // The K products are summed in steps of this many, each step's rounded
  // result the next one's accumulator (0: all K in one step).
  std::uint16_t k_step = 0;
  // b1 forms: .and.popc or .xor.popc (a row each).
  isa::sem::BitOp bit_op = isa::sem::BitOp::and_popc;
};

constexpr MmaForm kForms[] = {
    {Opcode::Mma, 16, 8, 8, E::tf32, E::tf32, E::f32, E::f32, F::a_tf32_m16k8, F::b_tf32_k8n8,
     F::c_m16n8},
    {Opcode::Mma, 16, 8, 4, E::tf32, E::tf32, E::f32, E::f32, F::a_tf32_m16k4, F::b_tf32_k4n8,
     F::c_m16n8},
    {Opcode::Mma, 16, 8, 16, E::bf16, E::bf16, E::f32, E::f32, F::a_m16k16, F::b_k16n8, F::c_m16n8},
    {Opcode::Mma, 16, 8, 8, E::bf16, E::bf16, E::f32, E::f32, F::a_m16k8, F::b_k8n8, F::c_m16n8},
    {Opcode::Mma, 16, 8, 16, E::f16, E::f16, E::f32, E::f32, F::a_m16k16, F::b_k16n8, F::c_m16n8},
    {Opcode::Mma, 16, 8, 16, E::f16, E::f16, E::f16, E::f16, F::a_m16k16, F::b_k16n8, F::c_m16n8},
    {Opcode::Mma, 16, 8, 8, E::f16, E::f16, E::f32, E::f32, F::a_m16k8, F::b_k8n8, F::c_m16n8},
    {Opcode::Mma, 16, 8, 8, E::f16, E::f16, E::f16, E::f16, F::a_m16k8, F::b_k8n8, F::c_m16n8},
    {Opcode::Mma, 8, 8, 4, E::f64, E::f64, E::f64, E::f64, F::a_f64_m8k4, F::b_f64_k4n8,
     F::c_f64_m8n8},
    // f64 m16n8k4/k8/k16 run as one DMMA.16x8x4/8/16 each (sm_90 SASS); their
    // A and B fragments place elements as the tf32 ones of the same shape.
    {Opcode::Mma, 16, 8, 4, E::f64, E::f64, E::f64, E::f64, F::a_tf32_m16k4, F::b_f64_k4n8,
     F::c_m16n8},
    {Opcode::Mma, 16, 8, 8, E::f64, E::f64, E::f64, E::f64, F::a_tf32_m16k8, F::b_tf32_k8n8,
     F::c_m16n8},
    {Opcode::Mma, 16, 8, 16, E::f64, E::f64, E::f64, E::f64, F::a_f64_m16k16, F::b_tf32_k16n8,
     F::c_m16n8},
    // f16 m8n8k4, every .alayout.blayout (the A and B fragments say which,
    // a_column_major/b_row_major): quad-pair fragments; C and D take the
    // layout of their own type (accumulator_fragment).
#define SMSIM_QUAD_PAIR_FORMS(C, D)                                                            \
  {Opcode::Mma, 8, 8, 4, E::f16, E::f16, C, D, F::a_qp_row, F::b_qp_col, F::c_qp_f16},          \
      {Opcode::Mma, 8, 8, 4, E::f16, E::f16, C, D, F::a_qp_row, F::b_qp_row, F::c_qp_f16},      \
      {Opcode::Mma, 8, 8, 4, E::f16, E::f16, C, D, F::a_qp_col, F::b_qp_col, F::c_qp_f16},      \
      {Opcode::Mma, 8, 8, 4, E::f16, E::f16, C, D, F::a_qp_col, F::b_qp_row, F::c_qp_f16}
    SMSIM_QUAD_PAIR_FORMS(E::f16, E::f16),
    SMSIM_QUAD_PAIR_FORMS(E::f16, E::f32),
    SMSIM_QUAD_PAIR_FORMS(E::f32, E::f32),
#undef SMSIM_QUAD_PAIR_FORMS
    {Opcode::WmmaMma, 16, 16, 16, E::f16, E::f16, E::f32, E::f32, F::a_m16k16, F::b_wmma16,
     F::c_wmma16},
    {Opcode::WmmaMma, 16, 16, 16, E::f16, E::f16, E::f16, E::f16, F::a_m16k16, F::b_wmma16,
     F::c_wmma16},
    {Opcode::WmmaMma, 16, 16, 16, E::f16, E::f16, E::f16, E::f32, F::a_m16k16, F::b_wmma16,
     F::c_wmma16},
    {Opcode::WmmaMma, 16, 16, 16, E::f16, E::f16, E::f32, E::f16, F::a_m16k16, F::b_wmma16,
     F::c_wmma16},
    {Opcode::WmmaMma, 16, 16, 16, E::bf16, E::bf16, E::f32, E::f32, F::a_m16k16, F::b_wmma16,
     F::c_wmma16},
    {Opcode::WmmaMma, 16, 16, 16, E::s8, E::s8, E::s32, E::s32, F::a_wmma8, F::b_wmma8,
     F::c_wmma16},
    {Opcode::WmmaMma, 16, 16, 16, E::u8, E::u8, E::s32, E::s32, F::a_wmma8, F::b_wmma8,
     F::c_wmma16},
    // The H100 runs tf32 m16n16k8 as two k4 steps: only chaining two 4-term
    // dot products reproduces all 256 entries of its random products (one
    // 8-term sum gives 205; conformance program wmma_forms).
    {Opcode::WmmaMma, 16, 16, 8, E::tf32, E::tf32, E::f32, E::f32, F::a_tf32_m16k8,
     F::b_wmma_tf32, F::c_wmma16, 4},
    {Opcode::WmmaMma, 8, 8, 4, E::f64, E::f64, E::f64, E::f64, F::a_f64_m8k4, F::b_f64_k4n8,
     F::c_f64_m8n8},
    // fp8 (sm_89+; the k16 shape and the f16 accumulator from PTX ISA 8.7):
    // ptxas makes f16 HMMA steps of them (tensor_dot_fp8_f32/_f16).
#define SMSIM_FP8_FORMS(A, B)                                                                   \
  {Opcode::Mma, 16, 8, 32, A, B, E::f32, E::f32, F::a_i8_m16k32, F::b_i8_k32n8, F::c_m16n8},    \
      {Opcode::Mma, 16, 8, 32, A, B, E::f16, E::f16, F::a_i8_m16k32, F::b_i8_k32n8, F::c_m16n8}, \
      {Opcode::Mma, 16, 8, 16, A, B, E::f32, E::f32, F::a_wmma8, F::b_i8_k16n8, F::c_m16n8},     \
      {Opcode::Mma, 16, 8, 16, A, B, E::f16, E::f16, F::a_wmma8, F::b_i8_k16n8, F::c_m16n8}
    SMSIM_FP8_FORMS(E::e4m3, E::e4m3),
    SMSIM_FP8_FORMS(E::e4m3, E::e5m2),
    SMSIM_FP8_FORMS(E::e5m2, E::e4m3),
    SMSIM_FP8_FORMS(E::e5m2, E::e5m2),
#undef SMSIM_FP8_FORMS
    // Integer mma.sync (.satfinite selects the saturating runner). The
    // sub-byte forms use the 8-bit layouts of the same register counts
    // (matrix_fragment.h): s4 m8n8k32 is s8 m8n8k16, m16n8k32 m16n8k16,
    // m16n8k64 m16n8k32; b1 k128 and k256 likewise.
#define SMSIM_INT_FORMS(A, B, K1, K2, K3)                                                       \
  {Opcode::Mma, 8, 8, K1, A, B, E::s32, E::s32, F::a_i8_m8k16, F::b_i8_k16n8, F::c_f64_m8n8},   \
      {Opcode::Mma, 16, 8, K2, A, B, E::s32, E::s32, F::a_wmma8, F::b_i8_k16n8, F::c_m16n8},    \
      {Opcode::Mma, 16, 8, K3, A, B, E::s32, E::s32, F::a_i8_m16k32, F::b_i8_k32n8, F::c_m16n8}
    SMSIM_INT_FORMS(E::s8, E::s8, 16, 16, 32),
    SMSIM_INT_FORMS(E::s8, E::u8, 16, 16, 32),
    SMSIM_INT_FORMS(E::u8, E::s8, 16, 16, 32),
    SMSIM_INT_FORMS(E::u8, E::u8, 16, 16, 32),
    SMSIM_INT_FORMS(E::s4, E::s4, 32, 32, 64),
    SMSIM_INT_FORMS(E::s4, E::u4, 32, 32, 64),
    SMSIM_INT_FORMS(E::u4, E::s4, 32, 32, 64),
    SMSIM_INT_FORMS(E::u4, E::u4, 32, 32, 64),
#undef SMSIM_INT_FORMS
#define SMSIM_B1_FORMS(OP)                                                                      \
  {Opcode::Mma, 8, 8, 128, E::b1, E::b1, E::s32, E::s32, F::a_i8_m8k16, F::b_i8_k16n8,          \
   F::c_f64_m8n8, 0, OP},                                                                       \
      {Opcode::Mma, 16, 8, 128, E::b1, E::b1, E::s32, E::s32, F::a_wmma8, F::b_i8_k16n8,        \
       F::c_m16n8, 0, OP},                                                                      \
      {Opcode::Mma, 16, 8, 256, E::b1, E::b1, E::s32, E::s32, F::a_i8_m16k32, F::b_i8_k32n8,    \
       F::c_m16n8, 0, OP}
    SMSIM_B1_FORMS(isa::sem::BitOp::and_popc),
    SMSIM_B1_FORMS(isa::sem::BitOp::xor_popc),
#undef SMSIM_B1_FORMS
};

constexpr bool integer_form(const MmaForm& f) {
  return f.a == E::s8 || f.a == E::u8 || f.a == E::s4 || f.a == E::u4;
}

constexpr bool bit_form(const MmaForm& f) {
  return f.a == E::b1;
}

constexpr bool fp8_form(const MmaForm& f) {
  return f.a == E::e4m3 || f.a == E::e5m2;
}

constexpr bool quad_pair_form(const MmaForm& f) {
  return f.fc == F::c_qp_f16;
}

// mma's .alayout.blayout: .row.col but for the m8n8k4 f16 fragments.
constexpr bool a_column_major(const MmaForm& f) {
  return f.fa == F::a_qp_col;
}
constexpr bool b_row_major(const MmaForm& f) {
  return f.fb == F::b_qp_row;
}

// The layout of C (t = f.c) or D (t = f.d): m8n8k4 f16's depends on the type.
constexpr F accumulator_fragment(const MmaForm& f, E t) {
  if (quad_pair_form(f)) return t == E::f32 ? F::c_qp_f32 : F::c_qp_f16;
  return f.fc;
}

constexpr unsigned kMaxDim = 16;

// Registers a fragment takes: its distinct elements (sub-byte types: its
// bytes' elements), or twice as many for the duplicated 16-bit wmma A/B
// fragments (matrix_fragment.h).
constexpr unsigned registers_of(F f, E t) {
  return (distinct_elements(f) * per_byte(t) + per_register(t) - 1) / per_register(t);
}

// f16 m8n8k4: the four quad pairs' 8x8x4 products (stacked as
// matrix_fragment.h says), each entry as sm_90's emulation computes it.
void run_quad_pair_mma(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask,
                       const MmaForm& f) {
  constexpr unsigned kRows = 32, kK = 4, kCols = 8;
  const Operand* d_regs = c.launch.kernel.operand_lists.data() + in.operand_list;
  const Operand* a_regs = d_regs + in.dst_count;
  const Operand* b_regs = a_regs + registers_of(f.fa, f.a);
  const Operand* c_regs = b_regs + registers_of(f.fb, f.b);
  std::uint64_t a[kRows][kK] = {}, b[kK][kRows] = {}, acc[kRows][kCols] = {};
  gather_fragment(c, a_regs, f.fa, f.a, a);
  gather_fragment(c, b_regs, f.fb, f.b, b);
  gather_fragment(c, c_regs, accumulator_fragment(f, f.c), f.c, acc);
  std::uint64_t d[kRows][kCols] = {};
  for (unsigned i = 0; i < kRows; ++i) {
    const unsigned quad_pair_columns = i & ~7u;
    for (unsigned j = 0; j < kCols; ++j) {
      std::array<std::uint32_t, kK> x{}, y{};
      for (unsigned k = 0; k < kK; ++k) {
        x[k] = static_cast<std::uint32_t>(a[i][k]);
        y[k] = static_cast<std::uint32_t>(b[k][quad_pair_columns + j]);
      }
      const auto c_bits = static_cast<std::uint32_t>(acc[i][j]);
      if (f.d == E::f16) {
        d[i][j] = isa::sem::tensor_dot_m8n8k4_f16(x, y, static_cast<std::uint16_t>(c_bits),
                                                  a_column_major(f) ? 0 : 2);
      } else {
        const std::uint32_t c32 =
            f.c == E::f16 ? isa::sem::cvt_f32_from_f16(static_cast<std::uint16_t>(c_bits), false)
                          : c_bits;
        d[i][j] = isa::sem::tensor_dot_m8n8k4_f32(x, y, c32);
      }
    }
  }
  scatter_fragment(c, d_regs, in.dst_count, accumulator_fragment(f, f.d), f.d, d, mask);
}

// Saturate: .satfinite on an integer form clamps the exact sum to the s32
// range instead of wrapping (an exact-sum rule the H100 recordings of
// tools/probes/mma_int_probe.cu check).
template <std::size_t Index, bool Saturate>
void run_mma(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  constexpr MmaForm f = kForms[Index];
  if constexpr (quad_pair_form(f)) {
    run_quad_pair_mma(c, in, mask, f);
    return;
  }
  const Operand* d_regs = c.launch.kernel.operand_lists.data() + in.operand_list;
  constexpr unsigned c_count = registers_of(f.fc, f.c);
  const unsigned ab_count = in.src_count - c_count;
  // Duplicated A/B fragments take twice the registers: B starts after A's.
  const unsigned a_count = ab_count == 2 * (registers_of(f.fa, f.a) + registers_of(f.fb, f.b))
                               ? 2 * registers_of(f.fa, f.a)
                               : registers_of(f.fa, f.a);
  const Operand* a_regs = d_regs + in.dst_count;
  const Operand* b_regs = a_regs + a_count;
  const Operand* c_regs = a_regs + ab_count;
  std::uint64_t a[kMaxDim][f.k] = {}, b[f.k][kMaxDim] = {}, acc[kMaxDim][kMaxDim] = {};
  gather_fragment(c, a_regs, f.fa, f.a, a);
  gather_fragment(c, b_regs, f.fb, f.b, b);
  gather_fragment(c, c_regs, f.fc, f.c, acc);
  std::uint64_t d[kMaxDim][kMaxDim] = {};
  for (unsigned i = 0; i < f.m; ++i) {
    for (unsigned j = 0; j < f.n; ++j) {
      if constexpr (f.a == E::f64) {
        std::array<std::uint64_t, f.k> x{}, y{};
        for (unsigned k = 0; k < f.k; ++k) x[k] = a[i][k], y[k] = b[k][j];
        d[i][j] = isa::sem::tensor_dot_f64({x.data(), f.k}, {y.data(), f.k}, acc[i][j]);
      } else if constexpr (integer_form(f) || bit_form(f)) {
        std::array<std::int32_t, f.k> x{}, y{};
        for (unsigned k = 0; k < f.k; ++k)
          x[k] = integer_element(f.a, a[i][k]), y[k] = integer_element(f.b, b[k][j]);
        const auto cc = static_cast<std::uint32_t>(acc[i][j]);
        if constexpr (bit_form(f)) {
          d[i][j] = isa::sem::tensor_dot_b1(f.bit_op, x, y, cc);
        } else {
          d[i][j] = Saturate ? isa::sem::tensor_dot_int_saturating(x, y, cc)
                             : isa::sem::tensor_dot_int(x, y, cc);
        }
      } else {
        std::array<std::uint32_t, f.k> x{}, y{};
        for (unsigned k = 0; k < f.k; ++k) {
          x[k] = static_cast<std::uint32_t>(a[i][k]);
          y[k] = static_cast<std::uint32_t>(b[k][j]);
        }
        const isa::sem::TensorInput in = tensor_input(f.a);
        const auto c_bits = static_cast<std::uint32_t>(acc[i][j]);
        if constexpr (fp8_form(f)) {
          static_assert(f.c == f.d, "fp8 forms accumulate in their result type");
          const std::span<const std::uint32_t> xs(x.data(), f.k), ys(y.data(), f.k);
          d[i][j] = f.d == E::f16 ? isa::sem::tensor_dot_fp8_f16(in, tensor_input(f.b), xs, ys,
                                                                 static_cast<std::uint16_t>(c_bits))
                                  : isa::sem::tensor_dot_fp8_f32(in, tensor_input(f.b), xs, ys,
                                                                 c_bits);
        } else if constexpr (f.k_step != 0) {
          static_assert(f.d == E::f32 && f.c == E::f32, "stepped sums are f32 only");
          std::uint32_t sum = c_bits;
          for (unsigned k = 0; k < f.k; k += f.k_step) {
            sum = isa::sem::tensor_dot_f32(in, in, {x.data() + k, f.k_step},
                                           {y.data() + k, f.k_step}, sum, false);
          }
          d[i][j] = sum;
        } else {
          const std::span<const std::uint32_t> xs(x.data(), f.k), ys(y.data(), f.k);
          d[i][j] = f.d == E::f16
                        ? isa::sem::tensor_dot_to_f16(in, in, xs, ys, c_bits, f.c == E::f16)
                        : isa::sem::tensor_dot_f32(in, in, xs, ys, c_bits, f.c == E::f16);
        }
      }
    }
  }
  scatter_fragment(c, d_regs, in.dst_count, f.fc, f.d, d, mask);
}

template <bool Saturate, std::size_t... I>
constexpr std::array<ExecFn, sizeof...(I)> runners(std::index_sequence<I...>) {
  return {&run_mma<I, Saturate>...};
}
constexpr auto kRunners = runners<false>(std::make_index_sequence<std::size(kForms)>{});
constexpr auto kSaturatingRunners = runners<true>(std::make_index_sequence<std::size(kForms)>{});

}  // namespace

ExecFn select_mma(const InstructionSpec& spec, DecodedInstruction& in, std::string& why) {
  // mma: .dtype.atype.btype.ctype. wmma.mma: .dtype.ctype for f16 inputs,
  // else .dtype.atype.btype.ctype.
  std::optional<E> a = E::f16, b = E::f16, cc, d;
  if (spec.type_count == 4) {
    d = matrix_element(spec.types[0]);
    a = matrix_element(spec.types[1]);
    b = matrix_element(spec.types[2]);
    cc = matrix_element(spec.types[3]);
  } else if (spec.type_count == 2 && spec.opcode == Opcode::WmmaMma) {
    d = matrix_element(spec.types[0]);
    cc = matrix_element(spec.types[1]);
  }
  // .satfinite: the integer forms only. b1: .and.popc or .xor.popc picks the row.
  const bool saturate = spec.has(isa::Modifier::Satfinite);
  const auto bit_op =
      spec.has(isa::Modifier::Xor) ? isa::sem::BitOp::xor_popc : isa::sem::BitOp::and_popc;
  for (std::size_t i = 0; i < std::size(kForms) && !spec.has(isa::Modifier::Sp); ++i) {
    const MmaForm& f = kForms[i];
    if (f.opcode != spec.opcode || f.m != spec.shape[0] || f.n != spec.shape[1] ||
        f.k != spec.shape[2] || f.a != a || f.b != b || f.c != cc || f.d != d ||
        (bit_form(f) && f.bit_op != bit_op)) {
      continue;
    }
    // wmma.mma's layouts do not change its fragments; mma's do.
    const bool layouts_ok =
        a_column_major(f) == spec.a_column_major && b_row_major(f) == spec.b_row_major;
    if (f.opcode == Opcode::Mma && !layouts_ok) continue;
    if (saturate && !integer_form(f)) break;
    // b1 needs its operation and popc; no other form takes them.
    const bool bit_modifiers = (spec.has(isa::Modifier::And) || spec.has(isa::Modifier::Xor)) &&
                               spec.has(isa::Modifier::Popc);
    if (bit_form(f) != bit_modifiers) break;
    const unsigned a_regs = registers_of(f.fa, f.a), b_regs = registers_of(f.fb, f.b);
    const unsigned c_regs = registers_of(accumulator_fragment(f, f.c), f.c);
    const unsigned d_regs = registers_of(accumulator_fragment(f, f.d), f.d);
    const bool counts_ok =
        in.dst_count == d_regs && (in.src_count == a_regs + b_regs + c_regs ||
                                   in.src_count == 2 * (a_regs + b_regs) + c_regs);
    if (!counts_ok) break;
    return saturate ? kSaturatingRunners[i] : kRunners[i];
  }
  why = fmt::format("{} .m{}n{}k{} with these types and operands is not implemented",
                    isa::opcode_mnemonic(spec.opcode), spec.shape[0], spec.shape[1], spec.shape[2]);
  return nullptr;
}

}  // namespace smsim::func
