// Driver entry points programs fetch through the runtime
// (cudaGetDriverEntryPoint[ByVersion]): the tensor-map encoders that
// cp.async.bulk.tensor needs. Their validation and the map's bytes are the
// engine's (func/tensor/tensor_map.h); this file only translates the driver's
// C signature and CUresult codes. Names smsim does not provide are answered
// as the runtime answers a symbol the driver lacks: success, a null pointer
// and cudaDriverEntryPointSymbolNotFound.

#include <cuda.h>
#include <cuda_runtime_api.h>

#include <cstdint>
#include <cstring>
#include <string_view>

#include "func/tensor/tensor_map.h"
#include "runtime/cudart/api_guard.h"

namespace {

using smsim::func::TensorMapRequest;
using smsim::func::TensorMapResult;

CUresult store_map(CUtensorMap* tensor_map, const TensorMapResult& result) {
  if (!result.map) return CUDA_ERROR_INVALID_VALUE;
  const auto bytes = smsim::func::encode_tensor_map(*result.map);
  std::memcpy(tensor_map, bytes.data(), bytes.size());
  return CUDA_SUCCESS;
}

// cuda.h asks for a 64-byte aligned map, but the H100's driver also fills
// in one that is only 32-byte aligned (tma_bulk_tensor's golden).
bool map_pointer_ok(const CUtensorMap* tensor_map) { return tensor_map != nullptr; }

// The arguments both encoders take.
TensorMapRequest common_request(CUtensorMapDataType type, cuuint32_t rank, void* address,
                                const cuuint64_t* dims, const cuuint64_t* strides,
                                const cuuint32_t* element_strides, CUtensorMapInterleave interleave,
                                CUtensorMapSwizzle swizzle, CUtensorMapL2promotion l2_promotion,
                                CUtensorMapFloatOOBfill oob_fill) {
  return {.data_type = static_cast<std::uint32_t>(type),
          .rank = rank,
          .address = reinterpret_cast<std::uint64_t>(address),
          .dims = dims,
          .strides = strides,
          .element_strides = element_strides,
          .interleave = static_cast<std::uint32_t>(interleave),
          .swizzle = static_cast<std::uint32_t>(swizzle),
          .l2_promotion = static_cast<std::uint32_t>(l2_promotion),
          .oob_fill = static_cast<std::uint32_t>(oob_fill)};
}

CUresult CUDAAPI encode_tiled(CUtensorMap* tensor_map, CUtensorMapDataType type, cuuint32_t rank,
                              void* address, const cuuint64_t* dims, const cuuint64_t* strides,
                              const cuuint32_t* box, const cuuint32_t* element_strides,
                              CUtensorMapInterleave interleave, CUtensorMapSwizzle swizzle,
                              CUtensorMapL2promotion l2_promotion,
                              CUtensorMapFloatOOBfill oob_fill) {
  if (!map_pointer_ok(tensor_map)) return CUDA_ERROR_INVALID_VALUE;
  TensorMapRequest request = common_request(type, rank, address, dims, strides, element_strides,
                                            interleave, swizzle, l2_promotion, oob_fill);
  request.box = box;
  return store_map(tensor_map, smsim::func::make_tiled_map(request));
}

CUresult CUDAAPI encode_im2col(CUtensorMap* tensor_map, CUtensorMapDataType type, cuuint32_t rank,
                               void* address, const cuuint64_t* dims, const cuuint64_t* strides,
                               const int* lower, const int* upper, cuuint32_t channels,
                               cuuint32_t pixels, const cuuint32_t* element_strides,
                               CUtensorMapInterleave interleave, CUtensorMapSwizzle swizzle,
                               CUtensorMapL2promotion l2_promotion,
                               CUtensorMapFloatOOBfill oob_fill) {
  if (!map_pointer_ok(tensor_map)) return CUDA_ERROR_INVALID_VALUE;
  TensorMapRequest request = common_request(type, rank, address, dims, strides, element_strides,
                                            interleave, swizzle, l2_promotion, oob_fill);
  request.lower = lower;
  request.upper = upper;
  request.channels = channels;
  request.pixels = pixels;
  return store_map(tensor_map, smsim::func::make_im2col_map(request));
}

struct EntryPoint {
  std::string_view name;
  void* function;
  unsigned introduced;  // the CUDA version that added it (1000 * major + 10 * minor)
};

// cuda.h: both encoders appeared in CUDA 12.0.
const EntryPoint kEntryPoints[] = {
    {"cuTensorMapEncodeTiled", reinterpret_cast<void*>(&encode_tiled), 12000},
    {"cuTensorMapEncodeIm2col", reinterpret_cast<void*>(&encode_im2col), 12000},
};

constexpr unsigned kRuntimeVersion = 13000;

cudaError_t lookup(const char* symbol, void** function, unsigned version,
                   cudaDriverEntryPointQueryResult* status) {
  if (symbol == nullptr || function == nullptr) return cudaErrorInvalidValue;
  if (version > kRuntimeVersion) return cudaErrorInvalidValue;
  *function = nullptr;
  cudaDriverEntryPointQueryResult result = cudaDriverEntryPointSymbolNotFound;
  for (const EntryPoint& e : kEntryPoints) {
    if (e.name != symbol) continue;
    if (version < e.introduced) {
      result = cudaDriverEntryPointVersionNotSufficent;
      break;
    }
    *function = e.function;
    result = cudaDriverEntryPointSuccess;
  }
  if (status != nullptr) *status = result;
  return cudaSuccess;
}

}  // namespace

extern "C" {

cudaError_t cudaGetDriverEntryPointByVersion(const char* symbol, void** funcPtr,
                                             unsigned int cudaVersion, unsigned long long,
                                             cudaDriverEntryPointQueryResult* driverStatus) {
  return smsim::cudart::api_call(
      [&](smsim::cudart::Context&) { return lookup(symbol, funcPtr, cudaVersion, driverStatus); });
}

cudaError_t cudaGetDriverEntryPointByVersion_ptsz(const char* symbol, void** funcPtr,
                                                  unsigned int cudaVersion,
                                                  unsigned long long flags,
                                                  cudaDriverEntryPointQueryResult* driverStatus) {
  return cudaGetDriverEntryPointByVersion(symbol, funcPtr, cudaVersion, flags, driverStatus);
}

// The deprecated form looks symbols up at the runtime's own version.
cudaError_t cudaGetDriverEntryPoint(const char* symbol, void** funcPtr, unsigned long long flags,
                                    cudaDriverEntryPointQueryResult* driverStatus) {
  return cudaGetDriverEntryPointByVersion(symbol, funcPtr, kRuntimeVersion, flags, driverStatus);
}

cudaError_t cudaGetDriverEntryPoint_ptsz(const char* symbol, void** funcPtr,
                                         unsigned long long flags,
                                         cudaDriverEntryPointQueryResult* driverStatus) {
  return cudaGetDriverEntryPointByVersion(symbol, funcPtr, kRuntimeVersion, flags, driverStatus);
}

}  // extern "C"
