// A grid with no blocks.
#include "report.h"

__global__ void empty_kernel() {}

int main() {
  golden::start();
  empty_kernel<<<0, 32>>>();
  golden::call("launch <<<0, 32>>>", cudaPeekAtLastError());
  return golden::finish();
}
