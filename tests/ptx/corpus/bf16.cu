// cuda_bf16: bfloat16 and bfloat162 arithmetic, comparisons, math and conversions
// (emulated through float on targets without native bf16 instructions).
#include <cuda_bf16.h>

__global__ void bf16_ops(const __nv_bfloat16* in, const __nv_bfloat162* in2, __nv_bfloat16* out,
                         __nv_bfloat162* out2, int* ints, float* floats, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __nv_bfloat16 a = in[i];
  __nv_bfloat16 b = in[(i + 1) % n];
  __nv_bfloat162 p = in2[i];
  __nv_bfloat162 q = in2[(i + 1) % n];
  __nv_bfloat16* o = out + 24 * i;
  o[0] = __hadd(a, b);
  o[1] = __hsub(a, b);
  o[2] = __hmul(a, b);
  o[3] = __hdiv(a, b);
#if __CUDA_ARCH__ >= 800
  // Fused bf16 multiply-add exists as an instruction from sm_80 on.
  o[4] = __hfma(a, b, a);
#else
  o[4] = a * b + a;
#endif
  o[5] = __hneg(a);
  o[6] = __habs(a);
  o[7] = __hmax(a, b);
  o[8] = __hmin_nan(a, b);
  o[9] = hsqrt(a);
  o[10] = hexp(a);
  o[11] = hlog2(b);
  o[12] = hsin(a);
  o[13] = hrcp(b);
  o[14] = __float2bfloat16_rz(__bfloat162float(a) * 2.0f);
  o[15] = __float2bfloat16_ru(1.0f / __bfloat162float(b));
  o[16] = __double2bfloat16(0.25 * i);
  o[17] = __int2bfloat16_rn(i) + __uint2bfloat16_rz(i) + __short2bfloat16_rd(static_cast<short>(i));
  o[18] = a * b - a / b;
  o[19] = hfloor(a) + hceil(b) + htrunc(a) + hrint(b);
  __nv_bfloat162* o2 = out2 + 12 * i;
  o2[0] = __hadd2(p, q);
  o2[1] = __hsub2(p, q);
  o2[2] = __hmul2(p, q);
  o2[3] = __h2div(p, q);
#if __CUDA_ARCH__ >= 800
  o2[4] = __hfma2(p, q, p);
#else
  o2[4] = p * q + p;
#endif
  o2[5] = __hmax2(p, q);
  o2[6] = __hmin2(p, q);
  o2[7] = h2sqrt(p);
  o2[8] = h2exp2(p);
  o2[9] = __floats2bfloat162_rn(__low2float(p), 3.0f);
  o2[10] = __hmax2(p * q + q, __float2bfloat162_rn(0.0f));
  o2[11] = __lowhigh2highlow(q);
  int* c = ints + 12 * i;
  c[0] = __heq(a, b);
  c[1] = __hlt(a, b);
  c[2] = __hgeu(a, b);
  c[3] = __hisnan(a);
  c[4] = __hisinf(b);
  c[5] = __hbeq2(p, q);
  c[6] = __bfloat162int_rn(a);
  c[7] = static_cast<int>(__bfloat162uint_rz(a));
  c[8] = __bfloat162short_rd(b);
  c[9] = static_cast<int>(__bfloat162ll_ru(b));
  c[10] = __bfloat16_as_short(a);
  floats[i] = __bfloat162float(a) + __high2float(q);
}
