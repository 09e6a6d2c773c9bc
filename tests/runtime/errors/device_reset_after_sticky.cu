// A sticky error (illegal address) followed by cudaDeviceReset: does the
// reset give back a usable context for the next launch?
#include "report.h"

__global__ void store_through(int* target) {
  *target = 42;
}

int main() {
  golden::start();
  store_through<<<1, 1>>>(reinterpret_cast<int*>(0x7f0000000000ull));
  golden::call("launch store to 0x7f0000000000", cudaGetLastError());
  golden::call("cudaDeviceSynchronize", cudaDeviceSynchronize());
  golden::report_error_state("after the sticky error");
  golden::call("cudaDeviceReset", cudaDeviceReset());
  golden::report_error_state("after cudaDeviceReset");
  return golden::finish();
}
