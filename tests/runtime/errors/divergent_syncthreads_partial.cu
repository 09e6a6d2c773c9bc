// Only lanes 0..15 of a 64-thread block reach __syncthreads(); the others
// skip it and exit. Undefined by the programming guide; recorded as measured.
// The runner kills a hang.
#include "report.h"

constexpr int kThreads = 64;
constexpr int kParticipants = 16;

__global__ void partial_barrier(int* out) {
  const int t = threadIdx.x;
  out[t] = 1;
  if (t < kParticipants) {
    __syncthreads();
    out[t] = 2;
  }
}

int main() {
  golden::start();
  int* out = nullptr;
  golden::call("cudaMalloc", cudaMalloc(&out, kThreads * sizeof(int)));
  partial_barrier<<<1, kThreads>>>(out);
  golden::call("launch", cudaGetLastError());
  golden::call("cudaDeviceSynchronize", cudaDeviceSynchronize());
  int host[kThreads] = {};
  golden::call("cudaMemcpy DeviceToHost",
               cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost));
  long long sum = 0;
  for (int v : host) sum += v;
  golden::value("sum of results (participants passed: 16*2 + 48*1 = 80)", sum);
  return golden::finish();
}
