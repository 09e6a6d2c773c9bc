#pragma once
// One kernel launch on the engine, with the runtime's checks: shared by the
// launch entry points and graph kernel nodes.

#include <cuda_runtime_api.h>

#include <cstddef>

#include "runtime/context.h"

namespace smsim::cudart {

// `cluster`: blocks per thread-block cluster (cudaLaunchAttributeClusterDimension).
cudaError_t launch_kernel(runtime::Context& context, const void* host_fun, dim3 grid, dim3 block,
                          void** args, std::size_t shared, cudaStream_t stream, bool cooperative,
                          dim3 cluster = dim3(1, 1, 1));

}  // namespace smsim::cudart
