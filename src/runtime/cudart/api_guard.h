#pragma once
// The frame of every CUDA runtime entry point: take the context lock, create
// the context on first use, return a sticky or pending kernel error if there
// is one, run the body and record its result as the last error.

#include <cuda_runtime_api.h>

#include <mutex>
#include <utility>

#include "runtime/context.h"

namespace smsim::cudart {

using runtime::Context;
using runtime::ErrorCode;

inline cudaError_t to_cuda(std::int32_t code) { return static_cast<cudaError_t>(code); }
inline cudaError_t to_cuda(ErrorCode code) { return static_cast<cudaError_t>(code); }

template <typename Body>
cudaError_t api_call(Body&& body) {
  Context& context = Context::instance();
  const std::lock_guard lock(context.mutex());
  if (!context.ready()) {
    return to_cuda(context.errors().record(ErrorCode::initialization_error));
  }
  if (const std::int32_t sticky = context.errors().on_call(); sticky != 0) return to_cuda(sticky);
  const cudaError_t result = body(context);
  context.errors().record(static_cast<std::int32_t>(result));
  return result;
}

// The frame of a call that waits for the device: it also delivers pending
// in-kernel printf output, as the GPU's printf buffer is read at such calls.
template <typename Body>
cudaError_t api_sync_call(Body&& body) {
  Context& context = Context::instance();
  const std::lock_guard lock(context.mutex());
  // Output of a kernel that then faulted is still delivered.
  context.flush_device_printf();
  return api_call(std::forward<Body>(body));
}

// Same frame for calls that must not fail on a broken context (queries of
// versions and of the error state itself).
template <typename Body>
auto unguarded_call(Body&& body) {
  Context& context = Context::instance();
  const std::lock_guard lock(context.mutex());
  return body(context);
}

}  // namespace smsim::cudart
