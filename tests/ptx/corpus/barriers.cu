// Block barriers: __syncthreads and its _count/_and/_or reductions, named barriers via
// bar.sync/bar.arrive with thread counts, and __syncwarp with partial masks.
__global__ void barriers(const int* in, int* out, int n) {
  __shared__ int stage[256];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  int v = i < n ? in[i] : 0;
  stage[t] = v;
  __syncthreads();
  int count = __syncthreads_count(v > 0);
  int all = __syncthreads_and(v != 0);
  int any = __syncthreads_or(v < 0);
  // Named barrier 1: the first two warps produce, the next two consume.
  if (t < 64) {
    stage[t] += 1;
    asm volatile("bar.arrive 1, 128;" ::: "memory");
  } else if (t < 128) {
    asm volatile("bar.sync 1, 128;" ::: "memory");
    stage[t] += stage[t - 64];
  }
  asm volatile("barrier.sync 2;" ::: "memory");
  if (t % 32 < 16) __syncwarp(0x0000ffffu);
  __syncwarp(0xffffffffu);
  if (i < n) out[i] = stage[(t + 1) % blockDim.x] + count + 2 * all + 4 * any;
}
