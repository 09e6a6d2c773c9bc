// A kernel that never ends (it waits for a flag nobody sets): smsim's
// watchdog must stop it with cudaErrorLaunchTimeout instead of hanging.
#include <cstdio>

__global__ void spin_forever(volatile int* flag) {
  while (*flag == 0) {
  }
}

int main() {
  int* flag = nullptr;
  cudaMalloc(&flag, sizeof(int));
  cudaMemset(flag, 0, sizeof(int));
  spin_forever<<<2, 64>>>(flag);
  const cudaError_t launched = cudaGetLastError();
  const cudaError_t finished = cudaDeviceSynchronize();
  std::printf("%s %s\n", cudaGetErrorName(launched), cudaGetErrorName(finished));
  return finished == cudaSuccess ? 0 : 1;
}
