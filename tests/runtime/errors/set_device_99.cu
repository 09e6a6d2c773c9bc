// Device ordinals that do not exist.
#include "report.h"

int main() {
  golden::start();
  int count = 0;
  golden::call("cudaGetDeviceCount", cudaGetDeviceCount(&count));
  golden::value("device count", count);
  golden::call("cudaSetDevice(99)", cudaSetDevice(99));
  golden::report_error_state("after cudaSetDevice(99)");
  golden::call("cudaSetDevice(-1)", cudaSetDevice(-1));
  golden::report_error_state("after cudaSetDevice(-1)");
  cudaDeviceProp properties{};
  golden::call("cudaGetDeviceProperties(99)", cudaGetDeviceProperties(&properties, 99));
  int current = -1;
  golden::call("cudaGetDevice", cudaGetDevice(&current));
  golden::value("current device", current);
  return golden::finish();
}
