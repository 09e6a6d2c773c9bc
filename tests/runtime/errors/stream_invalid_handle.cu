// Streams that were destroyed, then a handle that never was a stream. A
// crash is itself the measured result (recorded as the exit status), so the
// bogus handle comes last.
#include "report.h"

__global__ void empty_kernel() {}

int main() {
  golden::start();
  cudaStream_t stream = nullptr;
  golden::call("cudaStreamCreate", cudaStreamCreate(&stream));
  golden::call("cudaStreamDestroy", cudaStreamDestroy(stream));
  golden::call("cudaStreamSynchronize(destroyed)", cudaStreamSynchronize(stream));
  golden::report_error_state("after synchronizing a destroyed stream");
  golden::call("cudaStreamQuery(destroyed)", cudaStreamQuery(stream));
  empty_kernel<<<1, 1, 0, stream>>>();
  golden::call("launch on destroyed stream", cudaGetLastError());
  golden::call("cudaStreamDestroy(destroyed, again)", cudaStreamDestroy(stream));
  golden::report_error_state("after destroying twice");
  const auto bogus = reinterpret_cast<cudaStream_t>(0x1234);
  golden::call("cudaStreamQuery(0x1234)", cudaStreamQuery(bogus));
  golden::report_error_state("after querying a bogus stream");
  return golden::finish();
}
