// Double-precision special functions: error, gamma and Bessel functions.
__global__ void math_double_special(const double* in, double* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double x = in[i];
  int order = i % 5;
  double* o = out + 24 * i;
  o[0] = erf(x);
  o[1] = erfc(x);
  o[2] = erfinv(x);
  o[3] = erfcinv(x);
  o[4] = erfcx(x);
  o[5] = normcdf(x);
  o[6] = normcdfinv(x);
  o[7] = lgamma(x);
  o[8] = tgamma(x);
  o[9] = j0(x);
  o[10] = j1(x);
  o[11] = jn(order, x);
  o[12] = y0(x);
  o[13] = y1(x);
  o[14] = yn(order, x);
  o[15] = cyl_bessel_i0(x);
  o[16] = cyl_bessel_i1(x);
}
