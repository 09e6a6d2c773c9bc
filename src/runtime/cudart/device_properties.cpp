#include "runtime/cudart/device_properties.h"

#include <algorithm>
#include <cstring>

namespace smsim::cudart {
namespace {

// Limits every CC since 3.0 shares; the GPU model does not vary them.
constexpr int kMaxBlockXY = 1024;
constexpr int kMaxBlockZ = 64;
constexpr int kMaxGridX = 0x7FFF'FFFF;
constexpr int kMaxGridYZ = 65535;
constexpr std::size_t kConstantBytes = 64 * 1024;
constexpr std::size_t kTextureAlignment = 512;
constexpr std::size_t kTexturePitchAlignment = 32;
constexpr std::size_t kMemPitch = 0x7FFF'FFFF;
constexpr int kKhzPerMhz = 1000;
constexpr std::size_t kBytesPerMib = std::size_t{1} << 20;
constexpr std::size_t kBytesPerKib = 1024;

int max_threads_block(const arch::GpuModel& gpu) {
  return gpu.limits.max_threads_per_block;
}

int sm_clock_khz(const arch::GpuModel& gpu) {
  return (gpu.clocks.sm_boost_mhz != 0 ? gpu.clocks.sm_boost_mhz : gpu.clocks.sm_base_mhz) *
         kKhzPerMhz;
}

}  // namespace

void fill_device_properties(const arch::GpuModel& gpu, cudaDeviceProp& prop) {
  std::memset(&prop, 0, sizeof prop);
  std::strncpy(prop.name, gpu.display_name.c_str(), sizeof prop.name - 1);
  prop.totalGlobalMem = static_cast<std::size_t>(gpu.memory.size_mib) * kBytesPerMib;
  prop.sharedMemPerBlock = static_cast<std::size_t>(gpu.shared_memory.max_per_block);
  prop.regsPerBlock = gpu.registers.max_per_block;
  prop.warpSize = gpu.limits.warp_size;
  prop.memPitch = kMemPitch;
  prop.maxThreadsPerBlock = max_threads_block(gpu);
  prop.maxThreadsDim[0] = std::min(kMaxBlockXY, max_threads_block(gpu));
  prop.maxThreadsDim[1] = std::min(kMaxBlockXY, max_threads_block(gpu));
  prop.maxThreadsDim[2] = kMaxBlockZ;
  prop.maxGridSize[0] = kMaxGridX;
  prop.maxGridSize[1] = kMaxGridYZ;
  prop.maxGridSize[2] = kMaxGridYZ;
  prop.totalConstMem = kConstantBytes;
  prop.major = gpu.cc.major;
  prop.minor = gpu.cc.minor;
  prop.textureAlignment = kTextureAlignment;
  prop.texturePitchAlignment = kTexturePitchAlignment;
  prop.multiProcessorCount = gpu.sm_count;
  prop.canMapHostMemory = 1;
  prop.concurrentKernels = 1;
  prop.unifiedAddressing = 1;
  prop.memoryBusWidth = gpu.memory.bus_width_bits;
  prop.l2CacheSize = gpu.cache.l2.size_kib * static_cast<int>(kBytesPerKib);
  prop.maxThreadsPerMultiProcessor = gpu.limits.max_threads_per_sm;
  prop.sharedMemPerMultiprocessor = static_cast<std::size_t>(gpu.shared_memory.per_sm);
  prop.regsPerMultiprocessor = gpu.registers.per_sm;
  prop.managedMemory = 1;
  prop.cooperativeLaunch = 1;
  prop.sharedMemPerBlockOptin = static_cast<std::size_t>(gpu.shared_memory.max_per_block_optin);
  prop.maxBlocksPerMultiProcessor = gpu.limits.max_blocks_per_sm;
  prop.reservedSharedMemPerBlock = static_cast<std::size_t>(gpu.shared_memory.reserved_per_block);
  prop.hostRegisterSupported = 1;
  prop.globalL1CacheSupported = 1;
  prop.localL1CacheSupported = 1;
  prop.maxTexture1D = gpu.texture.max_1d_width;
  prop.maxTexture2D[0] = gpu.texture.max_2d_width;
  prop.maxTexture3D[2] = gpu.texture.max_3d_depth;
  prop.maxSurface2D[0] = gpu.texture.max_surface_2d_width;
  prop.streamPrioritiesSupported = 1;
  prop.asyncEngineCount = gpu.copy_engines;
  prop.persistingL2CacheMaxSize = gpu.cache.l2.max_persisting_bytes;
}

bool device_attribute(const arch::GpuModel& gpu, cudaDeviceAttr attribute, int& value) {
  cudaDeviceProp p;
  fill_device_properties(gpu, p);
  switch (attribute) {
    case cudaDevAttrMaxThreadsPerBlock:
      value = p.maxThreadsPerBlock;
      return true;
    case cudaDevAttrMaxBlockDimX:
      value = p.maxThreadsDim[0];
      return true;
    case cudaDevAttrMaxBlockDimY:
      value = p.maxThreadsDim[1];
      return true;
    case cudaDevAttrMaxBlockDimZ:
      value = p.maxThreadsDim[2];
      return true;
    case cudaDevAttrMaxGridDimX:
      value = p.maxGridSize[0];
      return true;
    case cudaDevAttrMaxGridDimY:
      value = p.maxGridSize[1];
      return true;
    case cudaDevAttrMaxGridDimZ:
      value = p.maxGridSize[2];
      return true;
    case cudaDevAttrMaxSharedMemoryPerBlock:
      value = static_cast<int>(p.sharedMemPerBlock);
      return true;
    case cudaDevAttrTotalConstantMemory:
      value = static_cast<int>(p.totalConstMem);
      return true;
    case cudaDevAttrWarpSize:
      value = p.warpSize;
      return true;
    case cudaDevAttrMaxRegistersPerBlock:
      value = p.regsPerBlock;
      return true;
    case cudaDevAttrClockRate:
      value = sm_clock_khz(gpu);
      return true;
    case cudaDevAttrMultiProcessorCount:
      value = p.multiProcessorCount;
      return true;
    case cudaDevAttrComputeCapabilityMajor:
      value = p.major;
      return true;
    case cudaDevAttrComputeCapabilityMinor:
      value = p.minor;
      return true;
    case cudaDevAttrMemoryClockRate:
      value = gpu.clocks.memory_mtps * kKhzPerMhz / 2;
      return true;
    case cudaDevAttrGlobalMemoryBusWidth:
      value = p.memoryBusWidth;
      return true;
    case cudaDevAttrL2CacheSize:
      value = p.l2CacheSize;
      return true;
    case cudaDevAttrMaxThreadsPerMultiProcessor:
      value = p.maxThreadsPerMultiProcessor;
      return true;
    case cudaDevAttrMaxSharedMemoryPerMultiprocessor:
      value = static_cast<int>(p.sharedMemPerMultiprocessor);
      return true;
    case cudaDevAttrMaxRegistersPerMultiprocessor:
      value = p.regsPerMultiprocessor;
      return true;
    case cudaDevAttrMaxSharedMemoryPerBlockOptin:
      value = static_cast<int>(p.sharedMemPerBlockOptin);
      return true;
    case cudaDevAttrMaxBlocksPerMultiprocessor:
      value = p.maxBlocksPerMultiProcessor;
      return true;
    case cudaDevAttrReservedSharedMemoryPerBlock:
      value = static_cast<int>(p.reservedSharedMemPerBlock);
      return true;
    case cudaDevAttrCanMapHostMemory:
    case cudaDevAttrUnifiedAddressing:
    case cudaDevAttrManagedMemory:
    case cudaDevAttrCooperativeLaunch:
    case cudaDevAttrConcurrentKernels:
    case cudaDevAttrHostRegisterSupported:
    case cudaDevAttrGlobalL1CacheSupported:
    case cudaDevAttrLocalL1CacheSupported:
      value = 1;
      return true;
    case cudaDevAttrMaxTexture1DWidth:
      value = p.maxTexture1D;
      return true;
    case cudaDevAttrMaxTexture2DWidth:
      value = p.maxTexture2D[0];
      return true;
    case cudaDevAttrMaxTexture3DDepth:
      value = p.maxTexture3D[2];
      return true;
    case cudaDevAttrMaxSurface2DWidth:
      value = p.maxSurface2D[0];
      return true;
    case cudaDevAttrStreamPrioritiesSupported:
      value = p.streamPrioritiesSupported;
      return true;
    case cudaDevAttrAsyncEngineCount:
      value = p.asyncEngineCount;
      return true;
    case cudaDevAttrMaxPersistingL2CacheSize:
      value = p.persistingL2CacheMaxSize;
      return true;
    case cudaDevAttrClusterLaunch:
      value = gpu.limits.cluster_launch ? 1 : 0;
      return true;
    case cudaDevAttrTextureAlignment:
      value = static_cast<int>(p.textureAlignment);
      return true;
    case cudaDevAttrTexturePitchAlignment:
      value = static_cast<int>(p.texturePitchAlignment);
      return true;
    case cudaDevAttrIntegrated:
    case cudaDevAttrEccEnabled:
    case cudaDevAttrPciBusId:
    case cudaDevAttrPciDeviceId:
    case cudaDevAttrPciDomainId:
    case cudaDevAttrTccDriver:
      value = 0;
      return true;
    default:
      return false;
  }
}

}  // namespace smsim::cudart
