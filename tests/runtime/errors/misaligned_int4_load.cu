// A 16-byte vector load from an address that is only 4-byte aligned.
#include "report.h"

__global__ void load_int4(const char* base, int offset, int4* out) {
  *out = *reinterpret_cast<const int4*>(base + offset);
}

int main() {
  golden::start();
  char* base = nullptr;
  int4* out = nullptr;
  golden::call("cudaMalloc base", cudaMalloc(&base, 256));
  golden::call("cudaMalloc out", cudaMalloc(&out, sizeof(int4)));
  load_int4<<<1, 1>>>(base, 16, out);
  golden::call("launch int4 load at +16 (aligned)", cudaGetLastError());
  golden::call("cudaDeviceSynchronize", cudaDeviceSynchronize());
  load_int4<<<1, 1>>>(base, 4, out);
  golden::call("launch int4 load at +4", cudaGetLastError());
  golden::call("cudaDeviceSynchronize", cudaDeviceSynchronize());
  return golden::finish();
}
