#pragma once
// A stream handle as the device timeline names it: 0 and cudaStreamLegacy
// are both the legacy default stream.

#include <cuda_runtime_api.h>

#include "runtime/device_timeline.h"

namespace smsim::cudart {

inline runtime::StreamKey stream_key(cudaStream_t stream) {
  return stream == cudaStreamLegacy ? nullptr : static_cast<runtime::StreamKey>(stream);
}

}  // namespace smsim::cudart
