// gridDim.x is limited to 2^31-1; 2^31 still fits the unsigned dim3 field.
#include "report.h"

__global__ void empty_kernel() {}

int main() {
  golden::start();
  constexpr unsigned kTwoPow31 = 1u << 31;
  empty_kernel<<<dim3(kTwoPow31, 1, 1), 1>>>();
  golden::call("launch grid (2^31,1,1)", cudaPeekAtLastError());
  return golden::finish();
}
