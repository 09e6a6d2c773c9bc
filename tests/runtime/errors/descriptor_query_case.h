// The body of the descriptor_query_* programs: a kernel holding the query
// DESCRIPTOR_QUERY (defined by the program), resolved three times
// (cudaFuncGetAttributes, two launches: the H100 fails the first load of a
// txq kernel otherwise than the later ones), and a kernel without one.
#pragma once

#include "report.h"

__global__ void query(unsigned long long handle, unsigned* out) {
  unsigned r;
  asm volatile(DESCRIPTOR_QUERY " %0, [%1];" : "=r"(r) : "l"(handle));
  *out = r;
}

__global__ void store(unsigned* out) { *out = 42; }

int main() {
  golden::start();
  unsigned* out = nullptr;
  golden::call("cudaMalloc", cudaMalloc(&out, sizeof(unsigned)));
  cudaFuncAttributes attributes{};
  golden::call("cudaFuncGetAttributes store", cudaFuncGetAttributes(&attributes, store));
  golden::call("cudaFuncGetAttributes query", cudaFuncGetAttributes(&attributes, query));
  golden::call("cudaGetLastError", cudaGetLastError());
  query<<<1, 1>>>(0, out);
  golden::call("launch query", cudaGetLastError());
  golden::call("cudaDeviceSynchronize", cudaDeviceSynchronize());
  query<<<1, 1>>>(0, out);
  golden::call("launch query again", cudaGetLastError());
  store<<<1, 1>>>(out);
  golden::call("launch store", cudaGetLastError());
  golden::call("cudaDeviceSynchronize", cudaDeviceSynchronize());
  unsigned value = 0;
  golden::call("cudaMemcpy", cudaMemcpy(&value, out, sizeof value, cudaMemcpyDeviceToHost));
  golden::value("stored", value);
  return golden::finish();
}
