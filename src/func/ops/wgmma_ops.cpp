// Hopper's warpgroup MMA: wgmma.mma_async (sm_90a) and its fence,
// commit_group and wait_group.
//
// Four consecutive warps (a warpgroup) compute D = A * B + D for a 64 x N
// tile, and warp w of the group (its index in the block modulo 4) holds rows
// 16w .. 16w + 15 of A (from registers) and of D. B, and A when it comes
// from a descriptor, are read from shared memory (isa/semantics/
// matrix_descriptor.h). So each warp's part depends on nothing the other
// three hold, and the engine runs it when that warp issues the instruction.
// That is what the hardware's results are for every program the PTX ISA
// allows: one that writes the shared-memory operands before the wgmma
// (behind fence.proxy.async and a barrier) and neither touches the
// accumulator and A registers nor rewrites the operands until its
// wgmma.wait_group has waited for the group. The fence, commit_group and
// wait_group instructions order that asynchrony and leave values alone, so
// they have no effect here.
//
// Every D entry is one tensor-core dot product (isa/semantics/tensor_dot.h)
// of the instruction's K products and the accumulator, which scale-d = 0
// leaves out; imm-scale-a/b = -1 negate A or B.
//
// wgmma.mma_async.sp: A is structured-sparse. Its operand (registers or
// descriptor) holds only the non-zero half of each row, laid out as a dense
// A of half the K, and B has the full K (64 bytes per row). The metadata
// register places each packed element in its row as mma.sp does for the
// shapes of the same element width (isa/semantics/sparse_metadata.h), for
// each warp's 16 rows, and the sparsity selector picks the lanes that hold
// it. The dot product runs over the packed elements and the B rows they
// select only.

#include <fmt/format.h>

#include <array>
#include <optional>

#include "func/exec/exec_context.h"
#include "func/ops/executor_selection.h"
#include "func/ops/memory_access.h"
#include "isa/semantics/matrix_descriptor.h"
#include "isa/semantics/sparse_metadata.h"
#include "isa/semantics/tensor_dot.h"

namespace smsim::func {
namespace {

using isa::Type;

constexpr unsigned kRowsPerWarp = 16;
constexpr unsigned kMaxN = 256;
constexpr unsigned kKBytes = 32;       // every form reads 32 bytes of A's K per row
constexpr unsigned kMaxK = 256;        // .b1; a sparse B's K is at most 64
constexpr unsigned kFragmentRegs = 4;  // A from registers

enum class Input : std::uint8_t { f16, bf16, tf32, e4m3, e5m2, s8, u8, b1 };

std::optional<Input> input_of(Type t) {
  switch (t) {
    case Type::F16:
      return Input::f16;
    case Type::Bf16:
      return Input::bf16;
    case Type::Tf32:
      return Input::tf32;
    case Type::E4m3:
      return Input::e4m3;
    case Type::E5m2:
      return Input::e5m2;
    case Type::S8:
      return Input::s8;
    case Type::U8:
      return Input::u8;
    case Type::B1:
      return Input::b1;
    default:
      return std::nullopt;
  }
}

constexpr unsigned input_bits(Input i) {
  switch (i) {
    case Input::f16:
    case Input::bf16:
      return 16;
    case Input::tf32:
      return 32;
    case Input::e4m3:
    case Input::e5m2:
    case Input::s8:
    case Input::u8:
      return 8;
    case Input::b1:
      return 1;
  }
  return 8;
}

constexpr unsigned k_of(Input i) { return kKBytes * 8 / input_bits(i); }

constexpr bool is_float(Input i) {
  return i == Input::f16 || i == Input::bf16 || i == Input::tf32 || i == Input::e4m3 ||
         i == Input::e5m2;
}

isa::sem::TensorInput tensor_input(Input i) {
  switch (i) {
    case Input::bf16:
      return isa::sem::TensorInput::bf16;
    case Input::tf32:
      return isa::sem::TensorInput::tf32;
    case Input::e4m3:
      return isa::sem::TensorInput::e4m3;
    case Input::e5m2:
      return isa::sem::TensorInput::e5m2;
    default:
      return isa::sem::TensorInput::f16;
  }
}

// The sign bit of an element, flipped by imm-scale = -1.
constexpr std::uint32_t sign_bit(Input i) { return std::uint32_t{1} << (input_bits(i) - 1); }

// What the decoder leaves for the executor: the types, and where in the
// operand list A, B, scale-d and the immediates are.
struct Form {
  Input a, b;
  bool d_f16 = false;  // f16 accumulators, two per register
  bool saturate = false;
  bool sparse = false;
};

Form form_of(const DecodedInstruction& in) {
  return {.a = *input_of(in.type2),
          .b = *input_of(in.type3),
          .d_f16 = in.type == Type::F16,
          .saturate = in.has(kSat),
          .sparse = in.opcode == isa::Opcode::WgmmaMmaAsyncSp};
}

// Source operands after D: A (four registers or a descriptor), B's
// descriptor, the sparse forms' metadata and selector, scale-d, then
// imm-scale-a/b (floating-point forms) and imm-trans-a/b (16-bit forms;
// imm-trans-a only with a descriptor A).
struct SourceCounts {
  unsigned with_desc, with_regs;
};
constexpr SourceCounts source_counts(Input a, bool sparse) {
  const bool sixteen = a == Input::f16 || a == Input::bf16;
  const unsigned common = 2 + (sparse ? 2 : 0) + (is_float(a) ? 2 : 0);  // B, scale-d, ...
  return {.with_desc = 1 + common + (sixteen ? 2 : 0),
          .with_regs = kFragmentRegs + common + (sixteen ? 1 : 0)};
}

// Which B row (logical K index) each packed element of each of the warp's
// 16 rows faces: the chunks are 4 elements with 2 kept (2:4), or for tf32 2
// with 1 kept (1:2); the nibbles sit in the metadata registers of the
// selected lanes. A tf32 element gets its chunk and nibble (chunk << 4 |
// nibble) instead: the H100 builds its B operand from 16-bit halves of the
// chunk's two elements (isa::sem::sparse_tf32_operand), which only the
// valid nibbles reduce to one element.
void sparse_columns(ExecContext& c, const Operand& metadata, unsigned selector, Input a,
                    unsigned packed,
                    std::array<std::array<std::uint16_t, kMaxK>, kRowsPerWarp>& column) {
  const bool one_of_two = a == Input::tf32;
  const unsigned chunks = one_of_two ? packed : packed / 2;
  std::array<std::uint32_t, kWarpSize> meta{};
  for (unsigned lane = 0; lane < kWarpSize; ++lane)
    meta[lane] = static_cast<std::uint32_t>(read(c, metadata, lane));
  for (unsigned row = 0; row < kRowsPerWarp; ++row) {
    for (unsigned p = 0; p < packed; ++p) {
      const unsigned chunk = one_of_two ? p : p / 2;
      const auto where = isa::sem::sparse_nibble(row, chunk, chunks, selector, input_bits(a));
      const std::uint32_t nibble = meta[where.lane] >> where.shift & 0xfu;
      column[row][p] = static_cast<std::uint16_t>(
          one_of_two ? chunk << 4 | nibble
                     : 4 * chunk + isa::sem::sparse_column(nibble, p % 2, false));
    }
  }
}

// Row and column of accumulator element e (two per f16 register, one per
// 32-bit register) of `lane` in its warp's 16 rows.
constexpr std::array<unsigned, 2> d_coord(unsigned lane, unsigned e) {
  const unsigned g = lane / 4, t = lane % 4, j = e % 4;
  return {g + 8 * (j >> 1), 8 * (e / 4) + 2 * t + (j & 1)};
}

// Row and column of bit `bit` of A register `reg` of `lane` (the mma
// m16n8kK A layouts: 16-bit, tf32, 8-bit and 1-bit elements).
constexpr std::array<unsigned, 2> a_coord(Input in, unsigned lane, unsigned reg, unsigned bit) {
  const unsigned g = lane / 4, t = lane % 4;
  const unsigned width = input_bits(in);
  const unsigned e = bit / width;  // element within the register
  switch (width) {
    case 16: {
      const unsigned x = 2 * reg + e;
      return {g + 8 * ((x >> 1) & 1), 2 * t + (x & 1) + 8 * (x >> 2)};
    }
    case 32:
      return {g + 8 * (reg & 1), t + 4 * (reg >> 1)};
    default: {
      const unsigned per = 32 / width;  // 4 bytes or 32 bits
      return {g + 8 * (reg & 1), per * t + e + 4 * per * (reg >> 1)};
    }
  }
}

// One element of a matrix in shared memory: `mn` its row (M of A, N of B),
// `k` its K index.
bool read_element(ExecContext& c, const isa::sem::MatrixDescriptor& d, bool mn_major, Input in,
                  unsigned mn, unsigned k, std::uint32_t& out) {
  const unsigned width = input_bits(in);
  const std::uint32_t address = isa::sem::swizzle_address(
      d, mn_major ? isa::sem::mn_major_address(d, mn, k)
                  : isa::sem::k_major_address(d, mn, k * width / 8));
  const unsigned bytes = width < 8 ? 1 : width / 8;
  const std::byte* p = resolve(c, MemorySpace::shared, address, bytes, AccessKind::read, 0, 1);
  if (p == nullptr) return false;
  std::uint32_t v = 0;
  for (unsigned i = 0; i < bytes; ++i) v |= std::to_integer<std::uint32_t>(p[i]) << (8 * i);
  out = width < 8 ? (v >> (k % 8)) & 1u : v;
  return true;
}

std::int32_t integer_of(Input in, std::uint32_t bits) {
  if (in == Input::s8) return static_cast<std::int8_t>(bits & 0xffu);
  return static_cast<std::int32_t>(bits & 0xffu);
}

struct Operands {
  const Operand* d;
  const Operand* a;  // four registers or one descriptor
  const Operand* b;
  const Operand* scale_d;
  const Operand* imm;  // imm-scale-a, imm-scale-b, then imm-trans-a (descriptor A), imm-trans-b
  bool a_in_registers;
};

void run_wgmma(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  if (mask == 0) return;
  const Form f = form_of(in);
  const Operand* list = c.launch.kernel.operand_lists.data() + in.operand_list;
  const bool a_regs = in.src_count == source_counts(f.a, f.sparse).with_regs;
  const unsigned sparse_ops = f.sparse ? 2 : 0;  // metadata, selector
  const unsigned imm_count = in.src_count - (a_regs ? kFragmentRegs : 1) - 2 - sparse_ops;
  Operands o{.d = list,
             .a = list + in.dst_count,
             .b = list + in.dst_count + (a_regs ? kFragmentRegs : 1),
             .scale_d = nullptr,
             .imm = nullptr,
             .a_in_registers = a_regs};
  o.scale_d = o.b + 1 + sparse_ops;
  o.imm = o.scale_d + 1;
  const auto imm = [&](unsigned i) { return static_cast<std::int64_t>(o.imm[i].imm); };
  const bool scaled = imm_count >= 2;
  const bool negate_a = scaled && imm(0) == -1, negate_b = scaled && imm(1) == -1;
  const bool trans_a = imm_count == 4 && imm(2) == 1;
  const bool trans_b = (imm_count == 4 && imm(3) == 1) || (imm_count == 3 && imm(2) == 1);

  const unsigned lane0 = static_cast<unsigned>(std::countr_zero(mask));
  const bool accumulate = read(c, *o.scale_d, lane0) != 0;
  const unsigned elements = (f.d_f16 ? 2 : 1) * in.dst_count;  // per lane
  const unsigned n = 2 * elements;
  const unsigned k_count = k_of(f.a);                     // A's stored columns
  const unsigned b_k = f.sparse ? 2 * k_count : k_count;  // B's rows (the logical K)
  const unsigned row0 = kRowsPerWarp * (c.warp.index % 4);

  static thread_local std::array<std::array<std::uint32_t, kMaxK>, kRowsPerWarp> a;
  static thread_local std::array<std::array<std::uint32_t, kMaxK>, kMaxN> b;  // b[n][k]
  if (o.a_in_registers) {
    const unsigned width = input_bits(f.a);
    for (unsigned lane = 0; lane < kWarpSize; ++lane) {
      for (unsigned r = 0; r < kFragmentRegs; ++r) {
        const std::uint64_t word = read(c, o.a[r], lane);
        for (unsigned bit = 0; bit < 32; bit += width) {
          const auto [row, col] = a_coord(f.a, lane, r, bit);
          a[row][col] = static_cast<std::uint32_t>(word >> bit) &
                        static_cast<std::uint32_t>(width_mask(width));
        }
      }
    }
  } else {
    const auto desc = isa::sem::decode_matrix_descriptor(read(c, *o.a, lane0));
    for (unsigned row = 0; row < kRowsPerWarp; ++row) {
      for (unsigned k = 0; k < k_count; ++k) {
        if (!read_element(c, desc, trans_a, f.a, row0 + row, k, a[row][k])) return;
      }
    }
  }
  const auto b_desc = isa::sem::decode_matrix_descriptor(read(c, *o.b, lane0));
  for (unsigned col = 0; col < n; ++col) {
    for (unsigned k = 0; k < b_k; ++k) {
      if (!read_element(c, b_desc, trans_b, f.b, col, k, b[col][k])) return;
    }
  }
  if (negate_a) {
    for (auto& row : a)
      for (unsigned k = 0; k < k_count; ++k) row[k] ^= sign_bit(f.a);
  }
  if (negate_b) {
    for (unsigned col = 0; col < n; ++col)
      for (unsigned k = 0; k < b_k; ++k) b[col][k] ^= sign_bit(f.b);
  }
  static thread_local std::array<std::array<std::uint16_t, kMaxK>, kRowsPerWarp> column;
  if (f.sparse) {
    sparse_columns(c, o.b[1], static_cast<unsigned>(o.b[2].imm), f.a, k_count, column);
  }
  // The B elements facing row `row`'s A elements: B's column as it is, or
  // for a sparse A the rows its metadata selects.
  std::array<std::uint32_t, kMaxK> gathered{};
  const auto b_for = [&](unsigned row, unsigned col) -> std::span<const std::uint32_t> {
    if (!f.sparse) return {b[col].data(), k_count};
    for (unsigned p = 0; p < k_count; ++p) {
      if (f.a == Input::tf32) {
        const unsigned chunk = column[row][p] >> 4, nibble = column[row][p] & 0xfu;
        gathered[p] =
            isa::sem::sparse_tf32_operand(nibble, b[col][2 * chunk], b[col][2 * chunk + 1]);
      } else {
        gathered[p] = b[col][column[row][p]];
      }
    }
    return {gathered.data(), k_count};
  };

  const unsigned per_reg = f.d_f16 ? 2 : 1;
  for_each_lane(mask, [&](unsigned lane) {
    for (unsigned r = 0; r < in.dst_count; ++r) {
      const std::uint64_t old = read(c, o.d[r], lane);
      std::uint64_t word = 0;
      for (unsigned h = 0; h < per_reg; ++h) {
        const auto [row, col] = d_coord(lane, r * per_reg + h);
        const std::span<const std::uint32_t> x(a[row].data(), k_count), y = b_for(row, col);
        std::uint32_t result = 0;
        if (is_float(f.a)) {
          // scale-d = 0: the accumulator is a +0 term.
          const std::uint32_t acc =
              accumulate ? static_cast<std::uint32_t>(old >> (16 * h)) & (f.d_f16 ? 0xffffu : ~0u)
                         : 0u;
          const isa::sem::TensorInput ta = tensor_input(f.a), tb = tensor_input(f.b);
          result = f.d_f16 ? isa::sem::tensor_dot_to_f16(ta, tb, x, y, acc, true,
                                                         isa::sem::Underflow::positive_zero)
                           : isa::sem::tensor_dot_f32(ta, tb, x, y, acc, false);
        } else {
          const std::uint32_t acc = accumulate ? static_cast<std::uint32_t>(old) : 0u;
          std::array<std::int32_t, kMaxK> xi{}, yi{};
          for (unsigned k = 0; k < k_count; ++k) {
            if (f.a == Input::b1) {
              xi[k] = static_cast<std::int32_t>(x[k] & y[k]);
              yi[k] = 1;
            } else {
              xi[k] = integer_of(f.a, x[k]);
              yi[k] = integer_of(f.b, y[k]);
            }
          }
          const std::span<const std::int32_t> xs(xi.data(), k_count), ys(yi.data(), k_count);
          result = f.saturate ? isa::sem::tensor_dot_int_saturating(xs, ys, acc)
                              : isa::sem::tensor_dot_int(xs, ys, acc);
        }
        word |= std::uint64_t{result} << (16 * h);
      }
      write(c, o.d[r], lane, word);
    }
  });
}

void run_no_effect(ExecContext&, const DecodedInstruction&, std::uint32_t) {}

// N values a form allows: multiples of 8 up to 256, and for the integer and
// .b1 forms only 8, 16, 24 and multiples of 16 from 32.
bool valid_n(Input a, unsigned n) {
  if (n == 0 || n > kMaxN || n % 8 != 0) return false;
  if (is_float(a)) return true;
  return n <= 24 || n % 16 == 0;
}

}  // namespace

ExecFn select_wgmma(const InstructionSpec& spec, DecodedInstruction& in, std::string& why) {
  const bool sparse = spec.opcode == isa::Opcode::WgmmaMmaAsyncSp;
  if (spec.opcode != isa::Opcode::WgmmaMmaAsync && !sparse) {
    return &run_no_effect;  // fence, commit_group, wait_group
  }
  const auto fail = [&](std::string reason) {
    why = fmt::format("{}.m{}n{}k{}: {}", isa::opcode_mnemonic(spec.opcode), spec.shape[0],
                      spec.shape[1], spec.shape[2], reason);
    return nullptr;
  };
  if (spec.type_count != 3) return fail("expects .dtype.atype.btype");
  const Type d = spec.types[0];
  const std::optional<Input> a = input_of(spec.types[1]), b = input_of(spec.types[2]);
  if (!a || !b) return fail("unsupported input types");
  const bool fp8 = [](Input i) { return i == Input::e4m3 || i == Input::e5m2; }(*a);
  const bool types_ok =
      ((*a == Input::f16 && *b == Input::f16) && (d == Type::F16 || d == Type::F32)) ||
      ((*a == Input::bf16 && *b == Input::bf16) && d == Type::F32) ||
      ((*a == Input::tf32 && *b == Input::tf32) && d == Type::F32) ||
      (fp8 && (*b == Input::e4m3 || *b == Input::e5m2) && (d == Type::F16 || d == Type::F32)) ||
      ((*a == Input::s8 || *a == Input::u8) && (*b == Input::s8 || *b == Input::u8) &&
       d == Type::S32) ||
      (*a == Input::b1 && *b == Input::b1 && d == Type::S32);
  if (!types_ok) return fail("this combination of types does not exist");
  if (sparse && *a == Input::b1) return fail(".b1 has no sparse form");
  if (*a == Input::b1 && !(spec.has(isa::Modifier::And) && spec.has(isa::Modifier::Popc))) {
    return fail(".b1 needs .and.popc");
  }
  if (spec.has(isa::Modifier::Satfinite) && d != Type::S32) {
    return fail(".satfinite is for the integer forms");
  }
  const unsigned k = (sparse ? 2 : 1) * k_of(*a);
  if (spec.shape[0] != 64 || spec.shape[2] != k) {
    return fail(fmt::format("the shape must be m64nNk{}", k));
  }
  const unsigned n = spec.shape[1];
  if (!valid_n(*a, n)) return fail(fmt::format("N = {} is not allowed for these types", n));
  const unsigned d_regs = d == Type::F16 ? n / 4 : n / 2;
  if (in.dst_count != d_regs) return fail(fmt::format("D needs {} registers", d_regs));
  const unsigned scales = is_float(*a) ? 2 : 0;
  const auto [with_desc, with_regs] = source_counts(*a, sparse);
  if (in.src_count != with_desc && in.src_count != with_regs) {
    return fail(fmt::format("expects {} source operands with A in shared memory or {} with A in "
                            "registers",
                            with_desc, with_regs));
  }
  const unsigned a_ops = in.src_count == with_regs ? kFragmentRegs : 1;
  const unsigned imm_count = in.src_count - a_ops - 2 - (sparse ? 2 : 0);
  if (sparse) {
    // The selector names the lanes of each group of four that hold the
    // metadata: a pair (0 or 1) for rows of 8 chunks (16-bit, tf32), all four
    // (0) for the 16 chunks of 8-bit rows; ptxas refuses the others.
    const SpecOperand& selector = spec.operands[spec.operands.size() - imm_count - 2];
    const unsigned max_selector = input_bits(*a) == 8 ? 0 : 1;
    if (selector.kind != SpecOperand::Kind::imm || selector.imm > max_selector) {
      return fail(
          fmt::format("the sparsity selector must be an immediate from 0 to {}", max_selector));
    }
  }
  const std::size_t first_imm = spec.operands.size() - imm_count;
  for (unsigned i = 0; i < imm_count; ++i) {
    const SpecOperand& op = spec.operands[first_imm + i];
    const bool scale = i < scales;
    const auto value = static_cast<std::int64_t>(op.imm);
    if (op.kind != SpecOperand::Kind::imm ||
        (scale ? value != 1 && value != -1 : value != 0 && value != 1)) {
      return fail(scale ? "imm-scale-a/b must be the immediate 1 or -1"
                        : "imm-trans-a/b must be the immediate 0 or 1");
    }
  }
  in.type = d;
  in.type2 = spec.types[1];
  in.type3 = spec.types[2];
  if (spec.has(isa::Modifier::Satfinite)) in.flags |= kSat;
  return &run_wgmma;
}

}  // namespace smsim::func
