// Single-precision rounding, remainder, decomposition and classification functions.
__global__ void math_float_rounding(const float* in, float* out, long long* wide, int* ints,
                                    int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = in[i];
  float y = in[(i + 1) % n];
  float* o = out + 32 * i;
  int quo = 0, exp2 = 0;
  float whole = 0.0f;
  o[0] = ceilf(x);
  o[1] = floorf(x);
  o[2] = truncf(x);
  o[3] = roundf(x);
  o[4] = rintf(x);
  o[5] = nearbyintf(x);
  o[6] = fmodf(x, y);
  o[7] = remainderf(x, y);
  o[8] = remquof(x, y, &quo);
  o[9] = modff(x, &whole);
  o[10] = whole;
  o[11] = frexpf(x, &exp2);
  o[12] = ldexpf(x, i % 40 - 20);
  o[13] = scalbnf(x, i % 7);
  o[14] = scalblnf(x, static_cast<long>(i % 9));
  o[15] = logbf(x);
  o[16] = nextafterf(x, y);
  o[17] = copysignf(x, y);
  o[18] = fabsf(x);
  o[19] = fdimf(x, y);
  o[20] = fmaf(x, y, 1.0f);
  o[21] = fmaxf(x, y);
  o[22] = fminf(x, y);
  o[23] = nanf("");
  o[24] = fdividef(x, y);
  wide[4 * i] = lrintf(x);
  wide[4 * i + 1] = llrintf(x);
  wide[4 * i + 2] = lroundf(x);
  wide[4 * i + 3] = llroundf(x);
  int* p = ints + 8 * i;
  p[0] = quo;
  p[1] = exp2;
  p[2] = ilogbf(x);
  p[3] = isnan(x);
  p[4] = isinf(x);
  p[5] = isfinite(x);
  p[6] = signbit(x);
}
