// Kernel launches: the <<<>>> protocol (push/pop configuration, get kernel,
// launch), cudaLaunchKernel and the cooperative and extended forms, and the
// per-function attributes. Launches run to completion on the functional
// engine; a fault inside the kernel surfaces at the next call.

#include <cuda_runtime_api.h>

#include <cstdio>
#include <cstring>
#include <vector>

#include "runtime/cudart/api_guard.h"
#include "runtime/cudart/graph_records.h"
#include "runtime/cudart/kernel_launch.h"
#include "runtime/cudart/stream_key.h"
#include "runtime/launch_check.h"
#include "runtime/launch_timing.h"

using smsim::cudart::api_call;
using smsim::cudart::Context;
using smsim::runtime::ResolvedKernel;

namespace {

constexpr double kNanosecondsPerMillisecond = 1e6;

struct CallConfiguration {
  dim3 grid, block;
  size_t shared = 0;
  cudaStream_t stream = nullptr;
};

// <<<>>> pushes and the stub pops; nested launches from host threads each
// use their own stack.
thread_local std::vector<CallConfiguration> call_stack;

smsim::func::Dim3 to_dim3(dim3 d) {
  return {d.x, d.y, d.z};
}

bool valid_stream(Context& context, cudaStream_t stream) {
  return stream == nullptr || stream == cudaStreamLegacy || stream == cudaStreamPerThread ||
         context.streams().contains(stream);
}

}  // namespace

namespace smsim::cudart {

cudaError_t launch_kernel(Context& context, const void* host_fun, dim3 grid, dim3 block,
                          void** args, size_t shared, cudaStream_t stream, bool cooperative,
                          std::optional<dim3> cluster) {
  ResolvedKernel kernel;
  if (const auto e = context.resolve_kernel(host_fun, kernel); e != 0) {
    return static_cast<cudaError_t>(e);
  }
  if (!valid_stream(context, stream)) return cudaErrorInvalidResourceHandle;
  if (!kernel.kernel->kernel) {
    for (const std::string& e : kernel.kernel->errors)
      std::fprintf(stderr, "smsim: %s\n", e.c_str());
    return cudaErrorInvalidPtx;
  }
  if (shared > UINT32_MAX) return cudaErrorInvalidValue;
  const smsim::func::LaunchConfig config{.grid = to_dim3(grid),
                                         .block = to_dim3(block),
                                         .dynamic_shared_bytes = static_cast<std::uint32_t>(shared),
                                         .cooperative = cooperative,
                                         .cluster = to_dim3(cluster.value_or(dim3(1, 1, 1))),
                                         .cluster_given = cluster.has_value()};
  if (const auto e = smsim::runtime::check_launch(context.gpu(), kernel, config); e != 0) {
    return static_cast<cudaError_t>(e);
  }
  if (!smsim::runtime::registers_fit(context, kernel,
                                     static_cast<std::uint32_t>(config.block.count()))) {
    return cudaErrorLaunchOutOfResources;
  }
  if (cooperative && !smsim::runtime::fits_cooperatively(context, kernel, config)) {
    return cudaErrorCooperativeLaunchTooLarge;
  }
  const smsim::func::DecodedKernel& decoded = *kernel.kernel->kernel;
  std::vector<std::vector<std::byte>> values;
  values.reserve(decoded.params.size());
  for (std::size_t i = 0; i < decoded.params.size(); ++i) {
    if (args == nullptr || args[i] == nullptr) return cudaErrorInvalidValue;
    const auto* bytes = static_cast<const std::byte*>(args[i]);
    values.emplace_back(bytes, bytes + decoded.params[i].size);
  }
  const smsim::func::ParamLayout layout(decoded.params);
  const auto packed = layout.pack(values);
  if (!packed.error.empty()) return cudaErrorInvalidValue;
  // cudaDeviceSetLimit: the per-thread stack of real calls and the device heap.
  context.device().options().stack_bytes_per_thread = context.stack_bytes;
  context.device().heap().set_capacity(context.malloc_heap_bytes);
  const auto observer = context.analysis().start(decoded, context.gpu());
  smsim::runtime::DeviceTimeline& timeline = context.timeline();
  const auto slot =
      timeline.place_kernel(smsim::cudart::stream_key(stream), config.grid.count(),
                            smsim::runtime::active_blocks_per_sm(
                                context, kernel, static_cast<std::uint32_t>(config.block.count()),
                                config.dynamic_shared_bytes));
  const smsim::runtime::KernelRun run = smsim::runtime::run_kernel(
      context, kernel, config, packed.bytes, observer.get(), slot.start_ns);
  timeline.finish_kernel(slot, run.milliseconds * kNanosecondsPerMillisecond);
  if (observer) {
    context.analysis().finish(kernel.record->name, config, decoded, *observer, kernel.module,
                              kernel.ptx_text);
  }
  const smsim::func::LaunchResult& result = run.result;
  context.report().launches.push_back({.kernel = kernel.record->name,
                                       .grid = config.grid,
                                       .block = config.block,
                                       .dynamic_shared_bytes = config.dynamic_shared_bytes,
                                       .status = static_cast<std::int32_t>(result.error.code),
                                       .warp_instructions = result.stats.warp_instructions,
                                       .thread_instructions = result.stats.thread_instructions,
                                       .timing = run.timing});
  context.queue_device_printf(result.printf_output);
  if (result.error.code == smsim::func::CudaError::assert_triggered) {
    // The device's own assert message, as the GPU prints it.
    std::fprintf(stderr, "%s\n", result.error.message.c_str());
  } else if (!result.ok() && !result.error.message.empty()) {
    // Most engine diagnostics already start with "kernel NAME: " or
    // "kernel NAME, PTX line N: "; name the kernel once.
    const std::string named = "kernel " + kernel.record->name;
    const std::string& message = result.error.message;
    const bool names_it = message.starts_with(named) && message.size() > named.size() &&
                          (message[named.size()] == ':' || message[named.size()] == ',');
    if (names_it) {
      std::fprintf(stderr, "smsim: %s\n", message.c_str());
    } else {
      std::fprintf(stderr, "smsim: %s: %s\n", named.c_str(), message.c_str());
    }
  }
  if (!result.ok()) context.errors().kernel_failed(static_cast<std::int32_t>(result.error.code));
  return cudaSuccess;
}

}  // namespace smsim::cudart

namespace {

void fill_attributes(Context& context, const ResolvedKernel& kernel, cudaFuncAttributes& out) {
  const smsim::func::DecodedKernel& decoded = *kernel.kernel->kernel;
  const smsim::arch::GpuModel& gpu = context.gpu();
  out = {};
  out.sharedSizeBytes = decoded.static_shared_bytes;
  out.localSizeBytes = decoded.local_bytes_per_thread;
  out.numRegs = static_cast<int>(smsim::runtime::registers_per_thread(context, kernel));
  out.maxDynamicSharedSizeBytes = static_cast<int>(
      smsim::runtime::max_dynamic_shared_bytes(gpu, decoded, kernel.record->settings));
  out.ptxVersion = gpu.cc.major * 10 + gpu.cc.minor;
  out.binaryVersion = out.ptxVersion;
  out.preferredShmemCarveout = kernel.record->settings.preferred_carveout;
  std::uint32_t max_threads = smsim::runtime::max_threads_per_block(gpu, kernel.function);
  const auto warp = static_cast<std::uint32_t>(gpu.limits.warp_size);
  while (max_threads > warp && !smsim::runtime::registers_fit(context, kernel, max_threads)) {
    max_threads -= warp;
  }
  out.maxThreadsPerBlock = static_cast<int>(max_threads);
}

// A launch into a stream being captured becomes a kernel node of its graph.
cudaError_t launch_or_capture(Context& context, const void* func, dim3 grid, dim3 block,
                              void** args, size_t shared, cudaStream_t stream) {
  if (smsim::cudart::capturing(stream)) {
    CUgraphNode_st node;
    const cudaError_t e =
        smsim::cudart::kernel_node(context, func, grid, block, shared, args, node);
    if (e != cudaSuccess) return e;
    smsim::cudart::capture(stream, std::move(node));
    return cudaSuccess;
  }
  return smsim::cudart::launch_kernel(context, func, grid, block, args, shared, stream, false);
}

}  // namespace

extern "C" {

unsigned __cudaPushCallConfiguration(dim3 grid, dim3 block, size_t shared,
                                     struct CUstream_st* stream) {
  call_stack.push_back({grid, block, shared, stream});
  return 0;
}

cudaError_t __cudaPopCallConfiguration(dim3* grid, dim3* block, size_t* shared, void* stream) {
  if (call_stack.empty()) return cudaErrorInvalidConfiguration;
  const CallConfiguration c = call_stack.back();
  call_stack.pop_back();
  *grid = c.grid;
  *block = c.block;
  *shared = c.shared;
  *static_cast<cudaStream_t*>(stream) = c.stream;
  return cudaSuccess;
}

// A kernel handle is the host stub's address: registration is keyed by it.
cudaError_t __cudaGetKernel(cudaKernel_t* handle, const void* host_fun) {
  if (handle == nullptr) return cudaErrorInvalidValue;
  *handle = reinterpret_cast<cudaKernel_t>(const_cast<void*>(host_fun));
  return cudaSuccess;
}

cudaError_t __cudaLaunchKernel(cudaKernel_t kernel, dim3 grid, dim3 block, void** args,
                               size_t shared, cudaStream_t stream) {
  return api_call([&](Context& context) {
    return launch_or_capture(context, kernel, grid, block, args, shared, stream);
  });
}

cudaError_t __cudaLaunchKernel_ptsz(cudaKernel_t kernel, dim3 grid, dim3 block, void** args,
                                    size_t shared, cudaStream_t stream) {
  return __cudaLaunchKernel(kernel, grid, block, args, shared, stream);
}

cudaError_t cudaLaunchKernel(const void* func, dim3 grid, dim3 block, void** args, size_t shared,
                             cudaStream_t stream) {
  return api_call([&](Context& context) {
    return launch_or_capture(context, func, grid, block, args, shared, stream);
  });
}

cudaError_t cudaLaunchCooperativeKernel(const void* func, dim3 grid, dim3 block, void** args,
                                        size_t shared, cudaStream_t stream) {
  return api_call([&](Context& context) {
    return smsim::cudart::launch_kernel(context, func, grid, block, args, shared, stream, true);
  });
}

cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t* config, const void* func, void** args) {
  return api_call([&](Context& context) {
    if (config == nullptr) return cudaErrorInvalidValue;
    bool cooperative = false;
    std::optional<dim3> cluster;
    for (unsigned i = 0; i < config->numAttrs; ++i) {
      if (config->attrs[i].id == cudaLaunchAttributeCooperative) {
        cooperative = config->attrs[i].val.cooperative != 0;
      }
      if (config->attrs[i].id == cudaLaunchAttributeClusterDimension) {
        const auto& d = config->attrs[i].val.clusterDim;
        cluster = dim3(d.x, d.y, d.z);
      }
    }
    // Cluster launches run directly (stream capture records plain launches);
    // a cluster of 1,1,1 is one too (it lets st.async run).
    if (!cooperative && !cluster) {
      return launch_or_capture(context, func, config->gridDim, config->blockDim, args,
                               config->dynamicSmemBytes, config->stream);
    }
    return smsim::cudart::launch_kernel(context, func, config->gridDim, config->blockDim, args,
                                        config->dynamicSmemBytes, config->stream, cooperative,
                                        cluster);
  });
}

cudaError_t cudaFuncGetAttributes(cudaFuncAttributes* attributes, const void* func) {
  return api_call([&](Context& context) {
    ResolvedKernel kernel;
    if (const auto e = context.resolve_kernel(func, kernel); e != 0) {
      return static_cast<cudaError_t>(e);
    }
    if (attributes == nullptr) return cudaErrorInvalidValue;
    if (!kernel.kernel->kernel) return cudaErrorInvalidPtx;
    fill_attributes(context, kernel, *attributes);
    return cudaSuccess;
  });
}

cudaError_t cudaFuncSetAttribute(const void* func, cudaFuncAttribute attribute, int value) {
  return api_call([&](Context& context) {
    ResolvedKernel kernel;
    if (const auto e = context.resolve_kernel(func, kernel); e != 0) {
      return static_cast<cudaError_t>(e);
    }
    if (!kernel.kernel->kernel) return cudaErrorInvalidPtx;
    auto& settings = kernel.record->settings;
    switch (attribute) {
      case cudaFuncAttributeMaxDynamicSharedMemorySize: {
        // Measured: the opt-in limit counts the kernel's static shared memory.
        const std::int64_t limit = context.gpu().shared_memory.max_per_block_optin -
                                   kernel.kernel->kernel->static_shared_bytes;
        if (value < 0 || value > limit) return cudaErrorInvalidValue;
        settings.max_dynamic_shared_bytes = value;
        return cudaSuccess;
      }
      case cudaFuncAttributePreferredSharedMemoryCarveout:
        if (value < -1 || value > 100) return cudaErrorInvalidValue;
        settings.preferred_carveout = value;
        return cudaSuccess;
      default:
        return cudaErrorInvalidValue;
    }
  });
}

cudaError_t cudaFuncSetCacheConfig(const void* func, cudaFuncCache config) {
  return api_call([&](Context& context) {
    ResolvedKernel kernel;
    if (const auto e = context.resolve_kernel(func, kernel); e != 0) {
      return static_cast<cudaError_t>(e);
    }
    kernel.record->settings.cache_config = static_cast<std::int32_t>(config);
    return cudaSuccess;
  });
}

}  // extern "C"
