// Even and odd lanes reach two different __syncthreads() on the two sides of
// a branch. The programming guide calls this undefined; sm_70+ barriers count
// arriving threads, whichever barrier instruction they execute. Recorded as
// measured; the runner kills a hang.
#include "report.h"

constexpr int kThreads = 64;

__global__ void divergent_barrier(int* out) {
  const int t = threadIdx.x;
  if (t % 2 == 0) {
    out[t] = 1;
    __syncthreads();
    out[t] += 10;
  } else {
    out[t] = 2;
    __syncthreads();
    out[t] += 20;
  }
}

int main() {
  golden::start();
  int* out = nullptr;
  golden::call("cudaMalloc", cudaMalloc(&out, kThreads * sizeof(int)));
  divergent_barrier<<<1, kThreads>>>(out);
  golden::call("launch", cudaGetLastError());
  golden::call("cudaDeviceSynchronize", cudaDeviceSynchronize());
  int host[kThreads] = {};
  golden::call("cudaMemcpy DeviceToHost",
               cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost));
  long long sum = 0;
  for (int v : host) sum += v;
  golden::value("sum of results (all threads passed: 32*11 + 32*22 = 1056)", sum);
  return golden::finish();
}
