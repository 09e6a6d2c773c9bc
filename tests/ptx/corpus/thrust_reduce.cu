// thrust::reduce, transform_reduce and inclusive_scan on device_vector.
#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/transform_reduce.h>

struct square {
  __host__ __device__ double operator()(float x) const { return static_cast<double>(x) * x; }
};

double reduce_everything(int n) {
  thrust::device_vector<float> values(n, 1.5f);
  thrust::device_vector<long long> counts(n, 3);
  float sum = thrust::reduce(values.begin(), values.end());
  long long mx = thrust::reduce(counts.begin(), counts.end(), 0ll, thrust::maximum<long long>());
  double squares =
      thrust::transform_reduce(values.begin(), values.end(), square(), 0.0, thrust::plus<double>());
  thrust::inclusive_scan(counts.begin(), counts.end(), counts.begin());
  return sum + static_cast<double>(mx) + squares;
}
