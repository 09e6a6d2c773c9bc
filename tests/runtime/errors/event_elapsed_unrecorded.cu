// cudaEventElapsedTime on events that were never recorded, on events
// created without timing, and on one recorded and one not.
#include "report.h"

int main() {
  golden::start();
  cudaEvent_t start = nullptr;
  cudaEvent_t stop = nullptr;
  cudaEvent_t untimed = nullptr;
  golden::call("cudaEventCreate(start)", cudaEventCreate(&start));
  golden::call("cudaEventCreate(stop)", cudaEventCreate(&stop));
  golden::call("cudaEventCreateWithFlags(DisableTiming)",
               cudaEventCreateWithFlags(&untimed, cudaEventDisableTiming));
  float milliseconds = -1.0f;
  golden::call("cudaEventElapsedTime(neither recorded)",
               cudaEventElapsedTime(&milliseconds, start, stop));
  golden::report_error_state("after neither recorded");
  golden::call("cudaEventQuery(unrecorded)", cudaEventQuery(start));
  golden::call("cudaEventSynchronize(unrecorded)", cudaEventSynchronize(start));
  golden::call("cudaEventRecord(start)", cudaEventRecord(start));
  golden::call("cudaEventSynchronize(start)", cudaEventSynchronize(start));
  golden::call("cudaEventElapsedTime(start recorded, stop not)",
               cudaEventElapsedTime(&milliseconds, start, stop));
  golden::report_error_state("after only start recorded");
  golden::call("cudaEventRecord(untimed)", cudaEventRecord(untimed));
  golden::call("cudaEventSynchronize(untimed)", cudaEventSynchronize(untimed));
  golden::call("cudaEventElapsedTime(start, DisableTiming event)",
               cudaEventElapsedTime(&milliseconds, start, untimed));
  golden::report_error_state("after the untimed event");
  golden::call("cudaEventElapsedTime(nullptr out, start, start)",
               cudaEventElapsedTime(nullptr, start, start));
  golden::call("cudaEventRecord(stop)", cudaEventRecord(stop));
  golden::call("cudaEventSynchronize(stop)", cudaEventSynchronize(stop));
  golden::call("cudaEventElapsedTime(start, stop) (valid)",
               cudaEventElapsedTime(&milliseconds, start, stop));
  golden::value("elapsed time is non-negative", milliseconds >= 0.0f);
  return golden::finish();
}
