#pragma once
// The runtime's error bookkeeping, as measured on an H100 with CUDA 13
// (tests/runtime/errors/golden):
// - a failing call records its error; cudaPeekAtLastError reads the record,
//   cudaGetLastError reads and clears it;
// - a fault inside a kernel is not reported by the launch: it surfaces at the
//   next call, and from then on is sticky: every call except the two queries
//   returns it again and records it again;
// - cudaDeviceReset after a sticky error clears the record, but the device
//   stays unavailable (cudaErrorDevicesUnavailable) for the process.

#include <cstdint>

#include "runtime/error_code.h"

namespace smsim::runtime {

class ErrorState {
 public:
  // Called on entry to every API call but the error queries: the sticky (or
  // pending kernel-fault) error that call must return, or success.
  std::int32_t on_call();
  // Records the result of a call; returns it.
  std::int32_t record(std::int32_t code);
  std::int32_t record(ErrorCode code) { return record(static_cast<std::int32_t>(code)); }

  std::int32_t peek() const { return last_; }
  std::int32_t take() {
    const std::int32_t e = last_;
    last_ = 0;
    return e;
  }

  // A kernel failed: the error waits for the next call.
  void kernel_failed(std::int32_t code) {
    if (pending_ == 0 && sticky_ == 0) pending_ = code;
  }
  // cudaDeviceReset: a healthy context resets cleanly; after a sticky error
  // the device becomes unavailable.
  void reset();
  bool usable() const { return sticky_ == 0 && pending_ == 0; }

 private:
  std::int32_t last_ = 0;
  std::int32_t pending_ = 0;
  std::int32_t sticky_ = 0;
};

}  // namespace smsim::runtime
