// cuda_fp16 math functions on half and half2.
#include <cuda_fp16.h>

__global__ void half_math(const __half* in, const __half2* in2, __half* out, __half2* out2, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half a = in[i];
  __half2 p = in2[i];
  __half* o = out + 16 * i;
  o[0] = hsin(a);
  o[1] = hcos(a);
  o[2] = hexp(a);
  o[3] = hexp2(a);
  o[4] = hexp10(a);
  o[5] = hlog(a);
  o[6] = hlog2(a);
  o[7] = hlog10(a);
  o[8] = hsqrt(a);
  o[9] = hrsqrt(a);
  o[10] = hrcp(a);
  o[11] = hceil(a);
  o[12] = hfloor(a);
  o[13] = htrunc(a);
  o[14] = hrint(a);
  o[15] = htanh(a);
  __half2* o2 = out2 + 16 * i;
  o2[0] = h2sin(p);
  o2[1] = h2cos(p);
  o2[2] = h2exp(p);
  o2[3] = h2exp2(p);
  o2[4] = h2exp10(p);
  o2[5] = h2log(p);
  o2[6] = h2log2(p);
  o2[7] = h2log10(p);
  o2[8] = h2sqrt(p);
  o2[9] = h2rsqrt(p);
  o2[10] = h2rcp(p);
  o2[11] = h2ceil(p);
  o2[12] = h2floor(p);
  o2[13] = h2trunc(p);
  o2[14] = h2rint(p);
  o2[15] = h2tanh(p);
}
