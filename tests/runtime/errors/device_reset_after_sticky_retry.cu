// After a sticky error and cudaDeviceReset, the next calls were measured to
// fail with cudaErrorDevicesUnavailable (device_reset_after_sticky). This
// tells a lasting state from a transient one: it retries context creation
// once a second and reports whether and when it succeeded.
#include <chrono>
#include <thread>

#include "report.h"

__global__ void store_through(int* target) {
  *target = 42;
}

constexpr int kRetries = 10;

int main() {
  golden::start();
  store_through<<<1, 1>>>(reinterpret_cast<int*>(0x7f0000000000ull));
  golden::call("cudaDeviceSynchronize", cudaDeviceSynchronize());
  golden::call("cudaDeviceReset", cudaDeviceReset());
  golden::call("cudaFree(nullptr) right after the reset", cudaFree(nullptr));
  int usable_after_s = -1;
  for (int second = 1; second <= kRetries; ++second) {
    std::this_thread::sleep_for(std::chrono::seconds(1));
    if (cudaFree(nullptr) == cudaSuccess) {
      usable_after_s = second;
      break;
    }
  }
  golden::value("context creation succeeded after retrying (1 = yes within 10 s)",
                usable_after_s > 0);
  golden::call("cudaFree(nullptr) after the retries", cudaFree(nullptr));
  golden::call("cudaDeviceReset (second)", cudaDeviceReset());
  return golden::finish();
}
