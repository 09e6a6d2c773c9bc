// Two blocks that wait for each other without a cooperative launch: block 0
// spins until block 1 has set a flag. A GPU runs both at once, so it ends;
// smsim does so only when blocks run on several host threads (`smsim run
// --threads N`), and with one thread its watchdog has to stop block 0.
#include <cstdio>

__global__ void meet(volatile int* flag, int* arrived) {
  if (blockIdx.x == 1) {
    *flag = 1;
  } else {
    while (*flag == 0) {
    }
  }
  arrived[blockIdx.x] = 1;
}

int main() {
  int* flag = nullptr;
  int* arrived = nullptr;
  cudaMalloc(&flag, sizeof(int));
  cudaMalloc(&arrived, 2 * sizeof(int));
  cudaMemset(flag, 0, sizeof(int));
  cudaMemset(arrived, 0, 2 * sizeof(int));
  meet<<<2, 1>>>(flag, arrived);
  const cudaError_t finished = cudaDeviceSynchronize();
  int host[2] = {0, 0};
  cudaMemcpy(host, arrived, sizeof(host), cudaMemcpyDeviceToHost);
  std::printf("%s %d %d\n", cudaGetErrorName(finished), host[0], host[1]);
  return finished == cudaSuccess ? 0 : 1;
}
