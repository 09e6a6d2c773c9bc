// wmma.load / wmma.store (m16n16k16; tf32 m16n16k8; f64 m8n8k4): each lane
// moves its own fragment elements (matrix_fragment.h) between registers and
// the matrix in memory, row- or column-major with a leading dimension of
// `stride` elements (when the operand is absent, the matrix's own row length,
// or column length for column-major).

#include <fmt/format.h>

#include <cstring>

#include "func/exec/exec_context.h"
#include "func/ops/executor_selection.h"
#include "func/ops/matrix_elements.h"
#include "func/ops/matrix_fragment.h"
#include "func/ops/memory_access.h"

namespace smsim::func {
namespace {

using E = MatrixElement;
using F = Fragment;

struct Shape {
  std::uint16_t m, n, k;
};
constexpr Shape k16x16x16{16, 16, 16}, k16x16x8{16, 16, 8}, k8x8x4{8, 8, 4};

struct WmmaForm {
  Shape shape;
  isa::Modifier matrix;  // .a .b .c (loads) or .d (stores)
  E element;
  F fragment;
};

constexpr WmmaForm kForms[] = {
    {k16x16x16, isa::Modifier::A, E::f16, F::a_m16k16},
    {k16x16x16, isa::Modifier::B, E::f16, F::b_wmma16},
    {k16x16x16, isa::Modifier::A, E::bf16, F::a_m16k16},
    {k16x16x16, isa::Modifier::B, E::bf16, F::b_wmma16},
    {k16x16x16, isa::Modifier::A, E::s8, F::a_wmma8},
    {k16x16x16, isa::Modifier::B, E::s8, F::b_wmma8},
    {k16x16x16, isa::Modifier::A, E::u8, F::a_wmma8},
    {k16x16x16, isa::Modifier::B, E::u8, F::b_wmma8},
    {k16x16x16, isa::Modifier::C, E::f16, F::c_wmma16},
    {k16x16x16, isa::Modifier::C, E::f32, F::c_wmma16},
    {k16x16x16, isa::Modifier::C, E::s32, F::c_wmma16},
    {k16x16x16, isa::Modifier::D, E::f16, F::c_wmma16},
    {k16x16x16, isa::Modifier::D, E::f32, F::c_wmma16},
    {k16x16x16, isa::Modifier::D, E::s32, F::c_wmma16},
    {k16x16x8, isa::Modifier::A, E::tf32, F::a_tf32_m16k8},
    {k16x16x8, isa::Modifier::B, E::tf32, F::b_wmma_tf32},
    {k16x16x8, isa::Modifier::C, E::f32, F::c_wmma16},
    {k16x16x8, isa::Modifier::D, E::f32, F::c_wmma16},
    {k8x8x4, isa::Modifier::A, E::f64, F::a_f64_m8k4},
    {k8x8x4, isa::Modifier::B, E::f64, F::b_f64_k4n8},
    {k8x8x4, isa::Modifier::C, E::f64, F::c_f64_m8n8},
    {k8x8x4, isa::Modifier::D, E::f64, F::c_f64_m8n8},
};

// The operand's rows and columns: A is m x k, B k x n, C and D m x n.
constexpr MatrixCoord extent(const WmmaForm& f) {
  switch (f.matrix) {
    case isa::Modifier::A:
      return {f.shape.m, f.shape.k};
    case isa::Modifier::B:
      return {f.shape.k, f.shape.n};
    default:
      return {f.shape.m, f.shape.n};
  }
}

// Without a stride operand the matrix is packed: its leading dimension is
// its row length (row-major) or column length (column-major).
constexpr std::uint64_t default_stride(const WmmaForm& f, bool column_major) {
  return column_major ? extent(f).row : extent(f).col;
}

// The byte offset of entry (row, col) of the matrix in memory.
std::uint64_t offset_of(MatrixCoord p, bool column_major, std::uint64_t stride, unsigned bytes) {
  return (column_major ? std::uint64_t{p.col} * stride + p.row
                       : std::uint64_t{p.row} * stride + p.col) *
         bytes;
}

template <std::size_t Index>
void run_load(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  constexpr WmmaForm f = kForms[Index];
  constexpr unsigned bits = element_bits(f.element), per = per_register(f.element);
  const Operand* regs = c.launch.kernel.operand_lists.data() + in.operand_list;
  const bool column_major = in.mode == isa::Modifier::Col;
  for_each_lane(mask, [&](unsigned lane) {
    const std::uint64_t stride =
        in.src_count > 0 ? read(c, regs[in.dst_count], lane) : default_stride(f, column_major);
    const std::uint64_t base = lane_address(c, in, lane);
    for (unsigned r = 0; r < in.dst_count; ++r) {
      std::uint64_t word = 0;
      for (unsigned j = 0; j < per; ++j) {
        const MatrixCoord p = fragment_coord(f.fragment, lane, r * per + j);
        const std::byte* src =
            resolve(c, in.space, base + offset_of(p, column_major, stride, bits / 8), bits / 8,
                    AccessKind::read, lane);
        if (src == nullptr) return;
        std::uint64_t value = 0;
        std::memcpy(&value, src, bits / 8);
        word |= value << (bits * j);
      }
      write(c, regs[r], lane, word);
    }
  });
}

template <std::size_t Index>
void run_store(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  constexpr WmmaForm f = kForms[Index];
  constexpr unsigned bits = element_bits(f.element), per = per_register(f.element);
  const Operand* regs = c.launch.kernel.operand_lists.data() + in.operand_list;
  const bool column_major = in.mode == isa::Modifier::Col;
  // Sources: the fragment registers, then the optional stride.
  const unsigned fragment_regs = distinct_elements(f.fragment) / per;
  for_each_lane(mask, [&](unsigned lane) {
    const std::uint64_t stride =
        in.src_count > fragment_regs ? read(c, regs[fragment_regs], lane)
                                     : default_stride(f, column_major);
    const std::uint64_t base = lane_address(c, in, lane);
    for (unsigned e = 0; e < distinct_elements(f.fragment); ++e) {
      const MatrixCoord p = fragment_coord(f.fragment, lane, e);
      std::byte* dst = resolve(c, in.space, base + offset_of(p, column_major, stride, bits / 8),
                               bits / 8, AccessKind::write, lane);
      if (dst == nullptr) return;
      const std::uint64_t value = fragment_element(c, regs, f.element, lane, e);
      std::memcpy(dst, &value, bits / 8);
    }
  });
}

template <std::size_t... I>
constexpr std::array<ExecFn, sizeof...(I)> loads(std::index_sequence<I...>) {
  return {&run_load<I>...};
}
template <std::size_t... I>
constexpr std::array<ExecFn, sizeof...(I)> stores(std::index_sequence<I...>) {
  return {&run_store<I>...};
}
constexpr auto kLoads = loads(std::make_index_sequence<std::size(kForms)>{});
constexpr auto kStores = stores(std::make_index_sequence<std::size(kForms)>{});

}  // namespace

ExecFn select_wmma_memory(const InstructionSpec& spec, DecodedInstruction& in, std::string& why) {
  const bool load = spec.opcode == isa::Opcode::WmmaLoad;
  in.mode = spec.has(isa::Modifier::Col) ? isa::Modifier::Col : isa::Modifier::Row;
  for (std::size_t i = 0; i < std::size(kForms); ++i) {
    const WmmaForm& f = kForms[i];
    const bool shape_ok = spec.shape[0] == f.shape.m && spec.shape[1] == f.shape.n &&
                          spec.shape[2] == f.shape.k;
    if (!shape_ok || !spec.has(f.matrix) || matrix_element(spec.type()) != f.element) continue;
    const unsigned distinct_regs = distinct_elements(f.fragment) / per_register(f.element);
    const unsigned regs = load ? in.dst_count : in.src_count;
    const bool with_stride =
        load ? in.src_count == 1 : regs == distinct_regs + 1 || regs == 2 * distinct_regs + 1;
    const unsigned fragment = load ? regs : regs - (with_stride ? 1 : 0);
    if (fragment != distinct_regs && fragment != 2 * distinct_regs) break;
    if (!load && fragment != distinct_regs) break;
    return load ? kLoads[i] : kStores[i];
  }
  why = fmt::format("{} .m{}n{}k{}.{} in this form is not implemented",
                    isa::opcode_mnemonic(spec.opcode), spec.shape[0], spec.shape[1], spec.shape[2],
                    isa::type_name(spec.type()));
  return nullptr;
}

}  // namespace smsim::func
