#pragma once
// CUDA graphs as the C API sees them: nodes (kernel, memset, memcpy, host,
// empty) with their dependencies, graphs, executable graphs (a snapshot of
// the nodes in an order that respects the dependencies), and the streams
// being captured into a graph. Execution is synchronous in smsim, so running
// a graph is running its nodes one after another in that order.

#include <cuda_runtime_api.h>

#include <cstddef>
#include <memory>
#include <vector>

#include "runtime/context.h"

struct CUgraphNode_st {
  cudaGraphNodeType type = cudaGraphNodeTypeEmpty;
  // Kernel: the function, its configuration and a copy of each argument.
  const void* function = nullptr;
  dim3 grid, block;
  std::size_t shared_bytes = 0;
  std::vector<std::vector<std::byte>> arguments;
  cudaMemsetParams memset{};
  cudaMemcpy3DParms memcpy{};
  cudaHostNodeParams host{};
  std::vector<CUgraphNode_st*> dependencies;
};

struct CUgraph_st {
  std::vector<std::unique_ptr<CUgraphNode_st>> nodes;
};

struct CUgraphExec_st {
  std::vector<CUgraphNode_st> order;  // copies, dependencies first
};

namespace smsim::cudart {

// Runs one node now (kernel launch, fill, copy or host function).
cudaError_t run_node(runtime::Context& context, const CUgraphNode_st& node, cudaStream_t stream);

// Whether `stream` is being captured into a graph.
bool capturing(cudaStream_t stream);
// When `stream` is being captured, appends `node` to its graph after the
// stream's last captured node and returns true; false when it is not.
bool capture(cudaStream_t stream, CUgraphNode_st node);

// A kernel node: the function's arguments copied by their sizes; an error
// when the function is not a kernel or an argument is missing.
cudaError_t kernel_node(runtime::Context& context, const void* function, dim3 grid, dim3 block,
                        std::size_t shared_bytes, void** args, CUgraphNode_st& out);

// A 1D copy as a memcpy node: a 3D copy of one row.
inline CUgraphNode_st memcpy_1d_node(void* dst, const void* src, std::size_t bytes,
                                     cudaMemcpyKind kind) {
  CUgraphNode_st node;
  node.type = cudaGraphNodeTypeMemcpy;
  node.memcpy.srcPtr = cudaPitchedPtr{const_cast<void*>(src), bytes, bytes, 1};
  node.memcpy.dstPtr = cudaPitchedPtr{dst, bytes, bytes, 1};
  node.memcpy.extent = cudaExtent{bytes, 1, 1};
  node.memcpy.kind = kind;
  return node;
}

}  // namespace smsim::cudart
