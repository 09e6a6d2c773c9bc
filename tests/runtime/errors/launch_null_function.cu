// cudaLaunchKernel with a null function pointer.
#include "report.h"

int main() {
  golden::start();
  golden::call("cudaLaunchKernel(nullptr)",
               cudaLaunchKernel(nullptr, dim3(1), dim3(1), nullptr, 0, nullptr));
  return golden::finish();
}
