// cudaMemcpy whose kind contradicts where the pointers live (with unified
// addressing the runtime can tell), and a kind outside the enum.
#include <cstring>

#include "report.h"

int main() {
  golden::start();
  constexpr size_t kBytes = 64;
  char host[kBytes];
  std::memset(host, 7, kBytes);
  char* device = nullptr;
  golden::call("cudaMalloc", cudaMalloc(&device, kBytes));
  golden::call("cudaMemcpy(host <- device, kind HostToDevice)",
               cudaMemcpy(host, device, kBytes, cudaMemcpyHostToDevice));
  golden::report_error_state("after the swapped kind (HostToDevice)");
  golden::call("cudaMemcpy(device <- host, kind DeviceToHost)",
               cudaMemcpy(device, host, kBytes, cudaMemcpyDeviceToHost));
  golden::report_error_state("after the swapped kind (DeviceToHost)");
  golden::call("cudaMemcpy(device <- host, kind DeviceToDevice)",
               cudaMemcpy(device, host, kBytes, cudaMemcpyDeviceToDevice));
  golden::report_error_state("after the host source with kind DeviceToDevice");
  golden::call("cudaMemcpy(device <- host, kind Default)",
               cudaMemcpy(device, host, kBytes, cudaMemcpyDefault));
  constexpr auto kBogusKind = static_cast<cudaMemcpyKind>(7);
  golden::call("cudaMemcpy(device <- host, kind 7)", cudaMemcpy(device, host, kBytes, kBogusKind));
  return golden::finish();
}
