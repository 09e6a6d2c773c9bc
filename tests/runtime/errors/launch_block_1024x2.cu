// Each block dimension is within its own limit but the product (2048) exceeds
// the 1024 threads a block may hold.
#include "report.h"

__global__ void empty_kernel() {}

int main() {
  golden::start();
  empty_kernel<<<1, dim3(512, 2, 1)>>>();
  golden::call("launch block (512,2,1) (limit)", cudaGetLastError());
  golden::call("cudaDeviceSynchronize", cudaDeviceSynchronize());
  empty_kernel<<<1, dim3(1024, 2, 1)>>>();
  golden::call("launch block (1024,2,1)", cudaPeekAtLastError());
  return golden::finish();
}
