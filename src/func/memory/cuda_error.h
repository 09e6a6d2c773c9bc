#pragma once
// The CUDA runtime error a failed launch maps to. The numbers are those of
// cudaError_t in CUDA 13's driver_types.h, so the runtime layer can return them
// unchanged.

#include <cstdint>
#include <string_view>

namespace smsim::func {

enum class CudaError : std::int32_t {
  success = 0,
  invalid_value = 1,
  invalid_configuration = 9,
  invalid_ptx = 218,
  symbol_not_found = 500,
  not_supported = 801,
  unknown = 999,
  launch_timeout = 702,
  assert_triggered = 710,
  illegal_instruction = 715,
  invalid_pc = 718,
  misaligned_address = 716,
  illegal_address = 700,
  launch_failure = 719,
};

// The name CUDA gives the error, e.g. "cudaErrorIllegalAddress".
std::string_view cuda_error_name(CudaError error);

}  // namespace smsim::func
