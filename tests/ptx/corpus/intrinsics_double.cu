// Double-precision intrinsics with explicit rounding, conversions and bit reinterpretation.
__global__ void intrinsics_double(const double* in, double* out, float* narrow, long long* wide,
                                  int* ints, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double x = in[i];
  double y = in[(i + 1) % n];
  double* o = out + 32 * i;
  o[0] = __dadd_rn(x, y);
  o[1] = __dadd_rz(x, y);
  o[2] = __dadd_ru(x, y);
  o[3] = __dadd_rd(x, y);
  o[4] = __dsub_rn(x, y);
  o[5] = __dsub_rz(x, y);
  o[6] = __dsub_ru(x, y);
  o[7] = __dsub_rd(x, y);
  o[8] = __dmul_rn(x, y);
  o[9] = __dmul_rz(x, y);
  o[10] = __dmul_ru(x, y);
  o[11] = __dmul_rd(x, y);
  o[12] = __fma_rn(x, y, 1.0);
  o[13] = __fma_rz(x, y, 1.0);
  o[14] = __fma_ru(x, y, 1.0);
  o[15] = __fma_rd(x, y, 1.0);
  o[16] = __ddiv_rn(x, y);
  o[17] = __ddiv_rz(x, y);
  o[18] = __ddiv_ru(x, y);
  o[19] = __ddiv_rd(x, y);
  o[20] = __drcp_rn(x);
  o[21] = __drcp_rz(x);
  o[22] = __drcp_ru(x);
  o[23] = __drcp_rd(x);
  o[24] = __dsqrt_rn(x);
  o[25] = __dsqrt_rz(x);
  o[26] = __dsqrt_ru(x);
  o[27] = __dsqrt_rd(x);
  o[28] = __hiloint2double(__double2hiint(x), __double2loint(y));
  o[29] = __longlong_as_double(__double_as_longlong(x) ^ (1ll << 63));
  o[30] = __int2double_rn(i) + __uint2double_rn(i) + __ll2double_rn(i) + __ull2double_rn(i);
  o[31] = __ll2double_rz(i) + __ll2double_ru(i) + __ull2double_rd(i);
  float* f = narrow + 4 * i;
  f[0] = __double2float_rn(x);
  f[1] = __double2float_rz(x);
  f[2] = __double2float_ru(x);
  f[3] = __double2float_rd(x);
  int* p = ints + 8 * i;
  p[0] = __double2int_rn(x);
  p[1] = __double2int_rz(x);
  p[2] = __double2int_ru(x);
  p[3] = __double2int_rd(x);
  p[4] = static_cast<int>(__double2uint_rn(x) + __double2uint_rz(x));
  long long* w = wide + 4 * i;
  w[0] = __double2ll_rn(x) + __double2ll_rz(x);
  w[1] = __double2ll_ru(x) + __double2ll_rd(x);
  w[2] = static_cast<long long>(__double2ull_rn(x) + __double2ull_rz(x) + __double2ull_ru(x) +
                                __double2ull_rd(x));
}
