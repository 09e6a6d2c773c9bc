// Device printf with every conversion kind and assert: both compile to calls of
// vprintf / __assertfail with argument buffers in local memory.
#include <cassert>
#include <cstdio>

__global__ void printf_assert(const float* in, const double* din, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  assert(n > 0);
  if (i >= n) return;
  float x = in[i];
  assert(x == x && "input must not be NaN");
  printf("thread %d of %u: x=%f e=%e g=%g\n", i, blockDim.x, x, x, din[i]);
  printf("hex %x %08X octal %o char %c string %s pointer %p\n", i, ~i, i, 'A' + i % 26, "corpus",
         static_cast<const void*>(in + i));
  printf("wide %lld %llu %lx\n", static_cast<long long>(i) << 40, ~0ull, 0xdeadbeefL);
  if (i == 0) printf("no arguments at all\n");
  printf("%5.2f%%\n", 100.0 * i / n);
}
