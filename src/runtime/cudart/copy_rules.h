#pragma once
// How the runtime validates the pointers of a copy or fill, as measured on an
// H100 (tests/runtime/errors/golden/memcpy_*, memset_*): the side a kind says
// is on the device must lie entirely inside one live allocation (device,
// managed, or host memory mapped into the device's address space), the host
// side must not be null; anything else, including a kind that contradicts the
// pointers under unified addressing, is cudaErrorInvalidValue.

#include <cuda_runtime_api.h>

#include <cstdint>

#include "func/memory/device_memory.h"

namespace smsim::cudart {

inline std::uint64_t address_of(const void* p) { return reinterpret_cast<std::uint64_t>(p); }

// True when [p, p+bytes) lies inside one allocation the device can access.
inline bool device_range(const func::DeviceMemory& memory, const void* p, std::uint64_t bytes) {
  if (p == nullptr) return false;
  const auto a = memory.find(address_of(p));
  return a.has_value() && a->contains(address_of(p), bytes == 0 ? 1 : bytes);
}

// The direction cudaMemcpyDefault stands for, from where the pointers are.
inline cudaMemcpyKind infer_kind(const func::DeviceMemory& memory, const void* dst,
                                 const void* src) {
  const bool dst_device = device_range(memory, dst, 1);
  const bool src_device = device_range(memory, src, 1);
  if (dst_device && src_device) return cudaMemcpyDeviceToDevice;
  if (dst_device) return cudaMemcpyHostToDevice;
  if (src_device) return cudaMemcpyDeviceToHost;
  return cudaMemcpyHostToHost;
}

// Checks one copy; on success it can be done with memmove (device pointers
// are host addresses). Returns the error code otherwise.
inline cudaError_t check_copy(const func::DeviceMemory& memory, void* dst, const void* src,
                              std::uint64_t bytes, cudaMemcpyKind& kind) {
  if (kind < cudaMemcpyHostToHost || kind > cudaMemcpyDefault) {
    return cudaErrorInvalidMemcpyDirection;
  }
  if (bytes == 0) return cudaSuccess;
  if (dst == nullptr || src == nullptr) return cudaErrorInvalidValue;
  if (kind == cudaMemcpyDefault) kind = infer_kind(memory, dst, src);
  const bool dst_on_device = kind == cudaMemcpyHostToDevice || kind == cudaMemcpyDeviceToDevice;
  const bool src_on_device = kind == cudaMemcpyDeviceToHost || kind == cudaMemcpyDeviceToDevice;
  if (dst_on_device && !device_range(memory, dst, bytes)) return cudaErrorInvalidValue;
  if (src_on_device && !device_range(memory, src, bytes)) return cudaErrorInvalidValue;
  return cudaSuccess;
}

}  // namespace smsim::cudart
