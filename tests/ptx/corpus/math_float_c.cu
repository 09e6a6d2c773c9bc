// Single-precision special functions: error, gamma and Bessel functions.
__global__ void math_float_special(const float* in, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = in[i];
  int order = i % 5;
  float* o = out + 24 * i;
  o[0] = erff(x);
  o[1] = erfcf(x);
  o[2] = erfinvf(x);
  o[3] = erfcinvf(x);
  o[4] = erfcxf(x);
  o[5] = normcdff(x);
  o[6] = normcdfinvf(x);
  o[7] = lgammaf(x);
  o[8] = tgammaf(x);
  o[9] = j0f(x);
  o[10] = j1f(x);
  o[11] = jnf(order, x);
  o[12] = y0f(x);
  o[13] = y1f(x);
  o[14] = ynf(order, x);
  o[15] = cyl_bessel_i0f(x);
  o[16] = cyl_bessel_i1f(x);
}
