// symbols: __constant__ and __device__ variables (one in a namespace, one
// static) reached through cudaMemcpyToSymbol/FromSymbol and
// cudaGetSymbolAddress.
#include <cstdio>

#include "check.h"

__constant__ int coefficients[4];
namespace tables {
__device__ int offsets[4] = {100, 200, 300, 400};
}
static __device__ int launches;

__global__ void apply(int* out) {
  int i = threadIdx.x;
  out[i] = coefficients[i] * 10 + tables::offsets[i];
  if (i == 0) atomicAdd(&launches, 1);
}

int main() {
  const int host_coefficients[4] = {1, 2, 3, 4};
  CHECK(cudaMemcpyToSymbol(coefficients, host_coefficients, sizeof host_coefficients));
  const int new_offset = 1000;
  CHECK(cudaMemcpyToSymbol(tables::offsets, &new_offset, sizeof new_offset, 3 * sizeof(int)));
  int* out = nullptr;
  CHECK(cudaMalloc(&out, 4 * sizeof(int)));
  apply<<<1, 4>>>(out);
  apply<<<1, 4>>>(out);
  CHECK(cudaDeviceSynchronize());
  int result[4];
  CHECK(cudaMemcpy(result, out, sizeof result, cudaMemcpyDeviceToHost));
  int count = 0;
  CHECK(cudaMemcpyFromSymbol(&count, launches, sizeof count));
  void* address = nullptr;
  size_t size = 0;
  CHECK(cudaGetSymbolAddress(&address, tables::offsets));
  CHECK(cudaGetSymbolSize(&size, tables::offsets));
  int read_back[4];
  CHECK(cudaMemcpy(read_back, address, sizeof read_back, cudaMemcpyDeviceToHost));
  std::printf("symbols: %d %d %d %d, launches %d, offsets size %zu, offsets[3] %d\n", result[0],
              result[1], result[2], result[3], count, size, read_back[3]);
  const bool ok = result[0] == 110 && result[1] == 220 && result[2] == 330 && result[3] == 1040 &&
                  count == 2 && size == 16 && read_back[3] == 1000;
  CHECK(cudaFree(out));
  return ok ? 0 : 1;
}
