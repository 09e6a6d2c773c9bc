// cuda_fp16: half and half2 arithmetic, comparisons and conversions to and from
// float, double and the integer types with every rounding mode.
#include <cuda_fp16.h>

__global__ void half_arith(const __half* in, const __half2* in2, __half* out, __half2* out2,
                           int* ints, float* floats, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half a = in[i];
  __half b = in[(i + 1) % n];
  __half2 p = in2[i];
  __half2 q = in2[(i + 1) % n];
  __half* o = out + 24 * i;
  o[0] = __hadd(a, b);
  o[1] = __hsub(a, b);
  o[2] = __hmul(a, b);
  o[3] = __hdiv(a, b);
  o[4] = __hfma(a, b, a);
  o[5] = __hneg(a);
  o[6] = __habs(a);
  o[7] = __hadd_sat(a, b);
  o[8] = __hmul_sat(a, b);
  o[9] = __hfma_sat(a, b, b);
  o[10] = __hfma_relu(a, b, b);
  o[11] = __hmax(a, b);
  o[12] = __hmin(a, b);
  o[13] = __hmax_nan(a, b);
  o[14] = __hmin_nan(a, b);
  o[15] = a * b + a / b - b;
  o[16] = __hadd_rn(a, b);
  o[17] = __float2half_rz(__half2float(a) * 3.0f);
  o[18] = __float2half_ru(__half2float(b));
  o[19] = __float2half_rd(__half2float(b) + 1.0f);
  o[20] = __double2half(static_cast<double>(i) * 0.1);
  o[21] = __int2half_rn(i) + __uint2half_rz(i) + __short2half_ru(static_cast<short>(i)) +
          __ll2half_rd(i);
  __half2* o2 = out2 + 16 * i;
  o2[0] = __hadd2(p, q);
  o2[1] = __hsub2(p, q);
  o2[2] = __hmul2(p, q);
  o2[3] = __h2div(p, q);
  o2[4] = __hfma2(p, q, p);
  o2[5] = __hneg2(p);
  o2[6] = __habs2(p);
  o2[7] = __hmax2(p, q);
  o2[8] = __hmin2(p, q);
  o2[9] = __heq2(p, q);
  o2[10] = __hlt2(p, q);
  o2[11] = __lowhigh2highlow(p);
  o2[12] = __halves2half2(a, b);
  o2[13] = __floats2half2_rn(1.5f, __low2float(q));
  o2[14] = __hcmadd(p, q, p);
  o2[15] = __hfma2_relu(p, q, p);
  int* c = ints + 24 * i;
  c[0] = __heq(a, b);
  c[1] = __hne(a, b);
  c[2] = __hlt(a, b);
  c[3] = __hle(a, b);
  c[4] = __hgt(a, b);
  c[5] = __hge(a, b);
  c[6] = __hequ(a, b);
  c[7] = __hneu(a, b);
  c[8] = __hltu(a, b);
  c[9] = __hgeu(a, b);
  c[10] = __hisnan(a);
  c[11] = __hisinf(b);
  c[12] = __hbeq2(p, q);
  c[13] = __hbltu2(p, q);
  c[14] = static_cast<int>(__heq2_mask(p, q));
  c[15] = __half2int_rn(a);
  c[16] = __half2int_rz(a);
  c[17] = static_cast<int>(__half2uint_ru(a));
  c[18] = __half2short_rd(a);
  c[19] = static_cast<int>(__half2ll_rn(b));
  c[20] = __half_as_short(a);
  c[21] = __half_as_ushort(b);
  c[22] = a < b;
  floats[2 * i] = __half2float(a) + __high2float(p);
  floats[2 * i + 1] = __low2float(__hmul2_rn(p, q));
}
