// cp.async.bulk.tensor (tile and im2col loads into shared::cluster, with
// multicast; tile and im2col stores from shared::cta to global),
// cp.reduce.async.bulk.tensor and cp.async.bulk.prefetch.tensor. The tensor
// map (func/tensor) says which global element each shared byte holds
// (func/tensor/tensor_walk.h); shared addresses are swizzled by
// isa/semantics/tensor_swizzle.h. Like cp.async.bulk, each copy happens when
// the instruction issues, which is one of the orders the hardware allows.
//
// Operands after decoding: the first memory operand is addr_reg/addr_offset
// (the shared destination of a load, the tensor map of a store, reduction or
// prefetch); later memory operands are src[] (the load's tensor map and
// mbarrier, the store's shared source); the rest (coordinates, im2col
// offsets, the multicast CTA mask, the cache policy) are the instruction's
// operand list in that order.

#include <fmt/format.h>

#include <array>
#include <cstring>

#include "func/exec/exec_context.h"
#include "func/ops/atomic_kind.h"
#include "func/ops/executor_selection.h"
#include "func/ops/mbarrier_tx.h"
#include "func/ops/memory_access.h"
#include "func/tensor/tensor_walk.h"
#include "isa/semantics/tensor_swizzle.h"

namespace smsim::func {
namespace {

using isa::Modifier;

constexpr std::uint8_t kLoadMap = 0;
constexpr std::uint8_t kLoadBarrier = 1;
constexpr std::uint8_t kStoreSource = 0;

unsigned rank_of(const InstructionSpec& spec) {
  constexpr std::pair<Modifier, unsigned> kDims[] = {
      {Modifier::Dim1d, 1}, {Modifier::Dim2d, 2}, {Modifier::Dim3d, 3},
      {Modifier::Dim4d, 4}, {Modifier::Dim5d, 5}};
  for (const auto& [m, rank] : kDims) {
    if (spec.has(m)) return rank;
  }
  return 0;
}

// The decoder's fields these instructions otherwise leave unused carry their
// form: `vector` the rank, `mode` .im2col, `combine` .multicast::cluster and
// `cache` the reduction.
unsigned rank_of(const DecodedInstruction& in) { return in.vector; }
// .im2col_no_offs (stores and reductions) reads an im2col map without
// im2col offset operands.
bool is_im2col(const DecodedInstruction& in) {
  return in.mode == Modifier::Im2col || in.mode == Modifier::Im2colNoOffs;
}
bool has_im2col_offsets(const DecodedInstruction& in) { return in.mode == Modifier::Im2col; }
bool is_multicast(const DecodedInstruction& in) { return in.combine == Modifier::MulticastCluster; }

const Operand* operand_list(const ExecContext& c, const DecodedInstruction& in) {
  return c.launch.kernel.operand_lists.data() + in.operand_list;
}

// The tensor map at a generic (param, const or global) address, or nullopt
// after reporting why it cannot be used.
std::optional<TensorMap> read_map(ExecContext& c, const DecodedInstruction& in,
                                  std::uint64_t address, unsigned lane) {
  const std::byte* bytes =
      resolve(c, MemorySpace::generic, address, kTensorMapBytes, AccessKind::read, lane, 64);
  if (bytes == nullptr) return std::nullopt;
  std::optional<TensorMap> map = decode_tensor_map(bytes);
  const bool mode_matches =
      map && (map->layout == TensorLayout::im2col) == is_im2col(in) && map->rank == rank_of(in);
  if (!mode_matches) {
    report_error(c, CudaError::illegal_instruction,
                 fmt::format("{} at PTX line {}: the operand at {:#x} is not a {}d {} tensor map "
                             "made by cuTensorMapEncode{}",
                             isa::opcode_mnemonic(in.opcode), in.ptx_line, address, rank_of(in),
                             is_im2col(in) ? "im2col" : "tile",
                             is_im2col(in) ? "Im2col" : "Tiled"));
    return std::nullopt;
  }
  return map;
}

// The coordinates (and im2col offsets) of `lane` from the operand list.
struct Coordinates {
  std::array<std::int32_t, kTensorMaxRank> at{};
  std::array<std::uint16_t, 3> offsets{};
  unsigned next = 0;  // the operand-list index after them
};

Coordinates coordinates(const ExecContext& c, const DecodedInstruction& in, unsigned lane) {
  const Operand* list = operand_list(c, in);
  Coordinates k;
  for (unsigned d = 0; d < rank_of(in); ++d) {
    k.at[d] = static_cast<std::int32_t>(read(c, list[k.next++], lane));
  }
  if (has_im2col_offsets(in)) {
    for (unsigned s = 0; s + 2 < rank_of(in); ++s) {
      k.offsets[s] = static_cast<std::uint16_t>(read(c, list[k.next++], lane));
    }
  }
  return k;
}

std::vector<TensorElement> elements(const TensorMap& map, const Coordinates& k) {
  return tensor_copy_elements(
      map, std::span(k.at.data(), map.rank),
      std::span(k.offsets.data(), map.layout == TensorLayout::im2col ? map.rank - 2 : 0));
}

// False after stopping the kernel for a box that does not start on a
// 16-byte boundary (an illegal instruction on the H100, prefetches included).
bool box_start_ok(ExecContext& c, const DecodedInstruction& in, const TensorMap& map,
                  const Coordinates& k) {
  if (tensor_box_start_aligned(map, k.at[0])) return true;
  report_error(c, CudaError::illegal_instruction,
               fmt::format("{} at PTX line {}: the box starts at element {} of the innermost "
                           "dimension, {} bytes past a 16-byte boundary",
                           isa::opcode_mnemonic(in.opcode), in.ptx_line, k.at[0],
                           (std::int64_t{k.at[0]} * tensor_element_bytes(map.type) % 16 + 16) %
                               16));
  return false;
}

// The box's elements, or nullopt after stopping the kernel for a box that
// does not start on a 16-byte boundary.
std::optional<std::vector<TensorElement>> box_of(ExecContext& c, const DecodedInstruction& in,
                                                 const TensorMap& map, const Coordinates& k) {
  if (!box_start_ok(c, in, map, k)) return std::nullopt;
  // A valid map's box can be far larger than any shared memory (five
  // dimensions of 256); it could never land, so it is refused before it is
  // walked.
  const std::uint64_t bytes = tensor_copy_bytes(map);
  if (bytes > c.block.shared.size()) {
    report_error(c, CudaError::illegal_address,
                 fmt::format("{} at PTX line {}: the box's {} bytes exceed the block's {} bytes "
                             "of shared memory",
                             isa::opcode_mnemonic(in.opcode), in.ptx_line, bytes,
                             c.block.shared.size()));
    return std::nullopt;
  }
  return elements(map, k);
}



// Global -> shared::cluster. The box is gathered once and written to every
// destination CTA (the multicast mask's, or the one the address names).
void load(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  for_each_lane(mask, [&](unsigned lane) {
    if (c.error) return;
    const std::optional<TensorMap> map = read_map(c, in, read(c, in.src[kLoadMap], lane), lane);
    if (!map) return;
    const Coordinates k = coordinates(c, in, lane);
    const std::optional<std::vector<TensorElement>> walked = box_of(c, in, *map, k);
    if (!walked) return;
    const std::vector<TensorElement>& box = *walked;
    const unsigned esize = tensor_element_bytes(map->type);
    const std::uint64_t fill = tensor_fill_bits(*map);
    std::vector<std::byte> data(box.size() * esize);
    for (std::size_t i = 0; i < box.size(); ++i) {
      std::byte* to = data.data() + i * esize;
      if (!box[i].in_bounds) {
        std::memcpy(to, &fill, esize);
        continue;
      }
      const std::byte* from =
          resolve(c, MemorySpace::global, box[i].global_address, esize, AccessKind::read, lane);
      if (from == nullptr) return;
      std::memcpy(to, from, esize);
    }
    const std::uint64_t dst = lane_address(c, in, lane);
    const std::uint64_t barrier = read(c, in.src[kLoadBarrier], lane);
    const unsigned span = tensor_swizzle_span(map->swizzle);
    std::uint32_t ranks = 0;
    if (is_multicast(in)) {
      ranks = static_cast<std::uint32_t>(read(c, operand_list(c, in)[k.next], lane)) & 0xFFFF;
    }
    const auto write_to = [&](std::uint64_t base, std::uint64_t bar) {
      for (std::size_t i = 0; i < box.size(); ++i) {
        const std::uint64_t at = isa::sem::tensor_swizzle(base + box[i].shared_offset, span);
        std::byte* to = resolve(c, MemorySpace::shared, at, esize, AccessKind::write, lane);
        if (to == nullptr) return false;
        std::memcpy(to, data.data() + i * esize, esize);
      }
      return complete_tx(c, bar, data.size(), lane);
    };
    if (!is_multicast(in)) {
      write_to(dst, barrier);
      return;
    }
    for (std::uint32_t r = 0; r < cluster_size(c); ++r) {
      if ((ranks >> r & 1) == 0) continue;
      if (!write_to(in_rank(c, dst, r), in_rank(c, barrier, r))) return;
    }
  });
}

// Shared::cta -> global, element by element: `apply(to, from, esize)` on
// every element inside the tensor (those outside are not written); stops at
// the first fault.
template <typename Apply>
void to_global(ExecContext& c, const DecodedInstruction& in, unsigned lane, const TensorMap& map,
               AccessKind access, Apply&& apply) {
  const std::optional<std::vector<TensorElement>> box =
      box_of(c, in, map, coordinates(c, in, lane));
  if (!box) return;
  const unsigned esize = tensor_element_bytes(map.type);
  const std::uint64_t src = read(c, in.src[kStoreSource], lane);
  const unsigned span = tensor_swizzle_span(map.swizzle);
  for (const TensorElement& e : *box) {
    if (!e.in_bounds) continue;
    const std::byte* from =
        resolve(c, MemorySpace::shared, isa::sem::tensor_swizzle(src + e.shared_offset, span),
                esize, AccessKind::read, lane);
    if (from == nullptr) return;
    std::byte* to = resolve(c, MemorySpace::global, e.global_address, esize, access, lane);
    if (to == nullptr) return;
    apply(to, from, esize);
  }
}

void store(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  for_each_lane(mask, [&](unsigned lane) {
    if (c.error) return;
    const std::optional<TensorMap> map = read_map(c, in, lane_address(c, in, lane), lane);
    if (!map) return;
    to_global(c, in, lane, *map, AccessKind::write,
              [](std::byte* to, const std::byte* from, unsigned esize) {
                std::memcpy(to, from, esize);
              });
  });
}

// The reduction a map's element type takes: integers by their signedness,
// the float types as floats (tf32 is stored as f32).
std::optional<isa::sem::AtomicValue> reduction_value(TensorDataType t) {
  using isa::sem::AtomicValue;
  switch (t) {
    case TensorDataType::u32:
    case TensorDataType::u64:
      return AtomicValue::unsigned_int;
    case TensorDataType::s32:
    case TensorDataType::s64:
      return AtomicValue::signed_int;
    case TensorDataType::f16:
      return AtomicValue::f16;
    case TensorDataType::bf16:
      return AtomicValue::bf16;
    case TensorDataType::f32:
    case TensorDataType::f32_ftz:
    case TensorDataType::tf32:
    case TensorDataType::tf32_ftz:
      return AtomicValue::f32;
    case TensorDataType::f64:
      return AtomicValue::f64;
    default:
      return std::nullopt;
  }
}

template <typename T>
T load_as(const std::byte* from) {
  T v;
  std::memcpy(&v, from, sizeof v);
  return v;
}

// Integers take every reduction, floats add, min and max (PTX ISA,
// cp.reduce.async.bulk.tensor).
bool reduction_supported(isa::sem::AtomicOp op, isa::sem::AtomicValue value) {
  using isa::sem::AtomicOp;
  using isa::sem::AtomicValue;
  if (value == AtomicValue::unsigned_int || value == AtomicValue::signed_int) return true;
  return op == AtomicOp::add || op == AtomicOp::min || op == AtomicOp::max;
}

void reduce(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  const isa::sem::AtomicOp op = atomic_op(in.cache);
  for_each_lane(mask, [&](unsigned lane) {
    if (c.error) return;
    const std::optional<TensorMap> map = read_map(c, in, lane_address(c, in, lane), lane);
    if (!map) return;
    const std::optional<isa::sem::AtomicValue> value = reduction_value(map->type);
    if (!value || !reduction_supported(op, *value)) {
      report_error(c, CudaError::illegal_instruction,
                   fmt::format("cp.reduce.async.bulk.tensor at PTX line {}: the tensor map's "
                               "element type has no such reduction",
                               in.ptx_line));
      return;
    }
    to_global(c, in, lane, *map, AccessKind::atomic,
              [&](std::byte* to, const std::byte* from, unsigned size) {
                switch (size) {
                  case 2:
                    atomic_apply<std::uint16_t>(to, op, *value, load_as<std::uint16_t>(from));
                    break;
                  case 4:
                    atomic_apply<std::uint32_t>(to, op, *value, load_as<std::uint32_t>(from));
                    break;
                  default:
                    atomic_apply<std::uint64_t>(to, op, *value, load_as<std::uint64_t>(from));
                    break;
                }
              });
  });
}

// A prefetch only warms L2, so the tensor's bytes are never checked (a map
// over freed memory and coordinates far outside the tensor run on the H100);
// the map itself must be one of the instruction's rank and mode, at a
// 64-byte aligned address, and the box must start on a 16-byte boundary
// (tools/probes/results/h100-2026-11-22-discard/faults.txt, tp_*).
void prefetch(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  for_each_lane(mask, [&](unsigned lane) {
    if (c.error) return;
    const std::optional<TensorMap> map = read_map(c, in, lane_address(c, in, lane), lane);
    if (map) box_start_ok(c, in, *map, coordinates(c, in, lane));
  });
}

}  // namespace

ExecFn select_tensor_copy(const InstructionSpec& spec, DecodedInstruction& in, std::string& why) {
  const unsigned rank = rank_of(spec);
  const bool im2col = spec.has(Modifier::Im2col);
  const bool no_offsets = spec.has(Modifier::Im2colNoOffs);
  const bool to_global = spec.opcode != isa::Opcode::CpAsyncBulkTensor ||
                         !spec.has(Modifier::MbarrierCompleteTxBytes);
  const std::string_view name = isa::opcode_mnemonic(spec.opcode);
  if (rank == 0 || ((im2col || no_offsets) && rank < 3) || (no_offsets && !to_global) ||
      spec.has(Modifier::TileGather4) || spec.has(Modifier::TileScatter4) ||
      spec.has(Modifier::CtaGroup1) || spec.has(Modifier::CtaGroup2)) {
    why = fmt::format(
        "{} needs .1d to .5d with .tile, .im2col or (to global) .im2col_no_offs: the sm_90 forms",
        name);
    return nullptr;
  }
  in.vector = static_cast<std::uint8_t>(rank);
  if (im2col) in.mode = Modifier::Im2col;
  if (no_offsets) in.mode = Modifier::Im2colNoOffs;
  const bool multicast = spec.has(Modifier::MulticastCluster);
  if (multicast) in.combine = Modifier::MulticastCluster;
  const unsigned offsets = has_im2col_offsets(in) ? rank - 2 : 0;
  const unsigned policy = spec.has(Modifier::L2CacheHint) ? 1 : 0;
  // `memory` sources before the listed ones, `extra` listed after the
  // coordinates and offsets (the multicast mask).
  const auto operands_ok = [&](unsigned memory, unsigned extra) {
    for (unsigned i = 0; i < memory; ++i) {
      if (in.src[i].kind != OperandKind::address) return false;
    }
    return in.src_count == memory + rank + offsets + extra + policy;
  };
  switch (spec.opcode) {
    case isa::Opcode::CpAsyncBulkTensor:
      if (spec.has(Modifier::MbarrierCompleteTxBytes) && operands_ok(2, multicast ? 1 : 0)) {
        return &load;
      }
      if (spec.has(Modifier::BulkGroup) && !multicast && operands_ok(1, 0)) return &store;
      break;
    case isa::Opcode::CpReduceAsyncBulkTensor:
      in.cache = reduction_modifier(spec);
      if (in.cache != Modifier::Count && spec.has(Modifier::BulkGroup) && operands_ok(1, 0)) {
        return &reduce;
      }
      break;
    case isa::Opcode::CpAsyncBulkPrefetchTensor:
      if (operands_ok(0, 0)) return &prefetch;
      break;
    default:
      break;
  }
  why = fmt::format("{} in this form is not an sm_90 tensor copy", name);
  return nullptr;
}

}  // namespace smsim::func
