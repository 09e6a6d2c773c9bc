// A load through a null pointer.
#include "report.h"

__global__ void copy_from(const int* source, int* target) {
  *target = *source;
}

int main() {
  golden::start();
  int* target = nullptr;
  golden::call("cudaMalloc", cudaMalloc(&target, sizeof(int)));
  copy_from<<<1, 1>>>(nullptr, target);
  golden::call("launch load from nullptr", cudaGetLastError());
  golden::call("cudaDeviceSynchronize", cudaDeviceSynchronize());
  return golden::finish();
}
