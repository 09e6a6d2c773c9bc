#pragma once
// Which global element lands at which shared byte in a tensor copy: the box
// of a tiled map, or the pixel column of an im2col map, traversed from the
// instruction's coordinates. Shared offsets are those of the dense box
// (element order, innermost dimension fastest) before the swizzle; elements
// outside the tensor are marked so that loads fill them and stores skip them.

#include <cstdint>
#include <span>
#include <vector>

#include "func/tensor/tensor_map.h"

namespace smsim::func {

struct TensorElement {
  std::uint64_t global_address = 0;  // meaningful only in bounds
  std::uint32_t shared_offset = 0;
  bool in_bounds = false;
};

// The elements of one copy, in shared-memory order. `coordinates` holds the
// map's rank of signed element coordinates; `im2col_offsets` one offset per
// spatial dimension (im2col maps only).
std::vector<TensorElement> tensor_copy_elements(const TensorMap& map,
                                                std::span<const std::int32_t> coordinates,
                                                std::span<const std::uint16_t> im2col_offsets);

// Whether the box starts on a 16-byte boundary along the innermost dimension
// (the first coordinate times the element size); the H100 stops a copy that
// does not with an illegal instruction (tma_bulk_tensor's golden). An
// interleaved map's innermost dimension is the interleaved chunk itself.
bool tensor_box_start_aligned(const TensorMap& map, std::int32_t first_coordinate);

// The bytes a copy moves into shared memory (what it completes on the
// mbarrier): the whole box or pixel column, out-of-bounds fill included.
std::uint64_t tensor_copy_bytes(const TensorMap& map);

// The bit pattern an out-of-bounds element reads as.
std::uint64_t tensor_fill_bits(const TensorMap& map);

}  // namespace smsim::func
