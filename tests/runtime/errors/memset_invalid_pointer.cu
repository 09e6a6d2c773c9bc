// cudaMemset on pointers that are not device allocations, and past the end
// of one.
#include "report.h"

int main() {
  golden::start();
  golden::call("cudaMemset(nullptr, 0, 64)", cudaMemset(nullptr, 0, 64));
  golden::report_error_state("after the null pointer");
  int host_value = 0;
  golden::call("cudaMemset(host stack pointer, 0, 4)",
               cudaMemset(&host_value, 0, sizeof host_value));
  golden::report_error_state("after the host pointer");
  void* device = nullptr;
  golden::call("cudaMalloc(64)", cudaMalloc(&device, 64));
  golden::call("cudaMemset(device, 0, 1 MiB past a 64 B allocation)",
               cudaMemset(device, 0, 1 << 20));
  golden::report_error_state("after the oversized memset");
  golden::call("cudaMemset(unmapped 0x7f0000000000, 0, 64)",
               cudaMemset(reinterpret_cast<void*>(0x7f0000000000ull), 0, 64));
  golden::report_error_state("after the unmapped pointer");
  return golden::finish();
}
