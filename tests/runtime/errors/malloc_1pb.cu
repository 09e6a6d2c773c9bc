// An allocation far beyond the device's memory.
#include "report.h"

int main() {
  golden::start();
  constexpr size_t kOnePetabyte = size_t{1} << 50;
  void* pointer = reinterpret_cast<void*>(0x1);
  golden::call("cudaMalloc(1 PiB)", cudaMalloc(&pointer, kOnePetabyte));
  golden::value("pointer is null after the failure", pointer == nullptr);
  golden::report_error_state("after the failed allocation");
  golden::call("cudaMallocHost(1 PiB)", cudaMallocHost(&pointer, kOnePetabyte));
  return golden::finish();
}
