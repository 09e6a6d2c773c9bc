#pragma once
// Tensor maps (CUtensorMap): the 128-byte opaque object that
// cuTensorMapEncodeTiled / cuTensorMapEncodeIm2col fill in on the host and
// that cp.async.bulk.tensor, cp.reduce.async.bulk.tensor and
// cp.async.bulk.prefetch.tensor read on the device. The driver's byte layout
// is undocumented, so smsim defines its own (tensor_map.cpp): programs only
// pass the object through, as a `__grid_constant__` parameter or in global
// memory. Validation follows the driver's documented requirements for
// compute capability 9.0; a request that breaks one is refused with the rule.

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace smsim::func {

inline constexpr std::size_t kTensorMapBytes = 128;
inline constexpr unsigned kTensorMaxRank = 5;

// CUtensorMapDataType's values up to TFLOAT32_FTZ; the packed 4/6-bit types
// after it are not available on compute capability 9.0.
enum class TensorDataType : std::uint8_t {
  u8,
  u16,
  u32,
  s32,
  u64,
  s64,
  f16,
  f32,
  f64,
  bf16,
  f32_ftz,
  tf32,
  tf32_ftz,
};
inline constexpr unsigned kTensorDataTypeCount = 13;

enum class TensorInterleave : std::uint8_t { none, b16, b32 };
// CUtensorMapSwizzle up to 128B; the 128B_ATOM_* modes are newer than 9.0.
enum class TensorSwizzle : std::uint8_t { none, b32, b64, b128 };
enum class TensorLayout : std::uint8_t { tiled, im2col };

struct TensorMap {
  TensorLayout layout = TensorLayout::tiled;
  TensorDataType type = TensorDataType::u8;
  std::uint32_t rank = 1;
  TensorInterleave interleave = TensorInterleave::none;
  TensorSwizzle swizzle = TensorSwizzle::none;
  std::uint8_t l2_promotion = 0;  // no effect on values
  bool nan_fill = false;          // out-of-bounds elements read as NaN, not zero
  std::uint64_t address = 0;
  std::array<std::uint64_t, kTensorMaxRank> dims{};     // elements per dimension
  std::array<std::uint64_t, kTensorMaxRank> strides{};  // bytes; strides[0] is the element size
  std::array<std::uint32_t, kTensorMaxRank> box{};      // tiled: box size per dimension
  std::array<std::uint32_t, kTensorMaxRank> element_strides{};
  // im2col: the bounding box corners of the spatial dimensions (W, H, D),
  // channels per pixel and pixels per column.
  std::array<std::int32_t, 3> lower{};
  std::array<std::int32_t, 3> upper{};
  std::uint32_t channels = 0;
  std::uint32_t pixels = 0;
};

unsigned tensor_element_bytes(TensorDataType type);
// The swizzle's span in bytes (0 without one).
unsigned tensor_swizzle_span(TensorSwizzle swizzle);
bool tensor_type_is_float(TensorDataType type);

// The encoders' arguments, as the driver API takes them (enums as integers,
// arrays as pointers that may be null).
struct TensorMapRequest {
  std::uint32_t data_type = 0;
  std::uint32_t rank = 0;
  std::uint64_t address = 0;
  const std::uint64_t* dims = nullptr;
  const std::uint64_t* strides = nullptr;  // rank - 1 of them
  const std::uint32_t* box = nullptr;      // tiled only
  const std::uint32_t* element_strides = nullptr;
  std::uint32_t interleave = 0;
  std::uint32_t swizzle = 0;
  std::uint32_t l2_promotion = 0;
  std::uint32_t oob_fill = 0;
  // im2col only
  const int* lower = nullptr;
  const int* upper = nullptr;
  std::uint32_t channels = 0;
  std::uint32_t pixels = 0;
};

// The map a request describes, or the requirement it breaks (the driver
// answers CUDA_ERROR_INVALID_VALUE).
struct TensorMapResult {
  std::optional<TensorMap> map;
  std::string error;
};
TensorMapResult make_tiled_map(const TensorMapRequest& request);
TensorMapResult make_im2col_map(const TensorMapRequest& request);

// The 128 opaque bytes of a map, and back (nullopt for bytes that are not a
// map smsim encoded).
std::array<std::byte, kTensorMapBytes> encode_tensor_map(const TensorMap& map);
std::optional<TensorMap> decode_tensor_map(const std::byte* bytes);

}  // namespace smsim::func
