// cuda_fp8, cuda_fp6 and cuda_fp4: conversions between float/half/bfloat16 and the
// 8-, 6- and 4-bit formats, with saturation, in scalar and packed forms.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp4.h>
#include <cuda_fp6.h>
#include <cuda_fp8.h>

__global__ void fp8_conversions(const float* in, const float2* in2, unsigned char* bytes,
                                unsigned short* pairs, float* out, __half* halves, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = in[i];
  float2 xy = in2[i];
  __nv_fp8_e4m3 e4(x);
  __nv_fp8_e5m2 e5(x);
  __nv_fp8x2_e4m3 e4x2(xy);
  __nv_fp8x4_e5m2 e5x4(make_float4(x, xy.x, xy.y, -x));
  __nv_fp6_e2m3 f6a(x);
  __nv_fp6_e3m2 f6b(x);
  __nv_fp4_e2m1 f4(x);
  unsigned char* b = bytes + 16 * i;
  b[0] = e4.__x;
  b[1] = e5.__x;
  b[2] = __nv_cvt_float_to_fp8(x, __NV_SATFINITE, __NV_E4M3);
  b[3] = __nv_cvt_float_to_fp8(x, __NV_NOSAT, __NV_E5M2);
  b[4] = __nv_cvt_double_to_fp8(static_cast<double>(x), __NV_SATFINITE, __NV_E5M2);
  b[5] = __nv_cvt_halfraw_to_fp8(__half_raw(__float2half(x)), __NV_SATFINITE, __NV_E4M3);
  b[6] = __nv_cvt_bfloat16raw_to_fp8(__nv_bfloat16_raw(__float2bfloat16(x)), __NV_NOSAT, __NV_E4M3);
  b[7] = f6a.__x;
  b[8] = f6b.__x;
  b[9] = f4.__x;
  b[10] = __nv_cvt_float_to_fp6(x, __NV_E3M2, cudaRoundNearest);
  b[11] = __nv_cvt_float_to_fp4(x, __NV_E2M1, cudaRoundNearest);
  unsigned short* p = pairs + 4 * i;
  p[0] = e4x2.__x;
  p[1] = __nv_cvt_float2_to_fp8x2(xy, __NV_SATFINITE, __NV_E5M2);
  p[2] = static_cast<unsigned short>(e5x4.__x);
  __half_raw back = __nv_cvt_fp8_to_halfraw(b[2], __NV_E4M3);
  __half2_raw back2 = __nv_cvt_fp8x2_to_halfraw2(p[1], __NV_E5M2);
  halves[2 * i] = __half(back);
  halves[2 * i + 1] = __low2half(__half2(back2));
  float* o = out + 8 * i;
  o[0] = static_cast<float>(e4);
  o[1] = static_cast<float>(e5);
  o[2] = static_cast<float2>(e4x2).y;
  o[3] = static_cast<float4>(e5x4).z;
  o[4] = static_cast<float>(f6a) + static_cast<float>(f6b);
  o[5] = static_cast<float>(f4);
  o[6] = __half2float(static_cast<__half>(e4));
}
