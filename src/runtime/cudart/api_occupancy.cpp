// Occupancy queries, answered by the occupancy calculator of src/arch with
// the kernel's registers (ptxas) and shared memory.

#include <cuda_runtime_api.h>

#include <variant>

#include "arch/occupancy.h"
#include "runtime/cudart/api_guard.h"
#include "runtime/launch_timing.h"

using smsim::cudart::api_call;
using smsim::cudart::Context;
using smsim::runtime::ResolvedKernel;

extern "C" {

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int* blocks, const void* func,
                                                                   int block_size,
                                                                   size_t dynamic_shared,
                                                                   unsigned int /*flags*/) {
  return api_call([&](Context& context) {
    ResolvedKernel kernel;
    if (const auto e = context.resolve_kernel(func, kernel); e != 0) {
      return static_cast<cudaError_t>(e);
    }
    if (blocks == nullptr || block_size <= 0) return cudaErrorInvalidValue;
    if (!kernel.kernel->kernel) return cudaErrorInvalidPtx;
    const auto input = smsim::runtime::occupancy_input(
        context, kernel, static_cast<std::uint32_t>(block_size),
        static_cast<std::int64_t>(dynamic_shared));
    const auto outcome = smsim::arch::occupancy(context.gpu(), input);
    const auto* result = std::get_if<smsim::arch::OccupancyResult>(&outcome);
    if (result == nullptr) return cudaErrorInvalidValue;
    *blocks = result->active_blocks_per_sm;
    return cudaSuccess;
  });
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int* blocks, const void* func,
                                                          int block_size, size_t dynamic_shared) {
  return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(blocks, func, block_size,
                                                                dynamic_shared, 0);
}

cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t* bytes, const void* func,
                                                      int num_blocks, int block_size) {
  return api_call([&](Context& context) {
    ResolvedKernel kernel;
    if (const auto e = context.resolve_kernel(func, kernel); e != 0) {
      return static_cast<cudaError_t>(e);
    }
    if (bytes == nullptr || block_size <= 0 || num_blocks <= 0) return cudaErrorInvalidValue;
    if (!kernel.kernel->kernel) return cudaErrorInvalidPtx;
    const auto input = smsim::runtime::occupancy_input(
        context, kernel, static_cast<std::uint32_t>(block_size), 0);
    const auto outcome =
        smsim::arch::available_dynamic_smem_per_block(context.gpu(), input, num_blocks);
    const auto* available = std::get_if<std::int64_t>(&outcome);
    if (available == nullptr) return cudaErrorInvalidValue;
    *bytes = static_cast<size_t>(*available);
    return cudaSuccess;
  });
}

}  // extern "C"
