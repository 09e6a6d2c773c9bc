#include "runtime/cudart/memory_copy.h"

#include <cstring>

#include "runtime/cudart/copy_rules.h"

namespace smsim::cudart {

cudaError_t copy(runtime::Context& context, void* dst, const void* src, std::size_t bytes,
                 cudaMemcpyKind kind) {
  const cudaError_t checked = check_copy(context.device().memory(), dst, src, bytes, kind);
  if (checked != cudaSuccess || bytes == 0) return checked;
  if (kind == cudaMemcpyHostToHost) {
    std::memcpy(dst, src, bytes);
  } else {
    std::memmove(dst, src, bytes);
  }
  return cudaSuccess;
}

cudaError_t copy_2d(runtime::Context& context, void* dst, std::size_t dpitch, const void* src,
                    std::size_t spitch, std::size_t width, std::size_t height,
                    cudaMemcpyKind kind) {
  if (width > dpitch || width > spitch) return cudaErrorInvalidPitchValue;
  for (std::size_t row = 0; row < height; ++row) {
    const cudaError_t e = copy(context, static_cast<char*>(dst) + row * dpitch,
                               static_cast<const char*>(src) + row * spitch, width, kind);
    if (e != cudaSuccess) return e;
  }
  return cudaSuccess;
}

}  // namespace smsim::cudart
