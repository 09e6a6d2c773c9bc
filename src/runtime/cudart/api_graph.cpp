// CUDA graphs: building them node by node or by stream capture, making them
// executable and running them. Kernel nodes launch through the same path as
// <<<>>>; memset, memcpy and host nodes do what their stream forms do.

#include <cuda_runtime_api.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <set>

#include "runtime/cudart/api_guard.h"
#include "runtime/cudart/copy_rules.h"
#include "runtime/cudart/graph_records.h"
#include "runtime/cudart/kernel_launch.h"

using smsim::cudart::api_call;
using smsim::cudart::Context;

namespace {

// Live graphs and executable graphs (handles are their addresses); used under
// the context lock.
std::set<const CUgraph_st*> graphs;
std::set<const CUgraphExec_st*> executables;

// A stream being captured: its graph and the node the next one depends on.
struct Capture {
  CUgraph_st* graph = nullptr;
  CUgraphNode_st* last = nullptr;
};
std::map<cudaStream_t, Capture> captures;

bool node_of(const CUgraph_st* graph, const CUgraphNode_st* node) {
  return std::any_of(graph->nodes.begin(), graph->nodes.end(),
                     [&](const auto& n) { return n.get() == node; });
}

// Adds `node` to `graph` after `dependencies`; the caller holds the lock.
cudaError_t add_node(cudaGraphNode_t* out, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                     std::size_t count, CUgraphNode_st node) {
  if (out == nullptr || !graphs.contains(graph) || (count != 0 && dependencies == nullptr)) {
    return cudaErrorInvalidValue;
  }
  for (std::size_t i = 0; i < count; ++i) {
    if (!node_of(graph, dependencies[i])) return cudaErrorInvalidValue;
    node.dependencies.push_back(dependencies[i]);
  }
  graph->nodes.push_back(std::make_unique<CUgraphNode_st>(std::move(node)));
  *out = graph->nodes.back().get();
  return cudaSuccess;
}

// The nodes in an order where each comes after its dependencies (stable: in
// creation order when free to choose); empty on a cycle.
std::vector<const CUgraphNode_st*> topological(const CUgraph_st& graph) {
  std::vector<const CUgraphNode_st*> order;
  std::set<const CUgraphNode_st*> done;
  while (order.size() < graph.nodes.size()) {
    bool progress = false;
    for (const auto& n : graph.nodes) {
      if (done.contains(n.get())) continue;
      const bool ready = std::all_of(n->dependencies.begin(), n->dependencies.end(),
                                     [&](const CUgraphNode_st* d) { return done.contains(d); });
      if (!ready) continue;
      order.push_back(n.get());
      done.insert(n.get());
      progress = true;
    }
    if (!progress) return {};
  }
  return order;
}

cudaError_t fill(Context& context, const cudaMemsetParams& p) {
  const unsigned size = p.elementSize;
  if (size != 1 && size != 2 && size != 4) return cudaErrorInvalidValue;
  const std::size_t rows = p.height == 0 ? 1 : p.height;
  for (std::size_t row = 0; row < rows; ++row) {
    char* start = static_cast<char*>(p.dst) + row * p.pitch;
    if (!smsim::cudart::device_range(context.device().memory(), start, p.width * size)) {
      return cudaErrorInvalidValue;
    }
    for (std::size_t i = 0; i < p.width; ++i) std::memcpy(start + i * size, &p.value, size);
  }
  return cudaSuccess;
}

}  // namespace

namespace smsim::cudart {

cudaError_t kernel_node(runtime::Context& context, const void* function, dim3 grid, dim3 block,
                        std::size_t shared_bytes, void** args, CUgraphNode_st& out) {
  runtime::ResolvedKernel kernel;
  if (const auto e = context.resolve_kernel(function, kernel); e != 0) {
    return static_cast<cudaError_t>(e);
  }
  if (!kernel.kernel->kernel) return cudaErrorInvalidPtx;
  out.type = cudaGraphNodeTypeKernel;
  out.function = function;
  out.grid = grid;
  out.block = block;
  out.shared_bytes = shared_bytes;
  for (const auto& param : kernel.kernel->kernel->params) {
    const std::size_t i = out.arguments.size();
    if (args == nullptr || args[i] == nullptr) return cudaErrorInvalidValue;
    const auto* bytes = static_cast<const std::byte*>(args[i]);
    out.arguments.emplace_back(bytes, bytes + param.size);
  }
  return cudaSuccess;
}

cudaError_t run_node(runtime::Context& context, const CUgraphNode_st& node, cudaStream_t stream) {
  switch (node.type) {
    case cudaGraphNodeTypeKernel: {
      std::vector<void*> args;
      for (const auto& a : node.arguments) args.push_back(const_cast<std::byte*>(a.data()));
      return launch_kernel(context, node.function, node.grid, node.block, args.data(),
                           node.shared_bytes, stream, false);
    }
    case cudaGraphNodeTypeMemset:
      return fill(context, node.memset);
    case cudaGraphNodeTypeMemcpy:
      return cudaMemcpy3D(&node.memcpy);
    case cudaGraphNodeTypeHost:
      node.host.fn(node.host.userData);
      return cudaSuccess;
    default:
      return cudaSuccess;
  }
}

bool capturing(cudaStream_t stream) {
  return captures.contains(stream);
}

bool capture(cudaStream_t stream, CUgraphNode_st node) {
  const auto it = captures.find(stream);
  if (it == captures.end()) return false;
  Capture& c = it->second;
  if (c.last != nullptr) node.dependencies.push_back(c.last);
  c.graph->nodes.push_back(std::make_unique<CUgraphNode_st>(std::move(node)));
  c.last = c.graph->nodes.back().get();
  return true;
}

}  // namespace smsim::cudart

extern "C" {

cudaError_t cudaGraphCreate(cudaGraph_t* graph, unsigned int flags) {
  return api_call([&](Context&) {
    if (graph == nullptr || flags != 0) return cudaErrorInvalidValue;
    *graph = new CUgraph_st;
    graphs.insert(*graph);
    return cudaSuccess;
  });
}

cudaError_t cudaGraphDestroy(cudaGraph_t graph) {
  return api_call([&](Context&) {
    if (!graphs.erase(graph)) return cudaErrorInvalidValue;
    delete graph;
    return cudaSuccess;
  });
}

cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t* out, cudaGraph_t graph,
                                   const cudaGraphNode_t* dependencies, size_t count,
                                   const cudaKernelNodeParams* p) {
  return api_call([&](Context& context) {
    if (p == nullptr || p->extra != nullptr) return cudaErrorInvalidValue;
    CUgraphNode_st node;
    const cudaError_t e = smsim::cudart::kernel_node(context, p->func, p->gridDim, p->blockDim,
                                                     p->sharedMemBytes, p->kernelParams, node);
    if (e != cudaSuccess) return e;
    return add_node(out, graph, dependencies, count, std::move(node));
  });
}

cudaError_t cudaGraphAddMemsetNode(cudaGraphNode_t* out, cudaGraph_t graph,
                                   const cudaGraphNode_t* dependencies, size_t count,
                                   const cudaMemsetParams* p) {
  return api_call([&](Context&) {
    if (p == nullptr) return cudaErrorInvalidValue;
    CUgraphNode_st node;
    node.type = cudaGraphNodeTypeMemset;
    node.memset = *p;
    return add_node(out, graph, dependencies, count, std::move(node));
  });
}

cudaError_t cudaGraphAddMemcpyNode(cudaGraphNode_t* out, cudaGraph_t graph,
                                   const cudaGraphNode_t* dependencies, size_t count,
                                   const cudaMemcpy3DParms* p) {
  return api_call([&](Context&) {
    if (p == nullptr) return cudaErrorInvalidValue;
    CUgraphNode_st node;
    node.type = cudaGraphNodeTypeMemcpy;
    node.memcpy = *p;
    return add_node(out, graph, dependencies, count, std::move(node));
  });
}

cudaError_t cudaGraphAddMemcpyNode1D(cudaGraphNode_t* out, cudaGraph_t graph,
                                     const cudaGraphNode_t* dependencies, size_t count, void* dst,
                                     const void* src, size_t bytes, cudaMemcpyKind kind) {
  return api_call([&](Context&) {
    return add_node(out, graph, dependencies, count,
                    smsim::cudart::memcpy_1d_node(dst, src, bytes, kind));
  });
}

cudaError_t cudaGraphAddHostNode(cudaGraphNode_t* out, cudaGraph_t graph,
                                 const cudaGraphNode_t* dependencies, size_t count,
                                 const cudaHostNodeParams* p) {
  return api_call([&](Context&) {
    if (p == nullptr || p->fn == nullptr) return cudaErrorInvalidValue;
    CUgraphNode_st node;
    node.type = cudaGraphNodeTypeHost;
    node.host = *p;
    return add_node(out, graph, dependencies, count, std::move(node));
  });
}

cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t* out, cudaGraph_t graph,
                                  const cudaGraphNode_t* dependencies, size_t count) {
  return api_call(
      [&](Context&) { return add_node(out, graph, dependencies, count, CUgraphNode_st{}); });
}

cudaError_t cudaGraphAddDependencies(cudaGraph_t graph, const cudaGraphNode_t* from,
                                     const cudaGraphNode_t* to, const cudaGraphEdgeData* edges,
                                     size_t count) {
  return api_call([&](Context&) {
    if (!graphs.contains(graph) || (count != 0 && (from == nullptr || to == nullptr))) {
      return cudaErrorInvalidValue;
    }
    if (edges != nullptr) return cudaErrorNotSupported;
    for (std::size_t i = 0; i < count; ++i) {
      if (!node_of(graph, from[i]) || !node_of(graph, to[i]) || from[i] == to[i]) {
        return cudaErrorInvalidValue;
      }
    }
    for (std::size_t i = 0; i < count; ++i) to[i]->dependencies.push_back(from[i]);
    return cudaSuccess;
  });
}

cudaError_t cudaGraphGetNodes(cudaGraph_t graph, cudaGraphNode_t* nodes, size_t* count) {
  return api_call([&](Context&) {
    if (!graphs.contains(graph) || count == nullptr) return cudaErrorInvalidValue;
    if (nodes != nullptr) {
      for (std::size_t i = 0; i < *count && i < graph->nodes.size(); ++i) {
        nodes[i] = graph->nodes[i].get();
      }
    }
    *count = graph->nodes.size();
    return cudaSuccess;
  });
}

cudaError_t cudaGraphNodeGetType(cudaGraphNode_t node, cudaGraphNodeType* type) {
  return api_call([&](Context&) {
    if (node == nullptr || type == nullptr) return cudaErrorInvalidValue;
    *type = node->type;
    return cudaSuccess;
  });
}

cudaError_t cudaGraphInstantiate(cudaGraphExec_t* exec, cudaGraph_t graph,
                                 unsigned long long flags) {
  return api_call([&](Context&) {
    if (exec == nullptr || !graphs.contains(graph)) return cudaErrorInvalidValue;
    if (flags != 0) return cudaErrorNotSupported;
    const auto order = topological(*graph);
    if (order.size() != graph->nodes.size()) return cudaErrorInvalidValue;
    auto* e = new CUgraphExec_st;
    for (const CUgraphNode_st* n : order) e->order.push_back(*n);
    executables.insert(e);
    *exec = e;
    return cudaSuccess;
  });
}

cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t* exec, cudaGraph_t graph,
                                          unsigned long long flags) {
  return cudaGraphInstantiate(exec, graph, flags);
}

cudaError_t cudaGraphExecDestroy(cudaGraphExec_t exec) {
  return api_call([&](Context&) {
    if (!executables.erase(exec)) return cudaErrorInvalidValue;
    delete exec;
    return cudaSuccess;
  });
}

cudaError_t cudaGraphLaunch(cudaGraphExec_t exec, cudaStream_t stream) {
  return api_call([&](Context& context) {
    if (!executables.contains(exec)) return cudaErrorInvalidValue;
    for (const CUgraphNode_st& node : exec->order) {
      const cudaError_t e = smsim::cudart::run_node(context, node, stream);
      if (e != cudaSuccess) return e;
    }
    return cudaSuccess;
  });
}

cudaError_t cudaStreamBeginCapture(cudaStream_t stream, cudaStreamCaptureMode mode) {
  return api_call([&](Context& context) {
    // The legacy default stream cannot be captured.
    if (stream == nullptr || stream == cudaStreamLegacy) return cudaErrorStreamCaptureUnsupported;
    if (!context.streams().contains(stream) && stream != cudaStreamPerThread) {
      return cudaErrorInvalidResourceHandle;
    }
    if (mode > cudaStreamCaptureModeRelaxed) return cudaErrorInvalidValue;
    if (captures.contains(stream)) return cudaErrorIllegalState;
    auto* graph = new CUgraph_st;
    graphs.insert(graph);
    captures[stream] = Capture{.graph = graph};
    return cudaSuccess;
  });
}

cudaError_t cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t* graph) {
  return api_call([&](Context&) {
    const auto it = captures.find(stream);
    if (it == captures.end()) return cudaErrorIllegalState;
    if (graph == nullptr) return cudaErrorInvalidValue;
    *graph = it->second.graph;
    captures.erase(it);
    return cudaSuccess;
  });
}

cudaError_t cudaStreamIsCapturing(cudaStream_t stream, cudaStreamCaptureStatus* status) {
  return api_call([&](Context&) {
    if (status == nullptr) return cudaErrorInvalidValue;
    *status =
        captures.contains(stream) ? cudaStreamCaptureStatusActive : cudaStreamCaptureStatusNone;
    return cudaSuccess;
  });
}

}  // extern "C"
