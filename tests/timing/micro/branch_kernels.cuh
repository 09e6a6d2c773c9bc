#pragma once
// The branch kernels of tools/probes/branch_fence_probe.cu and the micro
// branch_shapes.cu (one source, so the same SASS as the H100 recorded): what
// branches cost one sm_90 warp (docs/timing.md "Branches"). branch_kernel:
// 32 steps in one asm block, each one FFMA of a dependent chain
// (f = f * a + a) followed by the Branch kind's code; loop_kernel: a loop
// (#pragma unroll 1) of n iterations of K dependent FFMAs. Each runs its
// timed body twice; the clock64() delta of the second pass goes to *cycles.

#define FMA "fma.rn.f32 %0, %0, %5, %5;\n\t"
#define FMA4 "fma.rn.f32 %0, %0, %5, %5;\n\tfma.rn.f32 %1, %1, %5, %5;\n\tfma.rn.f32 %2, %2, %5, %5;\n\tfma.rn.f32 %3, %3, %5, %5;\n\t"
#define COLD24                                                                                  \
  "fma.rn.f32 %0, %0, %0, %5;\n\tfma.rn.f32 %0, %0, %0, %5;\n\tfma.rn.f32 %0, %0, %0, %5;\n\t" \
  "fma.rn.f32 %0, %0, %0, %5;\n\tfma.rn.f32 %0, %0, %0, %5;\n\tfma.rn.f32 %0, %0, %0, %5;\n\t" \
  "fma.rn.f32 %0, %0, %0, %5;\n\tfma.rn.f32 %0, %0, %0, %5;\n\tfma.rn.f32 %0, %0, %0, %5;\n\t" \
  "fma.rn.f32 %0, %0, %0, %5;\n\tfma.rn.f32 %0, %0, %0, %5;\n\tfma.rn.f32 %0, %0, %0, %5;\n\t" \
  "fma.rn.f32 %0, %0, %0, %5;\n\tfma.rn.f32 %0, %0, %0, %5;\n\tfma.rn.f32 %0, %0, %0, %5;\n\t" \
  "fma.rn.f32 %0, %0, %0, %5;\n\tfma.rn.f32 %0, %0, %0, %5;\n\tfma.rn.f32 %0, %0, %0, %5;\n\t" \
  "fma.rn.f32 %0, %0, %0, %5;\n\tfma.rn.f32 %0, %0, %0, %5;\n\tfma.rn.f32 %0, %0, %0, %5;\n\t" \
  "fma.rn.f32 %0, %0, %0, %5;\n\tfma.rn.f32 %0, %0, %0, %5;\n\tfma.rn.f32 %0, %0, %0, %5;\n\t"
#define SIDE24                                                                                  \
  FMA FMA FMA FMA FMA FMA FMA FMA FMA FMA FMA FMA FMA FMA FMA FMA FMA FMA FMA FMA FMA FMA FMA FMA
#define X8_(M, j) M(j##0) M(j##1) M(j##2) M(j##3) M(j##4) M(j##5) M(j##6) M(j##7)
#define X32(M) X8_(M, 0) X8_(M, 1) X8_(M, 2) X8_(M, 3)
// Each step tests p against its own constant (p is 0xffffffff), so that ptxas
// cannot tell that the steps' branches go the same way and keeps each one.
#define DECL "{\n\t.reg .pred q;\n\t"
#define TRUE_AT(i) "setp.ne.u32 q, %4, " #i ";\n\t"
#define FALSE_AT(i) "setp.eq.u32 q, %4, " #i ";\n\t"

// One asm block of 32 steps (its labels are local to its braces).
#define CHAIN_STEP(i) FMA
#define NT_STEP(i) FALSE_AT(i) FMA "@q bra COLD" #i ";\n\t"
#define NT4_STEP(i) FALSE_AT(i) FMA4 "@q bra COLD" #i ";\n\t"
#define NT_COLD(i) "COLD" #i ":\n\t" COLD24 "bra.uni DONE;\n\t"
#define TK_STEP(i) TRUE_AT(i) FMA "@q bra NEXT" #i ";\n\t" COLD24 "NEXT" #i ":\n\t"
#define TK4_STEP(i) TRUE_AT(i) FMA4 "@q bra NEXT" #i ";\n\t" COLD24 "NEXT" #i ":\n\t"
#define DIAMOND(i) FMA "@q bra ELSE" #i ";\n\t" SIDE24 "bra.uni JOIN" #i ";\n\tELSE" #i ":\n\t" COLD24 "JOIN" #i ":\n\t"
#define DMT_STEP(i) TRUE_AT(i) DIAMOND(i)
#define DMN_STEP(i) FALSE_AT(i) DIAMOND(i)
#define CH4_STEP(i) FMA4
#define CH25_STEP(i) FMA SIDE24

// Every step's operands: four chains (%0-%3), p (%4), a (%5).
#define OPS "+f"(f), "+f"(g), "+f"(h), "+f"(k) : "r"(p), "f"(a)

enum Branch {
  kChain, kNotTaken, kTaken, kChain4, kNotTaken4, kTaken4, kDiamondTaken, kDiamondNotTaken, kChain25
};

template <int kKind>
__device__ __forceinline__ void steps(float& f, unsigned p, float a, float& g, float& h, float& k) {
  if (kKind == kChain) asm volatile(X32(CHAIN_STEP) : OPS);
  if (kKind == kNotTaken) asm volatile(DECL X32(NT_STEP) "bra.uni DONE;\n\t" X32(NT_COLD) "DONE:\n\t}" : OPS);
  if (kKind == kTaken) asm volatile(DECL X32(TK_STEP) "}" : OPS);
  if (kKind == kChain4) asm volatile(X32(CH4_STEP) : OPS);
  if (kKind == kNotTaken4)
    asm volatile(DECL X32(NT4_STEP) "bra.uni DONE;\n\t" X32(NT_COLD) "DONE:\n\t}" : OPS);
  if (kKind == kTaken4) asm volatile(DECL X32(TK4_STEP) "}" : OPS);
  if (kKind == kDiamondTaken) asm volatile(DECL X32(DMT_STEP) "}" : OPS);
  if (kKind == kDiamondNotTaken) asm volatile(DECL X32(DMN_STEP) "}" : OPS);
  if (kKind == kChain25) asm volatile(X32(CH25_STEP) : OPS);
}

template <int kKind>
__global__ void branch_kernel(unsigned p, float a, float* sink, long long* cycles) {
  float f = a + threadIdx.x;
  float g = f + 1.0f, h = f + 2.0f, k = f + 3.0f;
  long long start = 0, stop = 0;
#pragma unroll 1
  for (int pass = 0; pass < 2; ++pass) {
    start = clock64();
    steps<kKind>(f, p, a, g, h, k);
    stop = clock64();
  }
  sink[threadIdx.x] = f + g + h + k;
  if (threadIdx.x == 0) *cycles = stop - start;
}

template <int K>
__global__ void loop_kernel(int n, float a, float* sink, long long* cycles) {
  float f = a + threadIdx.x;
  float g = 0.0f, h = 0.0f, k = 0.0f;
  const unsigned p = 0;
  long long start = 0, stop = 0;
#pragma unroll 1
  for (int pass = 0; pass < 2; ++pass) {
    start = clock64();
#pragma unroll 1
    for (int i = 0; i < n; ++i) {
#pragma unroll
      for (int j = 0; j < K; ++j) asm volatile(FMA : OPS);
    }
    stop = clock64();
  }
  sink[threadIdx.x] = f;
  if (threadIdx.x == 0) *cycles = stop - start;
}
