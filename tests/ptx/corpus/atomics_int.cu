// Integer atomics of every operation and width, on global and shared memory, with the
// system- and block-scoped variants; unused results become red.* reductions.
__device__ unsigned long long g_counter64;
__device__ int g_flag;

__global__ void atomics_int(int* gi, unsigned* gu, unsigned long long* gull, long long* gll,
                            unsigned short* gus, int* results) {
  __shared__ int si[32];
  __shared__ unsigned long long sull[32];
  int t = threadIdx.x;
  if (t < 32) {
    si[t] = 0;
    sull[t] = 0;
  }
  __syncthreads();
  int r = 0;
  r += atomicAdd(gi, 1);
  r += atomicSub(gi + 1, 2);
  r += atomicExch(gi + 2, t);
  r += atomicMin(gi + 3, t);
  r += atomicMax(gi + 4, t);
  r += static_cast<int>(atomicInc(gu, 17u));
  r += static_cast<int>(atomicDec(gu + 1, 17u));
  r += atomicCAS(gi + 5, t, t + 1);
  r += atomicAnd(gi + 6, ~t);
  r += atomicOr(gi + 7, t);
  r += atomicXor(gi + 8, t);
  r += static_cast<int>(atomicAdd(gull, 1ull));
  r += static_cast<int>(atomicExch(gull + 1, static_cast<unsigned long long>(t)));
  r += static_cast<int>(atomicCAS(gull + 2, 0ull, static_cast<unsigned long long>(t)));
  r += static_cast<int>(atomicMin(gll, static_cast<long long>(t) - 5));
  r += static_cast<int>(atomicMax(gll + 1, static_cast<long long>(t)));
  r += static_cast<int>(atomicMin(gull + 3, static_cast<unsigned long long>(t)));
  r += static_cast<int>(atomicAnd(gull + 4, ~0ull << t % 64));
  r += static_cast<int>(atomicOr(gull + 5, 1ull << t % 64));
  r += static_cast<int>(atomicXor(gull + 6, 1ull << t % 64));
  r += static_cast<int>(
      atomicCAS(gus, static_cast<unsigned short>(t), static_cast<unsigned short>(t + 1)));
  r += atomicAdd_block(gi + 9, 1);
  r += atomicAdd_system(gi + 10, 1);
  r += atomicCAS_system(gi + 11, 0, t);
  r += static_cast<int>(atomicExch_block(gu + 2, 3u));
  r += atomicAdd(&si[t % 32], t);
  r += atomicCAS(&si[(t + 1) % 32], 0, t);
  r += atomicMax(&si[(t + 2) % 32], t);
  r += static_cast<int>(atomicAdd(&sull[t % 32], 1ull));
  r += static_cast<int>(atomicCAS(&sull[(t + 3) % 32], 0ull, 7ull));
  atomicAdd(gi + 12, 1);
  atomicOr(gi + 13, 1 << (t % 32));
  atomicAdd(&g_counter64, 1ull);
  atomicMax(&g_flag, t);
  __syncthreads();
  results[blockIdx.x * blockDim.x + t] = r + si[t % 32];
}
