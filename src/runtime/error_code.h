#pragma once
// The cudaError_t values the runtime returns, with the numbers of CUDA 13's
// driver_types.h so the C API can hand them back unchanged.

#include <cstdint>

namespace smsim::runtime {

enum class ErrorCode : std::int32_t {
  success = 0,
  invalid_value = 1,
  memory_allocation = 2,
  initialization_error = 3,
  invalid_pitch_value = 12,
  invalid_symbol = 13,
  invalid_device_pointer = 17,
  invalid_memcpy_direction = 21,
  devices_unavailable = 46,
  invalid_device_function = 98,
  invalid_device = 101,
  invalid_kernel_image = 200,
  invalid_ptx = 218,
  invalid_resource_handle = 400,
  symbol_not_found = 500,
  not_ready = 600,
  illegal_address = 700,
  launch_out_of_resources = 701,
  host_memory_already_registered = 712,
  host_memory_not_registered = 713,
  cooperative_launch_too_large = 720,
  not_supported = 801,
  unknown = 999,
};

// Errors after which the context is unusable: every later call returns them
// (what CUDA calls sticky errors, from a fault inside a kernel).
bool is_sticky(std::int32_t code);

}  // namespace smsim::runtime
