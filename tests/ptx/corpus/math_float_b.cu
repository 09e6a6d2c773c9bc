// Single-precision exponential, logarithm, power, root and norm functions.
__global__ void math_float_exp_log(const float* in, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = in[i];
  float y = in[(i + 1) % n];
  float v[4] = {x, y, x * y, x - y};
  float* o = out + 32 * i;
  o[0] = expf(x);
  o[1] = exp2f(x);
  o[2] = exp10f(x);
  o[3] = expm1f(x);
  o[4] = logf(x);
  o[5] = log2f(x);
  o[6] = log10f(x);
  o[7] = log1pf(x);
  o[8] = powf(x, y);
  o[9] = sqrtf(x);
  o[10] = rsqrtf(x);
  o[11] = cbrtf(x);
  o[12] = rcbrtf(x);
  o[13] = hypotf(x, y);
  o[14] = rhypotf(x, y);
  o[15] = norm3df(x, y, x + y);
  o[16] = norm4df(x, y, x + y, x - y);
  o[17] = rnorm3df(x, y, x + y);
  o[18] = rnorm4df(x, y, x + y, x - y);
  o[19] = normf(4, v);
  o[20] = rnormf(4, v);
  o[21] = powf(x, 3.0f);
  o[22] = powf(x, -0.5f);
}
