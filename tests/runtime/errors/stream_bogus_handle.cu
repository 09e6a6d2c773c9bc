// A stream handle that was never created, used before anything else. A
// crash is itself the measured result (recorded as the exit status).
#include "report.h"

int main() {
  golden::start();
  const auto bogus = reinterpret_cast<cudaStream_t>(0x1234);
  golden::call("cudaStreamQuery(0x1234)", cudaStreamQuery(bogus));
  golden::report_error_state("after querying a bogus stream");
  golden::call("cudaStreamSynchronize(0x1234)", cudaStreamSynchronize(bogus));
  return golden::finish();
}
