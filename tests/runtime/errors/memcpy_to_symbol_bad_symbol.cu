// cudaMemcpyToSymbol with a host variable as the symbol, and with sizes and
// offsets past the end of a real __device__ symbol.
#include "report.h"

__device__ int device_symbol[4];
int host_variable[4];

int main() {
  golden::start();
  const int values[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  golden::call("cudaMemcpyToSymbol(device_symbol, 16 B) (valid)",
               cudaMemcpyToSymbol(device_symbol, values, sizeof device_symbol));
  golden::call("cudaMemcpyToSymbol(host_variable)",
               cudaMemcpyToSymbol(host_variable, values, sizeof host_variable));
  golden::report_error_state("after the host symbol");
  golden::call("cudaMemcpyToSymbol(device_symbol, 32 B > symbol size)",
               cudaMemcpyToSymbol(device_symbol, values, sizeof values));
  golden::report_error_state("after the oversized copy");
  golden::call("cudaMemcpyToSymbol(device_symbol, 16 B, offset 4)",
               cudaMemcpyToSymbol(device_symbol, values, sizeof device_symbol, sizeof(int)));
  golden::report_error_state("after the offset copy");
  void* address = nullptr;
  golden::call("cudaGetSymbolAddress(host_variable)",
               cudaGetSymbolAddress(&address, host_variable));
  size_t size = 0;
  golden::call("cudaGetSymbolSize(device_symbol)", cudaGetSymbolSize(&size, device_symbol));
  golden::value("device_symbol size", static_cast<long long>(size));
  return golden::finish();
}
