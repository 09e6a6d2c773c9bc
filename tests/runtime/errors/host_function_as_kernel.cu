// cudaLaunchKernel with the address of a host function instead of a kernel.
#include "report.h"

void host_function() {}

int main() {
  golden::start();
  golden::call("cudaLaunchKernel(host function)",
               cudaLaunchKernel(reinterpret_cast<const void*>(&host_function), dim3(1), dim3(1),
                                nullptr, 0, nullptr));
  cudaFuncAttributes attributes{};
  golden::call("cudaFuncGetAttributes(host function)",
               cudaFuncGetAttributes(&attributes, reinterpret_cast<const void*>(&host_function)));
  return golden::finish();
}
