// Runtime API behaviour a simulator's runtime must reproduce: device
// attributes of the model, occupancy queries, invalid launch configurations
// (non-sticky errors), stream capture into a CUDA graph and its replay, host
// functions in stream order, stream priorities, error names and versions.
#include "../common/conformance.cuh"

using namespace conf;

using u32 = uint32_t;

__global__ void add_kernel(u32* data, u32 value, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] = data[i] * 3u + value;
}

// Fixed shared-memory footprints so that occupancy is limited by them.
__global__ void __launch_bounds__(256) smem_16k_kernel(u32* out) {
  __shared__ u32 buffer[4096];
  buffer[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = buffer[(threadIdx.x + 1) % blockDim.x];
}
__global__ void __launch_bounds__(1024) wide_kernel(u32* out) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = threadIdx.x;
}

void host_append(void* user) {
  auto* log = static_cast<std::vector<int>*>(user);
  log->push_back(static_cast<int>(log->size()) * 10);
}

int main() {
  begin("runtime_api");
  int device = 0;
  CONF_CHECK(cudaGetDevice(&device));
  int runtime_version = 0;
  CONF_CHECK(cudaRuntimeGetVersion(&runtime_version));
  std::printf("RESULT runtime_version_major %d\n", runtime_version / 1000);

  const struct {
    cudaDeviceAttr attribute;
    const char* name;
  } attributes[] = {
      {cudaDevAttrMaxThreadsPerBlock, "max_threads_per_block"},
      {cudaDevAttrMaxBlockDimX, "max_block_dim_x"},
      {cudaDevAttrMaxBlockDimY, "max_block_dim_y"},
      {cudaDevAttrMaxBlockDimZ, "max_block_dim_z"},
      {cudaDevAttrMaxGridDimX, "max_grid_dim_x"},
      {cudaDevAttrMaxGridDimY, "max_grid_dim_y"},
      {cudaDevAttrMaxGridDimZ, "max_grid_dim_z"},
      {cudaDevAttrMaxSharedMemoryPerBlock, "max_shared_per_block"},
      {cudaDevAttrMaxSharedMemoryPerBlockOptin, "max_shared_per_block_optin"},
      {cudaDevAttrMaxSharedMemoryPerMultiprocessor, "max_shared_per_sm"},
      {cudaDevAttrReservedSharedMemoryPerBlock, "reserved_shared_per_block"},
      {cudaDevAttrTotalConstantMemory, "total_constant_memory"},
      {cudaDevAttrWarpSize, "warp_size"},
      {cudaDevAttrMaxRegistersPerBlock, "max_registers_per_block"},
      {cudaDevAttrMaxRegistersPerMultiprocessor, "max_registers_per_sm"},
      {cudaDevAttrMaxThreadsPerMultiProcessor, "max_threads_per_sm"},
      {cudaDevAttrMaxBlocksPerMultiprocessor, "max_blocks_per_sm"},
      {cudaDevAttrMultiProcessorCount, "sm_count"},
      {cudaDevAttrComputeCapabilityMajor, "cc_major"},
      {cudaDevAttrComputeCapabilityMinor, "cc_minor"},
      {cudaDevAttrL2CacheSize, "l2_cache_bytes"},
      {cudaDevAttrGlobalMemoryBusWidth, "memory_bus_width"},
      {cudaDevAttrTextureAlignment, "texture_alignment"},
      {cudaDevAttrTexturePitchAlignment, "texture_pitch_alignment"},
      {cudaDevAttrMaxTexture1DWidth, "max_texture_1d"},
      {cudaDevAttrMaxTexture2DWidth, "max_texture_2d_width"},
      {cudaDevAttrMaxTexture3DDepth, "max_texture_3d_depth"},
      {cudaDevAttrMaxSurface2DWidth, "max_surface_2d_width"},
      {cudaDevAttrConcurrentKernels, "concurrent_kernels"},
      {cudaDevAttrCooperativeLaunch, "cooperative_launch"},
      {cudaDevAttrManagedMemory, "managed_memory"},
      {cudaDevAttrUnifiedAddressing, "unified_addressing"},
      {cudaDevAttrCanMapHostMemory, "can_map_host_memory"},
      {cudaDevAttrGlobalL1CacheSupported, "global_l1_cache"},
      {cudaDevAttrLocalL1CacheSupported, "local_l1_cache"},
      {cudaDevAttrStreamPrioritiesSupported, "stream_priorities"},
      {cudaDevAttrAsyncEngineCount, "async_engines"},
      {cudaDevAttrClusterLaunch, "cluster_launch"},
      {cudaDevAttrMaxPersistingL2CacheSize, "max_persisting_l2"},
  };
  for (const auto& a : attributes) {
    int value = 0;
    const cudaError_t status = cudaDeviceGetAttribute(&value, a.attribute, device);
    std::printf("RESULT attribute %s %d %s\n", a.name, value, cudaGetErrorName(status));
  }

  int blocks = 0;
  CONF_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, smem_16k_kernel, 256, 0));
  print_value("occupancy/smem_16k_256_threads", blocks);
  CONF_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, wide_kernel, 1024, 0));
  print_value("occupancy/1024_threads", blocks);
  CONF_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, wide_kernel, 64, 32 * 1024));
  print_value("occupancy/64_threads_32k_dynamic_smem", blocks);
  size_t dynamic_smem = 0;
  CONF_CHECK(cudaOccupancyAvailableDynamicSMemPerBlock(&dynamic_smem, wide_kernel, 4, 256));
  print_value("occupancy/available_dynamic_smem_4_blocks", static_cast<uint64_t>(dynamic_smem));
  cudaFuncAttributes fa{};
  CONF_CHECK(cudaFuncGetAttributes(&fa, smem_16k_kernel));
  print_value("func/smem_16k_static_bytes", static_cast<uint64_t>(fa.sharedSizeBytes));
  print_value("func/smem_16k_max_threads", fa.maxThreadsPerBlock);
  CONF_CHECK(cudaFuncGetAttributes(&fa, wide_kernel));
  print_value("func/wide_max_threads", fa.maxThreadsPerBlock);

  // Invalid launches: each fails at launch and leaves the context usable.
  DeviceBuffer<u32> data(1024);
  const struct {
    const char* name;
    dim3 grid, block;
    size_t smem;
  } bad_launches[] = {{"block_2048_threads", dim3(1), dim3(2048), 0},
                      {"block_z_65", dim3(1), dim3(1, 1, 65), 0},
                      {"grid_y_65536", dim3(1, 65536), dim3(32), 0},
                      {"grid_zero", dim3(0), dim3(32), 0},
                      {"dynamic_smem_1mb", dim3(1), dim3(32), 1u << 20}};
  for (const auto& bad : bad_launches) {
    add_kernel<<<bad.grid, bad.block, bad.smem>>>(data.get(), 1u, 1024);
    const cudaError_t launch = cudaGetLastError();
    const cudaError_t sync = cudaDeviceSynchronize();
    std::printf("RESULT bad_launch %s %s then %s\n", bad.name, cudaGetErrorName(launch),
                cudaGetErrorName(sync));
  }
  add_kernel<<<4, 256>>>(data.get(), 5u, 1024);
  CONF_CHECK_LAUNCH();
  print_case("after_bad_launches/kernel_still_runs", data.download());

  // Stream capture into a graph, replayed three times.
  cudaStream_t stream;
  CONF_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  cudaGraph_t graph;
  CONF_CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal));
  add_kernel<<<4, 256, 0, stream>>>(data.get(), 7u, 1024);
  CONF_CHECK(cudaMemsetAsync(data.get(), 0, 16 * sizeof(u32), stream));
  add_kernel<<<4, 256, 0, stream>>>(data.get(), 11u, 1024);
  CONF_CHECK(cudaStreamEndCapture(stream, &graph));
  size_t nodes = 0;
  CONF_CHECK(cudaGraphGetNodes(graph, nullptr, &nodes));
  print_value("graph/captured_nodes", static_cast<uint64_t>(nodes));
  cudaGraphExec_t exec;
  CONF_CHECK(cudaGraphInstantiate(&exec, graph, 0));
  for (int i = 0; i < 3; ++i) CONF_CHECK(cudaGraphLaunch(exec, stream));
  CONF_CHECK(cudaStreamSynchronize(stream));
  print_case("graph/three_replays", data.download());

  // Host functions run in stream order, between kernels.
  std::vector<int> log;
  CONF_CHECK(cudaLaunchHostFunc(stream, host_append, &log));
  add_kernel<<<4, 256, 0, stream>>>(data.get(), 13u, 1024);
  CONF_CHECK(cudaLaunchHostFunc(stream, host_append, &log));
  CONF_CHECK(cudaStreamSynchronize(stream));
  print_case("host_func/log", log);

  int least = 0, greatest = 0;
  CONF_CHECK(cudaDeviceGetStreamPriorityRange(&least, &greatest));
  std::printf("RESULT stream_priority_range %d %d\n", least, greatest);
  cudaStream_t high;
  CONF_CHECK(cudaStreamCreateWithPriority(&high, cudaStreamDefault, greatest));
  int priority = 0;
  CONF_CHECK(cudaStreamGetPriority(high, &priority));
  print_value("stream/priority_readback_matches", static_cast<int>(priority == greatest));

  for (cudaError_t e : {cudaSuccess, cudaErrorInvalidValue, cudaErrorMemoryAllocation,
                        cudaErrorInvalidConfiguration, cudaErrorLaunchFailure,
                        cudaErrorIllegalAddress, cudaErrorAssert, cudaErrorNotReady,
                        cudaErrorInvalidDeviceFunction, cudaErrorCooperativeLaunchTooLarge}) {
    std::printf("RESULT error %d %s: %s\n", static_cast<int>(e), cudaGetErrorName(e),
                cudaGetErrorString(e));
  }
  void* huge = nullptr;
  const cudaError_t too_big = cudaMalloc(&huge, static_cast<size_t>(1) << 50);
  std::printf("RESULT malloc_1_pib %s then last_error %s\n", cudaGetErrorName(too_big),
              cudaGetErrorName(cudaGetLastError()));

  CONF_CHECK(cudaGraphExecDestroy(exec));
  CONF_CHECK(cudaGraphDestroy(graph));
  CONF_CHECK(cudaStreamDestroy(stream));
  CONF_CHECK(cudaStreamDestroy(high));
  return 0;
}
