#include "func/memory/memory_fault.h"

#include <fmt/format.h>

namespace smsim::func {

std::string_view to_string(MemorySpace space) {
  switch (space) {
    case MemorySpace::global:
      return "global";
    case MemorySpace::shared:
      return "shared";
    case MemorySpace::local:
      return "local";
    case MemorySpace::param:
      return "param";
    case MemorySpace::constant:
      return "const";
    case MemorySpace::generic:
      return "generic";
  }
  return "unknown-space";
}

std::string_view to_string(AccessKind access) {
  switch (access) {
    case AccessKind::read:
      return "read";
    case AccessKind::write:
      return "write";
    case AccessKind::atomic:
      return "atomic";
  }
  return "unknown-access";
}

std::string_view to_string(FaultKind kind) {
  switch (kind) {
    case FaultKind::null_pointer:
      return "null-pointer";
    case FaultKind::out_of_bounds:
      return "out-of-bounds";
    case FaultKind::freed:
      return "use-after-free";
    case FaultKind::misaligned:
      return "misaligned";
    case FaultKind::read_only:
      return "read-only";
    case FaultKind::unaddressable:
      return "unaddressable";
  }
  return "unknown-fault";
}

std::string_view cuda_error_name(CudaError error) {
  switch (error) {
    case CudaError::success:
      return "cudaSuccess";
    case CudaError::invalid_value:
      return "cudaErrorInvalidValue";
    case CudaError::invalid_configuration:
      return "cudaErrorInvalidConfiguration";
    case CudaError::invalid_ptx:
      return "cudaErrorInvalidPtx";
    case CudaError::symbol_not_found:
      return "cudaErrorSymbolNotFound";
    case CudaError::not_supported:
      return "cudaErrorNotSupported";
    case CudaError::unknown:
      return "cudaErrorUnknown";
    case CudaError::launch_timeout:
      return "cudaErrorLaunchTimeout";
    case CudaError::assert_triggered:
      return "cudaErrorAssert";
    case CudaError::illegal_instruction:
      return "cudaErrorIllegalInstruction";
    case CudaError::invalid_pc:
      return "cudaErrorInvalidPc";
    case CudaError::misaligned_address:
      return "cudaErrorMisalignedAddress";
    case CudaError::illegal_address:
      return "cudaErrorIllegalAddress";
    case CudaError::launch_failure:
      return "cudaErrorLaunchFailure";
  }
  return "cudaErrorUnknown";
}

CudaError cuda_error_of(const MemoryFault& fault) {
  switch (fault.kind) {
    case FaultKind::misaligned:
      return CudaError::misaligned_address;
    case FaultKind::unaddressable:
      return CudaError::illegal_instruction;
    default:
      return CudaError::illegal_address;
  }
}

std::string describe(const MemoryFault& fault) {
  std::string text =
      fmt::format("{} {} {} of {} bytes at {:#x}", to_string(fault.kind), to_string(fault.space),
                  to_string(fault.access), fault.size, fault.address);
  const FaultSite& s = fault.site;
  if (s.block_x != FaultSite::kUnknown) {
    text += fmt::format(" by block ({},{},{})", s.block_x, s.block_y, s.block_z);
  }
  if (s.thread_x != FaultSite::kUnknown) {
    text += fmt::format(" thread ({},{},{})", s.thread_x, s.thread_y, s.thread_z);
  }
  if (s.instruction != FaultSite::kUnknown) text += fmt::format(", instruction {}", s.instruction);
  if (s.ptx_line != 0) text += fmt::format(" (PTX line {})", s.ptx_line);
  return text;
}

}  // namespace smsim::func
