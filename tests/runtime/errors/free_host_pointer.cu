// cudaFree of pointers that never came from cudaMalloc.
#include <cstdlib>

#include "report.h"

int main() {
  golden::start();
  void* heap_pointer = std::malloc(64);
  golden::call("cudaFree(malloc'd host pointer)", cudaFree(heap_pointer));
  golden::report_error_state("after freeing a heap pointer");
  int stack_value = 0;
  golden::call("cudaFree(stack pointer)", cudaFree(&stack_value));
  golden::report_error_state("after freeing a stack pointer");
  void* device_pointer = nullptr;
  golden::call("cudaMalloc", cudaMalloc(&device_pointer, 256));
  golden::call("cudaFree(device pointer + 16, interior)",
               cudaFree(static_cast<char*>(device_pointer) + 16));
  golden::report_error_state("after freeing an interior pointer");
  golden::call("cudaFreeHost(malloc'd host pointer)", cudaFreeHost(heap_pointer));
  std::free(heap_pointer);
  return golden::finish();
}
