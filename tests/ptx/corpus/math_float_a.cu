// Single-precision trigonometric and hyperbolic functions of the CUDA math library:
// their range reduction and polynomial kernels make long, branchy PTX.
__global__ void math_float_trig(const float* in, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = in[i];
  float s, c, sp, cp;
  sincosf(x, &s, &c);
  sincospif(x, &sp, &cp);
  float* o = out + 24 * i;
  o[0] = sinf(x);
  o[1] = cosf(x);
  o[2] = tanf(x);
  o[3] = asinf(x);
  o[4] = acosf(x);
  o[5] = atanf(x);
  o[6] = atan2f(x, in[(i + 1) % n]);
  o[7] = sinhf(x);
  o[8] = coshf(x);
  o[9] = tanhf(x);
  o[10] = asinhf(x);
  o[11] = acoshf(x);
  o[12] = atanhf(x);
  o[13] = s + c;
  o[14] = sinpif(x);
  o[15] = cospif(x);
  o[16] = sp * cp;
  o[17] = sinf(x) * cosf(2.0f * x);
}
