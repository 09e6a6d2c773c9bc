// A block with no threads.
#include "report.h"

__global__ void empty_kernel() {}

int main() {
  golden::start();
  empty_kernel<<<1, 0>>>();
  golden::call("launch <<<1, 0>>>", cudaPeekAtLastError());
  return golden::finish();
}
