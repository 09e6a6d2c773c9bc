// An event handle that was never created, used before anything else.
#include "report.h"

int main() {
  golden::start();
  const auto bogus = reinterpret_cast<cudaEvent_t>(0x1234);
  golden::call("cudaEventQuery(0x1234)", cudaEventQuery(bogus));
  golden::report_error_state("after querying a bogus event");
  golden::call("cudaEventRecord(0x1234)", cudaEventRecord(bogus));
  return golden::finish();
}
