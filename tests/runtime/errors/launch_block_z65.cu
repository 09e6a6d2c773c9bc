// blockDim.z is limited to 64 even though 65 threads is far below 1024.
#include "report.h"

__global__ void empty_kernel() {}

int main() {
  golden::start();
  empty_kernel<<<1, dim3(1, 1, 64)>>>();
  golden::call("launch block (1,1,64) (limit)", cudaGetLastError());
  golden::call("cudaDeviceSynchronize", cudaDeviceSynchronize());
  empty_kernel<<<1, dim3(1, 1, 65)>>>();
  golden::call("launch block (1,1,65)", cudaPeekAtLastError());
  return golden::finish();
}
