#pragma once
// cudaDeviceProp and cudaDeviceGetAttribute values describing the modeled GPU
// (src/arch): name, compute capability, SM count, clocks, memory, limits.

#include <cuda_runtime_api.h>

#include "arch/gpu_model.h"

namespace smsim::cudart {

void fill_device_properties(const arch::GpuModel& gpu, cudaDeviceProp& prop);

// False for an attribute smsim does not know.
bool device_attribute(const arch::GpuModel& gpu, cudaDeviceAttr attribute, int& value);

}  // namespace smsim::cudart
