// Validation of tensor-map requests (the requirements cuda.h documents for
// cuTensorMapEncodeTiled and cuTensorMapEncodeIm2col on compute capability
// 9.0) and smsim's 128-byte image of a map.

#include "func/tensor/tensor_map.h"

#include <fmt/format.h>

#include <cstring>

namespace smsim::func {
namespace {

constexpr std::uint64_t kMaxDim = std::uint64_t{1} << 32;
constexpr std::uint64_t kMaxStride = std::uint64_t{1} << 40;
constexpr std::uint32_t kMaxBox = 256;
constexpr std::uint32_t kMaxElementStride = 8;
constexpr std::uint32_t kMaxChannels = 256;
constexpr std::uint32_t kMaxPixels = 1024;
constexpr std::uint32_t kInterleaveCount = 3;
constexpr std::uint32_t kSwizzleCount = 4;
constexpr std::uint32_t kL2PromotionCount = 4;
constexpr std::uint32_t kOobFillCount = 2;

// The requirements both encoders share. `inner` is the innermost box extent
// in elements (boxDim[0], or channelsPerPixel for im2col).
std::string check_common(const TensorMapRequest& r, TensorMap& m, std::uint32_t inner) {
  if (r.data_type >= kTensorDataTypeCount) {
    return fmt::format("tensorDataType {} is not a type of compute capability 9.0", r.data_type);
  }
  if (r.interleave >= kInterleaveCount) return fmt::format("interleave {} is unknown", r.interleave);
  if (r.swizzle >= kSwizzleCount) {
    return fmt::format("swizzle {} is not a mode of compute capability 9.0", r.swizzle);
  }
  if (r.l2_promotion >= kL2PromotionCount) {
    return fmt::format("l2Promotion {} is unknown", r.l2_promotion);
  }
  if (r.oob_fill >= kOobFillCount) return fmt::format("oobFill {} is unknown", r.oob_fill);
  m.type = static_cast<TensorDataType>(r.data_type);
  m.interleave = static_cast<TensorInterleave>(r.interleave);
  m.swizzle = static_cast<TensorSwizzle>(r.swizzle);
  m.l2_promotion = static_cast<std::uint8_t>(r.l2_promotion);
  m.nan_fill = r.oob_fill != 0;
  m.rank = r.rank;
  const unsigned esize = tensor_element_bytes(m.type);
  if (m.nan_fill && !tensor_type_is_float(m.type)) {
    return "NaN out-of-bounds fill needs a floating-point data type";
  }
  if (m.interleave != TensorInterleave::none && r.rank < 3) {
    return "an interleaved layout needs tensorRank >= 3";
  }
  const std::uint64_t address_align = m.interleave == TensorInterleave::b32 ? 32 : 16;
  if (r.address % address_align != 0) {
    return fmt::format("globalAddress must be {}-byte aligned", address_align);
  }
  m.address = r.address;
  if (r.dims == nullptr || (r.rank > 1 && r.strides == nullptr) || r.element_strides == nullptr) {
    return "globalDim, globalStrides and elementStrides must be given";
  }
  for (unsigned d = 0; d < r.rank; ++d) {
    if (r.dims[d] == 0 || r.dims[d] > kMaxDim) return fmt::format("globalDim[{}] out of range", d);
    m.dims[d] = r.dims[d];
  }
  m.strides[0] = esize;
  const std::uint64_t stride_align = m.interleave == TensorInterleave::b32 ? 32 : 16;
  for (unsigned d = 0; d + 1 < r.rank; ++d) {
    if (r.strides[d] % stride_align != 0 || r.strides[d] >= kMaxStride) {
      return fmt::format("globalStrides[{}] must be a multiple of {} below 2^40", d, stride_align);
    }
    m.strides[d + 1] = r.strides[d];
  }
  for (unsigned d = 0; d < r.rank; ++d) {
    if (r.element_strides[d] == 0 || r.element_strides[d] > kMaxElementStride) {
      return fmt::format("elementStrides[{}] must be 1 to 8", d);
    }
    m.element_strides[d] = r.element_strides[d];
  }
  const std::uint64_t inner_bytes = std::uint64_t{inner} * esize;
  if (m.interleave == TensorInterleave::none && inner_bytes % 16 != 0) {
    return "the box's inner dimension must be a multiple of 16 bytes";
  }
  if (m.interleave == TensorInterleave::none && m.swizzle != TensorSwizzle::none &&
      inner_bytes > tensor_swizzle_span(m.swizzle)) {
    return fmt::format("the box's inner dimension ({} bytes) exceeds the {}-byte swizzle",
                       inner_bytes, tensor_swizzle_span(m.swizzle));
  }
  return {};
}

// The bytes after the magic word: every field of TensorMap, packed so that
// the image fits in the 128 bytes of a CUtensorMap.
struct Image {
  std::uint32_t magic;
  std::uint8_t layout, type, rank, interleave, swizzle, l2_promotion, nan_fill, unused;
  std::uint16_t channels, pixels;
  std::uint8_t box_minus_one[kTensorMaxRank];
  std::uint8_t element_strides[kTensorMaxRank];
  std::int16_t lower[3], upper[3];
  std::uint64_t address;
  std::uint32_t dims_minus_one[kTensorMaxRank];
  std::uint64_t strides[kTensorMaxRank - 1];
};
static_assert(sizeof(Image) <= kTensorMapBytes, "a tensor map image must fit in a CUtensorMap");
constexpr std::uint32_t kMagic = 0x5041'4D54;  // "TMAP"

}  // namespace

unsigned tensor_swizzle_span(TensorSwizzle s) {
  switch (s) {
    case TensorSwizzle::none:
      return 0;
    case TensorSwizzle::b32:
      return 32;
    case TensorSwizzle::b64:
      return 64;
    case TensorSwizzle::b128:
      return 128;
  }
  return 0;
}

unsigned tensor_element_bytes(TensorDataType type) {
  switch (type) {
    case TensorDataType::u8:
      return 1;
    case TensorDataType::u16:
    case TensorDataType::f16:
    case TensorDataType::bf16:
      return 2;
    case TensorDataType::u32:
    case TensorDataType::s32:
    case TensorDataType::f32:
    case TensorDataType::f32_ftz:
    case TensorDataType::tf32:
    case TensorDataType::tf32_ftz:
      return 4;
    case TensorDataType::u64:
    case TensorDataType::s64:
    case TensorDataType::f64:
      return 8;
  }
  return 1;
}

bool tensor_type_is_float(TensorDataType type) {
  switch (type) {
    case TensorDataType::f16:
    case TensorDataType::f32:
    case TensorDataType::f64:
    case TensorDataType::bf16:
    case TensorDataType::f32_ftz:
    case TensorDataType::tf32:
    case TensorDataType::tf32_ftz:
      return true;
    default:
      return false;
  }
}

TensorMapResult make_tiled_map(const TensorMapRequest& r) {
  TensorMap m;
  m.layout = TensorLayout::tiled;
  if (r.rank == 0 || r.rank > kTensorMaxRank) return {.map = {}, .error = "tensorRank must be 1 to 5"};
  if (r.box == nullptr) return {.map = {}, .error = "boxDim must be given"};
  std::string error = check_common(r, m, r.box[0]);
  if (!error.empty()) return {.map = {}, .error = error};
  for (unsigned d = 0; d < r.rank; ++d) {
    if (r.box[d] == 0 || r.box[d] > kMaxBox) {
      return {.map = {}, .error = fmt::format("boxDim[{}] must be 1 to 256", d)};
    }
    m.box[d] = r.box[d];
  }
  return {.map = m, .error = {}};
}

TensorMapResult make_im2col_map(const TensorMapRequest& r) {
  TensorMap m;
  m.layout = TensorLayout::im2col;
  if (r.rank < 3 || r.rank > kTensorMaxRank) return {.map = {}, .error = "tensorRank must be 3 to 5"};
  std::string error = check_common(r, m, r.channels);
  if (!error.empty()) return {.map = {}, .error = error};
  if (r.lower == nullptr || r.upper == nullptr) {
    return {.map = {}, .error = "pixelBoxLowerCorner and pixelBoxUpperCorner must be given"};
  }
  // The corner offsets' range shrinks as the spatial dimensions grow: 16 bits
  // for one, 8 bits each for two, 5 bits each for three.
  const unsigned spatial = r.rank - 2;
  const int bits = spatial == 1 ? 16 : spatial == 2 ? 8 : 5;
  const int low = -(1 << (bits - 1));
  const int high = (1 << (bits - 1)) - 1;
  for (unsigned s = 0; s < spatial; ++s) {
    for (const int v : {r.lower[s], r.upper[s]}) {
      if (v < low || v > high) {
        return {.map = {},
                .error = fmt::format("pixel box corners must lie in [{}, {}] for rank {}", low,
                                     high, r.rank)};
      }
    }
    m.lower[s] = r.lower[s];
    m.upper[s] = r.upper[s];
    // The bounding box spans dim + upper - lower pixels along the dimension.
    const auto extent = static_cast<std::int64_t>(m.dims[s + 1]) + r.upper[s] - r.lower[s];
    if (extent <= 0) return {.map = {}, .error = "the pixel bounding box has no area"};
  }
  if (r.channels == 0 || r.channels > kMaxChannels) {
    return {.map = {}, .error = "channelsPerPixel must be 1 to 256"};
  }
  if (r.pixels == 0 || r.pixels > kMaxPixels) {
    return {.map = {}, .error = "pixelsPerColumn must be 1 to 1024"};
  }
  m.channels = r.channels;
  m.pixels = r.pixels;
  return {.map = m, .error = {}};
}

std::array<std::byte, kTensorMapBytes> encode_tensor_map(const TensorMap& m) {
  Image image{};
  image.magic = kMagic;
  image.layout = static_cast<std::uint8_t>(m.layout);
  image.type = static_cast<std::uint8_t>(m.type);
  image.rank = static_cast<std::uint8_t>(m.rank);
  image.interleave = static_cast<std::uint8_t>(m.interleave);
  image.swizzle = static_cast<std::uint8_t>(m.swizzle);
  image.l2_promotion = m.l2_promotion;
  image.nan_fill = m.nan_fill ? 1 : 0;
  image.channels = static_cast<std::uint16_t>(m.channels);
  image.pixels = static_cast<std::uint16_t>(m.pixels);
  image.address = m.address;
  for (unsigned d = 0; d < kTensorMaxRank; ++d) {
    image.box_minus_one[d] = static_cast<std::uint8_t>(m.box[d] == 0 ? 0 : m.box[d] - 1);
    image.element_strides[d] = static_cast<std::uint8_t>(m.element_strides[d]);
    image.dims_minus_one[d] = static_cast<std::uint32_t>(m.dims[d] == 0 ? 0 : m.dims[d] - 1);
    if (d > 0) image.strides[d - 1] = m.strides[d];
  }
  for (unsigned s = 0; s < 3; ++s) {
    image.lower[s] = static_cast<std::int16_t>(m.lower[s]);
    image.upper[s] = static_cast<std::int16_t>(m.upper[s]);
  }
  std::array<std::byte, kTensorMapBytes> bytes{};
  std::memcpy(bytes.data(), &image, sizeof image);
  return bytes;
}

std::optional<TensorMap> decode_tensor_map(const std::byte* bytes) {
  Image image;
  std::memcpy(&image, bytes, sizeof image);
  if (image.magic != kMagic || image.rank == 0 || image.rank > kTensorMaxRank ||
      image.type >= kTensorDataTypeCount || image.swizzle >= kSwizzleCount ||
      image.interleave >= kInterleaveCount || image.layout > 1) {
    return std::nullopt;
  }
  TensorMap m;
  m.layout = static_cast<TensorLayout>(image.layout);
  m.type = static_cast<TensorDataType>(image.type);
  m.rank = image.rank;
  m.interleave = static_cast<TensorInterleave>(image.interleave);
  m.swizzle = static_cast<TensorSwizzle>(image.swizzle);
  m.l2_promotion = image.l2_promotion;
  m.nan_fill = image.nan_fill != 0;
  m.channels = image.channels;
  m.pixels = image.pixels;
  m.address = image.address;
  m.strides[0] = tensor_element_bytes(m.type);
  for (unsigned d = 0; d < kTensorMaxRank; ++d) {
    m.box[d] = std::uint32_t{image.box_minus_one[d]} + 1;
    m.element_strides[d] = image.element_strides[d] == 0 ? 1 : image.element_strides[d];
    m.dims[d] = std::uint64_t{image.dims_minus_one[d]} + 1;
    if (d > 0) m.strides[d] = image.strides[d - 1];
  }
  for (unsigned s = 0; s < 3; ++s) {
    m.lower[s] = image.lower[s];
    m.upper[s] = image.upper[s];
  }
  return m;
}

}  // namespace smsim::func
