// Tiled boxes walk every dimension from the coordinates in steps of the
// element strides (dimension 0 always steps by one element unless the map is
// interleaved, whose innermost dimension is the interleaved chunk). Im2col
// columns walk pixels through the bounding box: W first, wrapping at the
// box's far edge back to its near edge while H advances, then D, then N; each
// pixel reads `channels` elements starting at channel coordinate c, at the
// pixel moved by the instruction's im2col offsets.

#include "func/tensor/tensor_walk.h"

namespace smsim::func {
namespace {

std::uint32_t steps(const TensorMap& m, unsigned d) {
  const std::uint32_t stride =
      d == 0 && m.interleave == TensorInterleave::none ? 1 : m.element_strides[d];
  return (m.box[d] + stride - 1) / stride;
}

// Bytes between rows of the box in shared memory: dense without a swizzle;
// with one, every row starts a new span (a 64-byte row under the 128-byte
// swizzle leaves 64 bytes untouched after it, as the H100 does).
std::uint64_t row_pitch(const TensorMap& m, std::uint64_t row_bytes) {
  const unsigned span = tensor_swizzle_span(m.swizzle);
  return span == 0 ? row_bytes : (row_bytes + span - 1) / span * span;
}

std::uint32_t stride_of(const TensorMap& m, unsigned d) {
  return d == 0 && m.interleave == TensorInterleave::none ? 1 : m.element_strides[d];
}

bool inside(std::int64_t coordinate, std::uint64_t dim) {
  return coordinate >= 0 && static_cast<std::uint64_t>(coordinate) < dim;
}

void tile_elements(const TensorMap& m, std::span<const std::int32_t> c,
                   std::vector<TensorElement>& out) {
  std::uint32_t count[kTensorMaxRank] = {1, 1, 1, 1, 1};
  std::uint64_t total = 1;
  for (unsigned d = 0; d < m.rank; ++d) {
    count[d] = steps(m, d);
    total *= count[d];
  }
  const unsigned esize = tensor_element_bytes(m.type);
  const std::uint64_t pitch = row_pitch(m, std::uint64_t{count[0]} * esize);
  out.reserve(total);
  std::uint32_t index[kTensorMaxRank] = {};
  for (std::uint64_t n = 0; n < total; ++n) {
    TensorElement e;
    e.shared_offset = static_cast<std::uint32_t>(n / count[0] * pitch + index[0] * esize);
    e.in_bounds = true;
    e.global_address = m.address;
    for (unsigned d = 0; d < m.rank; ++d) {
      const std::int64_t at = std::int64_t{c[d]} + std::int64_t{index[d]} * stride_of(m, d);
      if (!inside(at, m.dims[d])) e.in_bounds = false;
      e.global_address += static_cast<std::uint64_t>(at) * m.strides[d];
    }
    out.push_back(e);
    for (unsigned d = 0; d < m.rank; ++d) {
      if (++index[d] < count[d]) break;
      index[d] = 0;
    }
  }
}

void im2col_elements(const TensorMap& m, std::span<const std::int32_t> c,
                     std::span<const std::uint16_t> offsets, std::vector<TensorElement>& out) {
  const unsigned spatial = m.rank - 2;
  const unsigned esize = tensor_element_bytes(m.type);
  const std::uint64_t pitch = row_pitch(m, std::uint64_t{m.channels} * esize);
  // Pixel position: spatial coordinates (W, H, D) and the batch index N.
  std::int64_t pixel[3] = {};
  for (unsigned s = 0; s < spatial; ++s) pixel[s] = c[s + 1];
  std::int64_t batch = c[m.rank - 1];
  out.reserve(std::size_t{m.pixels} * m.channels);
  for (std::uint32_t p = 0; p < m.pixels; ++p) {
    bool pixel_inside = inside(batch, m.dims[m.rank - 1]);
    std::uint64_t pixel_address = m.address + static_cast<std::uint64_t>(batch) * m.strides[m.rank - 1];
    for (unsigned s = 0; s < spatial; ++s) {
      const std::int64_t at = pixel[s] + (s < offsets.size() ? offsets[s] : 0);
      if (!inside(at, m.dims[s + 1])) pixel_inside = false;
      pixel_address += static_cast<std::uint64_t>(at) * m.strides[s + 1];
    }
    for (std::uint32_t ch = 0; ch < m.channels; ++ch) {
      const std::int64_t channel = std::int64_t{c[0]} + ch;
      TensorElement e;
      e.shared_offset = static_cast<std::uint32_t>(p * pitch + ch * esize);
      e.in_bounds = pixel_inside && inside(channel, m.dims[0]);
      e.global_address = pixel_address + static_cast<std::uint64_t>(channel) * esize;
      out.push_back(e);
    }
    // Next pixel: W steps through the bounding box, wrapping to its near edge.
    for (unsigned s = 0; s <= spatial; ++s) {
      if (s == spatial) {
        ++batch;
        break;
      }
      pixel[s] += m.element_strides[s + 1];
      const std::int64_t far = static_cast<std::int64_t>(m.dims[s + 1]) - 1 + m.upper[s];
      if (pixel[s] <= far) break;
      pixel[s] = m.lower[s];
    }
  }
}

}  // namespace

std::vector<TensorElement> tensor_copy_elements(const TensorMap& map,
                                                std::span<const std::int32_t> coordinates,
                                                std::span<const std::uint16_t> im2col_offsets) {
  std::vector<TensorElement> out;
  if (map.layout == TensorLayout::im2col) {
    im2col_elements(map, coordinates, im2col_offsets, out);
  } else {
    tile_elements(map, coordinates, out);
  }
  return out;
}

bool tensor_box_start_aligned(const TensorMap& map, std::int32_t first_coordinate) {
  if (map.interleave != TensorInterleave::none) return true;
  constexpr std::int64_t kGranule = 16;
  return std::int64_t{first_coordinate} * tensor_element_bytes(map.type) % kGranule == 0;
}

std::uint64_t tensor_copy_bytes(const TensorMap& map) {
  const std::uint64_t esize = tensor_element_bytes(map.type);
  if (map.layout == TensorLayout::im2col) return std::uint64_t{map.pixels} * map.channels * esize;
  std::uint64_t total = esize;
  for (unsigned d = 0; d < map.rank; ++d) total *= steps(map, d);
  return total;
}

// The H100 fills with the 16-bit pattern 0x7FF7 repeated, whatever the
// element size (f32 reads 0x7FF77FF7: tma_bulk_tensor's golden).
std::uint64_t tensor_fill_bits(const TensorMap& map) {
  return map.nan_fill ? 0x7FF7'7FF7'7FF7'7FF7 : 0;
}

}  // namespace smsim::func
