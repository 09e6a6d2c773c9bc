// Structure probe for the H100's MUFU approximations (ex2, lg2, sqrt,
// sin, cos, tanh). Each test is a hypothesis about what the hardware's
// result depends on, checked on every one of the 2^32 inputs with the GPU's
// own instruction as the oracle:
//   scatter tests: the result (normalised) is a function of a key derived
//     from the input (a fixed-point fraction of N bits); pass 1 stores each
//     input's value at its key, pass 2 counts inputs whose value differs
//     from the stored one. Zero mismatches = the hypothesis holds.
//   formula tests: the result equals a formula of the same instruction at
//     a reduced input (scale invariance, lg2(m 2^e) = e + lg2(m), ...).
// Mismatches are counted per input binade (sign and exponent field of the
// tested input) and the first examples are printed.
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <cmath>
#include <vector>


#include "mufu_probe.cuh"

struct Counters {
  unsigned long long bucket[512];
  unsigned long long total;
  unsigned int examples;
  unsigned int ex[16][3];
};

__device__ void report(Counters* c, uint32_t u, uint32_t bucket, uint32_t got, uint32_t want) {
  atomicAdd(&c->bucket[bucket & 511], 1ull);
  atomicAdd(&c->total, 1ull);
  unsigned int i = atomicAdd(&c->examples, 1u);
  if (i < 16) { c->ex[i][0] = u; c->ex[i][1] = got; c->ex[i][2] = want; }
}

__device__ __forceinline__ bool finite_bits(uint32_t u) { return ((u >> 23) & 0xff) != 0xff; }
__device__ __forceinline__ bool normal_bits(uint32_t u) { uint32_t e = (u >> 23) & 0xff; return e != 0 && e != 0xff; }

// ---- scatter tests -------------------------------------------------------
enum Fn { kEx2Twos = 0, kEx2Rint = 1, kEx2SignMag = 2, kSinTwos = 3, kSinSignMag = 4, kCosTwos = 5, kCosSignMag = 6 };

// Returns false when the input is outside the test's domain.
__device__ bool key_value(int fn, int n, uint32_t u, uint64_t* key, uint32_t* value, uint32_t* bucket) {
  const float x = __uint_as_float(u);
  if (!finite_bits(u)) return false;
  const double scale = ldexp(1.0, n);
  const uint64_t mask = (n >= 64) ? ~0ull : ((1ull << n) - 1);
  if (fn <= kEx2SignMag) {
    if (fabsf(x) >= 126.0f) return false;
    const float out = ex2_ftz(x);
    const uint32_t ob = __float_as_uint(out);
    if (!normal_bits(ob)) return false;
    const double xd = (double)x;
    *bucket = u >> 23;
    int64_t ipart;
    if (fn == kEx2Twos) {
      const int64_t k = (int64_t)floor(xd * scale);
      *key = (uint64_t)k & mask;
      ipart = (int64_t)floor(xd);
    } else if (fn == kEx2Rint) {
      const int64_t k = (int64_t)rint(xd * scale);
      *key = (uint64_t)k & mask;
      ipart = k >> n;  // floor of the rounded value
    } else {
      const double a = fabs(xd);
      const int64_t k = (int64_t)floor(a * scale);
      *key = ((uint64_t)k & mask) | ((uint64_t)(u >> 31) << n);
      ipart = (u >> 31) ? -(int64_t)floor(a) : (int64_t)floor(a);
    }
    const int64_t ediff = (int64_t)((ob >> 23) & 0xff) - 127 - ipart + 8;
    *value = (ob & 0x7fffff) | ((uint32_t)(ediff & 0xf) << 23);
    return true;
  }
  // sin / cos: the SASS multiplies by 1/(2 pi) rounding toward zero first.
  const bool is_sin = fn == kSinTwos || fn == kSinSignMag;
  const float out = is_sin ? sin_ftz(x) : cos_ftz(x);
  const uint32_t ob = __float_as_uint(out);
  if (!finite_bits(ob)) return false;
  const float t = __fmul_rz(x, 0.15915493667125701904f);
  const uint32_t tb = __float_as_uint(t);
  *bucket = tb >> 23;
  const double td = (double)t;
  const bool signmag = fn == kSinSignMag || fn == kCosSignMag;
  const double a = signmag ? fabs(td) : td;
  const double frac = a - floor(a);  // exact for doubles made from floats
  const uint64_t k = (uint64_t)floor(frac * scale) & mask;
  *key = k;
  *value = ob;
  if (signmag && is_sin && (tb >> 31)) *value = ob ^ 0x80000000u;
  return true;
}

__global__ void scatter_store(int fn, int n, uint32_t* table) {
  for (uint64_t i = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; i < (1ull << 32); i += (uint64_t)gridDim.x * blockDim.x) {
    uint64_t key; uint32_t value, bucket;
    if (key_value(fn, n, (uint32_t)i, &key, &value, &bucket)) table[key] = value;
  }
}
__global__ void scatter_check(int fn, int n, const uint32_t* table, Counters* c) {
  for (uint64_t i = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; i < (1ull << 32); i += (uint64_t)gridDim.x * blockDim.x) {
    uint64_t key; uint32_t value, bucket;
    if (key_value(fn, n, (uint32_t)i, &key, &value, &bucket) && table[key] != value)
      report(c, (uint32_t)i, bucket, value, table[key]);
  }
}

// ---- formula tests -------------------------------------------------------
enum Formula { kLg2AddRn = 0, kLg2AddRz = 1, kSqrtScale = 2, kTanhOdd = 3, kTanhTrunc = 4, kEx2Frac = 5 };

__global__ void formula_check(int which, int param, Counters* c) {
  for (uint64_t i = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; i < (1ull << 32); i += (uint64_t)gridDim.x * blockDim.x) {
    const uint32_t u = (uint32_t)i;
    const float x = __uint_as_float(u);
    if (!normal_bits(u)) continue;
    uint32_t got, want;
    if (which == kLg2AddRn || which == kLg2AddRz) {
      if (u >> 31) continue;
      const int e = (int)((u >> 23) & 0xff) - 127;
      const float m = __uint_as_float((u & 0x7fffff) | 0x3f800000u);
      const float l = lg2_ftz(m);
      got = __float_as_uint(lg2_ftz(x));
      want = __float_as_uint(which == kLg2AddRn ? __fadd_rn((float)e, l) : __fadd_rz((float)e, l));
    } else if (which == kSqrtScale) {
      if (u >> 31) continue;
      const int e = (int)((u >> 23) & 0xff) - 127;
      const int odd = e & 1;
      const int k = (e - odd) / 2;
      const float m = __uint_as_float((u & 0x7fffff) | ((uint32_t)(127 + odd) << 23));
      got = __float_as_uint(sqrt_ftz(x));
      want = __float_as_uint(sqrt_ftz(m)) + ((uint32_t)k << 23);
    } else if (which == kTanhOdd) {
      got = __float_as_uint(tanh_apx(x));
      want = __float_as_uint(tanh_apx(-x)) ^ 0x80000000u;
    } else if (which == kTanhTrunc) {  // depends only on the top `param` fraction bits?
      const uint32_t keep = ~((1u << (23 - param)) - 1);
      got = __float_as_uint(tanh_apx(x));
      want = __float_as_uint(tanh_apx(__uint_as_float(u & keep)));
    } else {  // kEx2Frac: ex2(i + f) == ex2(f) * 2^i, f = x - floor(x)
      if (fabsf(x) >= 126.0f) continue;
      const float fl = floorf(x);
      const float f = x - fl;  // exact
      const float r = ex2_ftz(x);
      if (!normal_bits(__float_as_uint(r))) continue;
      got = __float_as_uint(r);
      want = __float_as_uint(ldexpf(ex2_ftz(f), (int)fl));
    }
    if (got != want) report(c, u, u >> 23, got, want);
  }
}

static void print(const char* name, int param, const Counters& c) {
  std::printf("%s %d total %llu", name, param, c.total);
  if (c.total) {
    std::printf(" binades");
    for (int b = 0; b < 512; ++b)
      if (c.bucket[b]) std::printf(" %s%d:%llu", (b & 256) ? "-" : "+", (b & 255) - 127, c.bucket[b]);
    std::printf("\n  examples");
    for (unsigned i = 0; i < c.examples && i < 8; ++i)
      std::printf(" [%08x %08x %08x]", c.ex[i][0], c.ex[i][1], c.ex[i][2]);
  }
  std::printf("\n");
  std::fflush(stdout);
}

int main(int argc, char** argv) {
  Counters* dc;
  CHECK(cudaMalloc(&dc, sizeof(Counters)));
  Counters hc;
  const int grid = 132 * 16, block = 256;
  auto reset = [&] { CHECK(cudaMemset(dc, 0, sizeof(Counters))); };
  auto fetch = [&] { CHECK(cudaDeviceSynchronize()); CHECK(cudaMemcpy(&hc, dc, sizeof hc, cudaMemcpyDeviceToHost)); };

  const struct { int which; const char* name; int param; } formulas[] = {
    {kLg2AddRn, "lg2_add_rn", 0}, {kLg2AddRz, "lg2_add_rz", 0}, {kSqrtScale, "sqrt_scale", 0},
    {kTanhOdd, "tanh_odd", 0}, {kEx2Frac, "ex2_frac", 0},
    {kTanhTrunc, "tanh_trunc", 10}, {kTanhTrunc, "tanh_trunc", 12}, {kTanhTrunc, "tanh_trunc", 14},
    {kTanhTrunc, "tanh_trunc", 16}, {kTanhTrunc, "tanh_trunc", 18}, {kTanhTrunc, "tanh_trunc", 20},
    {kTanhTrunc, "tanh_trunc", 22},
  };
  for (auto& f : formulas) {
    reset();
    formula_check<<<grid, block>>>(f.which, f.param, dc);
    fetch();
    print(f.name, f.param, hc);
  }

  uint32_t* table;
  const int max_n = 32;
  CHECK(cudaMalloc(&table, (sizeof(uint32_t) << max_n) + 16));
  const struct { int fn; const char* name; } fns[] = {
    {kEx2Twos, "ex2_twos"}, {kEx2Rint, "ex2_rint"}, {kEx2SignMag, "ex2_signmag"},
    {kSinTwos, "sin_twos"}, {kSinSignMag, "sin_signmag"}, {kCosTwos, "cos_twos"}, {kCosSignMag, "cos_signmag"},
  };
  const int ns[] = {20, 22, 23, 24, 25, 26, 28, 31};
  for (auto& f : fns) {
    for (int n : ns) {
      const size_t entries = (size_t{1} << n) * (f.fn == kEx2SignMag ? 2 : 1);
      CHECK(cudaMemset(table, 0xff, entries * sizeof(uint32_t)));
      reset();
      scatter_store<<<grid, block>>>(f.fn, n, table);
      scatter_check<<<grid, block>>>(f.fn, n, table, dc);
      fetch();
      print(f.name, n, hc);
    }
  }
  return 0;
}
