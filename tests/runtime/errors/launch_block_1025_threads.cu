// 1024 threads per block is the sm_90 limit; one more must fail the launch.
#include "report.h"

__global__ void empty_kernel() {}

int main() {
  golden::start();
  empty_kernel<<<1, 1024>>>();
  golden::call("launch <<<1, 1024>>> (limit)", cudaGetLastError());
  golden::call("cudaDeviceSynchronize", cudaDeviceSynchronize());
  empty_kernel<<<1, 1025>>>();
  golden::call("launch <<<1, 1025>>>", cudaPeekAtLastError());
  return golden::finish();
}
