// Miscellaneous control and timing: __nanosleep, __trap, __brkpt, clock/clock64,
// __prof_trigger, memory fences of every scope, volatile spins and __threadfence_system.
__global__ void misc_control(int* flags, unsigned long long* times, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  long long start = clock64();
  unsigned start32 = static_cast<unsigned>(clock());
  if (i >= n) __trap();
  if (flags[i] == -1) __brkpt();
  __prof_trigger(0);
  __prof_trigger(7);
#if __CUDA_ARCH__ >= 700
  for (unsigned ns = 32; ns < 1024 && flags[0] == 0; ns *= 2) __nanosleep(ns);
#endif
  out[i] = flags[i] * 2;
  __threadfence_block();
  __threadfence();
  __threadfence_system();
  volatile int* vflag = flags + n;
  if (i == 0) *vflag = 1;
  while (*vflag == 0) {
  }
  times[2 * i] = static_cast<unsigned long long>(clock64() - start);
  times[2 * i + 1] = static_cast<unsigned>(clock()) - start32;
}
