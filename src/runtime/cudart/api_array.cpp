// CUDA arrays: allocation (1D, 2D, 3D, layered, cube maps), queries and the copies into
// and out of them. An array is a plain device allocation holding its texels
// row after row (func/texture explains how textures read it).

#include <cuda_runtime_api.h>

#include <memory>

#include "runtime/cudart/api_guard.h"
#include "runtime/cudart/array_records.h"
#include "runtime/cudart/memory_copy.h"

using smsim::cudart::api_call;
using smsim::cudart::Context;
using smsim::cudart::find_array;
using smsim::runtime::ArrayRecord;

namespace {

// Flags this implementation understands (cudaArrayDefault is 0).
constexpr unsigned kKnownFlags =
    cudaArrayLayered | cudaArraySurfaceLoadStore | cudaArrayTextureGather | cudaArrayCubemap;

// A cube map has square faces, six of them (six per cube when layered), as
// the H100's runtime demands (texture_mipmaps: errors/codes).
bool valid_cube(cudaExtent extent, bool layered) {
  if (extent.width != extent.height || extent.depth == 0) return false;
  return layered ? extent.depth % 6 == 0 : extent.depth == 6;
}

cudaError_t allocate_array(Context& context, cudaArray_t* out, const cudaChannelFormatDesc* desc,
                           cudaExtent extent, unsigned flags) {
  if (out == nullptr || desc == nullptr) return cudaErrorInvalidValue;
  ArrayRecord* record = nullptr;
  if (const auto e = smsim::cudart::create_array(context, *desc, extent, flags, record); e) {
    return e;
  }
  *out = reinterpret_cast<cudaArray_t>(record);
  return cudaSuccess;
}

// The device bytes of rows [h, h + height) from byte w of an array, as a
// pitched pointer; cudaErrorInvalidValue when the region leaves the array.
cudaError_t array_region(Context& context, cudaArray_const_t array, std::size_t w, std::size_t h,
                         std::size_t width, std::size_t height, char*& base, std::size_t& pitch) {
  const ArrayRecord* a = find_array(context, array);
  if (a == nullptr) return cudaErrorInvalidResourceHandle;
  const std::size_t rows = a->height == 0 ? 1 : a->height;
  if (w > a->row_bytes() || width > a->row_bytes() - w || h > rows || height > rows - h) {
    return cudaErrorInvalidValue;
  }
  pitch = a->row_bytes();
  base = static_cast<char*>(smsim::func::DeviceMemory::host_pointer(a->address)) + h * pitch + w;
  return cudaSuccess;
}

cudaError_t copy_to_array(Context& context, cudaArray_t dst, std::size_t w, std::size_t h,
                          const void* src, std::size_t spitch, std::size_t width,
                          std::size_t height, cudaMemcpyKind kind) {
  char* base = nullptr;
  std::size_t pitch = 0;
  if (const auto e = array_region(context, dst, w, h, width, height, base, pitch); e) return e;
  return smsim::cudart::copy_2d(context, base, pitch, src, spitch, width, height, kind);
}

cudaError_t copy_from_array(Context& context, void* dst, std::size_t dpitch, cudaArray_const_t src,
                            std::size_t w, std::size_t h, std::size_t width, std::size_t height,
                            cudaMemcpyKind kind) {
  char* base = nullptr;
  std::size_t pitch = 0;
  if (const auto e = array_region(context, src, w, h, width, height, base, pitch); e) return e;
  return smsim::cudart::copy_2d(context, dst, dpitch, base, pitch, width, height, kind);
}

}  // namespace

namespace smsim::cudart {

cudaError_t create_array(Context& context, const cudaChannelFormatDesc& desc, cudaExtent extent,
                         unsigned flags, ArrayRecord*& out) {
  const auto format = texel_format(desc);
  if (!format) return cudaErrorInvalidChannelDescriptor;
  if ((flags & ~kKnownFlags) != 0) return cudaErrorNotSupported;
  const bool layered = (flags & cudaArrayLayered) != 0;
  // A 3D array needs a height; a layered one its layer count (in depth).
  if (extent.width == 0 || (extent.depth != 0 && extent.height == 0 && !layered) ||
      (layered && extent.depth == 0)) {
    return cudaErrorInvalidValue;
  }
  if ((flags & cudaArrayCubemap) != 0 && !valid_cube(extent, layered)) {
    return cudaErrorInvalidValue;
  }
  auto record = std::make_unique<ArrayRecord>();
  record->width = extent.width;
  record->height = extent.height;
  record->depth = extent.depth;
  record->channel_bits[0] = desc.x;
  record->channel_bits[1] = desc.y;
  record->channel_bits[2] = desc.z;
  record->channel_bits[3] = desc.w;
  record->channel_kind = desc.f;
  record->texel_bytes = format->texel_bytes();
  record->flags = flags;
  const std::uint64_t bytes = record->slice_bytes() * (extent.depth == 0 ? 1 : extent.depth);
  record->address = context.device().allocate(bytes);
  if (record->address == 0) return cudaErrorMemoryAllocation;
  out = record.get();
  context.arrays().emplace(record.get(), std::move(record));
  return cudaSuccess;
}

void destroy_array(Context& context, ArrayRecord* array) {
  context.device().free(array->address);
  context.arrays().erase(array);
}

}  // namespace smsim::cudart

extern "C" {

cudaError_t cudaMallocArray(cudaArray_t* array, const cudaChannelFormatDesc* desc, size_t width,
                            size_t height, unsigned int flags) {
  return api_call([&](Context& context) {
    return allocate_array(context, array, desc, cudaExtent{width, height, 0}, flags);
  });
}

cudaError_t cudaMalloc3DArray(cudaArray_t* array, const cudaChannelFormatDesc* desc,
                              cudaExtent extent, unsigned int flags) {
  return api_call(
      [&](Context& context) { return allocate_array(context, array, desc, extent, flags); });
}

cudaError_t cudaFreeArray(cudaArray_t array) {
  return api_call([&](Context& context) {
    if (array == nullptr) return cudaSuccess;
    ArrayRecord* a = find_array(context, array);
    // A mipmapped array's level goes with the mipmapped array (not measured).
    if (a == nullptr || a->mipmap_level) return cudaErrorInvalidValue;
    smsim::cudart::destroy_array(context, a);
    return cudaSuccess;
  });
}

cudaError_t cudaArrayGetInfo(cudaChannelFormatDesc* desc, cudaExtent* extent, unsigned int* flags,
                             cudaArray_t array) {
  return api_call([&](Context& context) {
    const ArrayRecord* a = find_array(context, array);
    if (a == nullptr) return cudaErrorInvalidResourceHandle;
    if (desc != nullptr) *desc = smsim::cudart::channel_desc(*a);
    if (extent != nullptr) *extent = cudaExtent{a->width, a->height, a->depth};
    if (flags != nullptr) *flags = a->flags;
    return cudaSuccess;
  });
}

cudaError_t cudaGetChannelDesc(cudaChannelFormatDesc* desc, cudaArray_const_t array) {
  return api_call([&](Context& context) {
    const ArrayRecord* a = find_array(context, array);
    if (a == nullptr) return cudaErrorInvalidResourceHandle;
    if (desc == nullptr) return cudaErrorInvalidValue;
    *desc = smsim::cudart::channel_desc(*a);
    return cudaSuccess;
  });
}

cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, size_t w, size_t h, const void* src, size_t spitch,
                                size_t width, size_t height, cudaMemcpyKind kind) {
  return smsim::cudart::api_sync_call([&](Context& context) {
    return copy_to_array(context, dst, w, h, src, spitch, width, height, kind);
  });
}

cudaError_t cudaMemcpy2DToArrayAsync(cudaArray_t dst, size_t w, size_t h, const void* src,
                                     size_t spitch, size_t width, size_t height,
                                     cudaMemcpyKind kind, cudaStream_t /*stream*/) {
  return api_call([&](Context& context) {
    return copy_to_array(context, dst, w, h, src, spitch, width, height, kind);
  });
}

cudaError_t cudaMemcpy2DFromArray(void* dst, size_t dpitch, cudaArray_const_t src, size_t w,
                                  size_t h, size_t width, size_t height, cudaMemcpyKind kind) {
  return smsim::cudart::api_sync_call([&](Context& context) {
    return copy_from_array(context, dst, dpitch, src, w, h, width, height, kind);
  });
}

cudaError_t cudaMemcpy2DFromArrayAsync(void* dst, size_t dpitch, cudaArray_const_t src, size_t w,
                                       size_t h, size_t width, size_t height, cudaMemcpyKind kind,
                                       cudaStream_t /*stream*/) {
  return api_call([&](Context& context) {
    return copy_from_array(context, dst, dpitch, src, w, h, width, height, kind);
  });
}

// The deprecated 1D forms copy `count` bytes starting at (w, h), within one row.
cudaError_t cudaMemcpyToArray(cudaArray_t dst, size_t w, size_t h, const void* src, size_t count,
                              cudaMemcpyKind kind) {
  return smsim::cudart::api_sync_call([&](Context& context) {
    return copy_to_array(context, dst, w, h, src, count, count, 1, kind);
  });
}

cudaError_t cudaMemcpyFromArray(void* dst, cudaArray_const_t src, size_t w, size_t h, size_t count,
                                cudaMemcpyKind kind) {
  return smsim::cudart::api_sync_call([&](Context& context) {
    return copy_from_array(context, dst, count, src, w, h, count, 1, kind);
  });
}

}  // extern "C"
