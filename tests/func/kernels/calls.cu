// Device-function calls, printf and assert, for the functional engine's tests
// (calls.ptx is generated from this file; see the command at its top).
#include <cassert>
#include <cstdio>

__device__ __noinline__ int twice_plus(int x, float y) { return 2 * x + static_cast<int>(y); }
__device__ __noinline__ float scale(float v, int k) { return v * static_cast<float>(k) + 0.5f; }
__device__ __noinline__ int nested(int x) { return twice_plus(x, 0.0f) + static_cast<int>(scale(1.0f, x)); }

extern "C" __global__ void call_functions(int* out) {
  const int t = threadIdx.x;
  if (t % 2 == 0) {
    out[t] = twice_plus(t, 1.5f);
  } else {
    out[t] = nested(t);
  }
}

extern "C" __global__ void print_values(int n) {
  const int t = threadIdx.x;
  if (t < n) printf("thread %d: %5.2f %s %lld %c %x|%-4d|\n", t, 0.25 * t, t % 2 ? "odd" : "even", -1234567890123LL * t, 'a' + t, 255u + t, t);
}

extern "C" __global__ void check_positive(const int* values) {
  assert(values[threadIdx.x] > 0);
}
