#pragma once
// The kernels of tools/probes/taken_distance_probe.cu and the micro
// branch_distance.cu (one source, so the same SASS as the H100 recorded):
// what a taken forward branch costs an sm_90 warp by the distance it jumps
// ([sm_90.timing.branch] forward_instructions / forward_cycles,
// docs/timing.md "Branches"). One warp, 32 steps in one asm block; each step
// is one FFMA of a dependent chain, then `@q bra` over N cold FFMAs with q
// true (each step compares p = 0xffffffff with its own constant, so that
// ptxas keeps every branch: branch_fence_probe.cu's `taken` case is N = 24).
// ptxas if-converts bodies of up to 6 of these FFMAs (N <= 6 run them
// predicated off). taken_kernel<0> is the chain without branches. The
// clock64() delta of the second pass goes to *cycles.

#define FMA "fma.rn.f32 %0, %0, %2, %2;\n\t"
#define C1 "fma.rn.f32 %0, %0, %0, %2;\n\t"
#define C2 C1 C1
#define C4 C2 C2
#define C8 C4 C4
#define COLD_2 C2
#define COLD_3 C2 C1
#define COLD_4 C4
#define COLD_6 C4 C2
#define COLD_8 C8
#define COLD_10 C8 C2
#define COLD_12 C8 C4
#define COLD_16 C8 C8
#define COLD_20 C8 C8 C4
#define COLD_24 C8 C8 C8
#define X8_(M, j, N) M(j##0, N) M(j##1, N) M(j##2, N) M(j##3, N) M(j##4, N) M(j##5, N) M(j##6, N) M(j##7, N)
#define X32(M, N) X8_(M, 0, N) X8_(M, 1, N) X8_(M, 2, N) X8_(M, 3, N)
#define STEP(i, N) "setp.ne.u32 q, %1, " #i ";\n\t" FMA "@q bra NEXT" #i ";\n\t" COLD_##N "NEXT" #i ":\n\t"
#define CHAIN(i, N) FMA
#define TAKEN_ASM(N) "{\n\t.reg .pred q;\n\t" X32(STEP, N) "}"

template <int N>
__device__ __forceinline__ void steps(float& f, unsigned p, float a);
#define SPECIALIZE(N)                                                             \
  template <>                                                                     \
  __device__ __forceinline__ void steps<N>(float& f, unsigned p, float a) {      \
    asm volatile(TAKEN_ASM(N) : "+f"(f) : "r"(p), "f"(a));                        \
  }
SPECIALIZE(2)
SPECIALIZE(3)
SPECIALIZE(4)
SPECIALIZE(6)
SPECIALIZE(8)
SPECIALIZE(10)
SPECIALIZE(12)
SPECIALIZE(16)
SPECIALIZE(20)
SPECIALIZE(24)
template <>
__device__ __forceinline__ void steps<0>(float& f, unsigned p, float a) {
  asm volatile(X32(CHAIN, 0) : "+f"(f) : "r"(p), "f"(a));
}

template <int N>
__global__ void taken_kernel(unsigned p, float a, float* sink, long long* cycles) {
  float f = a + threadIdx.x;
  long long start = 0, stop = 0;
#pragma unroll 1
  for (int pass = 0; pass < 2; ++pass) {
    start = clock64();
    steps<N>(f, p, a);
    stop = clock64();
  }
  sink[threadIdx.x] = f;
  if (threadIdx.x == 0) *cycles = stop - start;
}
