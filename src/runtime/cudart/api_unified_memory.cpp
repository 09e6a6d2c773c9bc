// Stream-ordered allocation and unified-memory hints. Device memory is
// host-addressable and every operation completes at once, so placement hints
// have nothing to move: they are validated and accepted.

#include <cuda_runtime_api.h>

#include "runtime/cudart/api_guard.h"
#include "runtime/cudart/copy_rules.h"

using smsim::cudart::api_call;
using smsim::cudart::Context;
using smsim::cudart::device_range;

namespace {

bool valid_stream(Context& context, cudaStream_t stream) {
  return stream == nullptr || stream == cudaStreamLegacy || stream == cudaStreamPerThread ||
         context.streams().contains(stream);
}

}  // namespace

extern "C" {

cudaError_t cudaMallocAsync(void** p, size_t bytes, cudaStream_t stream) {
  const cudaError_t checked = api_call([&](Context& context) {
    return valid_stream(context, stream) ? cudaSuccess : cudaErrorInvalidResourceHandle;
  });
  return checked != cudaSuccess ? checked : cudaMalloc(p, bytes);
}

cudaError_t cudaFreeAsync(void* p, cudaStream_t stream) {
  const cudaError_t checked = api_call([&](Context& context) {
    return valid_stream(context, stream) ? cudaSuccess : cudaErrorInvalidResourceHandle;
  });
  return checked != cudaSuccess ? checked : cudaFree(p);
}

cudaError_t cudaMemPrefetchAsync(const void* p, size_t bytes, cudaMemLocation /*location*/,
                                 unsigned int /*flags*/, cudaStream_t stream) {
  return api_call([&](Context& context) {
    if (!valid_stream(context, stream)) return cudaErrorInvalidResourceHandle;
    return device_range(context.device().memory(), p, bytes) ? cudaSuccess : cudaErrorInvalidValue;
  });
}

cudaError_t cudaMemAdvise(const void* p, size_t bytes, cudaMemoryAdvise /*advice*/,
                          cudaMemLocation /*location*/) {
  return api_call([&](Context& context) {
    return device_range(context.device().memory(), p, bytes) ? cudaSuccess : cudaErrorInvalidValue;
  });
}

cudaError_t cudaStreamAttachMemAsync(cudaStream_t stream, void* p, size_t /*length*/,
                                     unsigned int /*flags*/) {
  return api_call([&](Context& context) {
    if (!valid_stream(context, stream)) return cudaErrorInvalidResourceHandle;
    return device_range(context.device().memory(), p, 1) ? cudaSuccess : cudaErrorInvalidValue;
  });
}

}  // extern "C"
