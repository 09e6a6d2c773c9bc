#pragma once
// Validated copies between host and device memory (device pointers are host
// addresses in smsim, so a checked copy is a memmove): the building blocks of
// every cudaMemcpy* entry point.

#include <cuda_runtime_api.h>

#include <cstddef>

#include "runtime/context.h"

namespace smsim::cudart {

cudaError_t copy(runtime::Context& context, void* dst, const void* src, std::size_t bytes,
                 cudaMemcpyKind kind);
cudaError_t copy_2d(runtime::Context& context, void* dst, std::size_t dpitch, const void* src,
                    std::size_t spitch, std::size_t width, std::size_t height, cudaMemcpyKind kind);

}  // namespace smsim::cudart
