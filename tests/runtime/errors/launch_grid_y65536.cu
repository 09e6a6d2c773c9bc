// gridDim.y and gridDim.z are limited to 65535.
#include "report.h"

__global__ void empty_kernel() {}

int main() {
  golden::start();
  empty_kernel<<<dim3(1, 65535, 1), 1>>>();
  golden::call("launch grid (1,65535,1) (limit)", cudaGetLastError());
  golden::call("cudaDeviceSynchronize", cudaDeviceSynchronize());
  empty_kernel<<<dim3(1, 65536, 1), 1>>>();
  golden::call("launch grid (1,65536,1)", cudaPeekAtLastError());
  return golden::finish();
}
