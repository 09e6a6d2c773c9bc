// Double-precision rounding, remainder, decomposition and classification functions.
__global__ void math_double_rounding(const double* in, double* out, long long* wide, int* ints,
                                     int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double x = in[i];
  double y = in[(i + 1) % n];
  double* o = out + 32 * i;
  int quo = 0, exp2 = 0;
  double whole = 0.0;
  o[0] = ceil(x);
  o[1] = floor(x);
  o[2] = trunc(x);
  o[3] = round(x);
  o[4] = rint(x);
  o[5] = nearbyint(x);
  o[6] = fmod(x, y);
  o[7] = remainder(x, y);
  o[8] = remquo(x, y, &quo);
  o[9] = modf(x, &whole);
  o[10] = whole;
  o[11] = frexp(x, &exp2);
  o[12] = ldexp(x, i % 40 - 20);
  o[13] = scalbn(x, i % 7);
  o[14] = scalbln(x, static_cast<long>(i % 9));
  o[15] = logb(x);
  o[16] = nextafter(x, y);
  o[17] = copysign(x, y);
  o[18] = fabs(x);
  o[19] = fdim(x, y);
  o[20] = fma(x, y, 1.0);
  o[21] = fmax(x, y);
  o[22] = fmin(x, y);
  o[23] = nan("");
  o[24] = x / y;
  wide[4 * i] = lrint(x);
  wide[4 * i + 1] = llrint(x);
  wide[4 * i + 2] = lround(x);
  wide[4 * i + 3] = llround(x);
  int* p = ints + 8 * i;
  p[0] = quo;
  p[1] = exp2;
  p[2] = ilogb(x);
  p[3] = isnan(x);
  p[4] = isinf(x);
  p[5] = isfinite(x);
  p[6] = signbit(x);
}
