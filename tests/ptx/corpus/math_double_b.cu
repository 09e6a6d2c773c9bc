// Double-precision exponential, logarithm, power, root and norm functions.
__global__ void math_double_exp_log(const double* in, double* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double x = in[i];
  double y = in[(i + 1) % n];
  double v[4] = {x, y, x * y, x - y};
  double* o = out + 32 * i;
  o[0] = exp(x);
  o[1] = exp2(x);
  o[2] = exp10(x);
  o[3] = expm1(x);
  o[4] = log(x);
  o[5] = log2(x);
  o[6] = log10(x);
  o[7] = log1p(x);
  o[8] = pow(x, y);
  o[9] = sqrt(x);
  o[10] = rsqrt(x);
  o[11] = cbrt(x);
  o[12] = rcbrt(x);
  o[13] = hypot(x, y);
  o[14] = rhypot(x, y);
  o[15] = norm3d(x, y, x + y);
  o[16] = norm4d(x, y, x + y, x - y);
  o[17] = rnorm3d(x, y, x + y);
  o[18] = rnorm4d(x, y, x + y, x - y);
  o[19] = norm(4, v);
  o[20] = rnorm(4, v);
  o[21] = pow(x, 3.0);
  o[22] = pow(x, -0.5);
}
