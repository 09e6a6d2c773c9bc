// Mipmapped arrays: one CUDA array per level (runtime/context.h,
// MipmappedArrayRecord), so that cudaGetMipmappedArrayLevel hands out a
// cudaArray_t the copy functions take as they are.

#include <cuda_runtime_api.h>

#include <algorithm>
#include <memory>

#include "runtime/cudart/api_guard.h"
#include "runtime/cudart/array_records.h"

using smsim::cudart::api_call;
using smsim::cudart::Context;
using smsim::runtime::ArrayRecord;
using smsim::runtime::MipmappedArrayRecord;

namespace {

// 1 + log2 of the largest extent (the depth of a layered array counts its
// layers, not an axis).
unsigned full_chain(cudaExtent e, bool layered) {
  std::size_t largest = std::max(e.width, e.height);
  if (!layered) largest = std::max(largest, e.depth);
  unsigned levels = 1;
  while (largest > 1) {
    largest >>= 1;
    ++levels;
  }
  return levels;
}

std::size_t shrink(std::size_t extent, unsigned level) {
  return extent == 0 ? 0 : std::max<std::size_t>(extent >> level, 1);
}

void free_levels(Context& context, MipmappedArrayRecord& m) {
  for (ArrayRecord* level : m.levels) smsim::cudart::destroy_array(context, level);
  m.levels.clear();
}

MipmappedArrayRecord* find_mipmapped(Context& context, cudaMipmappedArray_const_t m) {
  const auto it = context.mipmapped_arrays().find(static_cast<const void*>(m));
  return it == context.mipmapped_arrays().end() ? nullptr : it->second.get();
}

}  // namespace

extern "C" {

cudaError_t cudaMallocMipmappedArray(cudaMipmappedArray_t* out, const cudaChannelFormatDesc* desc,
                                     cudaExtent extent, unsigned int levels, unsigned int flags) {
  return api_call([&](Context& context) {
    if (out == nullptr || desc == nullptr || extent.width == 0) return cudaErrorInvalidValue;
    // Mipmapped cube maps would need tex.level on cube maps, which the
    // engine does not run.
    if ((flags & cudaArrayCubemap) != 0) return cudaErrorNotSupported;
    const bool layered = (flags & cudaArrayLayered) != 0;
    // More levels than the extent allows: the chain stops at 1x1x1 (the
    // H100's runtime: 9 levels of 8x4 give 4). 0 levels succeed there too;
    // how many that makes is not measured: one here.
    levels = std::clamp(levels, 1u, full_chain(extent, layered));
    auto record = std::make_unique<MipmappedArrayRecord>();
    for (unsigned level = 0; level < levels; ++level) {
      const cudaExtent e{shrink(extent.width, level), shrink(extent.height, level),
                         layered ? extent.depth : shrink(extent.depth, level)};
      ArrayRecord* a = nullptr;
      if (const auto error = smsim::cudart::create_array(context, *desc, e, flags, a); error) {
        free_levels(context, *record);
        return error;
      }
      a->mipmap_level = true;
      record->levels.push_back(a);
    }
    *out = reinterpret_cast<cudaMipmappedArray_t>(record.get());
    context.mipmapped_arrays().emplace(record.get(), std::move(record));
    return cudaSuccess;
  });
}

cudaError_t cudaGetMipmappedArrayLevel(cudaArray_t* level_array,
                                       cudaMipmappedArray_const_t mipmapped, unsigned int level) {
  return api_call([&](Context& context) {
    const MipmappedArrayRecord* m = find_mipmapped(context, mipmapped);
    if (m == nullptr) return cudaErrorInvalidResourceHandle;
    if (level_array == nullptr || level >= m->levels.size()) return cudaErrorInvalidValue;
    *level_array = reinterpret_cast<cudaArray_t>(m->levels[level]);
    return cudaSuccess;
  });
}

cudaError_t cudaFreeMipmappedArray(cudaMipmappedArray_t mipmapped) {
  return api_call([&](Context& context) {
    if (mipmapped == nullptr) return cudaSuccess;
    MipmappedArrayRecord* m = find_mipmapped(context, mipmapped);
    if (m == nullptr) return cudaErrorInvalidValue;
    free_levels(context, *m);
    context.mipmapped_arrays().erase(m);
    return cudaSuccess;
  });
}

}  // extern "C"
