// Double-precision trigonometric and hyperbolic functions of the CUDA math library:
// their range reduction and polynomial kernels make long, branchy PTX.
__global__ void math_double_trig(const double* in, double* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double x = in[i];
  double s, c, sp, cp;
  sincos(x, &s, &c);
  sincospi(x, &sp, &cp);
  double* o = out + 24 * i;
  o[0] = sin(x);
  o[1] = cos(x);
  o[2] = tan(x);
  o[3] = asin(x);
  o[4] = acos(x);
  o[5] = atan(x);
  o[6] = atan2(x, in[(i + 1) % n]);
  o[7] = sinh(x);
  o[8] = cosh(x);
  o[9] = tanh(x);
  o[10] = asinh(x);
  o[11] = acosh(x);
  o[12] = atanh(x);
  o[13] = s + c;
  o[14] = sinpi(x);
  o[15] = cospi(x);
  o[16] = sp * cp;
  o[17] = sin(x) * cos(2.0 * x);
}
