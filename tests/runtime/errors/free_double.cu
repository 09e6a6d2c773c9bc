// Freeing the same device allocation twice.
#include "report.h"

int main() {
  golden::start();
  void* pointer = nullptr;
  golden::call("cudaMalloc", cudaMalloc(&pointer, 256));
  golden::call("cudaFree (first)", cudaFree(pointer));
  golden::call("cudaFree (second)", cudaFree(pointer));
  return golden::finish();
}
