#pragma once
// One kernel launch on the engine, with the runtime's checks: shared by the
// launch entry points and graph kernel nodes.

#include <cuda_runtime_api.h>

#include <cstddef>
#include <optional>

#include "runtime/context.h"

namespace smsim::cudart {

// `cluster`: blocks per thread-block cluster (cudaLaunchAttributeClusterDimension),
// nothing when the launch names none (which the H100 tells apart from 1,1,1).
cudaError_t launch_kernel(runtime::Context& context, const void* host_fun, dim3 grid, dim3 block,
                          void** args, std::size_t shared, cudaStream_t stream, bool cooperative,
                          std::optional<dim3> cluster = std::nullopt);

}  // namespace smsim::cudart
