// Device, host, managed and pitched memory; copies and fills, 1D and 2D.
// Device pointers are host addresses in smsim (func/memory/device_memory.h),
// so a validated copy is a plain memmove.

#include <cuda_runtime_api.h>

#include <cstdlib>
#include <cstring>

#include "runtime/cudart/api_guard.h"
#include "runtime/cudart/array_records.h"
#include "runtime/cudart/copy_rules.h"
#include "runtime/cudart/graph_records.h"
#include "runtime/cudart/memory_copy.h"
#include "runtime/cudart/stream_key.h"

using smsim::cudart::address_of;
using smsim::cudart::api_call;
using smsim::cudart::check_copy;
using smsim::cudart::Context;
using smsim::cudart::copy;
using smsim::cudart::copy_2d;
using smsim::cudart::device_range;
using smsim::func::AllocationKind;

namespace {

// cudaMallocPitch rounds rows up to this on every GPU since Fermi.
constexpr std::size_t kPitchAlignment = 512;
constexpr std::size_t kHostAlignment = 4096;

cudaError_t fill(Context& context, void* dst, int value, std::size_t bytes) {
  if (bytes == 0) return cudaSuccess;
  if (!device_range(context.device().memory(), dst, bytes)) return cudaErrorInvalidValue;
  std::memset(dst, value, bytes);
  return cudaSuccess;
}

cudaError_t fill_2d(Context& context, void* dst, std::size_t pitch, int value, std::size_t width,
                    std::size_t height) {
  if (width > pitch) return cudaErrorInvalidValue;
  for (std::size_t row = 0; row < height; ++row) {
    const cudaError_t e = fill(context, static_cast<char*>(dst) + row * pitch, value, width);
    if (e != cudaSuccess) return e;
  }
  return cudaSuccess;
}

bool valid_stream(Context& context, cudaStream_t stream) {
  return stream == nullptr || stream == cudaStreamLegacy || stream == cudaStreamPerThread ||
         context.streams().contains(stream);
}

cudaError_t host_alloc(Context& context, void** p, std::size_t bytes, unsigned flags) {
  if (p == nullptr) return cudaErrorInvalidValue;
  *p = nullptr;
  if (bytes == 0) return cudaSuccess;
  const std::size_t rounded = (bytes + kHostAlignment - 1) / kHostAlignment * kHostAlignment;
  if (rounded < bytes) return cudaErrorMemoryAllocation;
  void* memory = std::aligned_alloc(kHostAlignment, rounded);
  if (memory == nullptr) return cudaErrorMemoryAllocation;
  std::memset(memory, 0, rounded);
  // Pinned memory is mapped into the device's address space (unified
  // addressing), so kernels can use it directly.
  if (!context.device().memory().register_host_range(memory, bytes)) {
    std::free(memory);
    return cudaErrorMemoryAllocation;
  }
  context.host_allocations()[memory] = {.bytes = bytes, .flags = flags, .registered = false};
  *p = memory;
  return cudaSuccess;
}

const smsim::runtime::HostAllocation* host_allocation_of(Context& context, const void* p) {
  auto& allocations = context.host_allocations();
  auto it = allocations.upper_bound(p);
  if (it == allocations.begin()) return nullptr;
  --it;
  const auto begin = address_of(it->first);
  if (address_of(p) - begin >= it->second.bytes) return nullptr;
  return &it->second;
}

// Places a copy that was done on the device timeline: host<->device copies
// on the copy engines at the pinned or pageable rate, device copies at DRAM
// bandwidth; a synchronous call returns to the host when it is done.
void time_copy(Context& context, cudaStream_t stream, void* dst, const void* src,
               std::uint64_t bytes, cudaMemcpyKind kind, bool synchronous) {
  if (kind == cudaMemcpyDefault)
    kind = smsim::cudart::infer_kind(context.device().memory(), dst, src);
  using smsim::runtime::CopyDirection;
  CopyDirection direction = CopyDirection::device_to_device;
  const void* host = nullptr;
  if (kind == cudaMemcpyHostToDevice) {
    direction = CopyDirection::host_to_device;
    host = src;
  } else if (kind == cudaMemcpyDeviceToHost) {
    direction = CopyDirection::device_to_host;
    host = dst;
  } else if (kind != cudaMemcpyDeviceToDevice) {
    return;  // host to host: no device work
  }
  const bool pinned = host == nullptr || host_allocation_of(context, host) != nullptr;
  smsim::runtime::DeviceTimeline& timeline = context.timeline();
  const auto span = timeline.copy(smsim::cudart::stream_key(stream), direction, bytes, pinned);
  if (synchronous) timeline.host_waits(span.end_ns);
}

// A copy done, then placed in time when it succeeded.
cudaError_t timed_copy(Context& context, cudaStream_t stream, void* dst, const void* src,
                       std::size_t bytes, cudaMemcpyKind kind, bool synchronous) {
  const cudaError_t e = copy(context, dst, src, bytes, kind);
  if (e == cudaSuccess && bytes != 0)
    time_copy(context, stream, dst, src, bytes, kind, synchronous);
  return e;
}

cudaError_t timed_copy_2d(Context& context, cudaStream_t stream, void* dst, std::size_t dpitch,
                          const void* src, std::size_t spitch, std::size_t width,
                          std::size_t height, cudaMemcpyKind kind, bool synchronous) {
  const cudaError_t e = copy_2d(context, dst, dpitch, src, spitch, width, height, kind);
  if (e == cudaSuccess && width * height != 0) {
    time_copy(context, stream, dst, src, width * height, kind, synchronous);
  }
  return e;
}

// cudaMemcpy{To,From}Symbol[Async]: `other` is the non-symbol side.
cudaError_t symbol_copy(Context& context, const void* symbol, bool to_symbol, void* other,
                        std::size_t bytes, std::size_t offset, cudaMemcpyKind kind,
                        cudaStream_t stream, bool synchronous) {
  std::uint64_t address = 0, size = 0;
  if (const auto e = context.resolve_symbol(symbol, address, size); e != 0) {
    return static_cast<cudaError_t>(e);
  }
  if (offset > size || bytes > size - offset) return cudaErrorInvalidValue;
  const cudaMemcpyKind wrong = to_symbol ? cudaMemcpyDeviceToHost : cudaMemcpyHostToDevice;
  if (kind == cudaMemcpyHostToHost || kind == wrong) return cudaErrorInvalidMemcpyDirection;
  void* on_device = smsim::func::DeviceMemory::host_pointer(address + offset);
  return to_symbol ? timed_copy(context, stream, on_device, other, bytes, kind, synchronous)
                   : timed_copy(context, stream, other, on_device, bytes, kind, synchronous);
}

}  // namespace

extern "C" {

cudaError_t cudaMalloc(void** p, size_t bytes) {
  return api_call([&](Context& context) {
    if (p == nullptr) return cudaErrorInvalidValue;
    *p = nullptr;
    if (bytes == 0) return cudaSuccess;
    const std::uint64_t address = context.device().allocate(bytes);
    if (address == 0) return cudaErrorMemoryAllocation;
    *p = smsim::func::DeviceMemory::host_pointer(address);
    return cudaSuccess;
  });
}

cudaError_t cudaMallocManaged(void** p, size_t bytes, unsigned int flags) {
  return api_call([&](Context& context) {
    if (flags != cudaMemAttachGlobal && flags != cudaMemAttachHost) return cudaErrorInvalidValue;
    const cudaError_t e = cudaMalloc(p, bytes);
    if (e == cudaSuccess && *p != nullptr) context.managed_allocations().insert(address_of(*p));
    return e;
  });
}

cudaError_t cudaMallocPitch(void** p, size_t* pitch, size_t width, size_t height) {
  if (pitch == nullptr) return api_call([](Context&) { return cudaErrorInvalidValue; });
  *pitch = (width + kPitchAlignment - 1) / kPitchAlignment * kPitchAlignment;
  return cudaMalloc(p, *pitch * height);
}

cudaError_t cudaMalloc3D(cudaPitchedPtr* pitched, cudaExtent extent) {
  if (pitched == nullptr) return api_call([](Context&) { return cudaErrorInvalidValue; });
  std::size_t pitch = 0;
  void* p = nullptr;
  const cudaError_t e = cudaMallocPitch(&p, &pitch, extent.width, extent.height * extent.depth);
  *pitched =
      cudaPitchedPtr{.ptr = p, .pitch = pitch, .xsize = extent.width, .ysize = extent.height};
  return e;
}

cudaError_t cudaFree(void* p) {
  return smsim::cudart::api_sync_call([&](Context& context) {
    if (p == nullptr) return cudaSuccess;
    const auto allocation = context.device().memory().find(address_of(p));
    if (!allocation || allocation->begin != address_of(p) ||
        allocation->kind != AllocationKind::device) {
      return cudaErrorInvalidValue;
    }
    context.managed_allocations().erase(address_of(p));
    return context.device().free(address_of(p)) ? cudaSuccess : cudaErrorInvalidValue;
  });
}

cudaError_t cudaHostAlloc(void** p, size_t bytes, unsigned int flags) {
  return api_call([&](Context& context) { return host_alloc(context, p, bytes, flags); });
}

cudaError_t cudaMallocHost(void** p, size_t bytes) {
  return api_call([&](Context& context) { return host_alloc(context, p, bytes, 0); });
}

cudaError_t cudaFreeHost(void* p) {
  return api_call([&](Context& context) {
    if (p == nullptr) return cudaSuccess;
    auto& allocations = context.host_allocations();
    const auto it = allocations.find(p);
    if (it == allocations.end() || it->second.registered) return cudaErrorInvalidValue;
    context.device().memory().unregister_host_range(p);
    allocations.erase(it);
    std::free(p);
    return cudaSuccess;
  });
}

cudaError_t cudaHostRegister(void* p, size_t bytes, unsigned int flags) {
  return api_call([&](Context& context) {
    if (p == nullptr || bytes == 0) return cudaErrorInvalidValue;
    if (host_allocation_of(context, p) != nullptr) return cudaErrorHostMemoryAlreadyRegistered;
    if (!context.device().memory().register_host_range(p, bytes)) return cudaErrorInvalidValue;
    context.host_allocations()[p] = {.bytes = bytes, .flags = flags, .registered = true};
    return cudaSuccess;
  });
}

cudaError_t cudaHostUnregister(void* p) {
  return api_call([&](Context& context) {
    auto& allocations = context.host_allocations();
    const auto it = allocations.find(p);
    if (it == allocations.end() || !it->second.registered) return cudaErrorHostMemoryNotRegistered;
    context.device().memory().unregister_host_range(p);
    allocations.erase(it);
    return cudaSuccess;
  });
}

cudaError_t cudaHostGetDevicePointer(void** device, void* host, unsigned int flags) {
  return api_call([&](Context& context) {
    if (device == nullptr || flags != 0) return cudaErrorInvalidValue;
    if (host_allocation_of(context, host) == nullptr) return cudaErrorInvalidValue;
    *device = host;
    return cudaSuccess;
  });
}

cudaError_t cudaHostGetFlags(unsigned int* flags, void* host) {
  return api_call([&](Context& context) {
    const auto* allocation = host_allocation_of(context, host);
    if (flags == nullptr || allocation == nullptr) return cudaErrorInvalidValue;
    *flags = allocation->flags;
    return cudaSuccess;
  });
}

cudaError_t cudaMemGetInfo(size_t* free_bytes, size_t* total_bytes) {
  return api_call([&](Context& context) {
    constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;
    const std::uint64_t total = static_cast<std::uint64_t>(context.gpu().memory.size_mib) * kMiB;
    const std::uint64_t used = context.device().memory().live_bytes();
    if (free_bytes != nullptr) *free_bytes = used < total ? total - used : 0;
    if (total_bytes != nullptr) *total_bytes = total;
    return cudaSuccess;
  });
}

cudaError_t cudaMemcpy(void* dst, const void* src, size_t bytes, cudaMemcpyKind kind) {
  return smsim::cudart::api_sync_call(
      [&](Context& context) { return timed_copy(context, nullptr, dst, src, bytes, kind, true); });
}

cudaError_t cudaMemcpyAsync(void* dst, const void* src, size_t bytes, cudaMemcpyKind kind,
                            cudaStream_t stream) {
  return api_call([&](Context& context) {
    if (!valid_stream(context, stream)) return cudaErrorInvalidResourceHandle;
    if (smsim::cudart::capturing(stream)) {
      smsim::cudart::capture(stream, smsim::cudart::memcpy_1d_node(dst, src, bytes, kind));
      return cudaSuccess;
    }
    return timed_copy(context, stream, dst, src, bytes, kind, false);
  });
}

cudaError_t cudaMemcpy2D(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width,
                         size_t height, cudaMemcpyKind kind) {
  return smsim::cudart::api_sync_call([&](Context& context) {
    return timed_copy_2d(context, nullptr, dst, dpitch, src, spitch, width, height, kind, true);
  });
}

cudaError_t cudaMemcpy2DAsync(void* dst, size_t dpitch, const void* src, size_t spitch,
                              size_t width, size_t height, cudaMemcpyKind kind,
                              cudaStream_t stream) {
  return api_call([&](Context& context) {
    if (!valid_stream(context, stream)) return cudaErrorInvalidResourceHandle;
    return timed_copy_2d(context, stream, dst, dpitch, src, spitch, width, height, kind, false);
  });
}

cudaError_t cudaMemcpyPeer(void* dst, int dst_device, const void* src, int src_device,
                           size_t bytes) {
  return api_call([&](Context& context) {
    if (dst_device != 0 || src_device != 0) return cudaErrorInvalidDevice;
    return copy(context, dst, src, bytes, cudaMemcpyDeviceToDevice);
  });
}

cudaError_t cudaMemset(void* dst, int value, size_t bytes) {
  return api_call([&](Context& context) {
    const cudaError_t e = fill(context, dst, value, bytes);
    if (e == cudaSuccess) context.timeline().fill(nullptr, bytes);
    return e;
  });
}

cudaError_t cudaMemsetAsync(void* dst, int value, size_t bytes, cudaStream_t stream) {
  return api_call([&](Context& context) {
    if (!valid_stream(context, stream)) return cudaErrorInvalidResourceHandle;
    if (smsim::cudart::capturing(stream)) {
      CUgraphNode_st node;
      node.type = cudaGraphNodeTypeMemset;
      node.memset = cudaMemsetParams{.dst = dst,
                                     .pitch = bytes,
                                     .value = static_cast<unsigned>(value) & 0xffu,
                                     .elementSize = 1,
                                     .width = bytes,
                                     .height = 1};
      smsim::cudart::capture(stream, std::move(node));
      return cudaSuccess;
    }
    const cudaError_t e = fill(context, dst, value, bytes);
    if (e == cudaSuccess) context.timeline().fill(smsim::cudart::stream_key(stream), bytes);
    return e;
  });
}

cudaError_t cudaMemset2D(void* dst, size_t pitch, int value, size_t width, size_t height) {
  return api_call(
      [&](Context& context) { return fill_2d(context, dst, pitch, value, width, height); });
}

cudaError_t cudaMemset2DAsync(void* dst, size_t pitch, int value, size_t width, size_t height,
                              cudaStream_t stream) {
  return api_call([&](Context& context) {
    if (!valid_stream(context, stream)) return cudaErrorInvalidResourceHandle;
    return fill_2d(context, dst, pitch, value, width, height);
  });
}

cudaError_t cudaMemset3D(cudaPitchedPtr p, int value, cudaExtent extent) {
  return api_call([&](Context& context) {
    for (std::size_t z = 0; z < extent.depth; ++z) {
      char* slice = static_cast<char*>(p.ptr) + z * p.pitch * p.ysize;
      const cudaError_t e = fill_2d(context, slice, p.pitch, value, extent.width, extent.height);
      if (e != cudaSuccess) return e;
    }
    return cudaSuccess;
  });
}

cudaError_t cudaMemcpy3D(const cudaMemcpy3DParms* p) {
  return smsim::cudart::api_sync_call([&](Context& context) {
    if (p == nullptr) return cudaErrorInvalidValue;
    // An array side is a pitched pointer whose positions and extent count
    // elements instead of bytes.
    smsim::cudart::PitchedSide src, dst;
    const cudaError_t s = smsim::cudart::pitched_side(context, p->srcArray, p->srcPtr, src);
    if (s != cudaSuccess) return s;
    const cudaError_t d = smsim::cudart::pitched_side(context, p->dstArray, p->dstPtr, dst);
    if (d != cudaSuccess) return d;
    const std::size_t element = p->srcArray != nullptr   ? src.element_bytes
                                : p->dstArray != nullptr ? dst.element_bytes
                                                         : 1;
    const std::size_t width = p->extent.width * element;
    const std::size_t src_x = p->srcPos.x * (p->srcArray != nullptr ? element : 1);
    const std::size_t dst_x = p->dstPos.x * (p->dstArray != nullptr ? element : 1);
    const cudaExtent& e = p->extent;
    for (std::size_t z = 0; z < e.depth; ++z) {
      for (std::size_t y = 0; y < e.height; ++y) {
        const std::size_t src_row = ((p->srcPos.z + z) * src.rows + p->srcPos.y + y) * src.pitch;
        const std::size_t dst_row = ((p->dstPos.z + z) * dst.rows + p->dstPos.y + y) * dst.pitch;
        const cudaError_t r =
            copy(context, static_cast<char*>(dst.base) + dst_row + dst_x,
                 static_cast<const char*>(src.base) + src_row + src_x, width, p->kind);
        if (r != cudaSuccess) return r;
      }
    }
    const std::uint64_t bytes = std::uint64_t{width} * e.height * e.depth;
    if (bytes != 0) time_copy(context, nullptr, dst.base, src.base, bytes, p->kind, true);
    return cudaSuccess;
  });
}

cudaError_t cudaMemcpyToSymbol(const void* symbol, const void* src, size_t bytes, size_t offset,
                               cudaMemcpyKind kind) {
  return smsim::cudart::api_sync_call([&](Context& context) {
    return symbol_copy(context, symbol, true, const_cast<void*>(src), bytes, offset, kind, nullptr,
                       true);
  });
}

cudaError_t cudaMemcpyFromSymbol(void* dst, const void* symbol, size_t bytes, size_t offset,
                                 cudaMemcpyKind kind) {
  return smsim::cudart::api_sync_call([&](Context& context) {
    return symbol_copy(context, symbol, false, dst, bytes, offset, kind, nullptr, true);
  });
}

cudaError_t cudaMemcpyToSymbolAsync(const void* symbol, const void* src, size_t bytes,
                                    size_t offset, cudaMemcpyKind kind, cudaStream_t stream) {
  return smsim::cudart::api_sync_call([&](Context& context) {
    return symbol_copy(context, symbol, true, const_cast<void*>(src), bytes, offset, kind, stream,
                       false);
  });
}

cudaError_t cudaMemcpyFromSymbolAsync(void* dst, const void* symbol, size_t bytes, size_t offset,
                                      cudaMemcpyKind kind, cudaStream_t stream) {
  return smsim::cudart::api_sync_call([&](Context& context) {
    return symbol_copy(context, symbol, false, dst, bytes, offset, kind, stream, false);
  });
}

cudaError_t cudaGetSymbolAddress(void** device, const void* symbol) {
  return api_call([&](Context& context) {
    std::uint64_t address = 0, size = 0;
    if (const auto e = context.resolve_symbol(symbol, address, size); e != 0) {
      return static_cast<cudaError_t>(e);
    }
    if (device == nullptr) return cudaErrorInvalidValue;
    *device = smsim::func::DeviceMemory::host_pointer(address);
    return cudaSuccess;
  });
}

cudaError_t cudaGetSymbolSize(size_t* bytes, const void* symbol) {
  return api_call([&](Context& context) {
    std::uint64_t address = 0, size = 0;
    if (const auto e = context.resolve_symbol(symbol, address, size); e != 0) {
      return static_cast<cudaError_t>(e);
    }
    if (bytes == nullptr) return cudaErrorInvalidValue;
    *bytes = size;
    return cudaSuccess;
  });
}

cudaError_t cudaPointerGetAttributes(cudaPointerAttributes* attributes, const void* p) {
  return api_call([&](Context& context) {
    if (attributes == nullptr) return cudaErrorInvalidValue;
    *attributes = {};
    attributes->device = context.current_device;
    const auto allocation = context.device().memory().find(address_of(p));
    if (!allocation) {
      attributes->type = cudaMemoryTypeUnregistered;
      attributes->device = -2;
      return cudaSuccess;
    }
    const bool host = allocation->kind == AllocationKind::host_mapped;
    const bool managed = context.managed_allocations().contains(allocation->begin);
    attributes->type = managed ? cudaMemoryTypeManaged
                       : host  ? cudaMemoryTypeHost
                               : cudaMemoryTypeDevice;
    attributes->devicePointer = const_cast<void*>(p);
    attributes->hostPointer = host || managed ? const_cast<void*>(p) : nullptr;
    return cudaSuccess;
  });
}

}  // extern "C"
