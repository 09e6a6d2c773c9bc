// A zero-byte allocation: which code, and is the pointer null and freeable?
#include "report.h"

int main() {
  golden::start();
  void* pointer = reinterpret_cast<void*>(0x1);
  golden::call("cudaMalloc(0)", cudaMalloc(&pointer, 0));
  golden::value("pointer is null", pointer == nullptr);
  golden::call("cudaFree(pointer from cudaMalloc(0))", cudaFree(pointer));
  golden::call("cudaMalloc(nullptr out-pointer, 16)", cudaMalloc(nullptr, 16));
  return golden::finish();
}
