// Shared-memory bank configuration (deprecated in CUDA 13). Since Maxwell the
// bank width is fixed at four bytes: a valid request is accepted and changes
// nothing, and queries report four-byte banks.

#include <cuda_runtime_api.h>

#include "runtime/cudart/api_guard.h"

using smsim::cudart::api_call;
using smsim::cudart::Context;
using smsim::runtime::ResolvedKernel;

namespace {

bool valid_config(cudaSharedMemConfig config) {
  return config == cudaSharedMemBankSizeDefault || config == cudaSharedMemBankSizeFourByte ||
         config == cudaSharedMemBankSizeEightByte;
}

}  // namespace

extern "C" {

cudaError_t cudaDeviceSetSharedMemConfig(cudaSharedMemConfig config) {
  return api_call([&](Context&) { return valid_config(config) ? cudaSuccess : cudaErrorInvalidValue; });
}

cudaError_t cudaDeviceGetSharedMemConfig(cudaSharedMemConfig* config) {
  return api_call([&](Context&) {
    if (config == nullptr) return cudaErrorInvalidValue;
    *config = cudaSharedMemBankSizeFourByte;
    return cudaSuccess;
  });
}

cudaError_t cudaFuncSetSharedMemConfig(const void* func, cudaSharedMemConfig config) {
  return api_call([&](Context& context) {
    ResolvedKernel kernel;
    if (const auto e = context.resolve_kernel(func, kernel); e != 0) {
      return static_cast<cudaError_t>(e);
    }
    return valid_config(config) ? cudaSuccess : cudaErrorInvalidValue;
  });
}

}  // extern "C"
