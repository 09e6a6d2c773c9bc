// Device printf with many conversion specifiers, flags, widths and precisions.
// One thread prints, so the order of lines is fixed; a second kernel prints
// from one thread per block, serialized by launching the blocks one at a time.
#include "../common/conformance.cuh"

using namespace conf;

__global__ void printf_kernel(int i, float f, double d, long long ll, const char* text) {
  printf("int: %d %i %5d %-5d| %05d %+d % d\n", i, -i, i, i, i, i, i);
  printf("unsigned: %u %x %X %o %#x %#o %08x\n", static_cast<unsigned>(i), i, i, i, i, i, i);
  printf("long: %ld %lld %llx %llu %lli\n", static_cast<long>(ll), ll, ll,
         static_cast<unsigned long long>(ll), -ll);
  printf("short/char: %hd %hu %hhd %hhu %c%c%c\n", static_cast<short>(i),
         static_cast<unsigned short>(-i), static_cast<signed char>(i),
         static_cast<unsigned char>(i), 'G', 'P', 'U');
  printf("float: %f %.3f %10.4f %-10.2f| %e %.2E %g %G\n", f, f, f, f, f, f, f, f);
  printf("double: %f %.15f %e %.10e %g %.17g %a\n", d, d, d, d, d, d, d);
  printf("special: %f %f %f %e %g\n", 1.0 / 0.0, -1.0 / 0.0, 0.0 / 0.0 * 0.0, -0.0, 1e-310);
  printf("small: %g %g %.0f %.0f %.0f %.1f\n", 1e-5, 123456789.0, 0.5, 1.5, 2.5, 0.05);
  printf("string: [%s] [%10s] [%-10s] [%.3s]\n", text, text, text, text);
  printf("percent: 100%% done, pointer null: %s\n", "(none)");
  printf("mixed: %d %s %f %c %llx %e\n", 7, "seven", 7.0f, '7', 0x7777777777ull, 7e7);
  printf("many args: %d %d %d %d %d %d %d %d %d %d %d %d\n", 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12);
  printf("no newline at the end of this one;");
  printf(" continued\n");
  for (int k = 0; k < 5; ++k) printf("loop %d: %.*f\n", k, k, 3.14159265358979);
}

__global__ void per_block_kernel(int block) {
  if (threadIdx.x == 0)
    printf("block %d of launch, blockDim %d, gridDim %d\n", block, blockDim.x, gridDim.x);
}

int main() {
  begin("printf_output");
  char* text = nullptr;
  const char host_text[] = "smsim";
  CONF_CHECK(cudaMalloc(&text, sizeof(host_text)));
  CONF_CHECK(cudaMemcpy(text, host_text, sizeof(host_text), cudaMemcpyHostToDevice));
  printf_kernel<<<1, 1>>>(1234, 3.14159f, -2.718281828459045, -1234567890123ll, text);
  CONF_CHECK_LAUNCH();
  std::fflush(stdout);
  printf_kernel<<<1, 1>>>(-7, -0.0f, 6.02214076e23, 0x7fffffffffffffffll, text);
  CONF_CHECK_LAUNCH();
  std::fflush(stdout);
  for (int b = 0; b < 3; ++b) {
    per_block_kernel<<<1, 64>>>(b);
    CONF_CHECK_LAUNCH();
  }
  std::fflush(stdout);
  CONF_CHECK(cudaFree(text));
  std::printf("END printf_output\n");
  return 0;
}
