// A store through a pointer into unmapped device address space: the launch
// succeeds, the fault surfaces at the next synchronizing call and is sticky.
#include "report.h"

__global__ void store_through(int* target) {
  *target = 42;
}

int main() {
  golden::start();
  auto* wild = reinterpret_cast<int*>(0x7f0000000000ull);
  store_through<<<1, 1>>>(wild);
  golden::call("launch store to 0x7f0000000000", cudaGetLastError());
  golden::call("cudaDeviceSynchronize", cudaDeviceSynchronize());
  golden::call("cudaDeviceSynchronize (again)", cudaDeviceSynchronize());
  return golden::finish();
}
