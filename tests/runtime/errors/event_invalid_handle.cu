// Events used after destruction, then a handle that never was an event.
#include "report.h"

int main() {
  golden::start();
  cudaEvent_t event = nullptr;
  golden::call("cudaEventCreate", cudaEventCreate(&event));
  golden::call("cudaEventDestroy", cudaEventDestroy(event));
  golden::call("cudaEventRecord(destroyed)", cudaEventRecord(event));
  golden::report_error_state("after recording a destroyed event");
  golden::call("cudaEventSynchronize(destroyed)", cudaEventSynchronize(event));
  golden::call("cudaEventQuery(destroyed)", cudaEventQuery(event));
  golden::call("cudaEventDestroy(destroyed, again)", cudaEventDestroy(event));
  golden::report_error_state("after destroying twice");
  const auto bogus = reinterpret_cast<cudaEvent_t>(0x1234);
  golden::call("cudaEventQuery(0x1234)", cudaEventQuery(bogus));
  golden::report_error_state("after querying a bogus event");
  return golden::finish();
}
