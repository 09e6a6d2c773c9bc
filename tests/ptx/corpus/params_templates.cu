// Kernel parameters and templates: large by-value structs, __grid_constant__, arrays in
// parameters, launch bounds and max registers, templated kernels instantiated for
// several types, lambdas and extern "C" names without mangling.
#include <cstdint>

struct Big {
  double d[16];
  int i[8];
  char tag[5];
};

template <typename T, int kUnroll>
__global__ void __launch_bounds__(256, 2) axpy(T a, const T* x, T* y, int n) {
  int base = (blockIdx.x * blockDim.x + threadIdx.x) * kUnroll;
#pragma unroll
  for (int k = 0; k < kUnroll; ++k)
    if (base + k < n) y[base + k] = a * x[base + k] + y[base + k];
}

template __global__ void axpy<float, 4>(float, const float*, float*, int);
template __global__ void axpy<double, 2>(double, const double*, double*, int);
template __global__ void axpy<int8_t, 8>(int8_t, const int8_t*, int8_t*, int);
template __global__ void axpy<unsigned long long, 1>(unsigned long long, const unsigned long long*,
                                                     unsigned long long*, int);

__global__ void big_by_value(Big big, double* out) {
  int t = threadIdx.x;
  out[t] = big.d[t % 16] + big.i[t % 8] + big.tag[t % 5];
}

__global__ void grid_constant(const __grid_constant__ Big big, const double** where) {
  // Taking the address of a __grid_constant__ parameter keeps it in param space.
  if (threadIdx.x == 0) *where = &big.d[blockIdx.x % 16];
}

__global__ void __maxnreg__(32) capped_registers(float* data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  auto poly = [](float x) { return ((x * 0.5f + 1.0f) * x - 2.0f) * x + 3.0f; };
  if (i < n) data[i] = poly(data[i]);
}

extern "C" __global__ void unmangled_kernel(int* p, char c, short s, bool b, float f, double d) {
  *p = c + s + (b ? 1 : 0) + static_cast<int>(f) + static_cast<int>(d);
}

__global__ void no_params() {}
