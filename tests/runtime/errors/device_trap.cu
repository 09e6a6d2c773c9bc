// __trap() in device code.
#include "report.h"

__global__ void trap_if(int condition) {
  if (condition) __trap();
}

int main() {
  golden::start();
  trap_if<<<1, 1>>>(1);
  golden::call("launch __trap()", cudaGetLastError());
  golden::call("cudaDeviceSynchronize", cudaDeviceSynchronize());
  return golden::finish();
}
