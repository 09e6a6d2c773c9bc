// A failing assert() in device code: the message goes to stdout when the
// device printf buffer is flushed, the error is cudaErrorAssert at sync.
#include <cassert>

#include "report.h"

__global__ void assert_positive(int value) { assert(value > 0); }

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
