// Device selection and queries, synchronization, reset, limits, versions.
// smsim models one device, number 0.

#include <cuda_runtime_api.h>

#include "runtime/cudart/api_guard.h"
#include "runtime/cudart/device_properties.h"

using smsim::cudart::api_call;
using smsim::cudart::Context;
using smsim::cudart::unguarded_call;

namespace {

// The CUDA release these entry points follow (13.0), as the version queries
// report it.
constexpr int kCudaVersion = 13000;

}  // namespace

extern "C" {

cudaError_t cudaGetDeviceCount(int* count) {
  return api_call([&](Context&) {
    if (count == nullptr) return cudaErrorInvalidValue;
    *count = 1;
    return cudaSuccess;
  });
}

cudaError_t cudaGetDevice(int* device) {
  return api_call([&](Context& context) {
    if (device == nullptr) return cudaErrorInvalidValue;
    *device = context.current_device;
    return cudaSuccess;
  });
}

cudaError_t cudaSetDevice(int device) {
  return api_call([&](Context&) { return device == 0 ? cudaSuccess : cudaErrorInvalidDevice; });
}

cudaError_t cudaInitDevice(int device, unsigned int /*device_flags*/, unsigned int /*flags*/) {
  return cudaSetDevice(device);
}

cudaError_t cudaSetDeviceFlags(unsigned int flags) {
  return api_call([&](Context& context) {
    context.device_flags = flags;
    return cudaSuccess;
  });
}

cudaError_t cudaGetDeviceFlags(unsigned int* flags) {
  return api_call([&](Context& context) {
    if (flags == nullptr) return cudaErrorInvalidValue;
    *flags = context.device_flags;
    return cudaSuccess;
  });
}

cudaError_t cudaGetDeviceProperties(cudaDeviceProp* prop, int device) {
  return api_call([&](Context& context) {
    if (prop == nullptr) return cudaErrorInvalidValue;
    if (device != 0) return cudaErrorInvalidDevice;
    smsim::cudart::fill_device_properties(context.gpu(), *prop);
    return cudaSuccess;
  });
}

cudaError_t cudaDeviceGetAttribute(int* value, cudaDeviceAttr attribute, int device) {
  return api_call([&](Context& context) {
    if (value == nullptr) return cudaErrorInvalidValue;
    if (device != 0) return cudaErrorInvalidDevice;
    return smsim::cudart::device_attribute(context.gpu(), attribute, *value)
               ? cudaSuccess
               : cudaErrorInvalidValue;
  });
}

cudaError_t cudaDeviceSynchronize() {
  return smsim::cudart::api_sync_call([](Context& context) {
    context.timeline().host_waits(context.timeline().device_done());
    return cudaSuccess;
  });
}

cudaError_t cudaThreadSynchronize() {
  return cudaDeviceSynchronize();
}

cudaError_t cudaDeviceReset() {
  return unguarded_call([](Context& context) {
    if (!context.ready()) return cudaErrorInitializationError;
    context.flush_device_printf();
    const bool healthy = context.errors().usable();
    context.errors().reset();
    if (healthy) context.reset_device();
    return cudaSuccess;
  });
}

cudaError_t cudaDeviceSetLimit(cudaLimit limit, size_t value) {
  return api_call([&](Context& context) {
    switch (limit) {
      case cudaLimitPrintfFifoSize:
        context.printf_fifo_bytes = value;
        return cudaSuccess;
      case cudaLimitMallocHeapSize:
        context.malloc_heap_bytes = value;
        return cudaSuccess;
      case cudaLimitStackSize:
        context.stack_bytes = value;
        return cudaSuccess;
      default:
        return cudaErrorUnsupportedLimit;
    }
  });
}

cudaError_t cudaDeviceGetLimit(size_t* value, cudaLimit limit) {
  return api_call([&](Context& context) {
    if (value == nullptr) return cudaErrorInvalidValue;
    switch (limit) {
      case cudaLimitPrintfFifoSize:
        *value = context.printf_fifo_bytes;
        return cudaSuccess;
      case cudaLimitMallocHeapSize:
        *value = context.malloc_heap_bytes;
        return cudaSuccess;
      case cudaLimitStackSize:
        *value = context.stack_bytes;
        return cudaSuccess;
      default:
        return cudaErrorUnsupportedLimit;
    }
  });
}

cudaError_t cudaDeviceSetCacheConfig(cudaFuncCache /*config*/) {
  return api_call([](Context&) { return cudaSuccess; });
}

cudaError_t cudaDeviceGetCacheConfig(cudaFuncCache* config) {
  return api_call([&](Context&) {
    if (config == nullptr) return cudaErrorInvalidValue;
    *config = cudaFuncCachePreferNone;
    return cudaSuccess;
  });
}

cudaError_t cudaDriverGetVersion(int* version) {
  if (version == nullptr) return cudaErrorInvalidValue;
  *version = kCudaVersion;
  return cudaSuccess;
}

cudaError_t cudaRuntimeGetVersion(int* version) {
  if (version == nullptr) return cudaErrorInvalidValue;
  *version = kCudaVersion;
  return cudaSuccess;
}

}  // extern "C"
