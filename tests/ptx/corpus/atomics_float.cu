// Floating-point atomics: float and double add, float2/float4 add (sm_90),
// half2 and bfloat162 add, plus a CAS-loop float multiply for comparison.
#include <cuda_bf16.h>
#include <cuda_fp16.h>

__device__ float atomic_mul(float* addr, float factor) {
  int* bits = reinterpret_cast<int*>(addr);
  int old = *bits, assumed;
  do {
    assumed = old;
    old = atomicCAS(bits, assumed, __float_as_int(__int_as_float(assumed) * factor));
  } while (assumed != old);
  return __int_as_float(old);
}

__global__ void atomics_float(float* f, double* d, __half2* h2, __half* h, __nv_bfloat162* b2,
                              float* results) {
  __shared__ float sf[32];
  __shared__ double sd[32];
  int t = threadIdx.x;
  if (t < 32) {
    sf[t] = 0.0f;
    sd[t] = 0.0;
  }
  __syncthreads();
  float x = static_cast<float>(t) * 0.5f;
  float r = atomicAdd(f, x);
  r += static_cast<float>(atomicAdd(d, static_cast<double>(x)));
  r += __low2float(atomicAdd(h2, __floats2half2_rn(x, -x)));
  r += __half2float(atomicAdd(h, __float2half(x)));
#if __CUDA_ARCH__ >= 800
  // bfloat16 atomics need sm_80.
  r += __low2float(atomicAdd(b2, __floats2bfloat162_rn(x, x)));
#endif
#if __CUDA_ARCH__ >= 900
  // Vector float atomics are sm_90 instructions.
  float2 pair = atomicAdd(reinterpret_cast<float2*>(f + 8), make_float2(x, -x));
  float4 quad = atomicAdd(reinterpret_cast<float4*>(f + 12), make_float4(x, x, -x, 1.0f));
  r += pair.y + quad.w;
#endif
  r += atomicExch(f + 3, x);
  r += atomic_mul(f + 4, 1.0001f);
  r += atomicAdd_block(f + 5, x);
  r += static_cast<float>(atomicAdd_system(d + 1, 1.0));
  r += atomicAdd(&sf[t % 32], x);
  r += static_cast<float>(atomicAdd(&sd[t % 32], static_cast<double>(x)));
  atomicAdd(f + 6, 1.0f);
  atomicAdd(d + 2, 1.0);
  __syncthreads();
  results[blockIdx.x * blockDim.x + t] = r + sf[t % 32];
}
