// Overlapping source and destination: cudaMemcpy does not promise memmove
// semantics. The codes are the golden; the copied values show what the copy
// engine did on the measured device.
#include "report.h"

constexpr int kCount = 16;

void print_values(const char* label, const int* values) {
  std::printf("VALUES %s =", label);
  for (int i = 0; i < kCount; ++i) std::printf(" %d", values[i]);
  std::printf("\n");
  std::fflush(stdout);
}

int main() {
  golden::start();
  int host[kCount + 4];
  for (int i = 0; i < kCount + 4; ++i) host[i] = i;
  int* device = nullptr;
  golden::call("cudaMalloc", cudaMalloc(&device, sizeof host));
  golden::call("cudaMemcpy HostToDevice",
               cudaMemcpy(device, host, sizeof host, cudaMemcpyHostToDevice));
  golden::call("cudaMemcpy(device+1 <- device, 16 ints, DeviceToDevice)",
               cudaMemcpy(device + 1, device, kCount * sizeof(int), cudaMemcpyDeviceToDevice));
  int result[kCount + 4] = {};
  golden::call("cudaMemcpy DeviceToHost",
               cudaMemcpy(result, device, sizeof result, cudaMemcpyDeviceToHost));
  print_values("device after forward overlapping copy", result);
  golden::call("cudaMemcpy(host+1 <- host, 16 ints, HostToHost)",
               cudaMemcpy(host + 1, host, kCount * sizeof(int), cudaMemcpyHostToHost));
  print_values("host after forward overlapping copy", host);
  golden::call("cudaMemcpy(device <- device, same range, DeviceToDevice)",
               cudaMemcpy(device, device, kCount * sizeof(int), cudaMemcpyDeviceToDevice));
  return golden::finish();
}
