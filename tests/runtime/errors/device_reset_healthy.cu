// Control for device_reset_after_sticky: cudaDeviceReset on a healthy
// context, then the innocent calls.
#include "report.h"

__global__ void empty_kernel() {}

int main() {
  golden::start();
  empty_kernel<<<1, 1>>>();
  golden::call("launch", cudaGetLastError());
  golden::call("cudaDeviceSynchronize", cudaDeviceSynchronize());
  golden::call("cudaDeviceReset", cudaDeviceReset());
  return golden::finish();
}
