#include "runtime/error_state.h"

namespace smsim::runtime {

bool is_sticky(std::int32_t code) {
  switch (code) {
    case 700:  // cudaErrorIllegalAddress
    case 702:  // cudaErrorLaunchTimeout
    case 710:  // cudaErrorAssert
    case 714:  // cudaErrorHardwareStackError
    case 715:  // cudaErrorIllegalInstruction
    case 716:  // cudaErrorMisalignedAddress
    case 717:  // cudaErrorInvalidAddressSpace
    case 718:  // cudaErrorInvalidPc
    case 719:  // cudaErrorLaunchFailure
    case 46:   // cudaErrorDevicesUnavailable, after a reset of a failed context
      return true;
    default:
      return false;
  }
}

std::int32_t ErrorState::on_call() {
  if (pending_ != 0) {
    sticky_ = is_sticky(pending_) ? pending_ : 0;
    const std::int32_t e = pending_;
    pending_ = 0;
    return record(e);
  }
  if (sticky_ != 0) return record(sticky_);
  return 0;
}

std::int32_t ErrorState::record(std::int32_t code) {
  if (code != 0) last_ = code;
  return code;
}

void ErrorState::reset() {
  // Measured: once unavailable, a further reset changes nothing, not even
  // the last-error record.
  if (sticky_ == static_cast<std::int32_t>(ErrorCode::devices_unavailable)) return;
  const bool failed = sticky_ != 0 || pending_ != 0;
  last_ = 0;
  pending_ = 0;
  sticky_ = failed ? static_cast<std::int32_t>(ErrorCode::devices_unavailable) : 0;
}

}  // namespace smsim::runtime
