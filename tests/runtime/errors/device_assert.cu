// A failing device assert(): cudaErrorAssert at the next sync, its message on stderr.
#include <cassert>

#include "report.h"

__global__ void assert_positive(int value) {
  assert(value > 0);
}

int main() {
  golden::start();
  assert_positive<<<1, 1>>>(1);
  golden::call("launch assert(1 > 0)", cudaGetLastError());
  golden::call("cudaDeviceSynchronize", cudaDeviceSynchronize());
  assert_positive<<<1, 1>>>(-1);
  golden::call("launch assert(-1 > 0)", cudaGetLastError());
  golden::call("cudaDeviceSynchronize", cudaDeviceSynchronize());
  return golden::finish();
}
