// cudaMemcpy with pointers that are neither valid device nor valid host
// memory. Ordered from least to most likely to crash the process: a crash is
// itself the measured result (recorded as the exit status).
#include "report.h"

int main() {
  golden::start();
  constexpr size_t kBytes = 64;
  char host[kBytes] = {};
  char* device = nullptr;
  golden::call("cudaMemcpy(host <- nullptr, DeviceToHost)",
               cudaMemcpy(host, nullptr, kBytes, cudaMemcpyDeviceToHost));
  golden::report_error_state("after the null device source");
  golden::call("cudaMalloc", cudaMalloc(&device, kBytes));
  golden::call("cudaMemcpy(host <- device, 1 MiB past a 64 B allocation, DeviceToHost)",
               cudaMemcpy(host, device, kBytes << 14, cudaMemcpyDeviceToHost));
  golden::report_error_state("after the oversized copy");
  auto* unmapped_device = reinterpret_cast<char*>(0x7f0000000000ull);
  golden::call("cudaMemcpy(host <- unmapped 0x7f0000000000, DeviceToHost)",
               cudaMemcpy(host, unmapped_device, kBytes, cudaMemcpyDeviceToHost));
  golden::report_error_state("after the unmapped device source");
  golden::call("cudaMemcpy(device <- nullptr, HostToDevice)",
               cudaMemcpy(device, nullptr, kBytes, cudaMemcpyHostToDevice));
  golden::report_error_state("after the null host source");
  return golden::finish();
}
