// cudaEventQuery on a destroyed event, as the first use after destruction
// (event_invalid_handle records it first).
#include "report.h"

int main() {
  golden::start();
  cudaEvent_t event = nullptr;
  golden::call("cudaEventCreate", cudaEventCreate(&event));
  golden::call("cudaEventRecord", cudaEventRecord(event));
  golden::call("cudaEventSynchronize", cudaEventSynchronize(event));
  golden::call("cudaEventDestroy", cudaEventDestroy(event));
  golden::call("cudaEventQuery(destroyed)", cudaEventQuery(event));
  golden::report_error_state("after querying a destroyed event");
  golden::call("cudaEventSynchronize(destroyed)", cudaEventSynchronize(event));
  return golden::finish();
}
